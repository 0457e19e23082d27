import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { metaT } from "~/features/languages/translate";
import type { z } from "zod";
import { findLinkAccount } from "~/features/accounts/account-links.server";
import { formAnswer, redirectSignedIn, redirectWithOutcome } from "~/http/replies.server";
import { clientAddress } from "~/.server/rate-limit";
import { clientOf } from "~/features/accounts/client.server";
import { signInWithLink } from "~/features/accounts/sign-in.server";
import { requestSignInLink } from "~/features/accounts/sign-in-links.server";
import { Field, FormErrors, useMessages } from "~/components/forms";
import { Honeypot } from "~/components/honeypot";
import type { ScriptsHandle } from "~/components/page-scripts";
import { ForgotPasswordSchema, SignInLinkActionSchema } from "~/features/accounts/account-forms";
import { isHoneypotFilled } from "~/domain/honeypot";
import { INVALID_SIGN_IN_LINK, SIGN_IN_LINK_MINUTES } from "~/features/accounts/one-time-links";
import type { SiteHandle } from "./_site";

// One-time sign-in links (docs/decisions/078-sign-in-lanes.md): the form that mails one
// (offered by the sign-in pages while password sign-ins are on hold), and the page the mailed
// link opens, whose button signs in. Opening the link changes nothing, so a mail scanner that
// follows it uses nothing up, and no other site can sign a browser in with it.
export const handle: SiteHandle & ScriptsHandle = { hideFooter: true, hydrate: false };

export const meta: MetaFunction = ({ matches }) => [
  { title: metaT(matches, "accounts")("Sign In With a Link | SwiftParcel") },
  { name: "robots", content: "noindex" },
];

export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) => (actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders);

const PAGE = "/auth/sign-in-link";
const SENT_PAGE = `${PAGE}?sent=1`;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  if (token === null) return { view: url.searchParams.get("sent") === "1" ? ("sent" as const) : ("request" as const), token: null };
  const account = await findLinkAccount(context.db, "sign-in", token);
  if (!account) return data({ view: "invalid" as const, token: null }, { status: 400 });
  return { view: "use" as const, token };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  if (isHoneypotFilled(form)) return redirect(SENT_PAGE);
  const submission = parseWithZod(form, { schema: SignInLinkActionSchema });
  if (submission.status !== "success") {
    const usingLink = form.get("intent") === "use";
    return formAnswer(submission, undefined, { extra: { expired: usingLink } });
  }
  if (submission.value.intent === "use") {
    const outcome = await signInWithLink(context, { token: submission.value.token, client: await clientOf(request, context.cloudflare.env) });
    if (!outcome.ok) return formAnswer(submission, outcome, { extra: { expired: true } });
    return redirectSignedIn(context.cloudflare.env, outcome);
  }
  const outcome = await requestSignInLink(context, { email: submission.value.email, clientAddress: clientAddress(request) });
  if (!outcome.ok) return formAnswer(submission, outcome, { extra: { expired: false } });
  return redirectWithOutcome(context.cloudflare.env, SENT_PAGE, outcome);
}

export default function SignInLinkPage() {
  const { view, token } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const shown = actionData?.expired ? "invalid" : view;
  const { t } = useTranslation("accounts");
  const messages = useMessages();
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-12">
      <h1 className="mb-2 text-3xl font-bold">{t("Sign In With a Link")}</h1>
      {shown === "use" && token ? <UseLinkForm token={token} /> : null}
      {shown === "request" ? <RequestLinkForm /> : null}
      {shown === "sent" ? (
        <div className="card space-y-3" role="status">
          <h2 className="text-lg font-semibold">{t("Check your inbox")}</h2>
          <p className="text-slate-700">
            {t(
              "If an account uses that address, a sign-in link is on its way. Open it in the browser you want to sign in with: it works once, within {{minutes}} minutes.",
              { minutes: SIGN_IN_LINK_MINUTES },
            )}
          </p>
          <p>
            <Link to="/login" className="link">
              {t("Back to sign in")}
            </Link>
          </p>
        </div>
      ) : null}
      {shown === "invalid" ? (
        <div className="card space-y-3" role="alert">
          <p className="font-medium text-red-800">{messages(INVALID_SIGN_IN_LINK)}</p>
          <p className="text-slate-700">
            {t("Each link works once, within {{minutes}} minutes, and a change of password ends it. Ask for a new one and use the latest mail.", {
              minutes: SIGN_IN_LINK_MINUTES,
            })}
          </p>
          <Link to={PAGE} className="btn-primary">
            {t("Send a New Link")}
          </Link>
        </div>
      ) : null}
    </main>
  );
}

function UseLinkForm({ token }: { token: string }) {
  const { t } = useTranslation("accounts");
  return (
    <>
      <p className="mb-6 text-slate-700">{t("Press the button to sign in on this browser. The link then stops working.")}</p>
      <Form method="post" className="card space-y-4">
        <input type="hidden" name="intent" value="use" />
        <input type="hidden" name="token" value={token} />
        <button type="submit" className="btn-primary w-full" data-pending={t("Signing in...")}>
          {t("Sign In")}
        </button>
      </Form>
    </>
  );
}

function RequestLinkForm() {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm<z.input<typeof ForgotPasswordSchema>>({
    id: "sign-in-link",
    lastResult: actionData?.result,
    constraint: getZodConstraint(ForgotPasswordSchema),
  });
  const { t } = useTranslation("accounts");
  return (
    <>
      <p className="mb-6 text-slate-700">
        {t(
          "Sign-ins with a password are on hold for an account after many wrong passwords. Enter its e-mail address and we will send it a link that signs you in once, within {{minutes}} minutes.",
          { minutes: SIGN_IN_LINK_MINUTES },
        )}
      </p>
      <Form method="post" {...getFormProps(form)} className="card space-y-4">
        <FormErrors id={form.errorId} errors={form.errors} />
        <Honeypot />
        <input type="hidden" name="intent" value="request" />
        <Field label={t("Email")} inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }} errors={fields.email.errors} />
        <button type="submit" className="btn-primary w-full" data-pending={t("Sending...")}>
          {t("Email Me a Sign-In Link")}
        </button>
        <p className="text-center text-sm">
          <Link to="/login" className="link">
            {t("Back to sign in")}
          </Link>
        </p>
      </Form>
    </>
  );
}
