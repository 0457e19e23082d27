// What the benchmark scripts share: waiting for the app they started to answer, finding the
// worker's own workerd socket behind wrangler dev's proxy, and signing in.
import { execFileSync } from "node:child_process";

/** Resolves once `base` answers /robots.txt, or throws after three minutes. */
export async function waitForServer(base: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/robots.txt`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("the app did not start within 3 minutes");
}

/** Signs in through the form at `path`, as a browser does, and gives the session's Cookie header. */
export async function signIn(base: string, path: string, account: { email: string; password: string }): Promise<string> {
  const response = await fetch(base + path, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "sign-in", email: account.email, password: account.password, redirectTo: "" }),
  });
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);
  if (response.status !== 302 || cookies.length === 0) throw new Error(`sign-in at ${path} answered ${response.status}`);
  return cookies.join("; ");
}

/** The pids of `root` and all its descendants. */
function processTree(root: number): Set<number> {
  const rows = execFileSync("ps", ["-e", "-o", "pid=,ppid="], { encoding: "utf8" }).trim().split("\n");
  const pairs = rows.map((row) => row.trim().split(/\s+/).map(Number) as [number, number]);
  const tree = new Set([root]);
  for (let grown = true; grown; ) {
    grown = false;
    for (const [pid, ppid] of pairs) {
      if (tree.has(ppid) && !tree.has(pid)) {
        tree.add(pid);
        grown = true;
      }
    }
  }
  return tree;
}

/**
 * The address of the worker's own workerd socket, behind wrangler dev's proxy: among the loopback
 * ports the started processes listen on (other than the proxy's), the one that serves the site.
 */
export async function userWorkerOrigin(root: number, proxyPort: number): Promise<string | null> {
  const pids = processTree(root);
  const listening = execFileSync("ss", ["-ltnpH"], { encoding: "utf8" }).split("\n");
  const ports = listening
    .filter((line) => [...line.matchAll(/pid=(\d+)/g)].some((match) => pids.has(Number(match[1]))))
    .map((line) => /127\.0\.0\.1:(\d+)/.exec(line)?.[1])
    .filter((port): port is string => port !== undefined && Number(port) !== proxyPort);
  for (const port of ports) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/robots.txt`, { signal: AbortSignal.timeout(5000) });
      if (response.ok && (await response.text()).includes("User-agent")) return `http://127.0.0.1:${port}`;
    } catch {
      // not this one
    }
  }
  return null;
}
