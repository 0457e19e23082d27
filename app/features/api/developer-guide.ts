// The /developers page's copy: how to get a key, example calls, errors, idempotency and how a
// webhook receiver verifies what it gets. `origin` is the site's public address.
import { tk } from "~/features/languages/languages";
import { API_BASE } from "./api-keys";

export function curlExamples(origin: string) {
  const api = `${origin}${API_BASE}`;
  return [
    {
      title: tk("Price a parcel"),
      code: `curl ${api}/quotes \\
  -H "Authorization: Bearer $SWIFTPARCEL_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"senderCountry":"US","recipientCountry":"DE","currency":"USD","serviceType":"express","deliveryOption":"standard",
       "packages":[{"description":"Books","weight":2,"length":30,"width":20,"height":10,"value":40,"quantity":1}]}'`,
    },
    {
      title: tk("Create a shipment (safe to retry)"),
      code: `curl ${api}/shipments \\
  -H "Authorization: Bearer $SWIFTPARCEL_KEY" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: order-1001" \\
  -d '{"senderName":"Avery Quinn","senderEmail":"avery@example.com","senderPhone":"415 555-0134",
       "senderAddress":"1 Market St","senderCity":"San Francisco","senderState":"CA","senderCountry":"US","senderPostalCode":"94105",
       "recipientName":"Lena Fischer","recipientEmail":"lena@example.com","recipientPhone":"30 5550 1234",
       "recipientAddress":"Torstraße 101","recipientCity":"Berlin","recipientCountry":"DE","recipientPostalCode":"10119",
       "currency":"USD","serviceType":"express","deliveryOption":"standard",
       "packages":[{"description":"Books","weight":2,"length":30,"width":20,"height":10,"value":40,"quantity":1}]}'`,
    },
    {
      title: tk("List your shipments, a page at a time"),
      code: `curl "${api}/shipments?status=in_transit&limit=50" -H "Authorization: Bearer $SWIFTPARCEL_KEY"
# then pass the answer's nextCursor: ?cursor=...`,
    },
    {
      title: tk("Track parcels"),
      code: `curl ${api}/tracking/SWP482913K7Q2ZD -H "Authorization: Bearer $SWIFTPARCEL_KEY"
curl "${api}/tracking?ids=SWP482913K7Q2ZD,SWP517204M3X9PA" -H "Authorization: Bearer $SWIFTPARCEL_KEY"`,
    },
    {
      title: tk("Print the label"),
      code: `curl ${api}/shipments/{id}/label -H "Authorization: Bearer $SWIFTPARCEL_KEY" -o label.svg`,
    },
  ];
}

/** The bulk import by API: upload the file, read its rows' errors, confirm. */
export function importExample(origin: string): string {
  const api = `${origin}${API_BASE}`;
  return `# 1. Upload the file: every row is checked, nothing is created yet
curl ${api}/imports \\
  -H "Authorization: Bearer $SWIFTPARCEL_KEY" \\
  -H "Content-Type: text/csv" \\
  -H "Idempotency-Key: orders-2026-11-27" \\
  --data-binary @orders.csv
# 201 {"id":"…","rowCount":200,"validCount":198,"errorRowCount":2,
#      "rows":[{"line":3,"errors":[{"column":"weight_kg","message":"Valid weight is required"}], …}],
#      "nextPage":null, …}

# 2. Create the rows that pass, in one step (safe to repeat)
curl -X POST ${api}/imports/{id}/confirm -H "Authorization: Bearer $SWIFTPARCEL_KEY"
# 200 {"id":"…","created":198,"leftOut":2,"message":"198 shipments created; 2 rows with errors left out"}`;
}

export const PROBLEM_EXAMPLE = `HTTP/1.1 422 Unprocessable Content
Content-Type: application/problem+json

{
  "type": "about:blank",
  "title": "Unprocessable Content",
  "status": 422,
  "detail": "This step was not saved. Please correct the entries marked below.",
  "errors": [
    { "pointer": "/senderName", "detail": "Sender name is required" },
    { "pointer": "/packages/0/weight", "detail": "Each package can weigh at most 32 kg" }
  ]
}`;

export const VERIFY_EXAMPLE = `import { Webhook } from "standardwebhooks";

// The endpoint's signing secret, as shown once when you registered it: whsec_...
const webhook = new Webhook(process.env.SWIFTPARCEL_WEBHOOK_SECRET);

export async function receive(request) {
  const body = await request.text(); // the raw body, before any JSON parsing
  const event = webhook.verify(body, {
    "webhook-id": request.headers.get("webhook-id"),
    "webhook-timestamp": request.headers.get("webhook-timestamp"),
    "webhook-signature": request.headers.get("webhook-signature"),
  }); // throws when the signature or the time is wrong
  // Deliveries are retried: handle each webhook-id once.
  return new Response(null, { status: 204 });
}`;

export const MANUAL_VERIFY = `signed  = webhook-id + "." + webhook-timestamp + "." + raw body
key     = base64-decode(secret without its "whsec_" prefix)
expected = "v1," + base64(HMAC-SHA256(key, signed))
accept when expected equals one of the space-separated webhook-signature values
       (compared in constant time) and webhook-timestamp is within 5 minutes of now`;

