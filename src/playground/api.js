// How the playground talks to the server: the same JSON-RPC API and auth headers as any A2A
// client. Credentials live in this tab's sessionStorage only (never localStorage, never a cookie),
// so closing the tab forgets them. A failure keeps what a person needs to be told (the HTTP status,
// Retry-After, or that the server could not be reached: send-errors.js says it in words), and a
// streaming call can be traced frame by frame for the protocol view (protocol.js).
const CREDENTIALS_KEY = "iac-a2a-playground.credentials";

/** @returns {{scheme: string, token?: string, apiKeyHeader?: string, apiKey?: string, username?: string, password?: string}} */
export function loadCredentials() {
  try {
    return JSON.parse(sessionStorage.getItem(CREDENTIALS_KEY) ?? "") ?? { scheme: "none" };
  } catch {
    return { scheme: "none" };
  }
}

export function saveCredentials(credentials) {
  sessionStorage.setItem(CREDENTIALS_KEY, JSON.stringify(credentials));
}

/** The auth header of the chosen scheme, or none. */
export function authHeaders() {
  const c = loadCredentials();
  if (c.scheme === "bearer" && c.token) return { Authorization: `Bearer ${c.token}` };
  if (c.scheme === "basic" && c.username) {
    const bytes = new TextEncoder().encode(`${c.username}:${c.password ?? ""}`);
    return { Authorization: `Basic ${btoa(String.fromCharCode(...bytes))}` };
  }
  if (c.scheme === "apikey" && c.apiKey) return { [c.apiKeyHeader || "X-API-Key"]: c.apiKey };
  return {};
}

let nextId = 1;
/** The JSON-RPC endpoint: the card's JSONRPC interface URL (its path on this origin), else "/". */
let endpoint = "/";

export function useCard(card) {
  const jsonrpc = (card.supportedInterfaces ?? []).find((i) => i.protocolBinding === "JSONRPC");
  if (jsonrpc) endpoint = new URL(jsonrpc.url, location.href).pathname;
}

/** The request a call sends: what the protocol view shows and copy-as-curl repeats. */
function rpcCall(method, params, extraHeaders = {}) {
  const body = { jsonrpc: "2.0", id: nextId++, method, params };
  const headers = { "Content-Type": "application/json", "A2A-Version": "1.0", ...extraHeaders };
  return { url: new URL(endpoint, location.href).href, headers, body };
}

async function send(call) {
  try {
    return await fetch(call.url, { method: "POST", headers: { ...call.headers, ...authHeaders() }, body: JSON.stringify(call.body) });
  } catch (error) {
    if (error?.name === "AbortError") throw error;
    throw new Unreachable(new URL(call.url).origin);
  }
}

/** The server could not be reached at all (down, wrong address, network gone). */
export class Unreachable extends Error {
  constructor(origin) {
    super(`cannot reach ${origin}`);
    this.origin = origin;
  }
}

export class RpcError extends Error {
  /** `status`: the HTTP status when the answer was not a JSON-RPC one; `retryAfter`: seconds, from Retry-After. */
  constructor(code, message, { status, retryAfter } = {}) {
    super(`${message} (${code})`);
    this.code = code;
    this.detail = message;
    this.status = status;
    this.retryAfter = retryAfter;
  }
}

async function failure(response) {
  const body = await response.json().catch(() => ({}));
  const retry = Number(response.headers.get("Retry-After") ?? body.retryAfterSeconds);
  const extra = { status: response.status, retryAfter: Number.isFinite(retry) ? retry : undefined };
  if (body.error && typeof body.error === "object") return new RpcError(body.error.code, body.error.message, extra);
  return new RpcError(response.status, body.error ?? response.statusText, extra);
}

/** One JSON-RPC call; resolves to its result, rejects with an RpcError. */
export async function rpc(method, params) {
  const response = await send(rpcCall(method, params));
  if (!response.ok) throw await failure(response);
  const body = await response.json();
  if (body.error) throw new RpcError(body.error.code, body.error.message);
  return body.result;
}

/**
 * A streaming JSON-RPC call (SendStreamingMessage, SubscribeToTask): calls `onEvent(result, seq)`
 * for every SSE frame until the server closes the stream or `signal` aborts. `trace`, when given,
 * sees the request (`request(call)`), the answer's status (`response(status, ms)`) and every frame
 * as received (`frame(raw, body, ms)`), with the milliseconds since the request left.
 */
export async function rpcStream(method, params, onEvent, { signal, lastEventId, trace } = {}) {
  const call = rpcCall(method, params, lastEventId === undefined ? {} : { "Last-Event-ID": String(lastEventId) });
  const started = performance.now();
  const since = () => Math.round(performance.now() - started);
  trace?.request(call);
  const response = await send(call);
  trace?.response(response.status, since());
  if (!response.ok) throw await failure(response);
  if (!(response.headers.get("Content-Type") ?? "").startsWith("text/event-stream")) {
    const text = await response.text();
    const body = JSON.parse(text);
    trace?.frame(text, body, since());
    if (body.error) throw new RpcError(body.error.code, body.error.message);
    onEvent(body.result, undefined);
    return;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const onAbort = () => reader.cancel().catch(() => {});
  signal?.addEventListener("abort", onAbort, { once: true });
  let buffer = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let end;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const parsed = parseFrame(frame);
        if (!parsed) continue;
        trace?.frame(frame, parsed.body, since());
        if (parsed.body.error) throw new RpcError(parsed.body.error.code, parsed.body.error.message);
        onEvent(parsed.body.result, parsed.seq);
      }
    }
  } finally {
    signal?.removeEventListener("abort", onAbort);
  }
}

function parseFrame(frame) {
  let seq;
  const data = [];
  for (const line of frame.split("\n")) {
    if (line.startsWith("id:")) seq = Number(line.slice(3).trim());
    else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
  }
  return data.length ? { seq, body: JSON.parse(data.join("\n")) } : undefined;
}

/** An authenticated GET (artifact downloads, the push delivery log). */
export function get(url) {
  return fetch(url, { headers: authHeaders() });
}
