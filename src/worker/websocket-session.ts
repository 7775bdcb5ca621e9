/**
 * JSON-RPC 1.0 over WebSocket (the original offers it as a custom transport): an upgrade on the
 * JSON-RPC endpoint, authenticated like every request and checked for `A2A-Version` and
 * `A2A-Extensions` at the upgrade, is accepted by a `WebSocketSession` Durable Object with the
 * Hibernation API, so an idle socket costs nothing. Any number of requests are multiplexed by
 * JSON-RPC `id`; a streaming method sends each event as a JSON-RPC response with its request's id.
 * A text `ping` is answered `pong` by the runtime without waking the object. A malformed message gets
 * -32700 / -32600 and the socket stays open; messages over `MAX_WS_MESSAGE_BYTES` and requests past
 * `MAX_WS_IN_FLIGHT` are refused the same way.
 *
 * The session object holds no state but its sockets: the owner and base URL the Worker established
 * travel in each socket's attachment, so they survive hibernation. It lives beside the bindings (not
 * in src/durable) because it is one: it calls the same method handlers through the binding front.
 */
import { DurableObject } from "cloudflare:workers";
import { A2AError, errors, jsonRpcError } from "../a2a/errors";
import { type JsonRpcId, jsonRpcResultJson } from "../a2a/sse";
import { configOf } from "../config/config";
import { type FrontRequest, JSON_HEADERS, checkService, parseJson } from "./binding-front";
import { readEnvelope } from "./jsonrpc";
import { PARAMS_OPTIONAL, callMethod, isMethodName, resultJson } from "./methods";
import { MAX_WS_IN_FLIGHT, MAX_WS_MESSAGE_BYTES, WS_PING, WS_PONG } from "./websocket-limits";

/** Set by the Worker on the request it forwards; a client's own copies are overwritten. */
const OWNER_HEADER = "X-IacCode-Session-Owner";
const BASE_URL_HEADER = "X-IacCode-Session-Base-Url";

interface Attachment {
  owner: string;
  baseUrl: string;
}

export function isWebSocketUpgrade(request: Request): boolean {
  return request.method === "GET" && (request.headers.get("Upgrade") ?? "").toLowerCase() === "websocket";
}

/** The Worker's side of an upgrade: service parameters first, then a new session object. */
export async function upgradeToWebSocket(front: FrontRequest): Promise<Response> {
  try {
    checkService(front);
  } catch (error) {
    if (!(error instanceof A2AError)) throw error;
    return new Response(JSON.stringify({ jsonrpc: "2.0", id: null, error: jsonRpcError(error.toShape()) }), { status: 400, headers: JSON_HEADERS });
  }
  const namespace = front.env.WEBSOCKET_SESSION;
  const headers = new Headers(front.request.headers);
  headers.set(OWNER_HEADER, front.owner);
  headers.set(BASE_URL_HEADER, front.baseUrl);
  return namespace.get(namespace.newUniqueId()).fetch(new Request(front.request.url, { headers }));
}

/** Close codes a peer may not send (RFC 6455 §7.4.1): answered with a normal closure. */
const RESERVED_CLOSE_CODES: ReadonlySet<number> = new Set([1005, 1006, 1015]);

