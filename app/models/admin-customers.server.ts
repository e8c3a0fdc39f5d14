import { eq, inArray, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { profiles, users as userAccounts } from "~/db/schema/auth";
import { type CustomerCreateInput, type CustomerRole, type CustomerUpdateInput } from "~/schemas/admin";
import { authErrorMessage } from "~/utils/auth-errors";
import { getAuth } from "~/utils/auth.server";
import { formatShortDateTime } from "~/domain/dates";
import { recordChange } from "./audit.server";
import { forgetWinBackData } from "./win-back.server";

// Customers in the admin (spec 2 "Admin customers", 7 "server functions"): listed, created,
// edited and deleted through better-auth's admin API with the signed-in admin's headers, so
// better-auth checks the role again and hashes passwords itself. The profile's full_name is kept
// in step with the account's name. An admin can neither delete nor demote themself.

export const CUSTOMERS_PAGE_SIZE = 20;

export const CUSTOMER_SAVE_ERROR = "No se pudo guardar el cliente.";
export const CUSTOMER_DELETE_ERROR = "No se pudo eliminar el cliente.";
export const CANNOT_DELETE_SELF = "No podés eliminar tu propia cuenta.";
const FORBIDDEN = "No tenés permiso para administrar clientes.";
export const CANNOT_DEMOTE_SELF = "No podés quitarte a vos mismo el rol de administrador.";

export type AdminCustomer = {
  id: string;
  fullName: string | null;
  email: string;
  role: CustomerRole;
  createdAt: string;
  createdAtLabel: string;
  /** The newest session's start, or null (shown as "Nunca"). */
  lastSignInAt: string | null;
  lastSignInLabel: string | null;
};

export type CustomerList = {
  customers: AdminCustomer[];
  total: number;
  page: number;
  pageCount: number;
  pageSize: number;
};

/** Who is acting: the admin's request (its session headers), id and e-mail (for the audit log). */
export type Actor = { headers: Headers; userId: string; email: string };

const USER_AUDIT_FIELDS = ["name", "email", "role"] as const;

async function accountSnapshot(userId: string): Promise<{ name: string; email: string; role: string } | null> {
  const [row] = await getDb()
    .select({ name: userAccounts.name, email: userAccounts.email, role: userAccounts.role })
    .from(userAccounts)
    .where(eq(userAccounts.id, userId));
  return row ?? null;
}

/** Accounts are changed through better-auth's API; the entry is written once the change is made. */
async function auditAccount(
  actor: Actor,
  action: "user.create" | "user.update" | "user.delete",
  userId: string,
  before: { name: string; email: string; role: string } | null,
  after: { name: string; email: string; role: string } | null,
) {
  const roleChanged = before && after && before.role !== after.role;
  await recordChange(
    getDb(),
    { id: actor.userId, email: actor.email },
    {
      action: roleChanged ? "user.role" : action,
      entityType: "user",
      entityId: userId,
      entityLabel: (after ?? before)?.email ?? userId,
    },
    before,
    after,
    USER_AUDIT_FIELDS,
  );
}

export type CustomerResult<T = undefined> = { ok: true; value: T } | { ok: false; message: string; field?: string };

type ApiUser = { id: string; email: string; name: string; role?: string | null; createdAt: Date | string };

function roleOf(value: string | null | undefined): CustomerRole {
  return value === "admin" ? "admin" : "customer";
}

function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(value);
}

/** One page of accounts, newest first; `q` searches the e-mail. */
export async function listCustomers(
  actor: Pick<Actor, "headers">,
  query: { q?: string; page?: number; pageSize?: number } = {},
): Promise<CustomerList> {
  const pageSize = query.pageSize ?? CUSTOMERS_PAGE_SIZE;
  const page = Math.max(1, query.page ?? 1);
  const search = query.q?.trim().toLowerCase();
  const list = (limit: number, offset: number) =>
    getAuth().api.listUsers({
      headers: actor.headers,
      query: {
        limit,
        offset,
        sortBy: "createdAt",
        sortDirection: "desc",
        ...(search ? { searchValue: search, searchField: "email" as const, searchOperator: "contains" as const } : {}),
      },
    });
  let result = await list(pageSize, (page - 1) * pageSize);
  const pageCount = Math.max(1, Math.ceil(result.total / pageSize));
  const shownPage = Math.min(page, pageCount);
  if (shownPage !== page) result = await list(pageSize, (shownPage - 1) * pageSize);

  const users = result.users as ApiUser[];
  const ids = users.map((u) => u.id);
  const db = getDb();
  const [names, lastSignIns] = ids.length
    ? await Promise.all([
        db.select({ id: profiles.id, fullName: profiles.fullName }).from(profiles).where(inArray(profiles.id, ids)),
        // Written at every sign-in (auth.server.ts); sessions themselves go away on sign-out.
        db
          .select({ userId: userAccounts.id, last: userAccounts.lastSignInAt })
          .from(userAccounts)
          .where(inArray(userAccounts.id, ids)),
      ])
    : [[], []];
  const nameById = new Map(names.map((n) => [n.id, n.fullName]));
  const lastById = new Map(lastSignIns.map((s) => [s.userId, s.last]));

  const customers = users.map((u): AdminCustomer => {
    const createdAt = toDate(u.createdAt);
    const last = lastById.get(u.id);
    const lastDate = last ? toDate(last) : null;
    const fullName = (nameById.get(u.id) ?? u.name ?? "").trim();
    return {
      id: u.id,
      fullName: fullName || null,
      email: u.email,
      role: roleOf(u.role),
      createdAt: createdAt.toISOString(),
      createdAtLabel: formatShortDateTime(createdAt),
      lastSignInAt: lastDate ? lastDate.toISOString() : null,
      lastSignInLabel: lastDate ? formatShortDateTime(lastDate) : null,
    };
  });
  return { customers, total: result.total, page: shownPage, pageCount, pageSize };
}

