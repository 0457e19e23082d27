// The sequential D1 round trips of the pages and actions (part of `npm run bench`): the built
// worker under wrangler dev in bench mode (--var BENCH:true) over fresh demo data, every D1 call
// held BENCH_D1_LATENCY_MS (10) as a far-away primary would, so the calls a request sends
// together overlap and its X-Bench-D1-Steps header counts the waits in series, the session check
// included (app/.server/bench-d1.ts). One line per page or action; a redirect's page is counted
// as a page of its own. A page may wait for 2 round trips, an action for 3: the script exits
// with 1 when one waits for more. BENCH_ROUND_TRIPS_PORT (default 8794) moves it.
import { DEMO_ADMIN, DEMO_CUSTOMER } from "../../app/features/accounts/demo-accounts.server";
import { DEMO_TRACKING_IDS } from "../../drizzle/seed-data";
import { VALID_ADMIN_FORM } from "../admin-shipment-sample";
import { SAMPLE_PACKAGE_STEP, SAMPLE_RECIPIENT, SAMPLE_SENDER } from "../customer-shipment-sample";
import { seededServer, signIn } from "./server";

const PORT = Number(process.env.BENCH_ROUND_TRIPS_PORT ?? 8794);
const LIMITS = { page: 2, action: 3 };
/** The demo data alone. */
const DEMO_SHIPMENTS = 40;

const { base: BASE, stop } = await seededServer(DEMO_SHIPMENTS, PORT, { BENCH: "true", BENCH_D1_LATENCY_MS: "10" });
const over: string[] = [];

/** One request as a browser sends it, its round trips printed; answers with where it redirects to. */
async function count(path: string, { cookie = "", form, status }: { cookie?: string; form?: Record<string, string>; status: number }): Promise<{ location: string | null; html: string }> {
  const response = await fetch(BASE + path, {
    method: form ? "POST" : "GET",
    redirect: "manual",
    headers: { Cookie: cookie, ...(form ? { Origin: BASE, "Content-Type": "application/x-www-form-urlencoded" } : {}) },
    body: form ? new URLSearchParams(form) : undefined,
  });
  const html = await response.text();
  if (response.status !== status) throw new Error(`${form ? "POST " : ""}${path} answered ${response.status}, not ${status}`);
  const steps = Number(response.headers.get("X-Bench-D1-Steps"));
  const label = form ? `POST ${path} (${form.intent ?? form.status ?? "send"})` : path;
  console.log(`sequential D1 round trips: ${label} ${steps}`);
  if (steps > (form ? LIMITS.action : LIMITS.page)) over.push(label);
  return { location: response.headers.get("Location"), html };
}

/** An action and the page it redirects to, both counted. */
async function actionAndPage(path: string, cookie: string, form: Record<string, string>): Promise<string> {
  const { location } = await count(path, { cookie, form, status: 302 });
  await count(location!, { cookie, status: 200 });
  return location!;
}

try {
  const admin = await signIn(BASE, "/admin/login", DEMO_ADMIN);
  const customer = await signIn(BASE, "/login", DEMO_CUSTOMER);
  const tracked = `/track/${DEMO_TRACKING_IDS[0]!.trackingId}`;

  // Public pages and anonymous tracking: the tracking page twice, not yet stored, then stored.
  for (const path of ["/", "/pricing", "/services", "/login", "/track", tracked, tracked]) await count(path, { status: 200 });

  // The customer's reading pages.
  for (const path of ["/dashboard", "/invoices/seed-invoice-01", "/profile", tracked]) await count(path, { cookie: customer, status: 200 });

  // The back office's pages.
  for (const path of ["/admin/dashboard", "/admin/shipments", "/admin/users", "/admin/invoices", "/admin/mailbox", "/admin/chat-support", "/admin/shipments/seed-shipment-03/edit"]) {
    await count(path, { cookie: admin, status: 200 });
  }

  // The customer's shipment form: the address without a step redirects to the step reached, then
  // each step's page and its Next (with a save as one types on the first), and Create.
  const form = "/dashboard/create-shipment";
  await count(form, { cookie: customer, status: 302 }).then(({ location }) => count(location!, { cookie: customer, status: 200 }));
  await count(`${form}?step=1`, { cookie: customer, form: { step: "1", intent: "save", revision: "0", ...SAMPLE_SENDER }, status: 200 });
  const steps: Record<string, string>[] = [SAMPLE_SENDER, SAMPLE_RECIPIENT, SAMPLE_PACKAGE_STEP];
  for (const [index, fields] of steps.entries()) await actionAndPage(`${form}?step=${index + 1}`, customer, { step: String(index + 1), intent: "next", ...fields });
  await actionAndPage(`${form}?step=4`, customer, { step: "4", intent: "create", specialInstructions: "", referenceNumber: "" });

  // A new shipment from the back office, a change of its status, then an edit that changes its price.
  const created = await actionAndPage("/admin/shipments/new", admin, { ...VALID_ADMIN_FORM, customDeliveryDays: "3", intent: "save" });
  // The new shipment's receipt, /receipt/{id}.
  const id = decodeURIComponent(created.split("/").pop()!);
  await actionAndPage(`/admin/shipments/${id}/status`, admin, { status: "in_transit", redirectTo: `/admin/shipments/${id}/edit` });
  const { html } = await count(`/admin/shipments/${id}/edit`, { cookie: admin, status: 200 });
  const version = /name="version" value="(\d+)"/.exec(html)?.[1];
  if (!version) throw new Error("the edit page shows no version");
  await actionAndPage(`/admin/shipments/${id}/edit`, admin, { ...VALID_ADMIN_FORM, customDeliveryDays: "3", intent: "save", weight: "5", version, currentLocation: "" });
} finally {
  await stop();
}
console.log(`sequential D1 round trips: at most ${LIMITS.page} per page and ${LIMITS.action} per action, ${over.length === 0 ? "all within" : `over: ${over.join(", ")}`}`);
if (over.length > 0) process.exit(1);
