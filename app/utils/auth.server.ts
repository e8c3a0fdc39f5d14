import { betterAuth } from "better-auth";
import { and, eq, like } from "drizzle-orm";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin } from "better-auth/plugins";
import { redirect } from "react-router";
import { type Database, getDb } from "~/db/client.server";
import { accounts, sessions, users, verifications } from "~/db/schema/auth";
import { PASSWORD_MIN_LENGTH } from "~/domain/password";
import { baseUrl, getEnv } from "./env.server";
import { authErrorMessage } from "./auth-errors";
import { passwordResetEmail } from "~/domain/emails";
import { queueEmail, queueWelcomeEmail } from "~/models/outbox.server";
import { hashPassword, needsRehash, verifyPasswordHash } from "./password-hash.server";
import { getAuthSecret } from "./secret.server";
import { beginSignInAttempt, signInSucceeded } from "./sign-in-throttle.server";

export const ROLES = ["customer", "admin"] as const;
export type Role = (typeof ROLES)[number];

function createAuth(db: Database) {
  const env = getEnv();
  return betterAuth({
    appName: "Vitec",
    baseURL: baseUrl(env),
    secret: getAuthSecret(),
    basePath: "/api/auth",
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      // Argon2id with OWASP's parameters; older scrypt hashes still verify (password-hash.server.ts).
      password: { hash: hashPassword, verify: verifyPasswordHash },
      autoSignIn: false,
      resetPasswordTokenExpiresIn: 60 * 60,
      // A reset ends every session of the account and every other reset link it still has
      // (better-auth consumes only the link used): a stolen inbox's older links open nothing.
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: async ({ user }) => {
        await db
          .delete(verifications)
          .where(and(eq(verifications.value, user.id), like(verifications.identifier, "reset-password:%")));
      },
      sendResetPassword: async ({ user, token }) => {
        const link = `${baseUrl(env)}/restablecer-contrasena?token=${encodeURIComponent(token)}`;
        await queueEmail(passwordResetEmail(user, link), db);
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      // No signed copy of the session in a cookie: every read (pages, /api/viewer,
      // /api/auth/get-session) looks the session up, so a sign-out or a reset ends it at once
      // everywhere (ADR 0013). One indexed query per signed-in request.
      cookieCache: { enabled: false },
    },
    databaseHooks: {
      user: {
        create: {
          // Every new account gets its welcome, however it was made (sign-up, checkout, Admin > Clientes).
          after: async (user) => {
            try {
              await queueWelcomeEmail(user.email, db);
            } catch (error) {
              // The account exists either way; a welcome e-mail is not worth failing a sign-up or a checkout for.
              console.error(
                "[mail] could not queue the welcome e-mail:",
                error instanceof Error ? error.message : error,
              );
            }
          },
        },
      },
      session: {
        create: {
          // "Último Acceso" in the admin: kept on the user, since sessions go away on sign-out.
          after: async (session) => {
            if ((session as { impersonatedBy?: string | null }).impersonatedBy) return;
            await db.update(users).set({ lastSignInAt: new Date() }).where(eq(users.id, session.userId));
          },
        },
      },
    },
    plugins: [admin({ defaultRole: "customer", adminRoles: ["admin"] })],
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;

// One auth instance per database handle (tests open one database per file).
const instances = new WeakMap<Database, Auth>();

export function getAuth(): Auth {
  const db = getDb();
  let auth = instances.get(db);
  if (!auth) {
    auth = createAuth(db);
    instances.set(db, auth);
  }
  return auth;
}

export type SessionUser = { id: string; email: string; name: string; role: Role };

// A request's session is looked up once, however many of its loaders ask (root, layout, page).
const sessionsByRequest = new WeakMap<Request, Promise<SessionUser | null>>();

/**
 * The signed-in user of a request, or null, from the sessions table: a session revoked a moment
 * ago (sign-out elsewhere, a password reset) is already gone. A request without a session
 * cookie costs nothing.
 */
export function getSessionUser(request: Request): Promise<SessionUser | null> {
  if (!hasSessionCookie(request)) return Promise.resolve(null);
  let user = sessionsByRequest.get(request);
  if (!user) {
    user = lookUpSessionUser(request);
    sessionsByRequest.set(request, user);
  }
  return user;
}

function hasSessionCookie(request: Request): boolean {
  // better-auth's cookie ("better-auth.session_token", "__Secure-" prefixed over HTTPS).
  return /better-auth\.session_token=/.test(request.headers.get("cookie") ?? "");
}

async function lookUpSessionUser(request: Request): Promise<SessionUser | null> {
  const session = await getAuth().api.getSession({ headers: request.headers, query: { disableCookieCache: true } });
  if (!session) return null;
  const { id, email, name } = session.user;
  const role: Role = (session.user as { role?: string | null }).role === "admin" ? "admin" : "customer";
  return { id, email, name, role };
}

function pathOf(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

/** For customer pages: anonymous visitors are sent to /login and come back afterwards. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw redirect(`/login?redirectTo=${encodeURIComponent(pathOf(request))}`);
  return user;
}

/**
 * For every /admin loader and action: anonymous visitors go to /admin/login; a signed-in
 * customer gets a 403 page and never any data.
 */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw redirect(`/admin/login?redirectTo=${encodeURIComponent(pathOf(request))}`);
  if (user.role !== "admin") {
    throw new Response("No tenés permiso para ver esta página.", { status: 403, statusText: "Forbidden" });
  }
  return user;
}

type SignInResult =
  { ok: true; user: SessionUser; headers: Headers } | { ok: false; message: string | null; status: number };

/**
 * Signs in with e-mail and password; on success, the headers carry the session cookie. Every
 * attempt counts against the e-mail address, account or not (sign-in-throttle.server.ts): after
 * a few failures the next attempt must wait, with the same answer for every address.
 */
export async function signInWithPassword(request: Request, email: string, password: string): Promise<SignInResult> {
  const attempt = await beginSignInAttempt(email);
  if (!attempt.allowed) return { ok: false, message: attempt.message, status: 429 };
  try {
    const { headers, response } = await getAuth().api.signInEmail({
      body: { email, password },
      headers: request.headers,
      returnHeaders: true,
    });
    const u = response.user as { id: string; email: string; name: string; role?: string | null };
    const user: SessionUser = {
      id: u.id,
      email: u.email,
      name: u.name,
      role: u.role === "admin" ? "admin" : "customer",
    };
    await signInSucceeded(email);
    await upgradePasswordHash(user.id, password);
    return { ok: true, user, headers: withSessionHint(cookieHeaders(headers), true) };
  } catch (error) {
    return { ok: false, message: authErrorMessage(error), status: statusOf(error) };
  }
}

export type SignOutResult = { ok: true; headers: Headers } | { ok: false; message: string | null };

/**
 * Ends the session of this request; on success the headers clear the cookie. better-auth only
 * logs a session it could not delete, so the session is looked up again afterwards: one that
 * is still valid means the sign-out failed, and the caller says so instead of pretending.
 */
export async function signOut(request: Request): Promise<SignOutResult> {
  try {
    const auth = getAuth();
    const { headers } = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
    const still = await auth.api.getSession({ headers: request.headers, query: { disableCookieCache: true } });
    if (still) return { ok: false, message: null };
    return { ok: true, headers: withSessionHint(cookieHeaders(headers), false) };
  } catch (error) {
    console.error("[auth] sign-out failed", error);
    return { ok: false, message: authErrorMessage(error) };
  }
}

/** After a sign-in with a password stored by an older scheme, stores it again as Argon2id. */
async function upgradePasswordHash(userId: string, password: string): Promise<void> {
  try {
    const db = getDb();
    const where = and(eq(accounts.userId, userId), eq(accounts.providerId, "credential"));
    const [account] = await db.select({ password: accounts.password }).from(accounts).where(where);
    if (!account?.password || !needsRehash(account.password)) return;
    await db
      .update(accounts)
      .set({ password: await hashPassword(password), updatedAt: new Date() })
      .where(where);
  } catch (error) {
    console.error("[auth] the password hash could not be upgraded:", error);
  }
}

/**
 * The storefront's pages are the same for everyone (they are cached: ADR 0005); what is personal
 * (the header's account link, the wishlist, reviews) is asked for by the browser from
 * /api/viewer. The session cookie is HttpOnly, so this second cookie, readable by the page's
 * script and carrying nothing secret, tells it that there is a session worth asking about.
 */
export const SESSION_HINT_COOKIE = "vitec_signed_in";

function withSessionHint(headers: Headers, signedIn: boolean): Headers {
  const secure = baseUrl().startsWith("https:") ? "; Secure" : "";
  headers.append(
    "Set-Cookie",
    signedIn
      ? `${SESSION_HINT_COOKIE}=1; Path=/; Max-Age=${60 * 60 * 24 * 30}; SameSite=Lax${secure}`
      : `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`,
  );
  return headers;
}

function cookieHeaders(source: Headers): Headers {
  const headers = new Headers();
  for (const cookie of source.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

function statusOf(error: unknown): number {
  const status = (error as { statusCode?: number } | null)?.statusCode;
  return typeof status === "number" ? status : 500;
}
