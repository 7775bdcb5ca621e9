/**
 * The JSON-RPC 2.0 binding (spec §9): content type, envelope checks, method lookup, version and
 * extension checks, params validation, dispatch, and the answer as a JSON-RPC envelope or an SSE
 * stream (through the binding front). The order of checks decides which error a client sees first:
 * content type (-32005), body (-32700), envelope (-32600), method (-32601), version (-32009),
 * extensions (-32008), params (-32602). A 0.3 method name with no `A2A-Version` (or `0.3`) is
 * served by the 0.3 layer (`jsonrpc-v0_3.ts`) through the same steps.
 */
import { z } from "zod";
import { type A2AError, errors } from "../a2a/errors";
import type { JsonRpcId } from "../a2a/sse";
import { type FrontRequest, checkExtensions, checkService, invoke, isJsonContentType, readJsonBody, respond } from "./binding-front";
import { JsonRpcEnvelope } from "./jsonrpc-envelope";
import { isV03Version, v03Method, v03Translation } from "./jsonrpc-v0_3";
import { PARAMS_OPTIONAL, isMethodName } from "./methods";

const envelopeSchema = z.object({
  jsonrpc: z.literal("2.0"),
  id: z.union([z.string(), z.number(), z.null()]),
  method: z.string().min(1),
  params: z.unknown().optional(),
});

/** The id of a payload whose envelope is invalid, when it has a usable one (JSON-RPC §5). */
function idOf(payload: unknown): JsonRpcId {
  const raw = (payload as { id?: unknown } | null)?.id;
  return typeof raw === "string" || typeof raw === "number" ? raw : null;
}

export type Envelope = { ok: true; id: JsonRpcId; method: string; params: unknown } | { ok: false; id: JsonRpcId; error: A2AError };

/** Reads one JSON-RPC request out of a parsed JSON value: -32600 for a batch or a bad envelope. */
export function readEnvelope(payload: unknown): Envelope {
  if (Array.isArray(payload)) return { ok: false, id: null, error: errors.invalidRequest("Batch requests are not supported") };
  const parsed = envelopeSchema.safeParse(payload);
  if (!parsed.success) return { ok: false, id: idOf(payload), error: errors.invalidRequest() };
  return { ok: true, id: parsed.data.id, method: parsed.data.method, params: parsed.data.params };
}

export function handleJsonRpc(front: FrontRequest): Promise<Response> {
  const envelope = new JsonRpcEnvelope();
  return respond(front, envelope, "JSON-RPC", async () => {
    // -32005 in the envelope, as @a2a-js/sdk answers (a form post is never read as JSON).
    if (!isJsonContentType(front.request.headers)) {
      throw errors.contentTypeNotSupported("Content-Type must be application/json or application/a2a+json");
    }
    const body = await readJsonBody(front);
    if (body.kind !== "json") throw errors.parse();
    const read = readEnvelope(body.value);
    envelope.id = read.id;
    if (!read.ok) throw read.error;
    const { method, params } = read;
    const v03 = v03Method(method);
    if (v03) {
      // A 0.3 method name under another version: an unsupported version is -32009, 1.0 has no such method.
      if (!isV03Version(front.request.headers.get("A2A-Version"))) {
        checkService(front);
        throw errors.methodNotFound(method);
      }
      checkExtensions(front);
      envelope.translation = v03Translation(v03);
      envelope.sseErrors = v03.stream === true;
      return invoke(front, envelope.framing, v03.v1, v03.params(params ?? {}), "0.3");
    }
    if (!isMethodName(method)) throw errors.methodNotFound(method);
    checkService(front);
    return invoke(front, envelope.framing, method, params ?? (PARAMS_OPTIONAL.has(method) ? {} : undefined));
  });
}
