// What the benchmark scripts share: waiting for the app they started to answer.

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
