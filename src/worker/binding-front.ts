/**
 * The one front every binding stands behind (design "The path of a request"): the content-type
 * parse, the bounded body read, the strict UTF-8 JSON parse, the service-parameter check
 * (`A2A-Version`, `A2A-Extensions`), the call context, and the answer as JSON or a stream.
 *
 * A binding only says what is its own: how it reads a method and its params out of a request
 * (JSON-RPC envelope, REST path and query), and its envelope (`BindingEnvelope`: how a result, an
 * error and a stream look on its wire). JSON-RPC 1.0 and HTTP+JSON plug in here today; a 0.3
 * binding is another envelope (its `encodeResult` and `encodeStream` translate shapes), and a
 * WebSocket session parses each message with `parseJson` and calls `invoke`, sending what it returns
 * as socket messages instead of a `Response`.
 */
import { A2AError, errors } from "../a2a/errors";
import type { PushPayloadVersion } from "../a2a/schemas";
import { SSE_HEADERS, parseLastEventId, type StreamFraming } from "../a2a/sse";
import type { Config } from "../config/config";
import { checkJsonStructure } from "./json-limits";
import { activatesGeneration } from "./extensions";
import { callMethod, resultJson, type CallContext, type MethodName, type MethodResult } from "./methods";
import { readBody } from "./read-body";
import { checkRequiredExtensions, checkServiceParameters, extensionHeaders } from "./service-parameters";

export const JSON_HEADERS: Readonly<Record<string, string>> = { "Content-Type": "application/json" };

/** Both media types of A2A JSON (spec §9.1, §11.1); responses use `application/json`. */
export const ACCEPTED_CONTENT_TYPES: readonly string[] = ["application/json", "application/a2a+json"];

