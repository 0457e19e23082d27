import { Form, Link } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { Field } from "~/components/forms";
import { Honeypot } from "~/components/honeypot";

export type Subscription =
  /** The signed-in owner: status mail follows the profile's preferences. */
  | { kind: "owner" }
  /** Anyone else: an address to mail the status changes to (confirmed by a link first). */
  | { kind: "form"; anchor: string; email: string; errors: string[] | null };

/** "Keep me posted": status changes by e-mail, double opt-in, a way out in every mail. */
export function KeepMePosted({ subscription }: { subscription: Subscription }) {
  const { t } = useTranslation("tracking");
  if (subscription.kind === "owner") {
    return (
      <section className="card print:hidden" aria-labelledby="keep-me-posted-title">
        <h2 id="keep-me-posted-title" className="mb-2 text-lg font-semibold">
          {t("Keep me posted")}
        </h2>
        <p className="text-slate-700">
          <Trans
            t={t}
            i18nKey="You sent this parcel: its status changes are e-mailed to you as your notification preferences say. <preferences>Choose which e-mail you get</preferences>."
            components={{ preferences: <Link to="/profile?tab=notifications" className="link" /> }}
          />
        </p>
      </section>
    );
  }
  return (
    <section id={subscription.anchor} className="card print:hidden" aria-labelledby="keep-me-posted-title">
      <h2 id="keep-me-posted-title" className="mb-2 text-lg font-semibold">
        {t("Keep me posted")}
      </h2>
      <p className="mb-4 text-slate-700">
        {t("Get an e-mail each time this parcel's status changes. We first send a link to confirm the address; every e-mail has a link to stop them.")}
      </p>
      {/* The server's messages (one wording for JavaScript on and off), not the browser's bubbles. */}
      <Form method="post" preventScrollReset noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Honeypot />
        <Field
          className="flex-1"
          label={t("Email for updates")}
          errors={subscription.errors}
          inputProps={{
            id: "subscribe-email",
            name: "email",
            type: "email",
            autoComplete: "email",
            required: true,
            maxLength: 254,
            defaultValue: subscription.email,
          }}
        />
        <button type="submit" name="intent" value="subscribe" className="btn-primary sm:mt-6" data-pending={t("Sending...")}>
          {t("Keep me posted")}
        </button>
      </Form>
    </section>
  );
}
