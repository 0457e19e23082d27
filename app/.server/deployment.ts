// The settings a worker needs before it may serve anyone. Local development (wrangler.toml's
// top-level [vars], ENVIRONMENT = "development") runs the demo with a public secret; any other
// environment, production above all, must have its own secret, demo mode off and its address.
// The worker entry runs this check when its module loads, so a deployment without them fails
// to start (and `wrangler deploy` reports the error) instead of serving.

/** The secret wrangler.toml's local [vars] carries: public, so never valid outside development. */
export const DEVELOPMENT_SECRET = "local-development-secret-change-me";
export const MIN_SECRET_LENGTH = 32;

type DeploymentSettings = Partial<Pick<Env, "ENVIRONMENT" | "SESSION_SECRET" | "DEMO_MODE" | "PUBLIC_ORIGIN" | "BENCH" | "RESEND_API_KEY" | "MAIL_FROM">>;

export function isLocalDevelopment(env: DeploymentSettings): boolean {
  return env.ENVIRONMENT === "development";
}

function isHttpsOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.origin === value.replace(/\/$/, "");
  } catch {
    return false;
  }
}

/**
 * What is wrong with a production session secret, or null. Its length is counted without the
 * whitespace around it (32 spaces, or a short value padded out, are no secret), and a value
 * that holds the public development default anywhere, in any case, is that default with
 * characters added: guessable from wrangler.toml.
 */
export function sessionSecretProblem(secret: string): string | null {
  if (secret === "") return "SESSION_SECRET is not set (wrangler secret put SESSION_SECRET --env production).";
  const meaningful = secret.trim();
  if (meaningful === "") return "SESSION_SECRET is only whitespace.";
  if (meaningful.toLowerCase().includes(DEVELOPMENT_SECRET.toLowerCase())) return "SESSION_SECRET is the public development default.";
  if (meaningful.length < MIN_SECRET_LENGTH) {
    return `SESSION_SECRET is shorter than ${MIN_SECRET_LENGTH} characters (whitespace around it not counted).`;
  }
  return null;
}

/** What is wrong with these settings for a worker that serves the public; empty when nothing is. */
export function deploymentProblems(env: DeploymentSettings): string[] {
  if (isLocalDevelopment(env)) return [];
  const problems: string[] = [];
  const secretProblem = sessionSecretProblem(env.SESSION_SECRET ?? "");
  if (secretProblem) problems.push(secretProblem);
  if (env.DEMO_MODE === "true") problems.push('DEMO_MODE is "true": the demo buttons would sign anyone in as an admin.');
  if (env.BENCH === "true") problems.push('BENCH is "true": every answer would carry its D1 counts (npm run bench only).');
  if (!isHttpsOrigin(env.PUBLIC_ORIGIN ?? "")) {
    problems.push("PUBLIC_ORIGIN is not the site's https address (for example https://parcels.example.com).");
  }
  if (env.RESEND_API_KEY?.trim() && !env.MAIL_FROM?.trim()) {
    problems.push("RESEND_API_KEY is set but MAIL_FROM is not: mail needs a From address of a domain verified with Resend.");
  }
  return problems;
}

/** Throws, naming every problem, unless the settings may serve the public. */
export function assertDeployable(env: DeploymentSettings): void {
  const problems = deploymentProblems(env);
  if (problems.length === 0) return;
  const where = env.ENVIRONMENT ? `the "${env.ENVIRONMENT}" environment` : "an environment without ENVIRONMENT";
  throw new Error(`The worker refuses to start in ${where}: ${problems.join(" ")}`);
}
