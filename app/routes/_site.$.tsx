import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { sameSiteReferrer } from "~/.server/safe-redirect";
import { NotFound } from "~/components/not-found";
import type { ScriptsHandle } from "~/components/page-scripts";
import { companyNameOf } from "~/components/company-name";
import { metaT } from "~/features/languages/translate";

export const handle: ScriptsHandle = { hydrate: false };

export const meta: MetaFunction = ({ matches }) => [
  { title: metaT(matches, "site")("Page Not Found | {{company}}", { company: companyNameOf(matches) }) },
  { name: "robots", content: "noindex" },
];

/** Any path no other route claims. Go Back leads to the referring page of this site, if any. */
export function loader({ request }: LoaderFunctionArgs) {
  return data({ backHref: sameSiteReferrer(request) }, { status: 404 });
}

export default function NotFoundPage() {
  const { backHref } = useLoaderData<typeof loader>();
  return <NotFound backHref={backHref} />;
}
