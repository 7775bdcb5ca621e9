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
 * The same rules as HTTP (issue 23 item 2): the upgrade's `Origin` is checked (websocket-origin.ts);
 * all sockets of one caller (its rate-limit key: the principal, or the address in the trusted-local
 * mode) live in one session object, which caps them (`IACCODE_A2A_WS_MAX_SOCKETS_PER_CALLER`: the
 * upgrade over the cap gets HTTP 429 with `Retry-After` instead of the 101, and no socket is made,
 * issue 30 item 2; a close code sent on a socket already handed over never reached a real client,
 * which kept the socket and its TCP connection); every message counts in the caller's API rate limit (over it: a JSON-RPC error -32000 with
 * RetryInfo, the socket kept open); and every message re-checks the credentials the upgrade
 * presented, so a session ends with close 4401 (4403 for a lost scope) once HTTP would refuse them,
 * and an alarm closes it at a JWT's expiry even when it is idle. A closed socket leaves nothing in
 * the object's maps, and the object, once its last socket is gone, nothing at all.
 *
 * Extensions are activated per socket, by the upgrade's `A2A-Extensions` (a message has no headers):
 * the 101 echoes the activated ones, and with the generation extension every answer and stream
 * event of the socket carries generations as over HTTP (issue 20 item 1 of the remainder).
 *
 * The session object holds no state but its sockets: the owner, base URL, rate key, credentials,
 * activated generation extension and expiry the Worker established travel in each socket's attachment (held in memory by the runtime,
 * never written to storage), so they survive hibernation. It lives beside the bindings (not in
 * src/durable) because it is one: it calls the same method handlers through the binding front.
 */
import { DurableObject } from "cloudflare:workers";
import { A2AError, errors, jsonRpcError } from "../a2a/errors";
import { type JsonRpcId, type StreamFraming, jsonRpcResultJson } from "../a2a/sse";
import { type Config, configOf } from "../config/config";
import { authenticate } from "./auth";
import { activatesGeneration } from "./extensions";
import { type FrontRequest, JSON_HEADERS, checkService, parseJson } from "./binding-front";
import { readEnvelope } from "./jsonrpc";
import { type CallContext, PARAMS_OPTIONAL, callMethod, isMethodName, resultJson } from "./methods";
import { callerKey, limiterAllows, rateLimitedJsonRpcError, tooManyRequests } from "./rate-limit";
import { extensionHeaders } from "./service-parameters";
import { ORIGIN_REFUSED_BODY, webSocketOriginAllowed } from "./websocket-origin";
import {
  CLOSE_CREDENTIAL_INVALID,
  CLOSE_SCOPE_LOST,
  MAX_WS_ATTACHMENT_BYTES,
  MAX_WS_IN_FLIGHT,
  MAX_WS_MESSAGE_BYTES,
  WS_CAP_RETRY_AFTER_SECONDS,
  WS_PING,
  WS_PONG,
} from "./websocket-limits";

/** Set by the Worker on the request it forwards; a client's own copies are overwritten. */
const OWNER_HEADER = "X-IacCode-Session-Owner";
const BASE_URL_HEADER = "X-IacCode-Session-Base-Url";
const RATE_KEY_HEADER = "X-IacCode-Session-Rate-Key";
const EXPIRES_HEADER = "X-IacCode-Session-Expires-At";

interface Attachment {
  owner: string;
  baseUrl: string;
  /** The caller's key in the API rate limit (rate-limit.ts `callerKey`). */
  rateKey: string;
  /** The credential headers of the upgrade, checked again on every message. */
  credentials: Array<[string, string]>;
  /** When the credential stops being accepted (ms since the epoch); absent when it never expires. */
  expiresAtMs?: number;
  /** Set when the upgrade activated the generation extension: every message of the socket shows generations. */
  generation?: true;
}

export function isWebSocketUpgrade(request: Request): boolean {
  return request.method === "GET" && (request.headers.get("Upgrade") ?? "").toLowerCase() === "websocket";
}

/**
 * The Worker's side of an upgrade: the Origin, then the service parameters, then the caller's
 * session object. `expiresAtMs` is when the request's credential stops being accepted, if ever.
 */
