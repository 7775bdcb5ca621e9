/**
 * The JSON-RPC 2.0 envelope (spec §9.4) of one request, for 1.0 and 0.3 alike: its id is known once
 * the request's envelope has been read, and a 0.3 request sets a translation that writes each result
 * and each stream event in the 0.3 shape. JSON-RPC errors answer HTTP 200 unless the edge needs a
 * status (413). A 0.3 streaming method's error is an SSE `error` event instead (see sseErrors).
 */
import { type A2AError, jsonRpcError } from "../a2a/errors";
import { type JsonRpcId, SSE_HEADERS, type StreamFraming, jsonRpcResultJson } from "../a2a/sse";
import { type BindingEnvelope, JSON_HEADERS } from "./binding-front";

function errorJson(id: JsonRpcId, error: A2AError): string {
  return JSON.stringify({ jsonrpc: "2.0", id, error: jsonRpcError(error.toShape()) });
}

export function jsonRpcErrorResponse(id: JsonRpcId, error: A2AError, headers: Record<string, string>, status = 200): Response {
  return new Response(errorJson(id, error), { status, headers: { ...JSON_HEADERS, ...headers } });
}

/**
 * The error of a 0.3 streaming call as the 0.3 SDK server sends it: HTTP 200, `text/event-stream`,
 * one `event: error` whose data is the JSON-RPC error response, then the end of the stream (the 0.3
 * client accepts no other content type for `message/stream` and `tasks/resubscribe`).
 */
export function sseErrorResponse(id: JsonRpcId, error: A2AError, headers: Record<string, string>): Response {
  return new Response(`event: error\ndata: ${errorJson(id, error)}\n\n`, { headers: { ...SSE_HEADERS, ...headers } });
}

/** How an older protocol version reshapes what a 1.0 method answers. */
export interface Translation {
  result(result: unknown): unknown;
  stream(stream: ReadableStream<Uint8Array>): ReadableStream<Uint8Array>;
}

export class JsonRpcEnvelope implements BindingEnvelope {
  id: JsonRpcId = null;
  translation: Translation | undefined;
  /** Set once a request is known to be a 0.3 streaming call: its method's errors are SSE events. */
  sseErrors = false;

  get framing(): StreamFraming {
    return { binding: "jsonrpc", id: this.id };
  }

  encodeResult(resultJson: string): string {
    // A 1.0 result is passed through as it came; only a 0.3 answer is reshaped.
    return jsonRpcResultJson(this.id, this.translation ? JSON.stringify(this.translation.result(JSON.parse(resultJson))) : resultJson);
  }

  errorResponse(error: A2AError, headers: Record<string, string>, status?: number): Response {
    // An edge error (a status of its own) stays JSON: it is not the method's answer.
    if (this.sseErrors && status === undefined) return sseErrorResponse(this.id, error, headers);
    return jsonRpcErrorResponse(this.id, error, headers, status);
  }

  encodeStream(stream: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
    return this.translation ? this.translation.stream(stream) : stream;
  }
}
