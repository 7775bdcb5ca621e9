/**
 * The JSON-RPC 2.0 binding (spec §9): content type, envelope checks, method lookup, version and
 * extension checks, params validation, dispatch, and the answer as a JSON-RPC envelope or an SSE
 * stream (through the binding front). The order of checks decides which error a client sees first:
 * content type (-32005), body (-32700), envelope (-32600), method (-32601, or -32009 for 0.3
 * names), version (-32009), extensions (-32008), params (-32602).
 */
import { z } from "zod";
import { type A2AError, errors, jsonRpcError } from "../a2a/errors";
import { type JsonRpcId, type StreamFraming, jsonRpcResultJson } from "../a2a/sse";
import {
  type BindingEnvelope,
  type FrontRequest,
  JSON_HEADERS,
  checkService,
  invoke,
  isJsonContentType,
  readJsonBody,
  respond,
} from "./binding-front";
import { PARAMS_OPTIONAL, isMethodName } from "./methods";
import { V03_METHODS } from "./version";

const envelopeSchema = z.object({
  jsonrpc: z.literal("2.0"),
  id: z.union([z.string(), z.number(), z.null()]),
  method: z.string().min(1),
  params: z.unknown().optional(),
});

/** A JSON-RPC error envelope; JSON-RPC errors answer HTTP 200 unless the edge needs a status (413). */
export function jsonRpcErrorResponse(id: JsonRpcId, error: A2AError, headers: Record<string, string>, status = 200): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", id, error: jsonRpcError(error.toShape()) }), {
    status,
    headers: { ...JSON_HEADERS, ...headers },
  });
}

/** The JSON-RPC envelope of one request: its id is known once the envelope has been read. */
class JsonRpcEnvelope implements BindingEnvelope {
  id: JsonRpcId = null;

  get framing(): StreamFraming {
    return { binding: "jsonrpc", id: this.id };
  }

  encodeResult(result: unknown): string {
    return jsonRpcResultJson(this.id, JSON.stringify(result));
  }

  errorResponse(error: A2AError, headers: Record<string, string>, status?: number): Response {
    return jsonRpcErrorResponse(this.id, error, headers, status);
  }
}

/** The id of a payload whose envelope is invalid, when it has a usable one (JSON-RPC §5). */
function idOf(payload: unknown): JsonRpcId {
  const raw = (payload as { id?: unknown } | null)?.id;
  return typeof raw === "string" || typeof raw === "number" ? raw : null;
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
    if (Array.isArray(body.value)) throw errors.invalidRequest("Batch requests are not supported");
    const parsed = envelopeSchema.safeParse(body.value);
    if (!parsed.success) {
      envelope.id = idOf(body.value);
      throw errors.invalidRequest();
    }
    const { id, method, params } = parsed.data;
    envelope.id = id;
    if (V03_METHODS.has(method)) throw errors.versionNotSupported("0.3");
    if (!isMethodName(method)) throw errors.methodNotFound(method);
    checkService(front);
    return invoke(front, envelope.framing, method, params ?? (PARAMS_OPTIONAL.has(method) ? {} : undefined));
  });
}
