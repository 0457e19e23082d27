import { vitePlugin as remix } from "@remix-run/dev";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import type { Plugin, Rollup } from "vite";
import { defineConfig } from "vitest/config";
import { BASE } from "./tests/integration/base";

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

const appDir = fileURLToPath(new URL("./app", import.meta.url));

/** The fields of `world-countries` that app/domain/countries.ts reads (the names in their two English forms). */
const COUNTRY_FIELDS = ["cca2", "cca3", "name", "altSpellings", "idd", "currencies", "region", "subregion", "area", "independent", "unMember"];

/**
 * `world-countries` ships 1.4 MB of JSON (translations, borders, flags...) of which the app reads
 * 97 KB: the worker, and every test file's runtime, would parse the rest at each start. The
 * package stays the source; what reaches the bundle is its rows with these fields only.
 */
function countryFieldsOnly(): Plugin {
  return {
    name: "country-fields-only",
    enforce: "pre",
    transform(code, id) {
      if (!/[\\/]world-countries[\\/]countries\.json$/.test(id)) return null;
      const rows = (JSON.parse(code) as Record<string, unknown>[]).map((row) =>
        Object.fromEntries(
          COUNTRY_FIELDS.map((field) => {
            const { common, official } = row.name as { common: string; official: string };
            return [field, field === "name" ? { common, official } : row[field]];
          }),
        ),
      );
      return { code: JSON.stringify(rows), map: null };
    },
  };
}

/**
 * What every hydrating page loads anyway, one file: the modules the browser entry and the root
 * route import statically (React, Remix, i18next, the shared components...). Rollup split them
 * into some 30 small chunks by which routes share them, and a page waited for each.
 */
function everyPageChunk(): (id: string, meta: Rollup.ManualChunkMeta) => string | undefined {
  let always: Set<string> | undefined;
  return (id, { getModuleIds, getModuleInfo }) => {
    if (!always) {
      always = new Set();
      const starts = [...getModuleIds()].filter((one) => one === `${appDir}/root.tsx` || one === `${appDir}/entry.client.tsx`);
      for (const start of starts) {
        const queue = [start];
        while (queue.length > 0) {
          const next = queue.pop()!;
          if (always.has(next)) continue;
          always.add(next);
          queue.push(...(getModuleInfo(next)?.importedIds ?? []));
        }
      }
    }
    return always.has(id) ? "every-page" : undefined;
  };
}

// One file configures both the app build (remix vite:build) and the tests (vitest), in two
// projects: `unit`, the pure rules beside their modules, in Node (a file may ask for a DOM with
// `// @vitest-environment happy-dom`); and `workers`, what needs workerd (loaders, actions,
// D1, Durable Objects, the Cache API), inside workerd with the real worker.
export default defineConfig(async ({ isSsrBuild }) => {
  const resolve = { alias: { "~": appDir } };
  const remixPlugin = remix({
    future: {
      v3_fetcherPersist: true,
      v3_relativeSplatPath: true,
      v3_throwAbortReason: true,
      v3_singleFetch: true,
      // Off: hydrating pages load the whole route manifest up front (docs/decisions/172).
      v3_lazyRouteDiscovery: false,
      v3_routeConfig: true,
    },
  });
  if (!process.env.VITEST) {
    return {
      resolve,
      plugins: [countryFieldsOnly(), tailwindcss(), remixPlugin],
      ssr: {
        // Bundled here rather than left to wrangler, so that the bundle carries the fields the app reads.
        noExternal: ["world-countries"],
        resolve: { conditions: ["workerd", "worker", "browser"], externalConditions: ["workerd", "worker"] },
      },
      // The server build holds the worker's handlers and Durable Objects too (app/entry.server.tsx):
      // the runtime's own modules stay imports, for wrangler to leave to workerd.
      build: { minify: true, rollupOptions: { external: [/^cloudflare:/], output: isSsrBuild ? {} : { manualChunks: everyPageChunk() } } },
      // app/behaviours/public-page.ts is bundled as a module of its own (`?worker&url`, decision
      // 145); as an ES module it loads the chat window's code only when it is wanted.
      worker: { format: "es" as const },
    };
  }
  const migrations = await readD1Migrations(fileURLToPath(new URL("./migrations", import.meta.url)));
  return {
    test: {
      // Two files at a time on a two-core machine (Vitest's default is one fewer than the cores):
      // a workerd file spends most of its time starting its runtime and loading modules, and the
      // two projects' files take 4 minutes this way instead of 7.
      maxWorkers: 2,
      projects: [
        {
          resolve,
          plugins: [countryFieldsOnly()],
          test: {
            name: "unit",
            environment: "node",
            include: ["app/**/*.test.ts"],
            // Worker threads start faster than forked processes: 70 small files run in about 24 s
            // here instead of 32 s, and none of them needs a process of its own.
            pool: "threads",
            // A safety cap, not a speed check: scrypt (password.server.test.ts) is slow by design
            // and several times slower on a busy two-core machine.
            testTimeout: 30_000,
          },
        },
        {
          // The Remix plugin wants a config file (it loads it again for its child compiler): this one.
          extends: true as const,
          resolve,
          plugins: [
            countryFieldsOnly(),
            // Compiles the app's routes from source into `virtual:remix/server-build` for tests/worker.ts.
            remixPlugin,
            cloudflareTest({
              main: "./tests/worker.ts",
              wrangler: { configPath: "./wrangler.toml" },
              miniflare: {
                // Mail's links start with the address the tests send their requests to.
                bindings: { TEST_MIGRATIONS: migrations, PUBLIC_ORIGIN: BASE },
                // A second database that stands for a read replica lagging behind DB
                // (tests/integration/round-trips.test.ts).
                d1Databases: ["REPLICA_DB"],
                // No client build is needed: the tests' static files are the source ones in public/.
                assets: { directory: "./public", binding: "ASSETS" },
              },
            }),
          ],
          test: {
            name: "workers",
            include: ["tests/integration/**/*.test.ts"],
            setupFiles: ["./tests/integration/apply-migrations.ts"],
            // A safety cap, not a speed check: password hashing and page renders take several times
            // longer on a busy two-core machine than on an idle one.
            testTimeout: 30_000,
            // The server build imports CommonJS packages (@remix-run/cloudflare and what it requires);
            // pre-bundling them into ESM gives workerd one consistent module graph. The other
            // packages the app imports are pre-bundled too: each test file loads the whole graph
            // into a new runtime, and one module per package loads faster than its many files.
            deps: {
              optimizer: {
                ssr: { enabled: true, include: ["@remix-run/cloudflare", "@remix-run/react", "react", "react-dom/server", "react-router-dom", "drizzle-orm", "drizzle-orm/batch", "drizzle-orm/sqlite-core", "drizzle-orm/d1", "zod", "@conform-to/zod", "@conform-to/react", "uqr", "remix-auth", "remix-auth-form", "csv-stringify/sync", "@radix-ui/react-dialog", "@epic-web/client-hints", "@epic-web/client-hints/time-zone"] },
              },
            },
          },
        },
      ],
    },
  };
});
