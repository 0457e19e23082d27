import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { NotFound } from "~/components/not-found";

export const meta: MetaFunction = () => [{ title: "Page Not Found | SwiftParcel" }, { name: "robots", content: "noindex" }];

/** Any path no other route claims. Go Back leads to the referring page of this site, if any. */
export function loader({ request }: LoaderFunctionArgs) {
  const referrer = request.headers.get("Referer");
  let backHref: string | null = null;
  if (referrer && URL.canParse(referrer)) {
    const from = new URL(referrer);
    if (from.origin === new URL(request.url).origin) backHref = from.pathname + from.search;
  }
  return data({ backHref }, { status: 404 });
}

export default function NotFoundPage() {
  const { backHref } = useLoaderData<typeof loader>();
  return <NotFound backHref={backHref} />;
}
