// How the playground talks to the server: the same JSON-RPC API and auth headers as any A2A
// client. Credentials live in this tab's sessionStorage only (never localStorage, never a cookie),
// so closing the tab forgets them.
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

function rpcRequest(method, params, extraHeaders = {}) {
  return fetch(endpoint, {
    method: "POST",
    headers: { "Content-Type": "application/json", "A2A-Version": "1.0", ...authHeaders(), ...extraHeaders },
    body: JSON.stringify({ jsonrpc: "2.0", id: nextId++, method, params }),
  });
}

export class RpcError extends Error {
  constructor(code, message) {
    super(`${message} (${code})`);
    this.code = code;
  }
}

async function failure(response) {
  const body = await response.json().catch(() => ({}));
  if (body.error && typeof body.error === "object") return new RpcError(body.error.code, body.error.message);
  return new RpcError(response.status, body.error ?? response.statusText);
}

/** One JSON-RPC call; resolves to its result, rejects with an RpcError. */
export async function rpc(method, params) {
  const response = await rpcRequest(method, params);
  if (!response.ok) throw await failure(response);
  const body = await response.json();
  if (body.error) throw new RpcError(body.error.code, body.error.message);
  return body.result;
}

/**
 * A streaming JSON-RPC call (SendStreamingMessage, SubscribeToTask): calls `onEvent(result, seq)`
 * for every SSE frame until the server closes the stream or `signal` aborts.
 */
export async function rpcStream(method, params, onEvent, { signal, lastEventId } = {}) {
  const headers = lastEventId === undefined ? {} : { "Last-Event-ID": String(lastEventId) };
  const response = await rpcRequest(method, params, headers);
  if (!response.ok) throw await failure(response);
  if (!(response.headers.get("Content-Type") ?? "").startsWith("text/event-stream")) {
    const body = await response.json();
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
