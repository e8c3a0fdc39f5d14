import { eq } from "drizzle-orm";
import { type DbOrTx, getDb } from "~/db/client.server";
import { profiles, users } from "~/db/schema/auth";
import { type Role, getAuth } from "~/utils/auth.server";

/** Thrown by createUser; authErrorMessage turns it into "Ya existe una cuenta con ese email." */
export class AccountExistsError extends Error {
  readonly body = { code: "USER_ALREADY_EXISTS" };
  constructor() {
    super("USER_ALREADY_EXISTS");
  }
}

export async function findUserByEmail(email: string, db: DbOrTx = getDb()) {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: users.name, role: users.role })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
  return row ?? null;
}

/**
 * Creates an account through better-auth (it hashes the password) with its profile row.
 * Throws better-auth's error when the e-mail is taken or the password too short.
 */
export async function createUser(input: { email: string; password: string; fullName: string; role?: Role }) {
  const email = input.email.trim().toLowerCase();
  // better-auth answers a taken e-mail with a made-up success (it hides which e-mails have
  // accounts from the sign-up endpoint); our forms say it plainly, as the spec does.
  if (await findUserByEmail(email)) throw new AccountExistsError();
  const result = await getAuth().api.signUpEmail({
    body: { email, password: input.password, name: input.fullName },
  });
  const id = result.user.id;
  const db = getDb();
  await db.insert(profiles).values({ id, fullName: input.fullName }).onConflictDoNothing();
  if (input.role && input.role !== "customer") await db.update(users).set({ role: input.role }).where(eq(users.id, id));
  return { id, email: result.user.email };
}

/** Makes sure an admin account exists with this e-mail (used by the demo and `npm run admin:create`). */
export async function ensureAdmin(input: { email: string; password: string; fullName: string }) {
  const existing = await findUserByEmail(input.email);
  if (!existing) return { ...(await createUser({ ...input, role: "admin" })), created: true };
  await getDb().update(users).set({ role: "admin" }).where(eq(users.id, existing.id));
  return { id: existing.id, email: existing.email, created: false };
}
