/**
 * Issue 22 item 4, "a method's checks in one place": every check of a request that needs no stored
 * state runs in the Worker beside the method's schema (`validate` in methods.ts, send-checks.ts),
 * so a malformed message is refused before any Durable Object is reached, with the error it got
 * when the object checked it. Proven on every binding (JSON-RPC 1.0, HTTP+JSON, 0.3 JSON-RPC,
 * WebSocket) by counting the RPC calls every ContextAgent and TaskIndex receives (the objects'
 * own methods, counted by object-costs.ts; nothing is mocked): zero for each refused message, for a
 * new context and for a follow-up on a stored task alike. The server then serves a good message on
 * each binding.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { BASE, V1, post, rpc, send, userMessage, worker, type RpcResponse, type TaskLike } from "./helpers/rpc";
import { errors } from "../../src/a2a/errors";
import { PART_MESSAGES } from "../../src/agent/parts";
import { MAX_MESSAGE_PARTS } from "../../src/worker/message-caps";
import { METADATA_TOO_LARGE } from "../../src/worker/send-checks";
import { countHops, openSocket } from "./helpers/object-hops";

interface Refusal {
  name: string;
  /** The SendMessage params (1.0 shape) of a malformed message. */
  params: Record<string, unknown>;
  code: number;
  message: string;
}

const msg = (extra: Record<string, unknown>) => userMessage("hello", extra);
const parts = (...list: unknown[]) => msg({ parts: list });

/** Each kind of malformed message, with the error the object answered before issue 22 item 4. */
function refusals(route: Record<string, unknown>): Refusal[] {
  const invalid = (name: string, params: Record<string, unknown>, message: string, code = -32602) => ({ name, params, code, message });
  return [
    invalid("an agent's role", { message: { ...msg(route), role: "ROLE_AGENT" } }, "message.role must be ROLE_USER"),
    invalid(
      "a text part of an unsupported type",
      { message: { ...parts({ text: "x", mediaType: "application/x-nope" }), ...route } },
      PART_MESSAGES.unsupportedMediaType,
      -32005,
    ),
    invalid("a raw part that is not base64", { message: { ...parts({ raw: "%%%", mediaType: "text/plain" }), ...route } }, PART_MESSAGES.rawNotBase64),
    invalid(
      "a raw text part that is not UTF-8",
      { message: { ...parts({ text: "a" }, { raw: "/w==", mediaType: "text/plain" }), ...route } },
      PART_MESSAGES.rawNotUtf8,
    ),
    invalid("a data part that is not JSON", { message: { ...parts({ data: { a: 1 }, mediaType: "text/csv" }), ...route } }, PART_MESSAGES.dataNotJson),
    invalid(
      "a remote file URL",
      { message: { ...parts({ url: "https://example.com/a.txt", mediaType: "text/plain" }), ...route } },
      PART_MESSAGES.fileNotLocal,
    ),
    invalid(
      "a file outside the allowed roots",
      { message: { ...parts({ url: "file:///etc/passwd", mediaType: "text/plain" }), ...route } },
      PART_MESSAGES.fileOutside,
    ),
    invalid(
      "a file outside the message's workspace",
      { message: { ...parts({ url: "file:///tmp/other/a.txt", mediaType: "text/plain" }), metadata: { iac_code: { cwd: "/workspace/app" } }, ...route } },
      PART_MESSAGES.fileOutside,
    ),
    invalid("metadata over 64 KiB", { message: msg(route), metadata: { note: "x".repeat(70_000) } }, METADATA_TOO_LARGE),
    invalid(
      "too many parts",
      { message: { ...parts(...Array.from({ length: MAX_MESSAGE_PARTS + 1 }, () => ({ text: "x" }))), ...route } },
      `Invalid parameters: message.parts: at most ${MAX_MESSAGE_PARTS} parts`,
    ),
    invalid(
      "an inline push config while push is off",
      { message: msg(route), configuration: { taskPushNotificationConfig: { url: "https://hooks.example.com/a2a" } } },
      errors.pushNotSupported().message,
      errors.pushNotSupported().code,
    ),
  ];
}

let hops: Awaited<ReturnType<typeof countHops>>;

beforeAll(async () => {
  hops = await countHops();
});

async function restSend(params: unknown): Promise<{ status: number; code?: number; message: string }> {
  const res = await worker().fetch(`${BASE}/message:send`, { method: "POST", headers: V1, body: JSON.stringify(params) });
  const body = (await res.json()) as { error?: { message: string }; task?: TaskLike };
  return { status: res.status, message: body.error?.message ?? "", ...(body.task ? { code: 0 } : {}) };
}

/** A 0.3 `message/send` of the same message: `kind`-tagged parts, `user`/`agent` roles, no A2A-Version. */
function v03Params(params: Record<string, unknown>): Record<string, unknown> {
  const message = params.message as Record<string, unknown>;
  const role = message.role === "ROLE_USER" ? "user" : message.role === "ROLE_AGENT" ? "agent" : message.role;
  const v03Parts = (message.parts as Array<Record<string, unknown>>).map((part) =>
    part.text !== undefined && part.data === undefined && part.mediaType === undefined ? { kind: "text", text: part.text } : part,
  );
  const configuration = params.configuration as { taskPushNotificationConfig?: unknown } | undefined;
  const push = configuration?.taskPushNotificationConfig;
  return { ...params, message: { ...message, kind: "message", role, parts: v03Parts }, ...(push ? { configuration: { pushNotificationConfig: push } } : {}) };
}

