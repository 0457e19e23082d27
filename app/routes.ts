import { route, type RouteConfig, type RouteConfigEntry } from "@remix-run/route-config";
import { flatRoutes } from "@remix-run/fs-routes";
import { ALIASES, UPCOMING_PAGES } from "./pages/route-table";

const fileRoutes = await flatRoutes({ ignoredRouteFiles: ["**/*.test.*"] });

function layout(file: string): RouteConfigEntry {
  const entry = fileRoutes.find((candidate) => candidate.file === file);
  if (!entry) throw new Error(`${file} is missing`);
  return entry;
}

// Admin screens still to be built answer inside the admin layout.
const admin = layout("routes/_admin.tsx");
admin.children = [
  ...(admin.children ?? []),
  ...Object.keys(UPCOMING_PAGES).map((path) => route(path, "pages/upcoming.tsx", { id: `upcoming:${path}` })),
];

const aliases: RouteConfigEntry[] = Object.keys(ALIASES).map((path) =>
  route(path.slice(1), "pages/alias.tsx", { id: `alias:${path}` }),
);

export default [...fileRoutes, ...aliases] satisfies RouteConfig;
