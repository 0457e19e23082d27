import { useRouteLoaderData } from "@remix-run/react";
import type { loader } from "~/root";

/** The root loader's data: the signed-in user, flash toast, consent, time zone, site contacts. */
export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

/** The reader's time zone (UTC until the browser has told us). */
export function useTimeZone(): string {
  return useRootData()?.timeZone ?? "UTC";
}
