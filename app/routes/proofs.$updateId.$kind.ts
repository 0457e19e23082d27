// GET /proofs/{updateId}/photo and /proofs/{updateId}/signature: a proof of delivery's image, to
// the shipment's owner, admins and the courier who took it; anyone else (signed out, another
// customer, another courier) gets the same 404 as for an image that does not exist. Never kept
// by a shared cache.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { readProofImage } from "~/features/couriers/proofs.server";

const PRIVATE = "private, no-store";

export async function loader({ context, params }: LoaderFunctionArgs) {
  const viewer = await context.sessionUser();
  const image = await readProofImage(context, { viewer, updateId: params.updateId ?? "", kind: params.kind ?? "" });
  if (!image) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PRIVATE } });
  return new Response(image.body, {
    headers: {
      "Content-Type": image.httpMetadata?.contentType ?? "application/octet-stream",
      "Content-Length": String(image.size),
      "Cache-Control": PRIVATE,
      "Content-Disposition": "inline",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
