// The admin's search at two sizes (part of `npm run bench`): for each size, a fresh local D1 with
// the demo data and the bulk shipments (drizzle/seed-bulk.ts: multi-row INSERTs), the built worker
// under wrangler dev, then the median time of the admin list searched by a whole tracking ID,
// the start of one, a name, an e-mail address and a city. Each search must take at most twice
// as long at the larger size as at the smaller; the script exits with 1 when one does not.
import { DEMO_ADMIN } from "../../app/features/accounts/demo-accounts.server";
import { medianMs, seededServer, signIn } from "./server";

const PORT = Number(process.env.BENCH_SEARCH_PORT ?? 8792);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 25);
const [SMALL, LARGE] = (process.env.BENCH_SEARCH_SIZES ?? "1000,100000").split(",").map(Number) as [number, number];
const MAX_RATIO = 2;

// The bulk shipment n has the tracking ID BEN followed by n in 12 digits; its people are drawn
// from 14 first names and 14 surnames, its customers' addresses are bench-user-<n>@example.com
// (about 40 shipments each at either size) and its cities are one per country.
const SEARCHES = [
  { name: "full ID", search: "BEN000000000500" },
  { name: "ID prefix", search: "BEN0000000001" },
  { name: "name", search: "Avery Chen" },
  { name: "e-mail", search: "bench-user-7@example.com" },
  { name: "city", search: "Chicago" },
];

async function measure(size: number): Promise<number[]> {
  const server = await seededServer(size, PORT);
  try {
    const cookie = await signIn(server.base, "/admin/login", DEMO_ADMIN);
    const times: number[] = [];
    for (const { name, search } of SEARCHES) {
      const path = `/admin/shipments?search=${encodeURIComponent(search)}`;
      // What the list says it found: its count, or its rows when they fit on one page.
      const page = (await (await fetch(server.base + path, { headers: { Cookie: cookie } })).text()).replaceAll("<!-- -->", "");
      const found = /Showing 1 to \d+ of ([\d,]+\+?) results/.exec(page)?.[1] ?? String(page.match(/<th scope="row"/g)?.length ?? 0);
      times.push(await medianMs(server.base + path, cookie, SAMPLES));
      console.log(`search ${name} '${search}' at ${size.toLocaleString("en-US")} shipments: ${found} found, median ${times.at(-1)!.toFixed(1)} ms`);
    }
    return times;
  } finally {
    await server.stop();
  }
}

const small = await measure(SMALL);
const large = await measure(LARGE);
const rows = SEARCHES.map(({ name, search }, index) => {
  const ratio = large[index]! / small[index]!;
  return [`${name} '${search}'`, `${small[index]!.toFixed(1)} ms`, `${large[index]!.toFixed(1)} ms`, `x${ratio.toFixed(2)}`, ratio <= MAX_RATIO ? "yes" : "NO"];
});
const header = ["search", SMALL.toLocaleString("en-US"), LARGE.toLocaleString("en-US"), "ratio", `within ${MAX_RATIO}x`];
const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column]!.length)));
console.log(`admin search, median of ${SAMPLES} sequential requests of /admin/shipments?search=..., one client`);
for (const row of [header, ...rows]) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join("  "));
if (rows.some((row) => row[4] === "NO")) process.exitCode = 1;
