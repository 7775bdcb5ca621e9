/**
 * What a SendMessage brings to its context's object over RPC, and what it gets back: the types
 * the Worker, admission and the run share, in a file of their own so that none of them imports
 * another for a type.
 */
import type { TraceContext } from "../../a2a/trace-context";
import type { SendMessageRequest } from "../../a2a/schemas";
import type { StreamFraming } from "../../a2a/sse";

export interface SendCall {
  owner: string;
  /** Set when routed by contextId; unset when routed by `message.taskId` (the object knows its context). */
  contextId: string | undefined;
  request: SendMessageRequest;
  stream: boolean;
  framing: StreamFraming;
  /** The public base URL, for the absolute download URLs of artifacts and stored parts. */
  baseUrl: string;
  /** The request's span (W3C trace context): the parent of every call the turn makes. */
  trace?: TraceContext;
  /** The request's `Idempotency-Key` header, checked by the Worker (repeat-requests.ts). */
  idempotencyKey?: string;
}

/** The answer: the SendMessageResponse as JSON text (composed from stored rows), or a stream. */
export type SendResult = { kind: "json"; json: string } | { kind: "stream"; stream: ReadableStream<Uint8Array> };

/** A blocking call's answer waits for the turn's end; a stream or `returnImmediately` does not. */
export const isBlocking = (call: SendCall): boolean => !call.stream && !call.request.configuration?.returnImmediately;