/** The media type of a `Content-Type` header: lowercased, parameters dropped, "" when absent. */
export function contentTypeOf(headers: Headers): string {
  return (headers.get("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

export function isJsonContentType(headers: Headers): boolean {
  return ACCEPTED_CONTENT_TYPES.includes(contentTypeOf(headers));
}

/** A request as it reaches a binding: who calls, with what, under which configuration. */
export interface FrontRequest {
  request: Request;
  env: Env;
  config: Config;
  owner: string;
  baseUrl: string;
}

/**
 * An error found at the edge, before any method runs, with the HTTP status it needs (413 for a body
 * over the limit, 415 for a body that is not JSON on HTTP+JSON).
 */
export class EdgeError extends Error {
  constructor(
    readonly error: A2AError,
    readonly status: number,
  ) {
    super(error.message);
    this.name = "EdgeError";
  }
}

/** Not JSON (-32700), or JSON whose structure passes the limits (-32600 with `invalid`). */
export type ParsedJson = { ok: true; value: unknown } | { ok: false; invalid?: A2AError };

/**
 * Strict JSON: the bytes must be valid UTF-8 (no replacement characters), then one JSON value
 * whose nesting and entry counts stay within json-limits.ts, checked before the parse.
 */
export function parseJson(input: Uint8Array | string): ParsedJson {
  let text: string;
  try {
    text = typeof input === "string" ? input : new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(input);
  } catch {
    return { ok: false };
  }
  const structure = checkJsonStructure(text);
  if (!structure.ok) return { ok: false, invalid: errors.invalidRequest(structure.message) };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

export type JsonBody = { kind: "empty" } | { kind: "json"; value: unknown } | { kind: "not-json" };

/**
 * Reads the request body (at most `config.maxBodyBytes`, else an EdgeError 413) and parses it as
 * strict JSON. The content type is the binding's to check first: JSON-RPC and HTTP+JSON refuse a
 * wrong one with different errors.
 */
export async function readJsonBody(front: FrontRequest): Promise<JsonBody> {
  const limit = front.config.maxBodyBytes;
  const body = await readBody(front.request, limit);
  if (!body.ok && "incomplete" in body) throw new EdgeError(errors.invalidRequest("Request body is incomplete: the client stopped sending it"), 400);
  if (!body.ok) throw new EdgeError(errors.invalidRequest(`Request body exceeds ${limit} bytes`), 413);
  if (body.bytes.byteLength === 0) return { kind: "empty" };
  const parsed = parseJson(body.bytes);
  if (!parsed.ok && parsed.invalid) throw parsed.invalid;
  return parsed.ok ? { kind: "json", value: parsed.value } : { kind: "not-json" };
}

/** The headers every answer carries: the extensions the request activated (spec §3.2.6). */
export function echoedHeaders(front: FrontRequest): Record<string, string> {
  return extensionHeaders(front.request.headers, front.config);
}

/** Throws the A2A error of an unsupported version or a missing required extension. */
export function checkService(front: FrontRequest): void {
  checkServiceParameters(front.request.headers, new URL(front.request.url), front.config);
}

/** The extension check alone, for a 0.3 request (whose version the method name already decided). */
export function checkExtensions(front: FrontRequest): void {
  checkRequiredExtensions(front.request.headers, front.config);
}

export function callContextOf(front: FrontRequest, framing: StreamFraming): CallContext {
  const { env, config, owner, baseUrl, request } = front;
  const idempotencyKey = request.headers.get("Idempotency-Key") ?? undefined;
  const lastEventId = parseLastEventId(request.headers.get("Last-Event-ID"));
  // The generation extension, when the request names it (A2A-Extensions): its answers and frames show generations.
  if (activatesGeneration(request.headers)) {
    return { env, config, owner, framing: { ...framing, generation: true }, lastEventId, baseUrl, idempotencyKey, generation: true };
  }
  return { env, config, owner, framing, lastEventId, baseUrl, idempotencyKey };
}

/** Validates and runs one method on the caller's behalf: what every binding calls. */
export function invoke(
  front: FrontRequest,
  framing: StreamFraming,
  method: MethodName,
  params: unknown,
  payloadVersion?: PushPayloadVersion,
): Promise<MethodResult> {
  return callMethod(method, params, { ...callContextOf(front, framing), ...(payloadVersion ? { payloadVersion } : {}) });
}

/** How one binding writes its answers. */
export interface BindingEnvelope {
  framing: StreamFraming;
  /** The response body of a result, given as its JSON text. */
  encodeResult(resultJson: string): string;
  /** The response of an error; `status` overrides the binding's own mapping (edge errors). */
  errorResponse(error: A2AError, headers: Record<string, string>, status?: number): Response;
  /** A binding whose stream events need another shape wraps the SSE bytes here. */
  encodeStream?(stream: ReadableStream<Uint8Array>): ReadableStream<Uint8Array>;
}

/**
 * Runs `call` (which checks what the binding must check in its own order, then invokes a method) and
 * answers: SSE for a stream, the binding's JSON for a result, the binding's error for an A2A error.
 * An unexpected error is logged by name only and answered with the sanitized internal error.
 */
export async function respond(front: FrontRequest, binding: BindingEnvelope, label: string, call: () => Promise<MethodResult>): Promise<Response> {
  const headers = echoedHeaders(front);
  try {
    const result = await call();
    if (result.kind === "stream") {
      const stream = binding.encodeStream ? binding.encodeStream(result.stream) : result.stream;
      return new Response(stream, { headers: { ...SSE_HEADERS, ...headers } });
    }
    return new Response(binding.encodeResult(resultJson(result)), { headers: { ...JSON_HEADERS, ...headers } });
  } catch (error) {
    if (error instanceof EdgeError) return binding.errorResponse(error.error, headers, error.status);
    if (error instanceof A2AError) return binding.errorResponse(error, headers);
    console.error(`${label}: unexpected error`, error instanceof Error ? error.name : typeof error);
    return binding.errorResponse(errors.internal(), headers);
  }
}
