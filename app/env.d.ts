// Bindings and vars of wrangler.toml. TEST_MIGRATIONS exists only inside the test pool.
declare namespace Cloudflare {
  interface Env {
    DB: D1Database;
    ASSETS: Fetcher;
    CHAT_SESSIONS: DurableObjectNamespace<import("./durable-objects/chat-session").ChatSession>;
    CHAT_ADMIN_FEED: DurableObjectNamespace<import("./durable-objects/chat-admin-feed").ChatAdminFeed>;
    /** wrangler.toml's [[r2_buckets]]: proof-of-delivery photos and signatures, private (app/features/couriers/proofs.server.ts). */
    PROOFS: R2Bucket;
    /** Workers AI: absent unless wrangler.toml has an [ai] binding (see README, "Support chat"). */
    AI?: Ai;
    /** "development" only in wrangler.toml's local [vars]; see app/.server/deployment.ts. */
    ENVIRONMENT: string;
    DEMO_MODE: string;
    /** Tracking look-ups per client per minute, in steps of TRACK_LIMITER's 60 (app/.server/rate-limit.ts). */
    TRACK_RATE_LIMIT: string;
    /** wrangler.toml's [[ratelimits]]: counts tracking look-ups without writing to D1. */
    TRACK_LIMITER: RateLimit;
    /** wrangler.toml's [[ratelimits]]: counts each API key's calls (app/features/api/api.server.ts). */
    API_LIMITER: RateLimit;
    LOGIN_RATE_LIMIT: string;
    /** Multiplies the per-hour limits of mail-sending actions (app/.server/rate-limit.ts). */
    ACTION_RATE_LIMIT_FACTOR: string;
    CHAT_START_RATE_LIMIT: string;
    CHAT_MESSAGE_RATE_LIMIT: string;
    /** The mail provider's key (Resend; a secret): without it mail stays in the outbox (app/features/mail/provider.server.ts). */
    RESEND_API_KEY?: string;
    /** The provider's API address: https://api.resend.com, or a loopback stand-in in the e2e stories and the bench. */
    RESEND_API_URL: string;
    /** Signs the provider's delivery events (complaints) posted to /api/mail/events; a secret. */
    RESEND_WEBHOOK_SECRET?: string;
    /** The From of every mail, e.g. "SwiftParcel <mail@parcels.example.com>". */
    MAIL_FROM: string;
    /** The events queue (wrangler.toml's [[queues.producers]]): deliveries leave through it (app/.server/dispatch.ts). */
    EVENTS_QUEUE: Queue<import("./.server/dispatch").Delivery>;
    SESSION_SECRET: string;
    /** The site's address, the base of every absolute link in mail (app/load-context.ts). */
    PUBLIC_ORIGIN: string;
    /** "true" only under `npm run bench` (--var BENCH:true): responses carry their D1 counts. */
    BENCH?: string;
    /** Bench mode: milliseconds each D1 call waits first, as from a far-away primary (app/.server/bench-d1.ts). */
    BENCH_D1_LATENCY_MS?: string;
    TEST_MIGRATIONS?: import("cloudflare:test").D1Migration[];
  }
}

interface Env extends Cloudflare.Env {}
