import { createCookieSessionStorage, redirect } from "react-router";
import { type Toast, type ToastInput, ToastSchema } from "~/schemas/toast";
import { getEnv } from "./env.server";
import { getAuthSecret } from "./secret.server";

const TOAST_KEY = "toast" as const;

type FlashData = { [TOAST_KEY]: Toast };

let storage: ReturnType<typeof createCookieSessionStorage<Record<string, never>, FlashData>> | undefined;

function toastStorage() {
  storage ??= createCookieSessionStorage<Record<string, never>, FlashData>({
    cookie: {
      name: "vitec_toast",
      sameSite: "lax",
      path: "/",
      httpOnly: true,
      secrets: [getAuthSecret()],
      // Like better-auth's session cookie: Secure whenever the store is served over https.
      secure: (getEnv().APP_URL ?? "").startsWith("https://"),
    },
  });
  return storage;
}

/** Headers that flash a toast on the next page the browser shows. */
export async function toastHeaders(toast: ToastInput): Promise<Headers> {
  const session = await toastStorage().getSession();
  session.flash(TOAST_KEY, ToastSchema.parse(toast));
  return new Headers({ "Set-Cookie": await toastStorage().commitSession(session) });
}

export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  for (const [name, value] of await toastHeaders(toast)) headers.append(name, value);
  return redirect(url, { ...init, headers });
}

/** Reads (and consumes) the flashed toast of this request. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const session = await toastStorage().getSession(request.headers.get("Cookie"));
  // has() before get(): reading a flash value removes it.
  if (!session.has(TOAST_KEY)) return { toast: null, headers: null };
  const parsed = ToastSchema.safeParse(session.get(TOAST_KEY));
  return {
    toast: parsed.success ? parsed.data : null,
    headers: new Headers({ "Set-Cookie": await toastStorage().destroySession(session) }),
  };
}