export async function upgradeToWebSocket(upgrade: FrontRequest, expiresAtMs: number | undefined): Promise<Response> {
  if (!webSocketOriginAllowed(upgrade.config, upgrade.request)) return Response.json(ORIGIN_REFUSED_BODY, { status: 403 });
  // Keyed on the upgrade as it arrived: a rebuilt request (withQueryExtensions) has no `request.cf`.
  const rateKey = callerKey(upgrade.owner, upgrade.request, upgrade.config);
  const front = withQueryExtensions(upgrade);
  try {
    checkService(front);
  } catch (error) {
    if (!(error instanceof A2AError)) throw error;
    return new Response(JSON.stringify({ jsonrpc: "2.0", id: null, error: jsonRpcError(error.toShape()) }), { status: 400, headers: JSON_HEADERS });
  }
  const headers = new Headers(front.request.headers);
  headers.set(OWNER_HEADER, front.owner);
  headers.set(BASE_URL_HEADER, front.baseUrl);
  headers.set(RATE_KEY_HEADER, rateKey);
  if (expiresAtMs === undefined) headers.delete(EXPIRES_HEADER);
  else headers.set(EXPIRES_HEADER, String(expiresAtMs));
  return webSocketSessionOf(front.env, rateKey).fetch(new Request(front.request.url, { headers }));
}

/**
 * A browser's WebSocket cannot send headers: as `A2A-Version` may be the `?A2A-Version=` query
 * parameter of an upgrade, `A2A-Extensions` may be `?A2A-Extensions=` (the header wins when both are there).
 */
function withQueryExtensions(front: FrontRequest): FrontRequest {
  const query = new URL(front.request.url).searchParams.get("A2A-Extensions");
  if (query === null || front.request.headers.has("A2A-Extensions")) return front;
  const headers = new Headers(front.request.headers);
  headers.set("A2A-Extensions", query);
  return { ...front, request: new Request(front.request.url, { headers }) };
}

/**
 * One session object per caller, named by its rate-limit key alone (`principal:<owner>` or
 * `address:<ip>`): one kind of name in this namespace, so no caller's key names another's object.
 */
function webSocketSessionOf(env: Env, rateKey: string) {
  return env.WEBSOCKET_SESSION.get(env.WEBSOCKET_SESSION.idFromName(rateKey));
}

