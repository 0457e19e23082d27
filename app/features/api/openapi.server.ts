// The API's OpenAPI 3.1 document, generated from the operations table and the zod schemas it
// names (the forms' own schemas for the bodies) by @asteasolutions/zod-to-openapi: never
// written by hand, so it cannot drift from what the API checks.
import { extendZodWithOpenApi, OpenApiGeneratorV31, OpenAPIRegistry, type ResponseConfig } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { MAX_JSON_BYTES } from "~/.server/json-api";
import { IMPORT_LIMITS } from "~/features/shipments/shipment-import";
import { API_BASE, API_CALLS_PER_MINUTE, SCOPE_LABELS } from "./api-keys";
import { ProblemSchema } from "./api-schemas";
import { OPERATIONS, type Operation } from "./api.server";
import { PROBLEM_TYPE } from "./problem.server";

extendZodWithOpenApi(z);

const TAGS: Record<Operation["tag"], string> = {
  Tracking: "Where parcels are: what the tracking page shows, with its privacy tiers.",
  Quotes: "Prices and delivery estimates, nothing stored.",
  Shipments: "Create, list, read and cancel shipments; their label and receipt.",
  Imports: "Many shipments at once from a CSV file: upload it, read every row's errors, then create the rows that pass in one step.",
  "Status updates": "Status and location updates by service keys (admins and partner carriers).",
  Invoices: "The invoices of the shipments.",
};

const REFUSALS: Record<number, string> = {
  400: "The body is not a JSON object, or the Idempotency-Key or the address is malformed",
  401: "No key, or an unknown or revoked key",
  403: "The key lacks the scope, or is not a service key",
  404: "No such record for this key",
  409: "The record's state does not allow it, or a request with the same Idempotency-Key is still being answered",
  413: `The body is larger than ${MAX_JSON_BYTES / 1024} KB (a CSV file: 2 MB or ${IMPORT_LIMITS.rows.toLocaleString("en-US")} rows)`,
  415: "The body is not application/json (a CSV file: not text/csv)",
  422: "A field is at fault (every one is listed in `errors`), or the Idempotency-Key was used with another request",
  429: `More than ${API_CALLS_PER_MINUTE} calls a minute with this key (see Retry-After)`,
};

function problem(registry: OpenAPIRegistry, status: number): ResponseConfig {
  return {
    description: REFUSALS[status] ?? "Refused",
    ...(status === 429 || status === 409 ? { headers: { "Retry-After": { description: "Seconds to wait before trying again", schema: { type: "integer" } } } } : {}),
    content: { [PROBLEM_TYPE]: { schema: registry.register("Problem", ProblemSchema) } },
  };
}

export function openApiDocument(origin: string) {
  const registry = new OpenAPIRegistry();
  const bearer = registry.registerComponent("securitySchemes", "apiKey", {
    type: "http",
    scheme: "bearer",
    description: `An API key (sp_live_…) from your profile, or a service key from an admin. Scopes: ${Object.values(SCOPE_LABELS).join("; ")}.`,
  });
  for (const operation of OPERATIONS) {
    const refusals = [...new Set([401, 403, 422, 429, ...operation.refusals])].sort();
    const post = operation.method === "POST";
    registry.registerPath({
      method: post ? "post" : "get",
      path: operation.path,
      operationId: operation.operationId,
      summary: operation.summary,
      ...(operation.description ? { description: operation.description } : {}),
      tags: [operation.tag],
      security: [{ [bearer.name]: [] }],
      request: {
        ...(operation.params ? { params: operation.params } : {}),
        ...(operation.query ? { query: operation.query } : {}),
        ...(post
          ? {
              headers: z.object({
                "Idempotency-Key": z
                  .string()
                  .max(255)
                  .optional()
                  .openapi({ description: "The same key with the same body answers the first answer again for 24 hours; with another body, 422." }),
              }),
            }
          : {}),
        ...(operation.body ? { body: { required: operation.path !== "/shipments/{id}/cancel", content: { [operation.bodyType ?? "application/json"]: { schema: operation.body } } } } : {}),
      },
      responses: {
        [operation.success.status]: {
          description: operation.success.description,
          content: { [operation.success.contentType ?? "application/json"]: { schema: operation.success.schema ?? z.string() } },
        },
        ...Object.fromEntries(refusals.map((status) => [status, problem(registry, status)])),
      },
    });
  }
  const generator = new OpenApiGeneratorV31(registry.definitions);
  return generator.generateDocument({
    openapi: "3.1.0",
    info: {
      title: "SwiftParcel API",
      version: "1.0.0",
      description: `Track, price, create and follow shipments. Amounts are integer minor units of their currency; times are milliseconds since the epoch. Guide: ${origin}/developers`,
      license: { name: "Proprietary", url: `${origin}/terms` },
    },
    servers: [{ url: `${origin}${API_BASE}` }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
  });
}
