/**
 * SendMessage and the task/context contract (spec §3.1.1, §3.2.2, §3.4; contract §6, §7;
 * decisions.md): blocking and non-blocking sends, contexts, follow-ups, workspaces, busy contexts,
 * terminal tasks, empty input.
 */
import { describe, expect, it } from "vitest";
import { ok, readSse, reason, rpc, send, sleep, stream, userMessage, type TaskLike } from "./helpers/rpc";

const text = (task: TaskLike | undefined) => task?.status.message?.parts[0]?.text;

describe("SendMessage, blocking (spec §3.2.2, CORE-EXECUTION-MODE-001)", () => {
  it("waits for the turn and answers the task at INPUT_REQUIRED, the product's normal end", async () => {
    const { task } = await send(userMessage("Create a VPC"));
    expect(task?.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
    expect(text(task)).toBe("Received: Create a VPC (message 1 of this conversation)");
    expect(task?.id).toMatch(/^[0-9a-f]{64}\.[0-9a-f]{16}$/);
    expect(task?.contextId).toMatch(/^[0-9a-f-]{36}$/);
    expect(task?.history?.map((m) => m.role)).toEqual(["ROLE_USER", "ROLE_AGENT"]);
    expect(Date.parse(task?.status.timestamp ?? "")).not.toBeNaN();
  });

  it("answers the conformance scenarios exactly (conformance-scenarios §3.1)", async () => {
    const complete = (await send({ ...userMessage("x"), messageId: "tck-complete-task-1a2b3c4d" })).task;
    expect(complete?.status.state).toBe("TASK_STATE_COMPLETED");
    expect(text(complete)).toBe("Hello from TCK");

    const reply = await send({ ...userMessage("x"), messageId: "tck-message-response-1a2b3c4d" });
    expect(reply.task).toBeUndefined();
    expect(reply.message).toMatchObject({ role: "ROLE_AGENT", parts: [{ text: "Direct message response" }] });

    const rejected = (await send({ ...userMessage("x"), messageId: "tck-reject-task-1" })).task;
    expect(rejected?.status.state).toBe("TASK_STATE_REJECTED");
    expect(text(rejected)).toBe("rejected");

    const artifacts: Record<string, unknown> = {
      "tck-artifact-text": [{ text: "Generated text content" }],
      "tck-artifact-file-url": [{ url: "https://example.com/output.txt", filename: "output.txt", mediaType: "text/plain" }],
      "tck-artifact-file": [{ raw: btoa("Generated file content"), filename: "output.txt", mediaType: "text/plain" }],
      "tck-artifact-data": [{ data: { key: "value", count: 42 }, mediaType: "application/json" }],
    };
    for (const [prefix, parts] of Object.entries(artifacts)) {
      const task = (await send({ ...userMessage("x"), messageId: `${prefix}-00ff00ff` })).task;
      expect(task?.status.state, prefix).toBe("TASK_STATE_COMPLETED");
      expect(task?.artifacts?.[0]?.parts, prefix).toEqual(parts);
    }

    const unknown = (await send({ ...userMessage("x"), messageId: "tck-something-new-1a2b3c4d" })).task;
    expect(unknown?.status.state).toBe("TASK_STATE_COMPLETED");
    expect(text(unknown)).toBe("Unhandled messageId prefix: tck-something-new-1a2b3c4d");

    const inputRequired = (await send({ ...userMessage("x"), messageId: "tck-input-required-1" })).task;
    expect(inputRequired?.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
  });

  it("applies configuration.historyLength to the answer only (CORE-HIST-001)", async () => {
    const { task } = await send(userMessage("history"), { historyLength: 0 });
    expect(task?.history).toBeUndefined();
    const stored = await ok<TaskLike>("GetTask", { id: task?.id });
    expect(stored.history).toHaveLength(2);
  });
});

describe("SendMessage, non-blocking (returnImmediately, CORE-EXECUTION-MODE-002)", () => {
  it("answers SUBMITTED at once while the turn goes on", async () => {
    const { task } = await send({ ...userMessage("slow"), messageId: "test-resubscribe-message-id-1" }, { returnImmediately: true });
    expect(task?.status.state).toBe("TASK_STATE_SUBMITTED");
    const working = await ok<TaskLike>("GetTask", { id: task?.id });
    expect(working.status.state).toBe("TASK_STATE_WORKING");
    let state = working.status.state;
    for (let i = 0; i < 60 && state !== "TASK_STATE_COMPLETED"; i++) {
      await sleep(100);
      state = (await ok<TaskLike>("GetTask", { id: task?.id })).status.state;
    }
    expect(state).toBe("TASK_STATE_COMPLETED");
  });
});

describe("contexts (contract: task and context table; spec §3.4)", () => {
  it("generates a contextId when none is given, and follow-ups reuse its conversation", async () => {
    const first = (await send(userMessage("one"))).task;
    const contextId = first?.contextId;
    const second = (await send(userMessage("two", { contextId }))).task;
    expect(second?.contextId).toBe(contextId);
    expect(second?.id).not.toBe(first?.id);
    expect(text(second)).toBe("Received: two (message 2 of this conversation)");
  });

  it("gives a turn the recent conversation only: the last 200 messages", async () => {
    const contextId = "long-ctx";
    let last: TaskLike | undefined;
    for (let i = 1; i <= 105; i++) last = (await send(userMessage(`turn ${i}`, { contextId }))).task;
    expect(text(last)).toBe("Received: turn 105 (message 101 of this conversation)");
  });

  it("accepts a client contextId and keeps different contexts apart", async () => {
    const a = (await send(userMessage("a", { contextId: "ctx-a.1:x_y-z" }))).task;
    const b = (await send(userMessage("b", { contextId: "ctx-b" }))).task;
    expect(a?.contextId).toBe("ctx-a.1:x_y-z");
    expect(text(b)).toContain("message 1 of this conversation");
  });

  it("runs different contexts in parallel", async () => {
    const slow = (ctx: string) => send({ ...userMessage("p", { contextId: ctx }), messageId: `test-resubscribe-message-id-${ctx}` });
    const started = Date.now();
    const results = await Promise.all([slow("par-1"), slow("par-2"), slow("par-3")]);
    expect(results.map((r) => r.task?.status.state)).toEqual(Array(3).fill("TASK_STATE_COMPLETED"));
    expect(Date.now() - started).toBeLessThan(3 * 4000);
  });

  it("refuses a second message while a turn runs with `Task is already working.`, and serves the context afterwards", async () => {
    const contextId = "busy-ctx";
    const { task } = await send({ ...userMessage("slow", { contextId }), messageId: "test-resubscribe-message-id-busy" }, { returnImmediately: true });
    const busy = await rpc("SendMessage", { message: userMessage("again", { contextId }) });
    expect(busy.error).toMatchObject({ code: -32004, message: "Task is already working." });
    expect(reason(busy.error)).toBe("UNSUPPORTED_OPERATION");
    await ok("CancelTask", { id: task?.id });
    expect((await send(userMessage("now", { contextId }))).task?.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
  });
});

describe("message.taskId (spec §3.4.2; decisions.md)", () => {
  it("continues an input-required task: new turn, history appended", async () => {
    const first = (await send(userMessage("first"))).task;
    const again = (await send(userMessage("more", { taskId: first?.id }))).task;
    expect(again?.id).toBe(first?.id);
    expect(again?.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
    expect(again?.history).toHaveLength(4);
    expect(text(again)).toBe("Received: more (message 2 of this conversation)");
  });

  it("-32004 for a terminal task, -32001 for an unknown one, -32602 for a context mismatch", async () => {
    const done = (await send({ ...userMessage("x"), messageId: "tck-complete-task-t1" })).task;
    const terminal = await rpc("SendMessage", { message: userMessage("more", { taskId: done?.id }) });
    expect(terminal.error?.code).toBe(-32004);
    expect(terminal.error?.message).toBe(`Task ${done?.id} is in a terminal state and cannot accept messages`);

    for (const taskId of ["nope", "../bad", `${"0".repeat(64)}.0000000000000000`]) {
      const unknown = await rpc("SendMessage", { message: userMessage("more", { taskId }) });
      expect(unknown.error?.code, taskId).toBe(-32001);
    }

    const open = (await send(userMessage("x"))).task;
    const mismatch = await rpc("SendMessage", { message: userMessage("more", { taskId: open?.id, contextId: "some-other-context" }) });
    expect(mismatch.error).toMatchObject({ code: -32602, message: "Task belongs to a different context" });
  });
});

describe("input checks that end the task FAILED (contract: error table)", () => {
  it("empty text → FAILED with `A2A server currently accepts text input only.`", async () => {
    const { task } = await send({ messageId: "m-empty", role: "ROLE_USER", parts: [{ text: "   " }] });
    expect(task?.status.state).toBe("TASK_STATE_FAILED");
    expect(text(task)).toBe("A2A server currently accepts text input only.");
  });

  it("invalid workspace metadata → FAILED with `Invalid A2A workspace metadata.`", async () => {
    for (const cwd of ["relative/path", "/etc", "/workspace/../etc", 42, "/tmp/\u0000x"]) {
      const { task } = await send(userMessage("x", { metadata: { iac_code: { cwd } } }));
      expect(task?.status.state, String(cwd)).toBe("TASK_STATE_FAILED");
      expect(text(task)).toBe("Invalid A2A workspace metadata.");
    }
  });

  it("binds a context to its first workspace and refuses a different one", async () => {
    const contextId = "ws-ctx";
    const first = (await send(userMessage("x", { contextId, metadata: { iac_code: { cwd: "/workspace/./proj/" } } }))).task;
    expect(first?.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
    const same = (await send(userMessage("y", { contextId, metadata: { iac_code: { cwd: "/workspace/proj" } } }))).task;
    expect(same?.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
    const other = await rpc("SendMessage", { message: userMessage("z", { contextId, metadata: { iac_code: { cwd: "/workspace/other" } } }) });
    expect(other.error).toMatchObject({ code: -32602, message: "A2A context is bound to a different workspace." });
  });
});

describe("usage at the end of every turn (contract §7 message end: metadata.iac_code.usage)", () => {
  const finalUsage = async (message: Record<string, unknown>) => {
    const events = await readSse(await stream("SendStreamingMessage", { message }));
    const final = events.at(-1)?.data.result?.statusUpdate as { status: { state: string }; metadata?: { iac_code?: { usage?: unknown } } };
    return { state: final.status.state, usage: final.metadata?.iac_code?.usage };
  };
  const zero = { inputTokens: 0, outputTokens: 0, totalTokens: 0 };

  it("every way a turn ends carries it, 0 tokens when no model ran", async () => {
    expect(await finalUsage(userMessage("hello"))).toEqual({ state: "TASK_STATE_INPUT_REQUIRED", usage: zero });
    expect(await finalUsage({ ...userMessage("x"), messageId: "tck-complete-task-usage" })).toEqual({ state: "TASK_STATE_COMPLETED", usage: zero });
    expect(await finalUsage({ ...userMessage("x"), messageId: "tck-reject-task-usage" })).toEqual({ state: "TASK_STATE_REJECTED", usage: zero });
    expect(await finalUsage({ messageId: "m-empty-usage", role: "ROLE_USER", parts: [{ text: " " }] })).toEqual({ state: "TASK_STATE_FAILED", usage: zero });
  });
});