/** The credential headers of a request: what `authenticate` reads. */
function credentialsOf(headers: Headers, config: Config): Array<[string, string]> {
  const names = ["Authorization", ...(config.auth.apiKey ? [config.auth.apiKey.header] : [])];
  return names.flatMap((name): Array<[string, string]> => {
    const value = headers.get(name);
    return value === null ? [] : [[name, value]];
  });
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
    const rateKey = request.headers.get(RATE_KEY_HEADER);
    if (owner === null || baseUrl === null || rateKey === null) return new Response(null, { status: 400 });
    const config = configOf(this.env);
    const expires = Number(request.headers.get(EXPIRES_HEADER) ?? Number.NaN);
    const attachment: Attachment = { owner, baseUrl, rateKey, credentials: credentialsOf(request.headers, config) };
    if (Number.isFinite(expires)) attachment.expiresAtMs = expires;
    if (activatesGeneration(request.headers)) attachment.generation = true;
    if (new TextEncoder().encode(JSON.stringify(attachment)).byteLength > MAX_WS_ATTACHMENT_BYTES) return attachmentTooLarge();
    // Counted and accepted with no await between, so two concurrent upgrades cannot both take the last place.
    const cap = config.webSocket.maxSocketsPerCaller;
    if (this.ctx.getWebSockets().length >= cap) {
      return tooManyRequests(WS_CAP_RETRY_AFTER_SECONDS, `At most ${cap} WebSockets may be open per caller; close one first`);
    }
    const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment(attachment);
    if (attachment.expiresAtMs !== undefined) await this.scheduleExpiry(attachment.expiresAtMs);
    return new Response(null, { status: 101, webSocket: client, headers: extensionHeaders(request.headers, config) });
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    const session = ws.deserializeAttachment() as Attachment;
    const config = configOf(this.env);
    if (!(await this.credentialsHold(ws, session, config))) return;
    const limited = config.rateLimit && !(await limiterAllows(this.env.RATE_LIMIT_API, session.rateKey));
    if (typeof message !== "string") return send(ws, errorJson(null, errors.invalidRequest("Binary messages are not supported; send JSON-RPC as text")));
    if (new TextEncoder().encode(message).byteLength > MAX_WS_MESSAGE_BYTES) {
      return send(ws, errorJson(null, errors.invalidRequest(`Message exceeds ${MAX_WS_MESSAGE_BYTES} bytes`)));
    }
    const parsed = parseJson(message);
    if (limited) return send(ws, rateLimitedJson(parsed.ok ? idOf(parsed.value) : null));
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
      // Deleted at zero, and never put back for a socket that closed meanwhile (release() ran).
      const left = this.inFlight.get(ws);
      if (left !== undefined && left > 1) this.inFlight.set(ws, left - 1);
      else this.inFlight.delete(ws);
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

  /** Closes the sockets whose credential has expired (4401), then waits for the next expiry. */
  override async alarm(): Promise<void> {
    const now = Date.now();
    let next: number | undefined;
    for (const ws of this.ctx.getWebSockets()) {
      const expiresAtMs = (ws.deserializeAttachment() as Attachment | null)?.expiresAtMs;
      if (expiresAtMs === undefined) continue;
      if (expiresAtMs <= now) closeSocket(ws, CLOSE_CREDENTIAL_INVALID, "Credential expired");
      else next = Math.min(next ?? expiresAtMs, expiresAtMs);
    }
    if (next !== undefined) await this.ctx.storage.setAlarm(next);
  }

  private async scheduleExpiry(expiresAtMs: number): Promise<void> {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > expiresAtMs) await this.ctx.storage.setAlarm(expiresAtMs);
  }

  /**
   * The upgrade's credentials, checked as HTTP checks every request: past their expiry, refused
   * (a rotated secret, a key gone from the JWKS) or naming another owner, the socket is closed
   * (4401; 4403 when a JWT lost a required scope) and the message goes unanswered.
   */
  private async credentialsHold(ws: WebSocket, session: Attachment, config: Config): Promise<boolean> {
    if (session.expiresAtMs !== undefined && session.expiresAtMs <= Date.now()) {
      closeSocket(ws, CLOSE_CREDENTIAL_INVALID, "Credential expired");
      return false;
    }
    const result = await authenticate(new Headers(session.credentials), config.auth);
    if ("owner" in result && result.owner === session.owner) return true;
    const scope = "refusal" in result && result.refusal.status === 403;
    closeSocket(ws, scope ? CLOSE_SCOPE_LOST : CLOSE_CREDENTIAL_INVALID, scope ? "Credential lacks a required scope" : "Credential no longer valid");
    return false;
  }

  private async call(ws: WebSocket, id: JsonRpcId, method: Parameters<typeof callMethod>[0], params: unknown): Promise<void> {
    const { owner, baseUrl, generation } = ws.deserializeAttachment() as Attachment;
    const framing: StreamFraming = generation ? { binding: "jsonrpc", id, generation } : { binding: "jsonrpc", id };
    const ctx: CallContext = {
      env: this.env,
      config: configOf(this.env),
      owner,
      baseUrl,
      framing,
      lastEventId: undefined,
      ...(generation ? { generation } : {}),
    };
    try {
      const result = await callMethod(method, params, ctx);
      if (result.kind !== "stream") return send(ws, jsonRpcResultJson(id, resultJson(result)));
      await this.pump(ws, result.stream);
    } catch (error) {
      if (error instanceof A2AError) return send(ws, errorJson(id, error));
      // A stream canceled because its socket closed rejects its pending read: nothing went wrong.
      if (ws.readyState !== WebSocket.OPEN) return;
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
    // A socket that closed before its stream began: release() has run, so cancel it here.
    if (ws.readyState !== WebSocket.OPEN) reader.cancel().catch(() => undefined);
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
      if (open.size === 0 && this.streams.get(ws) === open) this.streams.delete(ws);
    }
  }

  private release(ws: WebSocket): void {
    for (const reader of this.streams.get(ws) ?? []) reader.cancel().catch(() => undefined);
    this.streams.delete(ws);
    this.inFlight.delete(ws);
  }
}

/** 431: the credentials are too long to be kept with a socket (`MAX_WS_ATTACHMENT_BYTES`). */
function attachmentTooLarge(): Response {
  const detail = `A WebSocket session keeps its credentials with the socket in at most ${MAX_WS_ATTACHMENT_BYTES} bytes; use a shorter token or HTTP`;
  return Response.json({ error: "Request Header Fields Too Large", detail }, { status: 431 });
}

/** The request id of a parsed message, when it has a valid one; else null. */
function idOf(value: unknown): JsonRpcId {
  const id = (value as { id?: unknown } | null)?.id;
  return typeof id === "string" || (typeof id === "number" && Number.isFinite(id)) ? id : null;
}

function rateLimitedJson(id: JsonRpcId): string {
  return JSON.stringify({ jsonrpc: "2.0", id, error: rateLimitedJsonRpcError() });
}

/** Closes with `code` unless the socket is closed already. */
function closeSocket(ws: WebSocket, code: number, reason: string): void {
  try {
    ws.close(code, reason);
  } catch {
    // Closed meanwhile.
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
