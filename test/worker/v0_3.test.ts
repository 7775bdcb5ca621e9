/**
 * A2A 0.3 next to 1.0 on one endpoint (spec §3.6.2: no `A2A-Version`, or `0.3`, is 0.3): the card's
 * 0.3 fields, the 0.3 JSON-RPC methods with 0.3 shapes and SSE frames, and one set of tasks that
 * both versions read, cancel and subscribe to.
 */
import { env } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import appWorker from "../../src/worker/index";
import { BASE, type TaskLike, V1, ok, parseSse, post, rpc, worker } from "./helpers/rpc";

const V03 = { "Content-Type": "application/json" };
let next = 1;

async function call03<T = Record<string, any>>(method: string, params?: unknown, headers: Record<string, string> = V03) {
  const res = await post({ jsonrpc: "2.0", id: `v03-${next++}`, method, ...(params === undefined ? {} : { params }) }, headers);
  return (await res.json()) as { id: string; result?: T; error?: { code: number; message: string } };
}

async function ok03<T = Record<string, any>>(method: string, params?: unknown, headers?: Record<string, string>): Promise<T> {
  const res = await call03<T>(method, params, headers);
  if (res.error) throw new Error(`${method}: ${res.error.code} ${res.error.message}`);
  return res.result as T;
}

const message03 = (text: string, extra: Record<string, unknown> = {}) => ({
  kind: "message",
  messageId: `m03-${crypto.randomUUID()}`,
  role: "user",
  parts: [{ kind: "text", text }],
  ...extra,
});

describe("the card (0.3 AgentCard fields beside 1.0's)", () => {
  it("carries protocolVersion 0.3.0, url, preferredTransport, additionalInterfaces and a 0.3 interface", async () => {
    const card = (await (await worker().fetch(`${BASE}/.well-known/agent-card.json`)).json()) as Record<string, any>;
    expect(card).toMatchObject({
      protocolVersion: "0.3.0",
      url: `${BASE}/`,
      preferredTransport: "JSONRPC",
      additionalInterfaces: [{ url: `${BASE}/`, transport: "JSONRPC" }],
    });
    expect(card.supportedInterfaces[0]).toEqual({ url: `${BASE}/`, protocolBinding: "JSONRPC", protocolVersion: "1.0" });
    expect(card.supportedInterfaces.at(-1)).toEqual({ url: `${BASE}/`, protocolBinding: "JSONRPC", protocolVersion: "0.3" });
  });
});