export class WebSocketSession extends DurableObject<Env> {
  /** Unanswered requests per socket; empty after hibernation, when none can be pending. */
  private readonly inFlight = new Map<WebSocket, number>();
  /** Open streams per socket, canceled when the socket closes. */
  private readonly streams = new Map<WebSocket, Set<ReadableStreamDefaultReader<Uint8Array>>>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(WS_PING, WS_PONG));
  }

  override async fetch(request: Request): Promise<Response> {
    const owner = request.headers.get(OWNER_HEADER);
    const baseUrl = request.headers.get(BASE_URL_HEADER);
    if (owner === null || baseUrl === null) return new Response(null, { status: 400 });
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment({ owner, baseUrl } satisfies Attachment);
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (typeof message !== "string") return send(ws, errorJson(null, errors.invalidRequest("Binary messages are not supported; send JSON-RPC as text")));
    if (new TextEncoder().encode(message).byteLength > MAX_WS_MESSAGE_BYTES) {
      return send(ws, errorJson(null, errors.invalidRequest(`Message exceeds ${MAX_WS_MESSAGE_BYTES} bytes`)));
    }
    const parsed = parseJson(message);
    if (!parsed.ok) return send(ws, errorJson(null, parsed.invalid ?? errors.parse()));
    const envelope = readEnvelope(parsed.value);
    if (!envelope.ok) return send(ws, errorJson(envelope.id, envelope.error));
    const { id, method, params } = envelope;
    if (!isMethodName(method)) return send(ws, errorJson(id, errors.methodNotFound(method)));
    const pending = this.inFlight.get(ws) ?? 0;
    if (pending >= MAX_WS_IN_FLIGHT) {
      return send(ws, errorJson(id, errors.invalidRequest(`At most ${MAX_WS_IN_FLIGHT} requests may be in flight on one socket`)));
    }
    this.inFlight.set(ws, pending + 1);
    try {
      await this.call(ws, id, method, params ?? (PARAMS_OPTIONAL.has(method) ? {} : undefined));
    } finally {
      this.inFlight.set(ws, (this.inFlight.get(ws) ?? 1) - 1);
    }
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    this.release(ws);
    try {
      ws.close(RESERVED_CLOSE_CODES.has(code) ? 1000 : code, reason);
    } catch {
      // Already closed by the runtime's own reply to the close frame.
    }
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    this.release(ws);
  }

  private async call(ws: WebSocket, id: JsonRpcId, method: Parameters<typeof callMethod>[0], params: unknown): Promise<void> {
    const { owner, baseUrl } = ws.deserializeAttachment() as Attachment;
    const ctx = { env: this.env, config: configOf(this.env), owner, baseUrl, framing: { binding: "jsonrpc", id } as const, lastEventId: undefined };
    try {
      const result = await callMethod(method, params, ctx);
      if (result.kind !== "stream") return send(ws, jsonRpcResultJson(id, resultJson(result)));
      await this.pump(ws, result.stream);
    } catch (error) {
      if (error instanceof A2AError) return send(ws, errorJson(id, error));
      console.error(`WebSocket ${method}: unexpected error`, error instanceof Error ? error.name : typeof error);
      send(ws, errorJson(id, errors.internal()));
    }
  }

  /** Sends each SSE event of a stream (already a JSON-RPC response with the request's id) as one message. */
  private async pump(ws: WebSocket, stream: ReadableStream<Uint8Array>): Promise<void> {
    const reader = stream.getReader();
    const open = this.streams.get(ws) ?? new Set();
    open.add(reader);
    this.streams.set(ws, open);
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf("\n\n");
        while (end !== -1) {
          const data = buffer
            .slice(0, end)
            .split("\n")
            .filter((line) => line.startsWith("data: "))
            .map((line) => line.slice(6));
          if (data.length) send(ws, data.join("\n"));
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf("\n\n");
        }
      }
    } finally {
      open.delete(reader);
    }
  }

  private release(ws: WebSocket): void {
    for (const reader of this.streams.get(ws) ?? []) reader.cancel().catch(() => undefined);
    this.streams.delete(ws);
    this.inFlight.delete(ws);
  }
}

function errorJson(id: JsonRpcId, error: A2AError): string {
  return JSON.stringify({ jsonrpc: "2.0", id, error: jsonRpcError(error.toShape()) });
}

/** Sends unless the socket has closed meanwhile (a closed socket throws). */
function send(ws: WebSocket, text: string): void {
  try {
    ws.send(text);
  } catch {
    // The client left; its streams are released by webSocketClose.
  }
}
