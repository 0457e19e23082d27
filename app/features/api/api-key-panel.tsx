// The API keys of a profile (a customer's) or of the back office (service keys): the key just
// made, shown once; the form that makes one; the list with each key's prefix, scopes, dates and
// a Revoke button. Plain forms: they work without JavaScript.
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLocale } from "~/components/root-data";
import { CheckboxField, Field, FormErrors } from "~/components/forms";
import { formatDateTime } from "~/domain/format";
import { KEY_NAME_MAX, SCOPE_LABELS, SCOPES } from "./api-keys";
import type { ApiKeyListing } from "./api-keys.server";

export type CreatedKey = { key: string; prefix: string; name: string };

export function ApiKeyPanel({
  keys,
  created,
  result,
  withScopes,
  timeZone,
}: {
  keys: ApiKeyListing[];
  created: CreatedKey | null;
  result: SubmissionResult<string[]> | null;
  withScopes: boolean;
  timeZone: string;
}) {
  const { t } = useTranslation("developers");
  const locale = useLocale();
  const errors = (result?.error ?? {}) as Record<string, string[] | null>;
  return (
    <div className="space-y-6">
      {created ? (
        <section aria-labelledby="new-key-title" className="card border-2 border-green-700" role="status">
          <h2 id="new-key-title" className="text-xl font-semibold">
            {t("Your new key “{{name}}”", { name: created.name })}
          </h2>
          <p className="mt-1 text-slate-700">{t("Copy it now: it is shown only once. We keep only a fingerprint of it.")}</p>
          <label htmlFor="new-key" className="label mt-3">
            {t("API key")}
          </label>
          <input id="new-key" readOnly value={created.key} className="input font-mono text-sm" />
        </section>
      ) : null}
      <section aria-labelledby="create-key-title" className="card">
        <h2 id="create-key-title" className="text-xl font-semibold">
          {withScopes ? t("Create a service key") : t("Create a key")}
        </h2>
        <p className="mt-1 text-slate-700">
          {withScopes
            ? t("A service key acts on every shipment, within the scopes you give it: for your own systems and partner carriers.")
            : t("A key lets your shop or your own software create and follow your shipments through the API. Keep it secret, like a password.")}{" "}
          <a href="/developers" className="link">
            {t("How to use the API")}
          </a>
        </p>
        <Form method="post" className="mt-4 max-w-md space-y-4">
          {/* A post that named no known button (create or revoke) is answered here too. */}
          <FormErrors errors={[...(errors[""] ?? []), ...(errors.intent ? ["Please use the Create key or Revoke button."] : [])]} />
          <Field label={t("Key name")} help={t("For you to tell your keys apart, for example “Shop checkout”.")} inputProps={{ name: "name", required: true, maxLength: KEY_NAME_MAX, autoComplete: "off" }} errors={errors.name ?? undefined} />
          {withScopes ? (
            <fieldset className="space-y-2">
              <legend className="label">{t("Scopes")}</legend>
              {SCOPES.map((scope) => (
                <CheckboxField key={scope} label={t(SCOPE_LABELS[scope])} inputProps={{ name: "scopes", value: scope, id: `scope-${scope}` }} />
              ))}
              <FormErrors errors={errors.scopes ?? undefined} />
            </fieldset>
          ) : null}
          <button type="submit" name="intent" value="create" className="btn-primary" data-pending="">
            {t("Create key")}
          </button>
        </Form>
      </section>
      <section aria-labelledby="keys-title" className="card">
        <h2 id="keys-title" className="text-xl font-semibold">
          {withScopes ? t("Service keys") : t("Your keys")}
        </h2>
        {keys.length === 0 ? (
          <p className="mt-2 text-slate-700">{t("No keys yet.")}</p>
        ) : (
          <div className="mt-3 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-slate-200">
                  <th scope="col" className="py-2 pr-3">{t("Name")}</th>
                  <th scope="col" className="py-2 pr-3">{t("Key")}</th>
                  <th scope="col" className="py-2 pr-3">{t("Scopes")}</th>
                  <th scope="col" className="py-2 pr-3">{t("Created")}</th>
                  <th scope="col" className="py-2 pr-3">{t("Last used")}</th>
                  <th scope="col" className="py-2">
                    <span className="sr-only">{t("Revoke")}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {keys.map((key) => (
                  <tr key={key.id} className="border-b border-slate-100 align-top">
                    <td className="py-2 pr-3 font-medium">{key.name}</td>
                    <td className="py-2 pr-3 font-mono">{key.prefix}…</td>
                    <td className="py-2 pr-3">{key.scopes.join(", ")}</td>
                    <td className="py-2 pr-3">
                      {formatDateTime(key.createdAt, timeZone, locale)}
                      {withScopes ? <span className="block text-slate-600">{t("by {{email}}", { email: key.ownerEmail })}</span> : null}
                    </td>
                    <td className="py-2 pr-3">{key.lastUsedAt ? formatDateTime(key.lastUsedAt, timeZone, locale) : t("Never")}</td>
                    <td className="py-2">
                      {key.revokedAt ? (
                        <span className="text-slate-700">{t("Revoked {{time}}", { time: formatDateTime(key.revokedAt, timeZone, locale) })}</span>
                      ) : (
                        <Form method="post">
                          <input type="hidden" name="keyId" value={key.id} />
                          <button type="submit" name="intent" value="revoke" className="btn-danger" aria-label={t("Revoke {{name}} ({{prefix}}…)", { name: key.name, prefix: key.prefix })}>
                            {t("Revoke")}
                          </button>
                        </Form>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
