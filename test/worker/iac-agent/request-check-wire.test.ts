/**
 * Issue 27 item 8, "where the check is": `metadata.iac_code.requestCheck` is on the final status
 * message of the Task (the offline engine here; model turns and push in
 * test/worker/agent-model/reply-check.test.ts), so every read of the Task carries it: a blocking
 * JSON-RPC SendMessage, the HTTP+JSON binding, GetTask (status and history), ListTasks (status,
 * history, a status filter), the 0.3 binding's view, and a stream's final update (the same check
 * as the update's own metadata). The reply's first line is the check's headline. A request that
 * states hundreds of values keeps a check within REQUEST_CHECK_MAX_BYTES.
 */
import { describe, expect, it } from "vitest";
import { BASE, ok, post, readSse, send, stream, userMessage, worker } from "../helpers/rpc";
import { checkHeadline, type RequestCheck } from "../../../src/iac";
import { REQUEST_CHECK_MAX_BYTES } from "../../../src/agent/request-check-bounds";

interface Message {
  role: string;
  parts: Array<{ text?: string; kind?: string; url?: string }>;
  metadata?: { iac_code?: { requestCheck?: RequestCheck & { omitted?: Record<string, number> } } };
}
interface Task {
  id: string;
  contextId: string;
  status: { state: string; message?: Message };
  history?: Message[];
}

/** The engine builds no NAS file system: the check has a miss to report (the size), and a value found. */
const ASK = "VPC 10.0.0.0/16 with a NAS file system of 500 GB";
const checkOf = (message: Message | undefined) => message?.metadata?.iac_code?.requestCheck;
const firstLine = (message: Message | undefined) => (message?.parts[0]?.text ?? "").split("\n")[0];
const newContext = () => `rc-${crypto.randomUUID()}`;

async function rest<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await worker().fetch(`${BASE}${path}`, {
    method,
    headers: { "Content-Type": "application/json", "A2A-Version": "1.0" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

/** The final message of a turn: it has the check, and its first line is the check's headline. */
function expectChecked(message: Message | undefined): RequestCheck {
  const check = checkOf(message);
  expect(check?.applied.length).toBeGreaterThan(0);
  expect(check?.notExpressed.map((value) => value.text)).toContain("500 GB");
  expect(firstLine(message)).toBe(checkHeadline(check as RequestCheck, "en"));
  return check as RequestCheck;
}

describe("issue 27 item 8: requestCheck on the Task's final status message", () => {
  it("a blocking SendMessage, GetTask (status and history) and ListTasks (history, status filter) carry the same check", async () => {
    const contextId = newContext();
    const { task } = (await send(userMessage(ASK, { contextId }))) as { task?: Task };
    const check = expectChecked(task?.status.message);

    const got = await ok<Task>("GetTask", { id: task?.id, historyLength: 10 });
    expect(checkOf(got.status.message)).toEqual(check);
    expect(got.history?.map((message) => message.role)).toEqual(["ROLE_USER", "ROLE_AGENT"]);
    expect(checkOf(got.history?.at(-1))).toEqual(check);

    const listed = await ok<{ tasks: Task[] }>("ListTasks", { contextId, historyLength: 2, status: "TASK_STATE_INPUT_REQUIRED" });
    expect(listed.tasks.map((t) => t.id)).toEqual([task?.id]);
    expect(checkOf(listed.tasks[0]?.status.message)).toEqual(check);
    expect(checkOf(listed.tasks[0]?.history?.at(-1))).toEqual(check);
  });

  it("a stream's final update: its message carries the same check as the update's metadata", async () => {
    const events = await readSse(await stream("SendStreamingMessage", { message: userMessage(ASK, { contextId: newContext() }) }));
    const update = events.at(-1)?.data.result?.statusUpdate as { status: { state: string; message: Message }; metadata: Message["metadata"] };
    expect(update.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
    const check = expectChecked(update.status.message);
    expect(update.metadata?.iac_code?.requestCheck).toEqual(check);
  });

  it("the HTTP+JSON binding: POST /message:send, GET /tasks/{id}, GET /tasks", async () => {
    const contextId = newContext();
    const { task } = await rest<{ task: Task }>("POST", "/message:send", { message: userMessage(ASK, { contextId }) });
    const check = expectChecked(task.status.message);
    const got = await rest<Task>("GET", `/tasks/${task.id}?historyLength=1`);
    expect(checkOf(got.status.message)).toEqual(check);
    expect(checkOf(got.history?.[0])).toEqual(check);
    const listed = await rest<{ tasks: Task[] }>("GET", `/tasks?contextId=${contextId}&historyLength=1`);
    expect(checkOf(listed.tasks[0]?.status.message)).toEqual(check);
  });

  it("the 0.3 binding's view: message/send and tasks/get", async () => {
    const message03 = { kind: "message", messageId: `m03-${crypto.randomUUID()}`, role: "user", parts: [{ kind: "text", text: ASK }] };
    const sent = (await (
      await post({ jsonrpc: "2.0", id: 1, method: "message/send", params: { message: message03 } }, { "Content-Type": "application/json" })
    ).json()) as {
      result: Task & { kind: string };
    };
    expect(sent.result.kind).toBe("task");
    expect(sent.result.status.message?.role).toBe("agent");
    const check = expectChecked(sent.result.status.message);
    const got = (await (
      await post({ jsonrpc: "2.0", id: 2, method: "tasks/get", params: { id: sent.result.id } }, { "Content-Type": "application/json" })
    ).json()) as {
      result: Task;
    };
    expect(checkOf(got.result.status.message)).toEqual(check);
  });

  it("a request stating hundreds of values: the stored check stays within REQUEST_CHECK_MAX_BYTES, and says how many it left out", async () => {
    const ports = Array.from({ length: 400 }, (_, i) => 20_000 + i).join(", ");
    const { task } = (await send(userMessage(`Create a VPC and a security group that opens ports ${ports}`, { contextId: newContext() }))) as { task?: Task };
    const check = checkOf(task?.status.message);
    expect(check).toBeDefined();
    expect(new TextEncoder().encode(JSON.stringify(check)).byteLength).toBeLessThanOrEqual(REQUEST_CHECK_MAX_BYTES);
    const listed = (check?.applied.length ?? 0) + (check?.notExpressed.length ?? 0);
    const left = Object.values(check?.omitted ?? {}).reduce((sum, n) => sum + n, 0);
    // Every value the headline counts is listed or counted as left out. The reply is large: its text went to R2.
    const part = task?.status.message?.parts[0];
    const reply = part?.text ?? (await (await worker().fetch(part?.url ?? "")).text());
    const counted = Number(/^\*\*Request check(?::\*\* all|: \d+ of the) (\d+) values you gave/.exec(reply)?.[1]);
    expect(counted).toBeGreaterThan(0);
    expect(listed + left - (check?.omitted?.unrequested ?? 0)).toBe(counted);
  }, 90_000);
});
