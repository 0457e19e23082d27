import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { MAX_TRACKING_IDS } from "~/domain/tracking-id";
import { useHydrated } from "./use-hydrated";

/**
 * A GET form to /track: one tracking ID, or up to MAX_TRACKING_IDS separated by commas, spaces
 * or new lines; the result's address (/track/{id}, /track?ids=A,B) can be shared and bookmarked.
 * Without JavaScript the server answers a blank search; with it the button stays disabled while
 * the box is blank or a search is running, and Enter searches (Shift+Enter starts a new line).
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
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [value, setValue] = useState(defaultValue);
  const searching = navigation.state === "loading" && navigation.location.pathname.startsWith("/track");
  const large = size === "large";
  const id = `tracking-ids-${size}`;
  return (
    <Form method="get" action="/track" className="w-full" role="search" aria-label="Track a package">
      <label htmlFor={id} className={large ? "mb-2 block text-base font-semibold" : "label"}>
        Tracking IDs
      </label>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <textarea
          id={id}
          name="ids"
          rows={1}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="e.g. SWP482913K7Q2ZD"
          defaultValue={defaultValue}
          onChange={(event) => setValue(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
            event.preventDefault();
            if (event.currentTarget.value.trim() !== "") event.currentTarget.form?.requestSubmit();
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-help ${id}-error` : `${id}-help`}
          className={`input field-sizing-content max-h-48 min-h-11 resize-y font-mono uppercase placeholder:normal-case ${large ? "py-3 text-lg" : ""}`}
        />
        <button type="submit" className={`btn-primary ${large ? "px-6 py-3 text-base" : "min-h-11"}`} disabled={hydrated && (searching || value.trim() === "")}>
          {searching ? "Tracking..." : "Track"}
        </button>
      </div>
      <p id={`${id}-help`} className={`mt-2 text-sm ${large ? "text-slate-700" : "text-slate-600"}`}>
        {`One ID, or up to ${MAX_TRACKING_IDS} separated by commas, spaces or new lines.`}
      </p>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </Form>
  );
}
