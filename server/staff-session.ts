import type { Request } from "express";
import { getSessionUser } from "../app/utils/auth.server";

/**
 * Whether an Express request carries an admin's session (looked up in the database, as every
 * admin loader does). For the body limit (server/security.ts): only staff may send the large
 * bodies of product images and CSV imports. Any failure counts as "no".
 */
export async function isStaffRequest(req: Request): Promise<boolean> {
  const cookie = req.get("cookie");
  if (!cookie) return false;
  try {
    const user = await getSessionUser(new globalThis.Request("http://localhost/", { headers: { cookie } }));
    return user?.role === "admin";
  } catch {
    return false;
  }
}
