import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { TrackingForm } from "~/components/tracking-form";
import { normalizeTrackingId } from "~/domain/tracking-id";

export const meta: MetaFunction = () => [
  { title: "Track a package | SwiftParcel" },
  { name: "description", content: "Enter your tracking ID to see where your parcel is, its history and its estimated delivery date." },
];

/** The search form posts here with GET; a tracking ID goes on to its own shareable address. */
export function loader({ request }: LoaderFunctionArgs) {
  const id = new URL(request.url).searchParams.get("id");
  if (id === null) return { error: null };
  const trackingId = normalizeTrackingId(id);
  if (trackingId === "") return data({ error: "Please enter a tracking ID" }, { status: 400 });
  return redirect(`/track/${encodeURIComponent(trackingId)}`);
}

export default function TrackPage() {
  const { error } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="mb-2 text-3xl font-bold">Track your package</h1>
      <p className="mb-6 text-slate-700">Enter the tracking ID from your receipt or confirmation e-mail.</p>
      <div className="card">
        <TrackingForm error={error} />
      </div>
    </main>
  );
}