describe("0.3 JSON-RPC methods and shapes", () => {
  it("message/send answers a 0.3 Task: kind, input-required state, user/agent roles, kind-tagged parts", async () => {
    const task = await ok03("message/send", { message: message03("hello from 0.3") });
    expect(task.kind).toBe("task");
    expect(task.status.state).toBe("input-required");
    expect(task.status.message).toMatchObject({ kind: "message", role: "agent", parts: [{ kind: "text" }] });
    expect(task.history[0]).toMatchObject({ kind: "message", role: "user", parts: [{ kind: "text", text: "hello from 0.3" }] });
    expect(JSON.stringify(task)).not.toContain("TASK_STATE_");
    // The same with A2A-Version: 0.3.
    expect((await ok03("message/send", { message: message03("again") }, { ...V03, "A2A-Version": "0.3" })).kind).toBe("task");
  });

  it("reads 0.3 file (bytes, uri) and data parts as 1.0 parts, and writes them back in the 0.3 shape", async () => {
    const contextId = `v03-parts-${crypto.randomUUID()}`;
    const task = await ok03("message/send", {
      message: message03("with parts", {
        contextId,
        parts: [
          { kind: "text", text: "look" },
          { kind: "file", file: { bytes: btoa("plain bytes"), mimeType: "text/plain", name: "notes.txt" } },
          { kind: "data", data: { key: "value" } },
        ],
      }),
    });
    expect(task.contextId).toBe(contextId);
    const v1 = await ok<TaskLike & { history: Array<{ parts: Array<Record<string, unknown>> }> }>("GetTask", { id: task.id });
    expect(v1.history[0]?.parts).toEqual([
      { text: "look" },
      { raw: btoa("plain bytes"), mediaType: "text/plain", filename: "notes.txt" },
      { data: { key: "value" }, mediaType: "application/json" },
    ]);
    const got = await ok03("tasks/get", { id: task.id });
    expect(got.history[0].parts).toEqual([
      { kind: "text", text: "look" },
      { kind: "file", file: { bytes: btoa("plain bytes"), mimeType: "text/plain", name: "notes.txt" } },
      { kind: "data", data: { key: "value" } },
    ]);
    const remote = await call03("message/send", { message: message03("x", { parts: [{ kind: "file", file: { uri: "https://example.com/a.txt" } }] }) });
    expect(remote.error?.code).toBe(-32602);
  });

  it("message/stream sends 0.3 SSE frames: the Task, status-update events with final, artifact-update", async () => {
    const res = await post(
      { jsonrpc: "2.0", id: "s03", method: "message/stream", params: { message: message03("x", { messageId: "tck-stream-001-v03" }) } },
      V03,
    );
    expect(res.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    const events = parseSse(await res.text());
    expect(events.every((e) => e.data.id === "s03")).toBe(true);
    const results = events.map((e) => e.data.result as Record<string, any>);
    expect(results.map((r) => r.kind)).toEqual(["task", "status-update", "artifact-update", "status-update"]);
    expect(results.map((r) => r.status?.state ?? null)).toEqual(["submitted", "working", null, "completed"]);
    expect(results.filter((r) => r.kind === "status-update").map((r) => r.final)).toEqual([false, true]);
    expect(results[2]?.artifact.parts[0]).toMatchObject({ kind: "text" });
    expect(events.map((e) => e.id)).toEqual([1, 2, 3, 4]);
  });

  it("non-blocking message/send (blocking: false), tasks/resubscribe, tasks/cancel", async () => {
    const task = await ok03("message/send", { message: message03("x", { messageId: "test-resubscribe-message-id-v03" }), configuration: { blocking: false } });
    expect(task.status.state).toBe("submitted");
    const res = await post({ jsonrpc: "2.0", id: "r03", method: "tasks/resubscribe", params: { id: task.id } }, V03);
    const events = parseSse(await res.text()).map((e) => e.data.result as Record<string, any>);
    expect(events[0]?.kind).toBe("task");
    expect(events.at(-1)).toMatchObject({ kind: "status-update", final: true, status: { state: "completed" } });

    const open = await ok03("message/send", { message: message03("to cancel") });
    const canceled = await ok03("tasks/cancel", { id: open.id });
    expect(canceled).toMatchObject({ kind: "task", id: open.id, status: { state: "canceled" } });
    expect((await call03("tasks/cancel", { id: open.id })).error?.code).toBe(-32002);
    expect((await call03("tasks/get", { id: "no-such-task" })).error?.code).toBe(-32001);
  });

  it("issue 30 item 6: with no auth scheme the card does not claim an authenticated extended card, and the 0.3 method answers -32007", async () => {
    const card = (await (await worker().fetch(`${BASE}/.well-known/agent-card.json`)).json()) as Record<string, unknown>;
    expect(card).not.toHaveProperty("supportsAuthenticatedExtendedCard");
    expect((await call03("agent/getAuthenticatedExtendedCard")).error).toMatchObject({ code: -32007, message: "Extended agent card is not configured" });
    // 1.0's GetExtendedAgentCard is not the authenticated one: it still answers.
    expect(((await ok("GetExtendedAgentCard")) as { skills: Array<{ id: string }> }).skills.at(-1)?.id).toBe("iac_code_runtime_details");
  });

  it("agent/getAuthenticatedExtendedCard answers the extended card with its 0.3 fields when authentication is configured, which the card then declares", async () => {
    const authed = { ...env, IACCODE_A2A_HTTP_TOKEN: "v03-card-token" } as unknown as Env;
    const call = (path: string, init?: RequestInit) => appWorker.fetch(new Request(`${BASE}${path}`, init), authed, createExecutionContext());
    const publicCard = (await (await call("/.well-known/agent-card.json")).json()) as Record<string, unknown>;
    expect(publicCard.supportsAuthenticatedExtendedCard).toBe(true);
    const res = await call("/", {
      method: "POST",
      headers: { ...V03, Authorization: "Bearer v03-card-token" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "agent/getAuthenticatedExtendedCard" }),
    });
    const card = ((await res.json()) as { result: Record<string, any> }).result;
    expect(card).toMatchObject({ protocolVersion: "0.3.0", url: `${BASE}/`, supportsAuthenticatedExtendedCard: true });
    expect(card.skills.at(-1).id).toBe("iac_code_runtime_details");
  });

  it("push config methods answer -32003 while push is off", async () => {
    const task = await ok03("message/send", { message: message03("x") });
    const res = await call03("tasks/pushNotificationConfig/set", { taskId: task.id, pushNotificationConfig: { url: "https://hooks.example.com/a" } });
    expect(res.error?.code).toBe(-32003);
  });
});

