import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { type DbOrTx, getDb } from "~/db/client.server";
import { profiles, users } from "~/db/schema/auth";
import { createUser, findUserByEmail } from "./user.server";

// The customer's profile (spec 3: full_name, phone, address, city, state, zip_code; the e-mail
// belongs to the account and is read-only) and the account created at checkout.

export type Profile = {
  fullName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
};

/** The profile of a signed-in customer; a missing row reads as empty fields (spec: "no row" is not an error). */
export async function getProfile(userId: string, db: DbOrTx = getDb()): Promise<Profile | null> {
  const [row] = await db
    .select({
      name: users.name,
      email: users.email,
      fullName: profiles.fullName,
      phone: profiles.phone,
      address: profiles.address,
      city: profiles.city,
      state: profiles.state,
      zipCode: profiles.zipCode,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId));
  if (!row) return null;
  return {
    fullName: row.fullName ?? row.name ?? "",
    email: row.email,
    phone: row.phone ?? "",
    address: row.address ?? "",
    city: row.city ?? "",
    state: row.state ?? "",
    zipCode: row.zipCode ?? "",
  };
}

const text = (max: number, label: string) =>
  z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .refine((v) => v.length <= max, `${label} admite hasta ${max} caracteres.`)
    .refine((v) => !/[\r\n]/.test(v), `${label} debe ocupar una sola línea.`);

/** The editable fields of the profile form (the e-mail is not one of them). */
export const ProfileInputSchema = z.object({
  fullName: text(120, "El nombre completo").refine((v) => v.length > 0, "Ingresá tu nombre completo."),
  phone: text(40, "El teléfono").refine(
    (v) => v === "" || (/^[+\d\s().-]+$/.test(v) && v.replace(/\D/g, "").length >= 6),
    "Ingresá un teléfono válido (al menos 6 dígitos).",
  ),
  address: text(200, "La dirección"),
  city: text(100, "La ciudad"),
  state: text(100, "La provincia"),
  zipCode: text(20, "El código postal"),
});

export type ProfileInput = z.infer<typeof ProfileInputSchema>;

/** Saves the profile (insert or update) and keeps the account's display name in step. */
export async function updateProfile(userId: string, input: ProfileInput, db: DbOrTx = getDb()): Promise<void> {
  const values = {
    fullName: input.fullName,
    phone: input.phone || null,
    address: input.address || null,
    city: input.city || null,
    state: input.state || null,
    zipCode: input.zipCode || null,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(profiles)
      .values({ id: userId, ...values })
      .onConflictDoUpdate({ target: profiles.id, set: { ...values, updatedAt: sql`now()` } });
    await tx
      .update(users)
      .set({ name: input.fullName, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
  });
}

/** An account cannot be created; the message is for the shopper. */
export class AccountError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AccountError";
  }
}

/**
 * Creates a customer account (through better-auth: it hashes the password; its user hook queues the
 * welcome e-mail) with what the shopper typed at checkout as its profile.
 * Throws AccountError when the e-mail is taken, and better-auth's error when it refuses the input.
 */
export async function createCustomerAccount(input: {
  email: string;
  password: string;
  fullName: string;
  /** What the shopper typed at checkout, kept as the new account's profile. */
  profile?: {
    phone: string | null;
    address: string | null;
    city: string | null;
    state: string | null;
    zipCode: string | null;
  };
}): Promise<{ id: string; email: string }> {
  // better-auth answers a sign-up for a taken e-mail with a made-up success (autoSignIn is off),
  // so the check is made here first.
  if (await findUserByEmail(input.email)) throw new AccountError("Ya existe una cuenta con ese email.");
  const user = await createUser(input);
  if (input.profile) {
    await getDb()
      .insert(profiles)
      .values({ id: user.id, fullName: input.fullName, ...input.profile })
      .onConflictDoUpdate({ target: profiles.id, set: { ...input.profile, updatedAt: sql`now()` } });
  }
  return user;
}

/** A signed-in customer's saved data for the checkout form, keyed by the known checkout field names. */
export function checkoutPrefill(
  profile: Awaited<ReturnType<typeof getProfile>>,
  email: string | undefined,
): Record<string, string> {
  if (!profile) return {};
  const [firstName = "", ...rest] = profile.fullName.trim().split(/\s+/);
  return {
    first_name: firstName,
    last_name: rest.join(" "),
    email: email ?? profile.email,
    phone: profile.phone,
    address: profile.address,
    city: profile.city,
    state: profile.state,
    zip: profile.zipCode,
  };
}