describe("issue 22 item 4: a malformed message is refused in the Worker, before any Durable Object", () => {
  it("JSON-RPC 1.0 (SendMessage and SendStreamingMessage), a new context: the same error, zero RPC", async () => {
    for (const method of ["SendMessage", "SendStreamingMessage"]) {
      for (const refusal of refusals({ contextId: `refused-${crypto.randomUUID().slice(0, 8)}` })) {
        hops.reset();
        const res = await rpc(method, refusal.params);
        expect({ kind: refusal.name, code: res.error?.code, message: res.error?.message }).toEqual({
          kind: refusal.name,
          code: refusal.code,
          message: refusal.message,
        });
        expect(hops.since(refusal.name)).toEqual({ kind: refusal.name, agent: 0, index: 0 });
      }
    }
  });

  it("HTTP+JSON POST /message:send: the same message, HTTP 400, zero RPC", async () => {
    for (const refusal of refusals({ contextId: `refused-${crypto.randomUUID().slice(0, 8)}` })) {
      hops.reset();
      const res = await restSend(refusal.params);
      expect({ kind: refusal.name, status: res.status, message: res.message }).toEqual({ kind: refusal.name, status: 400, message: refusal.message });
      expect(hops.since(refusal.name)).toEqual({ kind: refusal.name, agent: 0, index: 0 });
    }
  });

  it("0.3 JSON-RPC message/send: the same error, zero RPC", async () => {
    for (const refusal of refusals({ contextId: `refused-${crypto.randomUUID().slice(0, 8)}` })) {
      hops.reset();
      const res = await post({ jsonrpc: "2.0", id: 1, method: "message/send", params: v03Params(refusal.params) }, { "Content-Type": "application/json" });
      const body = (await res.json()) as RpcResponse;
      expect({ kind: refusal.name, code: body.error?.code, message: body.error?.message }).toEqual({
        kind: refusal.name,
        code: refusal.code,
        message: refusal.message,
      });
      expect(hops.since(refusal.name)).toEqual({ kind: refusal.name, agent: 0, index: 0 });
    }
  });

  it("WebSocket: the same error on the open socket, zero RPC into a context or the index", async () => {
    const { ws, call } = await openSocket();
    for (const [index, refusal] of refusals({ contextId: `refused-${crypto.randomUUID().slice(0, 8)}` }).entries()) {
      hops.reset();
      const reply = await call(`r-${index}`, "SendMessage", refusal.params);
      expect({ kind: refusal.name, code: reply.error?.code, message: reply.error?.message }).toEqual({
        kind: refusal.name,
        code: refusal.code,
        message: refusal.message,
      });
      expect(hops.since(refusal.name)).toEqual({ kind: refusal.name, agent: 0, index: 0 });
    }
    // The same socket still serves a good message.
    const good = await call("good", "SendMessage", { message: userMessage("after the refusals") });
    expect((good.result as { task?: TaskLike } | undefined)?.task?.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
    ws.close(1000, "done");
  });

  it("a malformed follow-up on a stored task is refused with zero RPC; the task is unchanged and takes a good one after", async () => {
    const task = (await send(userMessage("the first turn"))).task as TaskLike;
    const before = await rpc<TaskLike>("GetTask", { id: task.id });
    for (const refusal of refusals({ taskId: task.id })) {
      hops.reset();
      const res = await rpc("SendMessage", refusal.params);
      expect({ kind: refusal.name, code: res.error?.code, message: res.error?.message }).toEqual({
        kind: refusal.name,
        code: refusal.code,
        message: refusal.message,
      });
      expect(hops.since(refusal.name)).toEqual({ kind: refusal.name, agent: 0, index: 0 });
    }
    expect((await rpc<TaskLike>("GetTask", { id: task.id })).result).toEqual(before.result);
    hops.reset();
    const next = (await send(userMessage("a good follow-up", { taskId: task.id }))).task;
    expect(next?.id).toBe(task.id);
    expect(next?.history?.filter((m) => m.role === "ROLE_USER")).toHaveLength(2);
    expect(hops.agent.count).toBeGreaterThan(0);
  });

  it("the server serves a good message on every binding after the refusals", async () => {
    hops.reset();
    const rpcTask = (await send(userMessage("good over JSON-RPC"))).task;
    expect(rpcTask?.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
    expect(hops.agent.count).toBeGreaterThan(0);
    const rest = await restSend({ message: userMessage("good over HTTP+JSON") });
    expect({ status: rest.status, code: rest.code }).toEqual({ status: 200, code: 0 });
    const v03 = await post(
      {
        jsonrpc: "2.0",
        id: 2,
        method: "message/send",
        params: { message: { kind: "message", messageId: `m-${crypto.randomUUID()}`, role: "user", parts: [{ kind: "text", text: "good over 0.3" }] } },
      },
      { "Content-Type": "application/json" },
    );
    expect(((await v03.json()) as RpcResponse<{ kind: string; status: { state: string } }>).result?.status.state).toBe("input-required");
  });
});
