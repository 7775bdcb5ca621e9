/**
 * The JSON-RPC WebSocket's own settings (issue 23 item 2): which browser origins may open a socket
 * besides the server's own and its public URL's, and how many sockets one caller may hold open.
 * Parsed apart from config.ts so the WebSocket rules stay in one place.
 */
import type { ConfigError } from "./config-error";

export interface WebSocketConfig {
  /** `IACCODE_A2A_WS_ALLOWED_ORIGINS`: extra origins (`scheme://host[:port]`) a browser page may open a socket from. */
  allowedOrigins: string[];
  /** `IACCODE_A2A_WS_MAX_SOCKETS_PER_CALLER`: open sockets per caller (principal, or address in the trusted-local mode). */
  maxSocketsPerCaller: number;
}

/**
 * Sockets one caller may hold by default. All of a caller's sockets live in one session object, in
 * one isolate of 128 MB: each may be parsing a message of up to 1 MiB (MAX_WS_MESSAGE_BYTES) with
 * 16 requests in flight, so 32 sockets keep the worst case a fraction of the isolate.
 */
export const DEFAULT_WS_MAX_SOCKETS_PER_CALLER = 32;
/** The most an operator may allow: a tenth of the isolate's 128 MB at one 1 MiB message per socket. */
export const MAX_WS_MAX_SOCKETS_PER_CALLER = 100;

type Read = (name: string) => string | undefined;
type Integer = (name: string, fallback: number, min: number, max: number) => number;
type Fail = (variable: string, reason: string) => ConfigError;

export function parseWebSocketConfig(read: Read, integer: Integer, fail: Fail): WebSocketConfig {
  return {
    allowedOrigins: allowedOrigins(read, fail),
    maxSocketsPerCaller: integer("IACCODE_A2A_WS_MAX_SOCKETS_PER_CALLER", DEFAULT_WS_MAX_SOCKETS_PER_CALLER, 1, MAX_WS_MAX_SOCKETS_PER_CALLER),
  };
}

/** Each entry must be an http(s) origin exactly as a browser sends it: no path, query or credentials. */
function allowedOrigins(read: Read, fail: Fail): string[] {
  const name = "IACCODE_A2A_WS_ALLOWED_ORIGINS";
  const entries = (read(name) ?? "")
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter((s) => s !== "");
  const out = new Set<string>();
  for (const entry of entries) {
    let url: URL | undefined;
    try {
      url = new URL(entry);
    } catch {
      url = undefined;
    }
    const bare = url !== undefined && `${url.origin}` === entry.replace(/\/$/, "").toLowerCase();
    if (!url || (url.protocol !== "https:" && url.protocol !== "http:") || !bare) {
      throw fail(name, `"${entry.slice(0, 80)}" is not an origin (scheme://host[:port], no path)`);
    }
    out.add(url.origin);
  }
  return [...out];
}
