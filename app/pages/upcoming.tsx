import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useMatches } from "@remix-run/react";
import { UPCOMING_PAGES } from "./route-table";

export const meta: MetaFunction = ({ matches }) => {
  const path = matches.at(-1)?.id.replace(/^upcoming:/, "") ?? "";
  return [{ title: `${UPCOMING_PAGES[path] ?? "Page"} | SwiftParcel` }];
};

/** A page of the route table that a later issue builds: it answers inside the layout. */
export default function UpcomingPage() {
  const path = useMatches().at(-1)?.id.replace(/^upcoming:/, "") ?? "";
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-20 text-center">
      <h1 className="mb-3 text-3xl font-bold">{UPCOMING_PAGES[path] ?? "Page"}</h1>
      <p className="mb-6 text-slate-700">Coming soon. This part of SwiftParcel is being built.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn-primary">
          Go Home
        </Link>
        <Link to="/track" className="btn-secondary">
          Track a Package
        </Link>
      </div>
    </main>
  );
}
