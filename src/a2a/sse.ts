/**
 * Server-Sent Events framing for A2A streams (spec §6.4): each event's `data` is one line of JSON;
 * `id:` carries the per-task event sequence so a client can resume with `Last-Event-ID`. Control
 * frames (keepalives) are comments and never carry an `id:`, so a client's cursor only moves on
 * real events.
 */

export const SSE_HEADERS: Readonly<Record<string, string>> = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache",
  Connection: "keep-alive",
  "X-Accel-Buffering": "no",
};

/** The edge closes streams idle for ~100 s; a comment every 25 s keeps them open. */
export const KEEPALIVE_INTERVAL_MS = 25_000;
export const KEEPALIVE_FRAME = ": keepalive\n\n";

/** `json` must be single-line JSON (JSON.stringify output is). */
export function sseFrame(json: string, id?: number): string {
  return id === undefined ? `data: ${json}\n\n` : `id: ${id}\ndata: ${json}\n\n`;
}

export type JsonRpcId = string | number | null;

/**
 * The request a stream answers, for the `stream.end` log line. The object that writes the stream
 * writes that line too: it sees the end (its last frame, or the client's cancel) without the
 * Worker reading every chunk in JavaScript to find out.
 */
export interface StreamEndLog {
  requestId: string;
  binding: string;
  method: string;
  /** The request's start on the Worker's clock: the line's duration runs from there. */
  startedMs: number;
}

/**
 * How a binding frames a stream event: JSON-RPC wraps each `StreamResponse` in a response carrying
 * the request's id (spec §9.4.2); HTTP+JSON sends the bare `StreamResponse` (spec §11.7). `end`
 * names the request for the stream's end line (absent for a stream no HTTP request waits on).
 */
export type StreamFraming = ({ binding: "jsonrpc"; id: JsonRpcId } | { binding: "rest" }) & {
  end?: StreamEndLog;
  /** Set when the request activated the generation extension: each frame carries the task's generation. */
  generation?: true;
};

export function frameData(framing: StreamFraming, eventJson: string): string {
  return framing.binding === "jsonrpc" ? jsonRpcResultJson(framing.id, eventJson) : eventJson;
}

/** A JSON-RPC success envelope around an already-serialized result. */
export function jsonRpcResultJson(id: JsonRpcId, resultJson: string): string {
  return `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${resultJson}}`;
}

/** Parses a `Last-Event-ID` header into a sequence number, or undefined when absent or malformed. */
export function parseLastEventId(value: string | null | undefined): number | undefined {
  if (value == null || !/^\d{1,15}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}
