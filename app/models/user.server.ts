import { eq } from "drizzle-orm";
import { type DbOrTx, getDb } from "~/db/client.server";
import { profiles, users } from "~/db/schema/auth";
import { type Role, getAuth } from "~/utils/auth.server";

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
  const result = await getAuth().api.signUpEmail({
    body: { email: input.email.trim().toLowerCase(), password: input.password, name: input.fullName },
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
