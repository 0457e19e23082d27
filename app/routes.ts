import { route, type RouteConfig, type RouteConfigEntry } from "@remix-run/route-config";
import { flatRoutes } from "@remix-run/fs-routes";
import { ALIASES } from "./route-aliases";

const fileRoutes = await flatRoutes({ ignoredRouteFiles: ["**/*.test.*"] });

const aliases: RouteConfigEntry[] = Object.keys(ALIASES).map((path) =>
  route(path.slice(1), "alias-route.tsx", { id: `alias:${path}` }),
);

export default [...fileRoutes, ...aliases] satisfies RouteConfig;
