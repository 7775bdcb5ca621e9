/**
 * Issue 20 item 7: idempotent retries. A repeated messageId in a context answers the task that
 * message started (or -32602 when its parts differ) without a second turn; an `Idempotency-Key`
 * header does the same for a SendMessage that names no context (its retry reaches the same
 * context). Proven against the real Durable Object, with duplicates sent concurrently.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { BASE, V1, kinds, ok, readSse, rpc, stream, userMessage, type TaskLike } from "./helpers/rpc";
import { contextAgentFor } from "../../src/durable/stubs";

const fresh = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}`;
const userTurns = (task: TaskLike | undefined) => (task?.history ?? []).filter((m) => m.role === "ROLE_USER").length;

describe("issue 20 item 7: a repeated messageId in a context", () => {
  it("answers the task the first sending started, without a second turn", async () => {
    const message = userMessage("create a VPC", { contextId: fresh("repeat") });
    const first = await ok<{ task: TaskLike }>("SendMessage", { message });
    const again = await ok<{ task: TaskLike }>("SendMessage", { message });
    expect(again.task.id).toBe(first.task.id);
    expect(again.task).toEqual(await ok<TaskLike>("GetTask", { id: first.task.id }));
    expect(userTurns(again.task)).toBe(1);
    expect(again.task.artifacts?.map((a) => a.artifactId)).toEqual([`${first.task.id}-response-1`]);
  });

  it("a follow-up's repeat answers the task, even when that turn completed it", async () => {
    const contextId = fresh("repeat-done");
    const started = await ok<{ task: TaskLike }>("SendMessage", { message: { ...userMessage("go", { contextId }), messageId: fresh("tck-complete-task") } });
    expect(started.task.status.state).toBe("TASK_STATE_COMPLETED");
    const again = await rpc<{ task: TaskLike }>("SendMessage", {
      message: { ...userMessage("go", { contextId }), messageId: started.task.history?.[0]?.messageId },
    });
    expect(again.error).toBeUndefined();
    expect(again.result?.task.id).toBe(started.task.id);
  });

  it("the same messageId with other parts is -32602 naming the field, and the context serves on", async () => {
    const contextId = fresh("repeat-diff");
    const message = userMessage("first words", { contextId });
    const first = await ok<{ task: TaskLike }>("SendMessage", { message });
    const reused = await rpc("SendMessage", { message: { ...message, parts: [{ text: "other words" }] } });
    expect(reused.error?.code).toBe(-32602);
    expect(reused.error?.message).toBe("message.messageId was already used in this context for a message with different parts");
    expect(JSON.stringify(reused.error?.data)).toContain("message.messageId");
    const next = await ok<{ task: TaskLike }>("SendMessage", { message: userMessage("next", { taskId: first.task.id }) });
    expect(userTurns(next.task)).toBe(2);
  });

  it("concurrent duplicates while the turn runs: every answer is the one task, which ran one turn", async () => {
    const contextId = fresh("repeat-burst");
    // This scenario takes two pauses before it completes: the duplicates arrive while it opens and runs.
    const message = { ...userMessage("go", { contextId }), messageId: fresh("test-resubscribe-message-id") };
    const answers = await Promise.all(Array.from({ length: 6 }, () => rpc<{ task: TaskLike }>("SendMessage", { message })));
    expect(answers.map((a) => a.error)).toEqual(Array(6).fill(undefined));
    const ids = new Set(answers.map((a) => a.result?.task.id));
    expect(ids.size).toBe(1);
    for (const answer of answers) expect(answer.result?.task.status.state).toBe("TASK_STATE_COMPLETED");
    const listed = await ok<{ tasks: TaskLike[] }>("ListTasks", { contextId, historyLength: 10 });
    expect(listed.tasks).toHaveLength(1);
    expect(userTurns(listed.tasks[0])).toBe(1);
  });

  it("concurrent duplicates delivered to the context object at once, while the first is still opening: no BUSY, one task", async () => {
    const contextId = fresh("repeat-opening");
    const stub = contextAgentFor(env, "anonymous", contextId);
    // A part beyond the inline limit goes to R2 before the opening commit: the duplicates arrive meanwhile.
    const message = { messageId: fresh("m"), role: "ROLE_USER" as const, parts: [{ text: "y".repeat(300_000) }] };
    const call = { owner: "anonymous", contextId, request: { message }, stream: false, framing: { binding: "jsonrpc" as const, id: 1 }, baseUrl: BASE };
    const outcomes = await Promise.all(Array.from({ length: 4 }, () => stub.sendMessage(call)));
    const answers = outcomes.map((o) => (o.ok && o.value.kind === "json" ? (JSON.parse(o.value.json) as { task: TaskLike }).task.id : JSON.stringify(o)));
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toMatch(/^[0-9a-f]+/);
    expect((await ok<{ tasks: TaskLike[] }>("ListTasks", { contextId })).tasks).toHaveLength(1);
  });

  it("a streamed repeat while the turn runs: the Task first, then the turn's updates to its end", async () => {
    const contextId = fresh("repeat-stream");
    const message = { ...userMessage("go", { contextId }), messageId: fresh("test-resubscribe-message-id") };
    const [first, again] = await Promise.all([stream("SendStreamingMessage", { message }), stream("SendStreamingMessage", { message })]);
    const [a, b] = await Promise.all([readSse(first), readSse(again)]);
    const taskIds = [a, b].map((events) => (events[0]?.data.result?.task as TaskLike).id);
    expect(taskIds[0]).toBe(taskIds[1]);
    for (const events of [a, b]) {
      expect(kinds(events)[0]).toBe("task");
      expect(kinds(events).filter((k) => k === "task")).toHaveLength(1);
      expect(kinds(events).at(-1)).toBe("statusUpdate:TASK_STATE_COMPLETED");
    }
    expect((await ok<{ tasks: TaskLike[] }>("ListTasks", { contextId })).tasks).toHaveLength(1);
  });
});

describe("issue 20 item 7: the Idempotency-Key header on SendMessage", () => {
  it("a retry with the same key (a new messageId, no contextId) answers the first task; concurrent retries too", async () => {
    const key = fresh("key");
    const headers = { ...V1, "Idempotency-Key": key };
    const send = () => rpc<{ task: TaskLike }>("SendMessage", { message: userMessage("create a VPC") }, headers);
    const answers = await Promise.all([send(), send(), send(), send()]);
    expect(answers.map((a) => a.error)).toEqual(Array(4).fill(undefined));
    const [first] = answers;
    for (const answer of answers)
      expect([answer.result?.task.id, answer.result?.task.contextId]).toEqual([first?.result?.task.id, first?.result?.task.contextId]);
    const later = await send();
    expect(later.result?.task.id).toBe(first?.result?.task.id);
    const listed = await ok<{ tasks: TaskLike[] }>("ListTasks", { contextId: first?.result?.task.contextId, historyLength: 10 });
    expect(listed.tasks).toHaveLength(1);
    expect(userTurns(listed.tasks[0])).toBe(1);
  });

  it("the key reused for other parts is -32602 naming the header; without a key each send is its own task", async () => {
    const headers = { ...V1, "Idempotency-Key": fresh("key") };
    await ok("SendMessage", { message: userMessage("one thing") }, headers);
    const reused = await rpc("SendMessage", { message: userMessage("another thing") }, headers);
    expect(reused.error).toMatchObject({ code: -32602, message: "Idempotency-Key was already used for a different request" });
    const a = await ok<{ task: TaskLike }>("SendMessage", { message: userMessage("same") });
    const b = await ok<{ task: TaskLike }>("SendMessage", { message: userMessage("same") });
    expect(a.task.id).not.toBe(b.task.id);
  });

  it("a malformed key is -32602 before anything runs", async () => {
    for (const bad of ["has space", "x".repeat(256)]) {
      const res = await rpc("SendMessage", { message: userMessage("x") }, { ...V1, "Idempotency-Key": bad });
      expect(res.error).toMatchObject({ code: -32602, message: "Invalid Idempotency-Key header: 1-255 visible ASCII characters" });
    }
  });
});
