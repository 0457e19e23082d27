// Flash messages ("toasts") carried to the next page in a signed cookie, read once.
import { createCookieSessionStorage, redirect } from "@remix-run/cloudflare";
import type { ToastType } from "~/domain/toast-durations";

export type Toast = { type: ToastType; message: string };

function toastStorage(env: Pick<Env, "SESSION_SECRET">) {
  return createCookieSessionStorage<{ toast: Toast }, { toast: Toast }>({
    cookie: {
      name: "__Host-toast",
      path: "/",
      httpOnly: true,
      secure: true,
      sameSite: "lax",
      secrets: [env.SESSION_SECRET],
    },
  });
}

export async function toastCookie(env: Pick<Env, "SESSION_SECRET">, toast: Toast): Promise<string> {
  const storage = toastStorage(env);
  const session = await storage.getSession();
  session.flash("toast", toast);
  return storage.commitSession(session);
}

/** A redirect that shows `toast` on the page it leads to. Extra Set-Cookie headers are kept. */
export async function redirectWithToast(
  env: Pick<Env, "SESSION_SECRET">,
  url: string,
  toast: Toast,
  init: { headers?: HeadersInit; status?: number } = {},
): Promise<ReturnType<typeof redirect>> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookie(env, toast));
  return redirect(url, { status: init.status ?? 302, headers });
}

/** The pending toast, and the Set-Cookie header that clears it once shown. */
export async function takeToast(
  env: Pick<Env, "SESSION_SECRET">,
  request: Request,
): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const storage = toastStorage(env);
  let session;
  try {
    // Without a toast cookie, or with one whose signature does not match, this is an empty session.
    session = await storage.getSession(request.headers.get("Cookie"));
  } catch {
    // A signature that is not even base64 makes Remix's unsign throw: clear the garbled cookie.
    return { toast: null, setCookie: await storage.destroySession(await storage.getSession()) };
  }
  const toast = session.get("toast") ?? null;
  if (!toast) return { toast: null, setCookie: null };
  return { toast, setCookie: await storage.destroySession(session) };
}
