// The signed-in pages at two sizes (part of `npm run bench`): for each size, a fresh local D1
// with the demo data plus SEED_SHIPMENTS more shipments (drizzle/seed-bulk.ts), the built worker
// under wrangler dev, then the median time of sequential requests to the admin dashboard, the
// admin list with a search, the customer dashboard and the analytics page. A page whose cost
// follows the table's size shows it here; the ratio line says by how much.
import { DEMO_ADMIN, DEMO_CUSTOMER } from "../../app/features/accounts/demo-accounts.server";
import { medianMs, seededServer, signIn } from "./server";

const PORT = Number(process.env.BENCH_PORT ?? 8791);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 25);
const SIZES = (process.env.BENCH_SIZES ?? "1000,100000").split(",").map(Number);

const PAGES = [
  { name: "admin dashboard", path: "/admin/dashboard", as: "admin" },
  { name: "admin list, search 'Chen'", path: "/admin/shipments?search=Chen", as: "admin" },
  { name: "customer dashboard", path: "/dashboard", as: "customer" },
  { name: "analytics, last 30 days", path: "/admin/analytics?period=30d", as: "admin" },
  { name: "analytics, last year", path: "/admin/analytics?period=1y", as: "admin" },
] as const;

async function measure(size: number): Promise<number[]> {
  const server = await seededServer(size, PORT);
  try {
    const cookies = { admin: await signIn(server.base, "/admin/login", DEMO_ADMIN), customer: await signIn(server.base, "/login", DEMO_CUSTOMER) };
    const results: number[] = [];
    for (const page of PAGES) {
      const ms = await medianMs(server.base + page.path, cookies[page.as], SAMPLES);
      results.push(ms);
      console.log(`${page.name} ${page.path} at ${size.toLocaleString("en-US")} shipments: median ${ms.toFixed(1)} ms`);
    }
    return results;
  } finally {
    await server.stop();
  }
}

const bySize: number[][] = [];
for (const size of SIZES) bySize.push(await measure(size));
console.log(`median of ${SAMPLES} sequential requests per page, one client`);
if (bySize.length === 2) {
  const [small, large] = bySize as [number[], number[]];
  PAGES.forEach((page, index) => {
    console.log(
      `${page.name}: ${SIZES[0]!.toLocaleString("en-US")} ${small[index]!.toFixed(1)} ms, ${SIZES[1]!.toLocaleString("en-US")} ${large[index]!.toFixed(1)} ms (x${(large[index]! / small[index]!).toFixed(2)})`,
    );
  });
}
