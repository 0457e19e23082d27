import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useMessages } from "~/components/forms";
import { useBehaviour } from "~/behaviours/use-behaviour";
import { enhanceTrackingForms } from "./tracking-box";
import { MAX_TRACKING_IDS } from "~/features/tracking/tracking-id";

/**
 * A GET form to /track: one tracking ID, or up to MAX_TRACKING_IDS separated by commas, spaces
 * or new lines; the result's address (/track/{id}, /track?ids=A,B) can be shared and bookmarked.
 * Without JavaScript the server answers a blank search; tracking-box.ts keeps the
 * button disabled while the box is blank or a search is running, and Enter searches.
 */
export function TrackingForm({
  defaultValue = "",
  error,
  size = "normal",
}: {
  defaultValue?: string;
  error?: string | null;
  size?: "normal" | "large";
}) {
  const large = size === "large";
  const id = `tracking-ids-${size}`;
  const form = useBehaviour<HTMLFormElement>(enhanceTrackingForms);
  const { t } = useTranslation("tracking");
  const message = useMessages();
  return (
    <Form method="get" action="/track" className="w-full" role="search" aria-label={t("Track a package")} ref={form}>
      <label htmlFor={id} className={large ? "mb-2 block text-base font-semibold" : "label"}>
        {t("Tracking IDs")}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <textarea
          id={id}
          name="ids"
          rows={1}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={t("e.g. {{example}}", { example: "SWP482913K7Q2ZD" })}
          defaultValue={defaultValue}
          data-tracking-ids
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-help ${id}-error` : `${id}-help`}
          className={`input field-sizing-content max-h-48 min-h-11 resize-y font-mono uppercase placeholder:normal-case ${large ? "py-3 text-lg" : ""}`}
        />
        <button type="submit" className={`btn-primary ${large ? "px-6 py-3 text-base" : "min-h-11"}`} data-pending={t("Tracking...")}>
          {t("Track")}
        </button>
      </div>
      <p id={`${id}-help`} className={`mt-2 text-sm ${large ? "text-slate-700" : "text-slate-600"}`}>
        {t("One ID, or up to {{max}} separated by commas, spaces or new lines.", { max: MAX_TRACKING_IDS })}
      </p>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {message(error)}
        </p>
      ) : null}
    </Form>
  );
}
