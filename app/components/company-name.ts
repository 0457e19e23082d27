// The company's name as the settings give it (the root loader reads them), for pages' titles
// and descriptions: a route's `meta` gets the root's data among its `matches`.

/**
 * Used only when the root loader's data is missing (its own failure: no settings could be
 * read). It is the settings' first value (migrations/0001_default_settings.sql).
 */
export const FALLBACK_COMPANY_NAME = "SwiftParcel";

type Match = { id: string; data: unknown };

/** The company's name from the root loader's data among a `meta` function's `matches`. */
export function companyNameOf(matches: readonly Match[] | undefined): string {
  const root = matches?.find((match) => match.id === "root")?.data as { site?: { companyName?: string } } | null | undefined;
  return root?.site?.companyName ?? FALLBACK_COMPANY_NAME;
}
