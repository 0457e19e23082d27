// Signing in through remix-auth: an Authenticator per request and portal, with two
// remix-auth-form FormStrategies ("password" and "demo") whose verify reads the posted form and
// hands plain values to the sign-in service (sign-in.server.ts), which counts the attempt,
// checks and starts the session. remix-auth 4 keeps no session, so the "user" it answers with
// is the service's SignedIn: the cookies of our own D1 session and where to go next.
//
// A refusal (wrong password, suspended, too many attempts, demo off) is an answer, not a
// failure: verify throws it as a SignInRefusal, `authenticate` passes what verify throws through
// unchanged, and `authenticateSignIn` turns it back into the Refused outcome the page answers
// with (400/401/403, or 429 with Retry-After). Anything else thrown stays an error.
//
// FormStrategy reads `request.clone().formData()`, and a request whose body was already read
// cannot be authenticated (remix-auth copies the request first, which throws then): a route
// that parses the form itself (Conform) reads it from a clone of its own first.
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { ServiceContext } from "~/load-context";
import { refused, type Refused } from "~/.server/outcome";
import { RedirectToSchema } from "~/domain/form-fields";
import { SignInSchema } from "./account-forms";
import { clientOf } from "./client.server";
import { signIn, signInAsAdmin, signInAsDemo, type Portal, type SignedIn } from "./sign-in.server";

/** The two ways a sign-in page signs someone in: e-mail and password, or its demo button. */
export type SignInMethod = "password" | "demo";

/** A sign-in the service refused, thrown by verify so that it leaves `authenticate` intact. */
export class SignInRefusal extends Error {
  override name = "SignInRefusal";
  constructor(readonly refusal: Refused) {
    super(refusal.message ?? `Sign-in refused: ${refusal.reason}`);
  }
}

function signedInOrThrow(outcome: SignedIn | Refused): SignedIn {
  if (!outcome.ok) throw new SignInRefusal(outcome);
  return outcome;
}

const DemoSignInSchema = z.object({ redirectTo: RedirectToSchema });

/**
 * Built per request: the strategies' verify needs this request's database and bindings.
 *
 * Each verify awaits the client first. FormStrategy returns verify's promise from an async
 * function, which attaches its handler a tick later; a verify that threw before its first await
 * would reach workerd as an unhandled rejection, although `authenticateSignIn` catches it.
 */
export function signInAuthenticator(context: ServiceContext, portal: Portal): Authenticator<SignedIn> {
  const password = new FormStrategy<SignedIn>(async ({ form, request }) => {
    const client = await clientOf(request, context.cloudflare.env);
    const submission = parseWithZod(form, { schema: SignInSchema });
    if (submission.status !== "success") throw new SignInRefusal(refused("invalid"));
    const credentials = { ...submission.value, client };
    return signedInOrThrow(portal === "admin" ? await signInAsAdmin(context, credentials) : await signIn(context, credentials));
  });
  const demo = new FormStrategy<SignedIn>(async ({ form, request }) => {
    const client = await clientOf(request, context.cloudflare.env);
    const submission = parseWithZod(form, { schema: DemoSignInSchema });
    if (submission.status !== "success") throw new SignInRefusal(refused("invalid"));
    return signedInOrThrow(await signInAsDemo(context, { portal, redirectTo: submission.value.redirectTo, client }));
  });
  return new Authenticator<SignedIn>().use(password, "password" satisfies SignInMethod).use(demo, "demo" satisfies SignInMethod);
}

/** `authenticate`, with a refusal given back as the outcome it is (other errors are rethrown). */
export async function authenticateSignIn(authenticator: Authenticator<SignedIn>, method: SignInMethod, request: Request): Promise<SignedIn | Refused> {
  try {
    return await authenticator.authenticate(method, request);
  } catch (error) {
    if (error instanceof SignInRefusal) return error.refusal;
    throw error;
  }
}
