/**
 * The request log: one JSON line per request (src/observability/log.ts) with its id, the HTTP
 * method and status, the binding, the JSON-RPC method and code, the duration and short hashes of
 * the owner, context and task ids; and, with the `IACCODE_A2A_METRICS` dataset bound, one data
 * point. The request id is Cloudflare's `cf-ray` when present, else generated; either way it is
 * returned in `X-Request-Id`. The incoming W3C trace (or a new one) becomes the request's span.
 *
 * A stream's line is written when its response starts (the duration is time to first byte). The
 * object that writes the stream writes a second line, `stream.end`, when it ends (stream-hub.ts:
 * the request is named in the call's framing); a client that went away is a normal
 * `client_disconnected` end, not an error. The Worker passes the stream's body through untouched.
 * Paths, query strings, bodies and headers are never logged.
 */
import type { MiddlewareHandler } from "hono";
import { logLine, shortHashes } from "../observability/log";
import { metricsOf, writeRequestPoint } from "../observability/metrics";
import { randomHex } from "../a2a/random-hex";
import { parseTraceparent, serverSpan } from "../a2a/trace-context";
import { runInRequestScope, type RequestRecord } from "./request-scope";

export const REQUEST_ID_HEADER = "X-Request-Id";

/** `cf-ray` is `<16 hex>-<colo>`; anything else is not Cloudflare's and is replaced. */
function requestIdOf(headers: Headers): string {
  const ray = headers.get("cf-ray")?.trim() ?? "";
  // A generated id has 16 hex characters, the length of a `cf-ray` id without its colo.
  return /^[0-9a-f]{16}(-[A-Z]{3})?$/i.test(ray) ? ray : randomHex(8);
}

/** The route family of a request that no method layer named (no path is ever logged). */
function routeBinding(method: string, path: string, contentType: string): string {
  if (path === "/health") return "health";
  if (path.startsWith("/.well-known/")) return "card";
  if (path.startsWith("/playground/") || contentType.startsWith("text/html")) return "playground";
  if (path.startsWith("/iac-code/tasks/")) return "push-deliveries";
  if (path.startsWith("/iac-code/")) return "files";
  return method === "POST" ? "jsonrpc" : "http";
}

/** The JSON-RPC error code of an answer the method layer never saw (a parse or envelope error). */
async function envelopeCode(response: Response): Promise<number | undefined> {
  if (!(response.headers.get("Content-Type") ?? "").startsWith("application/json")) return undefined;
  try {
    const body = (await response.clone().json()) as { jsonrpc?: unknown; error?: { code?: unknown } };
    return body.jsonrpc === "2.0" && typeof body.error?.code === "number" ? body.error.code : undefined;
  } catch {
    return undefined;
  }
}

/** A request's record, from its start: the method layer fills in the rest. */
export function openRequest(request: Request): RequestRecord {
  return {
    requestId: requestIdOf(request.headers),
    startedMs: Date.now(),
    trace: serverSpan(parseTraceparent(request.headers.get("traceparent"), request.headers.get("tracestate"))),
  };
}

/** Writes the request's line and data point and returns the response to send, with `X-Request-Id`. */
export async function closeRequest(
  record: RequestRecord,
  request: Request,
  path: string,
  answer: Response,
  env: Env,
  owner: string | undefined,
): Promise<Response> {
  let response = answer;
  const status = response.status;
  const binding = record.binding ?? routeBinding(request.method, path, response.headers.get("Content-Type") ?? "");
  const code = record.code ?? (binding === "jsonrpc" ? await envelopeCode(response) : undefined);
  // Hashes already known (the owner, a warm context) cost no promise: most lines need no digest.
  const hashes = shortHashes([owner, record.contextId, record.taskId]);
  const [ownerHash, contextHash, taskHash] = Array.isArray(hashes) ? hashes : await hashes;
  const streaming = (response.headers.get("Content-Type") ?? "").startsWith("text/event-stream") && response.body !== null;
  const durationMs = Date.now() - record.startedMs;
  logLine(status >= 500 ? "error" : "info", "request", {
    request_id: record.requestId,
    trace_id: record.trace.traceId,
    http_method: request.method,
    binding,
    method: record.method,
    status,
    code,
    owner: ownerHash,
    context: contextHash,
    task: taskHash,
    duration_ms: durationMs,
    stream: streaming || undefined,
  });
  writeRequestPoint(metricsOf(env), { method: record.method ?? request.method, binding, code: code ?? status, status, durationMs });

  try {
    response.headers.set(REQUEST_ID_HEADER, record.requestId);
  } catch {
    // Immutable headers (a fetched response passed through): copy it once.
    response = new Response(response.body, response);
    response.headers.set(REQUEST_ID_HEADER, record.requestId);
  }
  return response;
}

/** The log as the router's first middleware; the method layer notes into the request scope. */
export const requestLog: MiddlewareHandler<{ Bindings: Env; Variables: { owner: string } }> = async (c, next) => {
  const record = openRequest(c.req.raw);
  await runInRequestScope(record, () => next());
  const answer = c.res;
  const response = await closeRequest(record, c.req.raw, c.req.path, answer, c.env, c.get("owner"));
  // Hono's `c.res` setter wraps an assigned response in a new Response and copies the old one's
  // headers into it: assigning the very response it holds (its headers set in place) costs a
  // second Response per request and changes nothing.
  if (response !== answer) c.res = response;
};
