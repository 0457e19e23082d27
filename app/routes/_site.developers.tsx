// /developers: how to use the API (keys, example calls, errors, idempotency) and how to verify
// a webhook. Server-rendered, no script: the reference is the OpenAPI document it links to.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { Trans, useTranslation } from "react-i18next";
import type { ScriptsHandle } from "~/components/page-scripts";
import { companyNameOf } from "~/components/company-name";
import { PageHero } from "~/features/site/page-hero";
import { API_BASE, API_CALLS_PER_MINUTE, SCOPE_LABELS, SCOPES } from "~/features/api/api-keys";
import { curlExamples, importExample, MANUAL_VERIFY, PROBLEM_EXAMPLE, VERIFY_EXAMPLE } from "~/features/api/developer-guide";
import { metaT } from "~/features/languages/translate";
import { useLocale } from "~/components/root-data";
import { IMPORT_LIMITS, IMPORT_TEMPLATE_PATH } from "~/features/shipments/shipment-import";
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES } from "~/features/webhooks/webhook-events";

export const handle: ScriptsHandle = { hydrate: false };

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches, "developers");
  return [
    { title: t("Developers | {{company}}", { company: companyNameOf(matches) }) },
    { name: "description", content: t("Create and track shipments from your own software: API keys, example requests, errors, idempotency, webhooks and the OpenAPI document.") },
  ];
};

export function loader({ context }: LoaderFunctionArgs) {
  return { origin: context.origin };
}

const OPENAPI = `${API_BASE}/openapi.json`;