async function saveFullName(userId: string, fullName: string) {
  await getDb()
    .insert(profiles)
    .values({ id: userId, fullName })
    .onConflictDoUpdate({ target: profiles.id, set: { fullName, updatedAt: sql`now()` } });
}

function failure(error: unknown, fallback: string): { ok: false; message: string; field?: string } {
  const code = (error as { body?: { code?: string } } | null)?.body?.code ?? "";
  const message = authErrorMessage(error);
  if (code.startsWith("USER_ALREADY_EXISTS")) return { ok: false, message: message ?? fallback, field: "email" };
  if (code === "INVALID_EMAIL") return { ok: false, message: message ?? fallback, field: "email" };
  if (code.startsWith("PASSWORD_TOO")) return { ok: false, message: message ?? fallback, field: "password" };
  if ((error as { statusCode?: number } | null)?.statusCode === 403) return { ok: false, message: FORBIDDEN };
  if (message) return { ok: false, message };
  console.error("[admin customers]", error);
  return { ok: false, message: fallback };
}

/** Creates an account with a password and a role, and its profile. */
export async function createCustomer(
  actor: Actor,
  input: CustomerCreateInput,
): Promise<CustomerResult<{ id: string }>> {
  try {
    const { user } = await getAuth().api.createUser({
      headers: actor.headers,
      // The role goes in `data`: better-auth types `role` with its default role names ("user"),
      // while this store calls them "customer" and "admin"; it checks "set-role" either way.
      body: { email: input.email, password: input.password, name: input.fullName, data: { role: input.role } },
    });
    await saveFullName(user.id, input.fullName);
    await auditAccount(actor, "user.create", user.id, null, await accountSnapshot(user.id));
    return { ok: true, value: { id: user.id } };
  } catch (error) {
    return failure(error, CUSTOMER_SAVE_ERROR);
  }
}

/** Updates name, e-mail and role; the role change applies to the next request of that user. */
export async function updateCustomer(actor: Actor, input: CustomerUpdateInput): Promise<CustomerResult> {
  if (input.userId === actor.userId && input.role !== "admin") {
    return { ok: false, message: CANNOT_DEMOTE_SELF, field: "role" };
  }
  try {
    const before = await accountSnapshot(input.userId);
    // One call: better-auth checks the "update", "set-email" and "set-role" permissions together.
    await getAuth().api.adminUpdateUser({
      headers: actor.headers,
      body: { userId: input.userId, data: { name: input.fullName, email: input.email, role: input.role } },
    });
    await saveFullName(input.userId, input.fullName);
    await auditAccount(actor, "user.update", input.userId, before, await accountSnapshot(input.userId));
    return { ok: true, value: undefined };
  } catch (error) {
    return failure(error, CUSTOMER_SAVE_ERROR);
  }
}

/** Deletes an account with its sessions (orders keep their data, without the user). */
export async function deleteCustomer(actor: Actor, userId: string): Promise<CustomerResult> {
  if (userId === actor.userId) return { ok: false, message: CANNOT_DELETE_SELF };
  try {
    const before = await accountSnapshot(userId);
    await getAuth().api.removeUser({ headers: actor.headers, body: { userId } });
    if (before) await forgetWinBackData(before.email);
    await auditAccount(actor, "user.delete", userId, before, null);
    return { ok: true, value: undefined };
  } catch (error) {
    const code = (error as { body?: { code?: string } } | null)?.body?.code;
    if (code === "USER_NOT_FOUND") return { ok: false, message: "No encontramos el cliente." };
    return failure(error, CUSTOMER_DELETE_ERROR);
  }
}