describe("one set of tasks for both versions", () => {
  it("a task created over 0.3 is readable, listable, cancelable and subscribable over 1.0, and back", async () => {
    const contextId = `cross-${crypto.randomUUID()}`;
    const from03 = await ok03("message/send", { message: message03("from 0.3", { contextId }) });
    const v1 = await ok<TaskLike>("GetTask", { id: from03.id });
    expect(v1.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
    const list = await ok<{ tasks: TaskLike[] }>("ListTasks", { contextId });
    expect(list.tasks.map((t) => t.id)).toEqual([from03.id]);

    const from1 = await ok<{ task: TaskLike }>("SendMessage", {
      message: { messageId: `m1-${crypto.randomUUID()}`, role: "ROLE_USER", parts: [{ text: "from 1.0" }], contextId },
    });
    const read03 = await ok03("tasks/get", { id: from1.task.id, historyLength: 1 });
    expect(read03).toMatchObject({ kind: "task", id: from1.task.id, contextId, status: { state: "input-required" } });
    expect(read03.history).toHaveLength(1);

    // A 0.3 follow-up on the 1.0 task, subscribed over 1.0 while it runs, then canceled over 1.0.
    const follow = await ok03("message/send", {
      message: message03("x", { taskId: from03.id, messageId: "test-resubscribe-message-id-cross" }),
      configuration: { blocking: false },
    });
    expect(follow.id).toBe(from03.id);
    const sub = await post({ jsonrpc: "2.0", id: "sub1", method: "SubscribeToTask", params: { id: from03.id } }, V1);
    const canceled = await ok<TaskLike>("CancelTask", { id: from03.id });
    expect(canceled.status.state).toBe("TASK_STATE_CANCELED");
    const events = parseSse(await sub.text());
    expect(Object.keys(events[0]?.data.result ?? {})).toEqual(["task"]);
    expect((await ok03("tasks/get", { id: from03.id })).status.state).toBe("canceled");
    expect((await rpc("GetTask", { id: from03.id }, V03)).error?.code).toBe(-32009);
  });
});

describe("0.3 stream errors are SSE events (issue 20 item 3)", () => {
  const errorEvent = (id: string, code: number, message: string, reason: string, metadata: Record<string, string>) =>
    `event: error\ndata: ${JSON.stringify({
      jsonrpc: "2.0",
      id,
      error: { code, message, data: [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason, domain: "a2a-protocol.org", metadata }] },
    })}\n\n`;

  it("tasks/resubscribe to an unknown task: HTTP 200, text/event-stream, one `event: error` with the -32001 response", async () => {
    const res = await post({ jsonrpc: "2.0", id: "r-unknown", method: "tasks/resubscribe", params: { id: "no-such-task" } }, V03);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/event-stream; charset=utf-8");
    expect(await res.text()).toBe(errorEvent("r-unknown", -32001, "Task no-such-task not found", "TASK_NOT_FOUND", { taskId: "no-such-task" }));
  });

  it("message/stream's method errors too (a follow-up on an unknown task); the server serves the next call", async () => {
    const res = await post({ jsonrpc: "2.0", id: "s-unknown", method: "message/stream", params: { message: message03("x", { taskId: "no-such-task" }) } }, V03);
    expect(res.headers.get("Content-Type")).toBe("text/event-stream; charset=utf-8");
    const [event] = parseSse(await res.text());
    expect(event?.data).toMatchObject({ jsonrpc: "2.0", id: "s-unknown", error: { code: -32001 } });
    expect((await ok03("message/send", { message: message03("still here") })).kind).toBe("task");
  });

  it("stays JSON where the 0.3 SDK server answers JSON: an envelope error, a non-streaming method, and 1.0's SubscribeToTask", async () => {
    const bad = await post({ jsonrpc: "2.0", method: "tasks/resubscribe", params: { id: "x" } }, V03);
    expect(bad.headers.get("Content-Type")).toContain("application/json");
    expect((await call03("tasks/get", { id: "no-such-task" })).error?.code).toBe(-32001);
    const v1 = await post({ jsonrpc: "2.0", id: 1, method: "SubscribeToTask", params: { id: "no-such-task" } }, V1);
    expect(v1.headers.get("Content-Type")).toContain("application/json");
    expect(((await v1.json()) as { error: { code: number } }).error.code).toBe(-32001);
  });
});