export default function DevelopersPage() {
  const { origin } = useLoaderData<typeof loader>();
  const { t } = useTranslation("developers");
  const locale = useLocale();
  const code = <code />;
  const rows = IMPORT_LIMITS.rows.toLocaleString(locale);
  return (
    <main id="main">
      <PageHero title={t("Developers")} lead={t("Create, price and follow shipments from your shop or your own systems, and hear about them as they move.")} />
      <div className="mx-auto max-w-3xl space-y-10 px-4 py-12">
        <nav aria-label={t("On this page")} className="card">
          <h2 className="text-lg font-semibold">{t("On this page")}</h2>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            <li><a className="link" href="#keys">{t("Get a key")}</a></li>
            <li><a className="link" href="#requests">{t("Example requests")}</a></li>
            <li><a className="link" href="#import">{t("Importing a file of shipments")}</a></li>
            <li><a className="link" href="#errors">{t("Errors")}</a></li>
            <li><a className="link" href="#idempotency">{t("Retrying safely")}</a></li>
            <li><a className="link" href="#webhooks">{t("Webhooks and how to verify them")}</a></li>
            <li><a className="link" href="#reference">{t("Reference")}</a></li>
          </ul>
        </nav>

        <Section id="keys" title={t("Get a key")}>
          <p>
            <Trans
              t={t}
              i18nKey="Sign in and open <keys>Profile → API keys</keys>, name a key and create it. It is shown once: copy it then (we keep only a fingerprint; a lost key is revoked and replaced). A key starts with <code>sp_live_</code> and acts for your account: it reads and creates your shipments and reads your invoices. Revoking it stops it from the next call."
              components={{ keys: <a className="link" href="/profile/api-keys" />, code }}
            />
          </p>
          <p>{t("Operators and partner carriers get service keys from an admin, with scopes:")}</p>
          <ul className="list-disc space-y-1 pl-5">
            {SCOPES.map((scope) => (
              <li key={scope}>{t(SCOPE_LABELS[scope])}</li>
            ))}
          </ul>
          <p>
            <Trans
              t={t}
              i18nKey="Send the key in the <code>Authorization: Bearer</code> header, never in an address (a key in an address is refused)."
              components={{ code }}
            />{" "}
            {t("Each key may make {{calls}} calls a minute; past that the answer is 429 with Retry-After (seconds).", { calls: API_CALLS_PER_MINUTE })}
          </p>
        </Section>

        <Section id="requests" title={t("Example requests")}>
          <p>
            {t("Bodies are JSON with the fields of the shipment form. Amounts come back in minor units of their currency (cents), times in milliseconds since 1970.")}
          </p>
          {curlExamples(origin).map((example) => (
            <div key={example.title}>
              <h3 className="mb-2 text-lg font-semibold">{t(example.title)}</h3>
              <Code>{example.code}</Code>
            </div>
          ))}
        </Section>

        <Section id="import" title={t("Importing a file of shipments")}>
          <p>
            <Trans
              t={t}
              i18nKey="The dashboard's bulk import, by program: send a CSV file of up to {{rows}} shipments (2 MB) as the body, with the columns of the <template>template</template>. Every row is checked by the shipment form's rules and the answer lists the rows with errors, each with every one of its errors (50 rows a page; <code>nextPage</code> for more). Nothing is created until you confirm; the confirm creates the rows that pass and leaves out the rest. The upload waits a day for its confirm. Both need the write scope."
              values={{ rows }}
              components={{ template: <a className="link" href={IMPORT_TEMPLATE_PATH} />, code }}
            />
          </p>
          <Code>{importExample(origin)}</Code>
          <p>
            <Trans
              t={t}
              i18nKey="A file that cannot be read as a whole (not UTF-8 CSV, a header without the template's columns, no rows) is 422; over 2 MB or {{rows}} rows, 413; a body that is not <code>text/csv</code>, 415. Cells that start with <code>=</code>, <code>+</code>, <code>-</code> or <code>@</code> stay text."
              values={{ rows }}
              components={{ code }}
            />
          </p>
        </Section>

        <Section id="errors" title={t("Errors")}>
          <p>
            <Trans
              t={t}
              i18nKey="A refusal is <code>application/problem+json</code> (RFC 9457) with every field at fault at once, each named by a JSON Pointer. Statuses: 400 (not JSON), 401 (no key, or an unknown or revoked one), 403 (the key lacks the scope), 404, 409 (the shipment's state does not allow it), 413 (a body over 16 KB; a file over 2 MB), 415 (not JSON; a file not CSV), 422 (a field at fault) and 429 (with Retry-After)."
              components={{ code }}
            />
          </p>
          <Code>{PROBLEM_EXAMPLE}</Code>
        </Section>

        <Section id="idempotency" title={t("Retrying safely")}>
          <p>
            <Trans
              t={t}
              i18nKey="Send an <code>Idempotency-Key</code> (up to 255 characters, a UUID or your order number) with a <code>POST</code>. The same key with the same body answers the first answer again for 24 hours (with <code>Idempotent-Replayed: true</code>), so a retry after a timeout never books a parcel twice. The same key with another body answers 422; while the first request is still being answered, 409 with Retry-After. A refused request frees its key."
              components={{ code }}
            />
          </p>
        </Section>

        <Section id="webhooks" title={t("Webhooks and how to verify them")}>
          <p>
            <Trans
              t={t}
              i18nKey="Register an endpoint in your profile (or, for every shipment, in the back office) and pick the events it gets. Each delivery is a JSON <code>POST</code> signed as the <spec>Standard Webhooks</spec> specification says, with three headers: <code>webhook-id</code> (the same for every retry of one event), <code>webhook-timestamp</code> (seconds) and <code>webhook-signature</code> (<code>v1,</code> and a base64 HMAC-SHA256). Your endpoint's secret starts with <code>whsec_</code>; while a secret is being rotated, deliveries carry a signature for each, separated by spaces. Answer 2xx quickly; anything else is retried with growing delays for about three days."
              components={{ code, spec: <a className="link" href="https://www.standardwebhooks.com/" /> }}
            />
          </p>
          <h3 className="text-lg font-semibold">{t("With the standardwebhooks package")}</h3>
          <Code>{VERIFY_EXAMPLE}</Code>
          <h3 className="text-lg font-semibold">{t("By hand")}</h3>
          <Code>{MANUAL_VERIFY}</Code>
          <h3 id="events" className="text-lg font-semibold">
            {t("Events")}
          </h3>
          <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <div key={type} className="contents">
                <dt>
                  <code>{type}</code>
                </dt>
                <dd className="mb-2 text-slate-700 sm:mb-0">{t(WEBHOOK_EVENT_LABELS[type].help)}</dd>
              </div>
            ))}
          </dl>
          <p>
            <Trans
              t={t}
              i18nKey="Each body is <code>{{body}}</code>; <code>data</code> names the shipment by its id and tracking ID and never carries anyone's address, phone or e-mail."
              values={{ body: `{"type", "timestamp", "data"}` }}
              components={{ code }}
            />
          </p>
        </Section>

        <Section id="reference" title={t("Reference")}>
          <p>
            <Trans
              t={t}
              i18nKey="Every operation, parameter and answer is described in the OpenAPI 3.1 document: <openapi>{{address}}</openapi>. Load it into any OpenAPI tool to browse it or to generate a client."
              values={{ address: OPENAPI }}
              components={{ openapi: <a className="link" href={OPENAPI} /> }}
            />
          </p>
        </Section>
      </div>
    </main>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} id={id} className="space-y-4 text-slate-800">
      <h2 id={`${id}-title`} className="text-2xl font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Code({ children }: { children: string }) {
  return (
    <pre tabIndex={0} className="overflow-x-auto rounded-lg bg-slate-900 p-4 text-sm leading-relaxed text-slate-100">
      <code>{children}</code>
    </pre>
  );
}
