/**
 * JSON-RPC over WebSocket (issue: WebSocket transport; README "WebSocket"): an authenticated
 * upgrade accepted by a hibernatable WebSocketSession, requests multiplexed by id, streams as one
 * JSON-RPC response per event, ping/pong by the runtime's auto-response, malformed messages
 * answered while the socket stays open, message size and in-flight limits, clean closes. Issue 20's
 * remainder: the generation extension activated by the upgrade's `A2A-Extensions` for the socket's
 * messages, and a retried SendMessage frame (no Idempotency-Key header exists on a socket) answered
 * by the repeated-messageId rule without a second turn.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import worker from "../../src/worker/index";
import { parseConfig } from "../../src/config/config";
import { MAX_WS_IN_FLIGHT, MAX_WS_MESSAGE_BYTES } from "../../src/worker/websocket-limits";
import { ANSWER_TURN_KINDS, BASE, kinds, userMessage, worker as self, type RpcResponse } from "./helpers/rpc";

type Reply = { jsonrpc: "2.0"; id: unknown; result?: Record<string, any>; error?: { code: number; message: string } };

/** A connected socket and every message it received, in order. */
async function connect(headers: Record<string, string> = { "A2A-Version": "1.0" }, fetcher: { fetch: (r: Request) => Promise<Response> } = self(), query = "") {
  const res = await fetcher.fetch(new Request(`${BASE}/${query}`, { headers: { Upgrade: "websocket", ...headers } }));
  expect(res.status).toBe(101);
  const upgradeHeaders = res.headers;
  const ws = res.webSocket;
  if (!ws) throw new Error("no socket");
  ws.accept();
  const received: string[] = [];
  const waiters: Array<() => void> = [];
  ws.addEventListener("message", (event) => {
    received.push(typeof event.data === "string" ? event.data : "<binary>");
    for (const wake of waiters.splice(0)) wake();
  });
  const until = async (done: (all: string[]) => boolean, ms = 20_000) => {
    const deadline = Date.now() + ms;
    while (!done(received)) {
      if (Date.now() > deadline) throw new Error(`timed out; received ${JSON.stringify(received)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
    return received;
  };
  const replies = () => received.filter((m) => m.startsWith("{")).map((m) => JSON.parse(m) as Reply);
  const byId = (id: unknown) => replies().filter((r) => r.id === id);
  const request = (id: unknown, method: string, params?: unknown) =>
    ws.send(JSON.stringify({ jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) }));
  return { ws, received, until, replies, byId, request, upgradeHeaders };
}

const message = (messageId: string, extra: Record<string, unknown> = {}) => ({
  message: { messageId, role: "ROLE_USER", parts: [{ text: "hello" }], ...extra },
});

describe("upgrade (authenticated, service parameters checked)", () => {
  it("refuses an upgrade without a principal when a scheme is configured, and a missing A2A-Version", async () => {
    const unauth = await worker.fetch(
      new Request(`${BASE}/`, { headers: { Upgrade: "websocket", "A2A-Version": "1.0" } }),
      { ...env, IACCODE_A2A_HTTP_TOKEN: "ws-token" } as Env,
      createExecutionContext(),
    );
    expect(unauth.status).toBe(401);
    const noVersion = await self().fetch(new Request(`${BASE}/`, { headers: { Upgrade: "websocket" } }));
    expect(noVersion.status).toBe(400);
    expect(((await noVersion.json()) as Reply).error?.code).toBe(-32009);
    const viaQuery = await self().fetch(new Request(`${BASE}/?A2A-Version=1.0`, { headers: { Upgrade: "websocket" } }));
    expect(viaQuery.status).toBe(101);
    viaQuery.webSocket?.accept();
    viaQuery.webSocket?.close(1000, "done");
  });
});

describe("Origin checked at the upgrade (issue 23 item 2: cross-site WebSocket hijacking)", () => {
  const upgrade = (origin: string | undefined, overrides: Record<string, string> = {}, path = "/") =>
    worker.fetch(
      new Request(`${BASE}${path}?A2A-Version=1.0`, { headers: { Upgrade: "websocket", ...(origin === undefined ? {} : { Origin: origin }) } }),
      { ...env, ...overrides } as Env,
      createExecutionContext(),
    );
  const opened = async (res: Response) => {
    expect(res.status).toBe(101);
    res.webSocket?.accept();
    res.webSocket?.close(1000, "done");
  };

  it("refuses a page of another origin in the trusted-local mode with 403, before any socket exists", async () => {
    for (const origin of ["http://localhost:9999", "https://evil.example", "http://127.0.0.1:8788", "null"]) {
      const res = await upgrade(origin);
      expect(res.status).toBe(403);
      expect(res.webSocket).toBeNull();
      expect(await res.json()).toEqual({
        error: "Forbidden",
        detail: "A WebSocket may be opened from this server's origin, that of IACCODE_A2A_PUBLIC_URL, or one of IACCODE_A2A_WS_ALLOWED_ORIGINS",
      });
    }
  });

  it("accepts the server's own origin, the public URL's, a listed one, and no Origin (a non-browser client)", async () => {
    await opened(await upgrade(BASE));
    await opened(await upgrade(undefined));
    await opened(await upgrade("https://a2a.example.com", { IACCODE_A2A_PUBLIC_URL: "https://a2a.example.com/a2a" }, "/a2a"));
    await opened(await upgrade("https://console.example.net", { IACCODE_A2A_WS_ALLOWED_ORIGINS: "https://console.example.net, http://localhost:5173" }));
    expect((await upgrade("https://other.example.net", { IACCODE_A2A_WS_ALLOWED_ORIGINS: "https://console.example.net" })).status).toBe(403);
  });

  it("IACCODE_A2A_WS_ALLOWED_ORIGINS must list origins", () => {
    expect(() => parseConfig({ IACCODE_A2A_WS_ALLOWED_ORIGINS: "https://console.example.net/app" })).toThrow(
      'Invalid configuration IACCODE_A2A_WS_ALLOWED_ORIGINS: "https://console.example.net/app" is not an origin (scheme://host[:port], no path)',
    );
    expect(() => parseConfig({ IACCODE_A2A_WS_ALLOWED_ORIGINS: "*" })).toThrow("IACCODE_A2A_WS_ALLOWED_ORIGINS");
  });
});

describe("JSON-RPC on one socket", () => {
  it("multiplexes requests by id: a stream's events carry its id while other answers arrive", async () => {
    const s = await connect();
    s.request("stream-1", "SendStreamingMessage", message("test-resubscribe-message-id-ws"));
    s.request(2, "GetTask", { id: "no-such-task" });
    s.request("card", "GetExtendedAgentCard");
    await s.until(() => s.byId(2).length === 1 && s.byId("card").length === 1);
    expect(s.byId(2)[0]?.error?.code).toBe(-32001);
    expect(s.byId("card")[0]?.result?.name).toBe("iac-code");
    await s.until(() => s.byId("stream-1").some((r) => r.result?.statusUpdate?.status.state === "TASK_STATE_COMPLETED"));
    const kinds = s.byId("stream-1").map((r) => Object.keys(r.result ?? {})[0]);
    expect(kinds[0]).toBe("task");
    expect(kinds.at(-1)).toBe("statusUpdate");
    s.ws.close(1000, "done");
  });

  it("answers ping with pong (runtime auto-response) and keeps serving", async () => {
    const s = await connect();
    s.ws.send("ping");
    await s.until((all) => all.includes("pong"));
    s.request(1, "SendMessage", message("tck-complete-task-ws"));
    await s.until(() => s.byId(1).length === 1);
    expect(s.byId(1)[0]?.result?.task.status.state).toBe("TASK_STATE_COMPLETED");
    s.ws.close(1000, "done");
  });

  it("-32700 and -32600 for malformed messages, the socket staying open", async () => {
    const s = await connect();
    s.ws.send("{not json");
    s.ws.send(JSON.stringify([{ jsonrpc: "2.0", id: 1, method: "GetTask" }]));
    s.ws.send(JSON.stringify({ jsonrpc: "1.0", id: 7, method: "GetTask" }));
    s.ws.send(new Uint8Array([1, 2, 3]));
    s.ws.send("x".repeat(MAX_WS_MESSAGE_BYTES + 1));
    s.request(8, "tasks/explode", {});
    s.request(9, "GetTask", { id: "x", historyLength: -1 });
    await s.until(() => s.replies().length === 7);
    // Each message is answered on its own: the answers may come in any order.
    const answers = s.replies().map((r) => `${r.id}:${r.error?.code}`);
    expect(answers.sort()).toEqual(["7:-32600", "8:-32601", "9:-32602", "null:-32600", "null:-32600", "null:-32600", "null:-32700"]);
    expect(s.replies().some((r) => r.error?.message === `Message exceeds ${MAX_WS_MESSAGE_BYTES} bytes`)).toBe(true);
    s.request(10, "GetExtendedAgentCard");
    await s.until(() => s.byId(10).length === 1);
    s.ws.close(1000, "done");
  });

  it(`refuses a request past ${MAX_WS_IN_FLIGHT} in flight, and serves again once they end`, async () => {
    const s = await connect();
    for (let i = 0; i < MAX_WS_IN_FLIGHT; i++) s.request(`slow-${i}`, "SendStreamingMessage", message(`test-resubscribe-message-id-ws-${i}`));
    // Every slow stream has sent its Task (and runs ~4 s more) before the one too many is sent.
    const slow = Array.from({ length: MAX_WS_IN_FLIGHT }, (_, i) => `slow-${i}`);
    await s.until(() => slow.every((id) => s.byId(id).some((r) => r.result?.task)));
    expect(slow.every((id) => !s.byId(id).some((r) => r.result?.statusUpdate?.status.state === "TASK_STATE_COMPLETED"))).toBe(true);
    s.request("one-too-many", "GetExtendedAgentCard");
    await s.until(() => s.byId("one-too-many").length === 1);
    expect(s.byId("one-too-many")[0]?.error).toMatchObject({ code: -32600, message: `At most ${MAX_WS_IN_FLIGHT} requests may be in flight on one socket` });
    await s.until(
      () =>
        Array.from({ length: MAX_WS_IN_FLIGHT }, (_, i) => s.byId(`slow-${i}`)).every((events) =>
          events.some((r) => r.result?.statusUpdate?.status.state === "TASK_STATE_COMPLETED"),
        ),
      30_000,
    );
    s.request("after", "GetExtendedAgentCard");
    await s.until(() => s.byId("after").length === 1);
    expect(s.byId("after")[0]?.result?.name).toBe("iac-code");
    s.ws.close(1000, "done");
  });

  it("closes cleanly: the server answers the client's close code", async () => {
    const s = await connect();
    const closed = new Promise<number>((resolve) => s.ws.addEventListener("close", (event) => resolve(event.code)));
    s.ws.close(4000, "client done");
    expect(await closed).toBe(4000);
  });

  it("is listed in the extended card's runtime details, not in the public card", async () => {
    const card = (await (await self().fetch(`${BASE}/.well-known/agent-card.json`)).json()) as Record<string, unknown>;
    expect(JSON.stringify(card)).not.toContain("websocket");
    const s = await connect();
    s.request(1, "GetExtendedAgentCard");
    await s.until(() => s.byId(1).length === 1);
    const runtime = (s.byId(1)[0]?.result?.skills as Array<{ id: string; description: string }>).find((k) => k.id === "iac_code_runtime_details");
    expect(runtime?.description).toContain(
      `websocket=${BASE.replace(/^http/, "ws")}/ (JSON-RPC 1.0 multiplexed by id; maxMessageBytes=${MAX_WS_MESSAGE_BYTES}, maxInFlight=${MAX_WS_IN_FLIGHT}`,
    );
    s.ws.close(1000, "done");
  });
});

const GENERATION = "urn:iac-code:a2a:generation:v1";
type Connected = Awaited<ReturnType<typeof connect>>;
/** The generation of each reply to `id` (the Task's, the update's, or the SendMessage answer's Task). */
const generationsOf = (s: Connected, id: unknown) =>
  s.byId(id).map((r) => (Object.values(r.result ?? {})[0] as { generation?: string } | undefined)?.generation);
const turnEnded = (s: Connected, id: unknown) => () => s.byId(id).some((r) => r.result?.statusUpdate?.status.state === "TASK_STATE_INPUT_REQUIRED");

describe("issue 20 item 6 over WebSocket: the generation extension activated at the upgrade", () => {
  it("the 101 echoes it; stream events, Tasks and ifGenerationMatch work as over SSE", async () => {
    const s = await connect({ "A2A-Version": "1.0", "A2A-Extensions": GENERATION });
    expect(s.upgradeHeaders.get("A2A-Extensions")).toBe(GENERATION);
    s.request("s", "SendStreamingMessage", { message: userMessage("hello") });
    await s.until(turnEnded(s, "s"));
    expect(kinds(s.byId("s").map((r) => ({ data: r as RpcResponse<Record<string, unknown>> })))).toEqual(ANSWER_TURN_KINDS);
    expect(generationsOf(s, "s")).toEqual(["1", "2", "3", "4", "5"]);
    const taskId = s.byId("s")[0]?.result?.task.id as string;
    s.request("get", "GetTask", { id: taskId });
    s.request("stale", "SendMessage", { message: userMessage("more", { taskId }), configuration: { ifGenerationMatch: 4 } });
    await s.until(() => s.byId("get").length === 1 && s.byId("stale").length === 1);
    expect(s.byId("get")[0]?.result?.generation).toBe("5");
    expect(s.byId("stale")[0]?.error).toMatchObject({ code: -32010, message: `Task ${taskId} is at generation 5, not 4` });
    s.request("match", "SendMessage", { message: userMessage("more", { taskId }), configuration: { ifGenerationMatch: 5 } });
    await s.until(() => s.byId("match").length === 1);
    expect(s.byId("match")[0]?.result?.task.generation).toBe("10");
    s.ws.close(1000, "done");
  });

  it("a browser names it as the upgrade's ?A2A-Extensions= query parameter, as it does the version", async () => {
    const s = await connect({}, self(), `?A2A-Version=1.0&A2A-Extensions=${encodeURIComponent(GENERATION)}`);
    expect(s.upgradeHeaders.get("A2A-Extensions")).toBe(GENERATION);
    s.request("s", "SendStreamingMessage", { message: userMessage("hello") });
    await s.until(turnEnded(s, "s"));
    expect(generationsOf(s, "s")).toEqual(["1", "2", "3", "4", "5"]);
    s.ws.close(1000, "done");
  });

  it("without it at the upgrade, nothing on the socket carries a generation (a message cannot activate it)", async () => {
    const s = await connect();
    expect(s.upgradeHeaders.get("A2A-Extensions")).toBeNull();
    s.request("s", "SendStreamingMessage", { message: userMessage("hello") });
    await s.until(turnEnded(s, "s"));
    expect(generationsOf(s, "s")).toEqual([undefined, undefined, undefined, undefined, undefined]);
    const taskId = s.byId("s")[0]?.result?.task.id as string;
    s.request("get", "GetTask", { id: taskId, currentGeneration: 99 });
    s.request("next", "SendMessage", { message: userMessage("more", { taskId }), configuration: { ifGenerationMatch: 1 } });
    await s.until(() => s.byId("get").length === 1 && s.byId("next").length === 1);
    expect(s.byId("next")[0]?.result?.task.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
    for (const text of s.received) expect(text).not.toContain('"generation"');
    s.ws.close(1000, "done");
  });
});

describe("issue 20 item 7 over WebSocket: a retried SendMessage frame (the messageId rule; no Idempotency-Key header on a socket)", () => {
  it("duplicate frames, at once and later, answer the first task, which ran one turn", async () => {
    const s = await connect({ "A2A-Version": "1.0", "A2A-Extensions": GENERATION });
    const params = { message: userMessage("create a VPC", { contextId: `ws-retry-${crypto.randomUUID().slice(0, 8)}` }) };
    s.request("a", "SendMessage", params);
    s.request("b", "SendMessage", params);
    await s.until(() => s.byId("a").length === 1 && s.byId("b").length === 1);
    s.request("c", "SendMessage", params);
    await s.until(() => s.byId("c").length === 1);
    const tasks = ["a", "b", "c"].map((id) => s.byId(id)[0]?.result?.task as { id: string; generation: string; history: Array<{ role: string }> });
    expect(new Set(tasks.map((t) => t.id)).size).toBe(1);
    // One turn: SUBMITTED, WORKING, the reply's status, its response artifact, INPUT_REQUIRED.
    expect(tasks.map((t) => t.generation)).toEqual(["5", "5", "5"]);
    expect(tasks[2]?.history.filter((m) => m.role === "ROLE_USER")).toHaveLength(1);
    s.request("other", "SendMessage", { message: { ...params.message, parts: [{ text: "other words" }] } });
    await s.until(() => s.byId("other").length === 1);
    expect(s.byId("other")[0]?.error).toMatchObject({
      code: -32602,
      message: "message.messageId was already used in this context for a message with different parts",
    });
    s.ws.close(1000, "done");
  });
});
