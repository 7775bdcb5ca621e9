/**
 * The JSON-RPC 2.0 binding (spec §9): envelope checks, method lookup, version and extension
 * checks, params validation, dispatch, and the answer as a JSON-RPC envelope or an SSE stream.
 * The order of checks decides which error a client sees first: body (-32700), envelope (-32600),
 * method (-32601, or -32009 for 0.3 names), version (-32009), extensions (-32008), params (-32602).
 */
import { z } from "zod";
import { A2AError, errors, jsonRpcError, type ErrorShape } from "../a2a/errors";
import { SSE_HEADERS, parseLastEventId, type JsonRpcId } from "../a2a/sse";
import type { Config } from "../config/config";
import { PARAMS_OPTIONAL, callMethod, isMethodName, type CallContext } from "./methods";
import { readBody } from "./read-body";
import { checkJsonStructure } from "./json-limits";
import { V03_METHODS } from "./version";
import { checkServiceParameters, extensionHeaders } from "./service-parameters";

const envelopeSchema = z.object({
  jsonrpc: z.literal("2.0"),
  id: z.union([z.string(), z.number(), z.null()]),
  method: z.string().min(1),
  params: z.unknown().optional(),
});

const JSON_HEADERS = { "Content-Type": "application/json" };

function errorResponse(id: JsonRpcId, error: ErrorShape, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ jsonrpc: "2.0", id, error: jsonRpcError(error) }), {
    status,
    headers: { ...JSON_HEADERS, ...headers },
  });
}

export interface RpcRequest {
  request: Request;
  env: Env;
  config: Config;
  owner: string;
  baseUrl: string;
}

const ACCEPTED_CONTENT_TYPES = ["application/json", "application/a2a+json"];

export async function handleJsonRpc({ request, env, config, owner, baseUrl }: RpcRequest): Promise<Response> {
  const contentType = (request.headers.get("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!ACCEPTED_CONTENT_TYPES.includes(contentType)) {
    return errorResponse(null, errors.invalidRequest("Content-Type must be application/json").toShape(), 415);
  }
  const body = await readBody(request, config.maxBodyBytes);
  if (!body.ok) {
    return errorResponse(null, errors.invalidRequest(`Request body exceeds ${config.maxBodyBytes} bytes`).toShape(), 413);
  }
  let payload: unknown;
  try {
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(body.bytes);
    const structure = checkJsonStructure(text);
    if (!structure.ok) return errorResponse(null, errors.invalidRequest(structure.message).toShape());
    payload = JSON.parse(text);
  } catch {
    return errorResponse(null, errors.parse().toShape());
  }
  if (Array.isArray(payload)) return errorResponse(null, errors.invalidRequest("Batch requests are not supported").toShape());
  const envelope = envelopeSchema.safeParse(payload);
  if (!envelope.success) {
    const rawId = (payload as { id?: unknown } | null)?.id;
    const id: JsonRpcId = typeof rawId === "string" || typeof rawId === "number" ? rawId : null;
    return errorResponse(id, errors.invalidRequest().toShape());
  }
  const { id, method } = envelope.data;
  const url = new URL(request.url);
  const echoed = extensionHeaders(request.headers, config);

  try {
    if (V03_METHODS.has(method)) throw errors.versionNotSupported("0.3");
    if (!isMethodName(method)) throw errors.methodNotFound(method);
    checkServiceParameters(request.headers, url, config);

    const rawParams = envelope.data.params ?? (PARAMS_OPTIONAL.has(method) ? {} : undefined);
    const ctx: CallContext = { env, config, owner, framing: { binding: "jsonrpc", id }, lastEventId: parseLastEventId(request.headers.get("Last-Event-ID")), baseUrl };
    const result = await callMethod(method, rawParams, ctx);
    if (result.kind === "stream") return new Response(result.stream, { headers: { ...SSE_HEADERS, ...echoed } });
    if (result.kind === "raw") return new Response(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${result.json}}`, { headers: { ...JSON_HEADERS, ...echoed } });
    return new Response(JSON.stringify({ jsonrpc: "2.0", id, result: result.result }), { headers: { ...JSON_HEADERS, ...echoed } });
  } catch (error) {
    if (error instanceof A2AError) return errorResponse(id, error.toShape(), 200, echoed);
    console.error(`${method}: unexpected error`, error instanceof Error ? error.name : typeof error);
    return errorResponse(id, errors.internal().toShape(), 200, echoed);
  }
}
