// The JavaScript of the signed-in pages (part of `npm run bench`): the built worker under
// wrangler dev on loopback with fresh demo data (seededServer), signed in as the demo customer
// and the demo admin; for each page, the gzipped bytes (gzip -9) and the number of the scripts
// a browser loads with it (loadedScripts). Decision 145. BENCH_JS_PORT (default 8793) moves it.
import { DEMO_ADMIN, DEMO_CUSTOMER } from "../../app/features/accounts/demo-accounts.server";
import { DEMO_TRACKING_IDS } from "../../drizzle/seed-data";
import { gzippedBytes, loadedScripts, seededServer, signIn } from "./server";

const PORT = Number(process.env.BENCH_JS_PORT ?? 8793);
/** The demo data alone. */
const DEMO_SHIPMENTS = 40;

/** Every signed-in page: the customer's (their own shipment's page is its tracking page) and the back office's. */
const PAGES = [
  ...[
    "/dashboard",
    "/dashboard/create-shipment?step=1",
    "/dashboard/import",
    "/invoices/seed-invoice-01",
    "/profile",
    "/profile/api-keys",
    "/profile/webhooks",
    "/support/chat",
    `/track/${DEMO_TRACKING_IDS[0]!.trackingId}`,
  ].map((path) => ({ path, as: "customer" as const })),
  ...[
    "/admin/dashboard",
    "/admin/shipments",
    "/admin/shipments/new",
    "/admin/shipments/seed-shipment-01/edit",
    "/admin/shipments/import",
    "/admin/users",
    "/admin/users/new",
    "/admin/couriers",
    "/admin/couriers/new",
    "/admin/invoices",
    "/admin/mailbox",
    "/admin/chat-support",
    "/admin/messages",
    "/admin/notifications",
    "/admin/analytics?period=30d",
    "/admin/api-keys",
    "/admin/webhooks",
    "/admin/settings",
    "/admin/profile",
  ].map((path) => ({ path, as: "admin" as const })),
];

const { base: BASE, stop } = await seededServer(DEMO_SHIPMENTS, PORT);
try {
  const cookies = { admin: await signIn(BASE, "/admin/login", DEMO_ADMIN), customer: await signIn(BASE, "/login", DEMO_CUSTOMER) };
  for (const page of PAGES) {
    const response = await fetch(BASE + page.path, { headers: { Cookie: cookies[page.as] }, redirect: "manual" });
    if (response.status !== 200) throw new Error(`${page.path} answered ${response.status}`);
    const scripts = loadedScripts(await response.text());
    const bytes = (await Promise.all(scripts.map((path) => gzippedBytes(BASE, path)))).reduce((a, b) => a + b, 0);
    console.log(`signed-in ${page.as} ${page.path} gzipped JS: ${bytes} B (${(bytes / 1024).toFixed(1)} KB, ${scripts.length} files)`);
  }
} finally {
  await stop();
}
