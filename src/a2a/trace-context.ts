/**
 * W3C Trace Context (https://www.w3.org/TR/trace-context/): the `traceparent` and `tracestate` of
 * an incoming request are kept for its turn and sent on every call the turn makes (model provider,
 * ROS API, push delivery), each with a new span id under the same trace id. A request without a
 * valid `traceparent` starts a new trace. A malformed header is ignored, as the spec asks.
 */

/** The context one span hands to the calls it makes. */
export interface TraceContext {
  /** 32 lowercase hex characters, not all zero. */
  traceId: string;
  /** This span's id: 16 lowercase hex characters, not all zero; the parent of every child call. */
  spanId: string;
  /** Two hex characters; bit 0 is "sampled". */
  flags: string;
  /** Vendor entries, passed on unchanged (at most 512 characters, trace-context §3.3.1.5). */
  tracestate?: string | undefined;
}

import { randomHex } from "./random-hex";

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
/** The longest `tracestate` a vendor must propagate (trace-context §3.3.1.5). */
export const MAX_TRACESTATE_CHARS = 512;

/** `bytes` random bytes as lowercase hex, never all zeros (trace-context §3.2.2.3, §3.2.2.4). */
function nonZeroHex(bytes: number): string {
  const hex = randomHex(bytes);
  return /^0+$/.test(hex) ? nonZeroHex(bytes) : hex;
}

export const newSpanId = (): string => nonZeroHex(8);

/** The incoming trace, or undefined when the header is missing or invalid. */
export function parseTraceparent(traceparent: string | null | undefined, tracestate?: string | null): TraceContext | undefined {
  const match = TRACEPARENT.exec((traceparent ?? "").trim());
  if (!match) return undefined;
  const [, version, traceId = "", parentId = "", flags = "", rest] = match;
  // Version ff is invalid; version 00 allows nothing after the flags (§3.2.4).
  if (version === "ff" || (version === "00" && rest !== undefined)) return undefined;
  if (/^0+$/.test(traceId) || /^0+$/.test(parentId)) return undefined;
  const state = tracestate?.trim();
  return { traceId, spanId: parentId, flags, ...(state && state.length <= MAX_TRACESTATE_CHARS ? { tracestate: state } : {}) };
}

/**
 * The span of this server's handling of a request: a child of the incoming context, or the root
 * of a new (sampled) trace when there is none.
 */
export function serverSpan(incoming: TraceContext | undefined): TraceContext {
  if (!incoming) return { traceId: nonZeroHex(16), spanId: newSpanId(), flags: "01" };
  return { ...incoming, spanId: newSpanId() };
}

/** The headers of one outgoing call under `parent`: a fresh span id each time. */
export function traceHeaders(parent: TraceContext | undefined): Record<string, string> {
  if (!parent) return {};
  const headers: Record<string, string> = { traceparent: `00-${parent.traceId}-${newSpanId()}-${parent.flags}` };
  if (parent.tracestate) headers["tracestate"] = parent.tracestate;
  return headers;
}
