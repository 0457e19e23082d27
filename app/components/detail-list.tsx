import { Fragment } from "react";

/** Label and value pairs in two columns: a record's facts above its text (a mail, a message). */
export function DetailList({ details }: { details: readonly (readonly [string, string])[] }) {
  return (
    <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
      {details.map(([term, value]) => (
        <Fragment key={term}>
          <dt className="font-medium text-slate-600">{term}</dt>
          {/* A value may be one long word (an address, a link): it may break anywhere rather than widen the page. */}
          <dd className="min-w-0 [overflow-wrap:anywhere]">{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
