// The tests' site address: the requests go to it, and the worker's PUBLIC_ORIGIN is set to it
// (vite.config.ts), so links in mail start with it. No imports: the Vite config reads it too.
export const BASE = "https://parcel.test";
