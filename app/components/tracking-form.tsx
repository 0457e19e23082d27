import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "./use-hydrated";

/**
 * A GET form to /track: the result's address (/track/{id}) can be shared and bookmarked.
 * Without JavaScript the server answers a blank search; with it the button stays disabled while the box is blank or a search is running.
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
  return (
    <Form method="get" action="/track" className="w-full" role="search" aria-label="Track a package">
      <label htmlFor={`tracking-id-${size}`} className={large ? "mb-2 block text-base font-semibold" : "label"}>
        Tracking ID
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={`tracking-id-${size}`}
          name="id"
          type="text"
          inputMode="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="e.g. SWP482913K7Q2ZD"
          defaultValue={defaultValue}
          onChange={(event) => setValue(event.currentTarget.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `tracking-id-${size}-error` : undefined}
          className={`input font-mono uppercase placeholder:normal-case ${large ? "py-3 text-lg" : ""}`}
        />
        <button type="submit" className={`btn-primary ${large ? "px-6 py-3 text-base" : ""}`} disabled={hydrated && (searching || value.trim() === "")}>
          {searching ? "Tracking..." : "Track"}
        </button>
      </div>
      {error ? (
        <p id={`tracking-id-${size}-error`} className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </Form>
  );
}
