/**
 * GetTask, CancelTask and ListTasks (spec §3.1.3–§3.1.5, §10, §11.3; contract "Other methods";
 * decisions.md), and what the Durable Objects do across restarts and idle time.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { abortAllDurableObjects, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { ok, readSse, reason, rpc, send, sleep, stream, userMessage, type TaskLike } from "./helpers/rpc";
import { contextAgentFor } from "../../src/durable/stubs";
import type { ContextAgent } from "../../src/durable/context/context-agent";

interface ListResult {
  tasks: TaskLike[];
  nextPageToken: string;
  pageSize: number;
  totalSize: number;
}

const slowMessage = (suffix: string, extra: Record<string, unknown> = {}) => ({
  ...userMessage("slow", extra),
  messageId: `test-resubscribe-message-id-${suffix}`,
});

describe("GetTask (spec §3.1.3, §11.3)", () => {
  it("historyLength trims the answer, never the stored history", async () => {
    const first = (await send(userMessage("one"))).task;
    await send(userMessage("two", { taskId: first?.id }));
    const full = await ok<TaskLike>("GetTask", { id: first?.id });
    expect(full.history).toHaveLength(4);
    const last = await ok<TaskLike>("GetTask", { id: first?.id, historyLength: 1 });
    expect(last.history).toEqual([full.history?.[3]]);
    const none = await ok<TaskLike>("GetTask", { id: first?.id, historyLength: 0 });
    expect(none.history).toBeUndefined();
    expect((await ok<TaskLike>("GetTask", { id: first?.id })).history).toHaveLength(4);
  });

  it("-32001 with ErrorInfo for unknown, malformed and forged ids", async () => {
    for (const id of ["nope", "x".repeat(500), `${"a".repeat(64)}.0123456789abcdef`]) {
      const res = await rpc("GetTask", { id });
      expect(res.error?.code).toBe(-32001);
      expect(reason(res.error)).toBe("TASK_NOT_FOUND");
      expect(res.error?.message.length).toBeLessThan(200);
    }
  });
});

describe("CancelTask (spec §3.1.5; decisions.md)", () => {
  it("aborts a running turn: the task ends CANCELED and open streams close", async () => {
    const { task } = await send(slowMessage("c1"), { returnImmediately: true });
    const sub = await stream("SubscribeToTask", { id: task?.id });
    const canceled = await ok<TaskLike>("CancelTask", { id: task?.id });
    expect(canceled.status.state).toBe("TASK_STATE_CANCELED");
    expect(canceled.status.message?.parts[0]?.text).toBe("Task canceled.");
    const events = await readSse(sub);
    expect(events.at(-1)?.data.result?.statusUpdate).toMatchObject({ status: { state: "TASK_STATE_CANCELED" } });
    await sleep(50);
    expect((await ok<TaskLike>("GetTask", { id: task?.id })).status.state).toBe("TASK_STATE_CANCELED");
  });

  it("cancels an input-required task (not terminal, so cancelable: the kit's cancel test)", async () => {
    const { task } = await send({ ...userMessage("x"), messageId: "tck-input-required-c2" });
    expect((await ok<TaskLike>("CancelTask", { id: task?.id })).status.state).toBe("TASK_STATE_CANCELED");
  });

  it("-32002 `Task cannot be canceled` for a terminal task, -32001 for an unknown one", async () => {
    const { task } = await send({ ...userMessage("x"), messageId: "tck-complete-task-c3" });
    const res = await rpc("CancelTask", { id: task?.id });
    expect(res.error).toMatchObject({ code: -32002, message: "Task cannot be canceled" });
    expect(reason(res.error)).toBe("TASK_NOT_CANCELABLE");
    const again = await rpc("CancelTask", { id: (await send({ ...userMessage("x"), messageId: "tck-input-required-c4" })).task?.id });
    expect(again.result).toBeDefined();
    expect((await rpc("CancelTask", { id: "unknown-task" })).error?.code).toBe(-32001);
  });
});

describe("ListTasks (spec §3.1.4, §10)", () => {
  it("lists newest first with filters, keyset pages, totalSize and artifacts left out by default", async () => {
    const contextId = "list-ctx";
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { task } = await send({ ...userMessage(`t${i}`, { contextId }), messageId: i % 2 ? `tck-artifact-text-l${i}` : `plain-${i}` });
      ids.push(task?.id ?? "");
      await sleep(2);
    }
    const page1 = await ok<ListResult>("ListTasks", { contextId, pageSize: 2 });
    expect(page1.pageSize).toBe(2);
    expect(page1.totalSize).toBe(5);
    expect(page1.tasks.map((t) => t.id)).toEqual([ids[4], ids[3]]);
    expect(page1.nextPageToken).not.toBe("");
    expect(page1.tasks.every((t) => t.artifacts === undefined)).toBe(true);
    const page2 = await ok<ListResult>("ListTasks", { contextId, pageSize: 2, pageToken: page1.nextPageToken });
    expect(page2.tasks.map((t) => t.id)).toEqual([ids[2], ids[1]]);
    const page3 = await ok<ListResult>("ListTasks", { contextId, pageSize: 2, pageToken: page2.nextPageToken });
    expect(page3.tasks.map((t) => t.id)).toEqual([ids[0]]);
    expect(page3.nextPageToken).toBe("");

    const completed = await ok<ListResult>("ListTasks", { contextId, status: "TASK_STATE_COMPLETED", includeArtifacts: true });
    expect(completed.totalSize).toBe(2);
    expect(completed.tasks.map((t) => t.artifacts?.[0]?.parts)).toEqual([[{ text: "Generated text content" }], [{ text: "Generated text content" }]]);
    const waiting = await ok<ListResult>("ListTasks", { contextId, status: "TASK_STATE_INPUT_REQUIRED", historyLength: 1 });
    expect(waiting.totalSize).toBe(3);
    expect(waiting.tasks.every((t) => t.history?.length === 1)).toBe(true);

    const after = (await ok<TaskLike>("GetTask", { id: ids[3] })).status.timestamp;
    const recent = await ok<ListResult>("ListTasks", { contextId, statusTimestampAfter: after });
    expect(recent.tasks.map((t) => t.id)).toEqual([ids[4], ids[3]]);
    expect(recent.totalSize).toBe(2);
  });

  it("sees a task right after a non-blocking SendMessage", async () => {
    const contextId = "list-immediate";
    const { task } = await send(slowMessage("l2", { contextId }), { returnImmediately: true });
    const list = await ok<ListResult>("ListTasks", { contextId });
    expect(list.tasks.map((t) => t.id)).toEqual([task?.id]);
    expect(["TASK_STATE_SUBMITTED", "TASK_STATE_WORKING"]).toContain(list.tasks[0]?.status.state);
    await ok("CancelTask", { id: task?.id });
    expect((await ok<ListResult>("ListTasks", { contextId, status: "TASK_STATE_CANCELED" })).totalSize).toBe(1);
    // The counters follow the state change (kept by SQLite triggers in the index): out of WORKING, into CANCELED.
    expect((await ok<ListResult>("ListTasks", { contextId, status: "TASK_STATE_WORKING" })).totalSize).toBe(0);
    expect((await ok<ListResult>("ListTasks", { contextId })).totalSize).toBe(1);
  });

  it("sees a streamed task as soon as the stream's first event has arrived", async () => {
    // The stream is answered before its index write starts (turn-runner.ts): that write is the
    // object's next task, sent before any request the client can make after reading the event.
    const contextId = "list-streamed";
    const res = await stream("SendStreamingMessage", { message: slowMessage("l4", { contextId }) });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    let text = "";
    while (!text.includes("\n\n")) text += new TextDecoder().decode((await reader.read()).value);
    const first = JSON.parse(text.slice(text.indexOf("data:") + 5, text.indexOf("\n\n"))) as { result: { task: TaskLike } };
    const list = await ok<ListResult>("ListTasks", { contextId });
    expect(list.tasks.map((t) => t.id)).toEqual([first.result.task.id]);
    await ok("CancelTask", { id: first.result.task.id });
    await reader.cancel();
  });

  it("lists a long blocking turn as WORKING while it runs", async () => {
    const contextId = "list-blocking";
    const pending = send(slowMessage("l3", { contextId }));
    await sleep(700);
    const during = await ok<ListResult>("ListTasks", { contextId });
    expect(during.tasks.map((t) => t.status.state)).toEqual(["TASK_STATE_WORKING"]);
    const { task } = await pending;
    expect((await ok<ListResult>("ListTasks", { contextId })).tasks.map((t) => [t.id, t.status.state])).toEqual([[task?.id, "TASK_STATE_COMPLETED"]]);
  });

  it("-32602 for a bad page token, pageSize outside 1–100, a bad status or timestamp", async () => {
    for (const params of [
      { pageToken: "garbage!" },
      { pageToken: btoa("[1]") },
      { pageSize: 0 },
      { pageSize: 101 },
      { status: "TASK_STATE_BOGUS" },
      { statusTimestampAfter: "yesterday" },
      { historyLength: -1 },
    ]) {
      const res = await rpc("ListTasks", params);
      expect(res.error?.code, JSON.stringify(params)).toBe(-32602);
    }
    expect((await rpc("ListTasks", { pageToken: "garbage!" })).error?.message).toBe("Invalid page token");
    const empty = await ok<ListResult>("ListTasks", { contextId: "nobody-here" });
    expect(empty).toEqual({ tasks: [], nextPageToken: "", pageSize: 50, totalSize: 0 });
  });
});

describe("restarts and idle contexts (design: crash and deploy, idle contexts)", () => {
  it("a task left WORKING by a restart ends FAILED with a clear message when the object wakes", async () => {
    const contextId = "restart-ctx";
    const { task } = await send(slowMessage("r1", { contextId }), { returnImmediately: true });
    await abortAllDurableObjects();
    const after = await ok<TaskLike>("GetTask", { id: task?.id });
    expect(after.status.state).toBe("TASK_STATE_FAILED");
    expect(after.status.message?.parts[0]?.text).toBe("Task was interrupted by a server restart and cannot be resumed. Please send the message again.");
    const listed = await ok<ListResult>("ListTasks", { contextId });
    expect(listed.tasks[0]?.status.state).toBe("TASK_STATE_FAILED");
    expect((await send(userMessage("again", { contextId }))).task?.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
  });

  it("the first ListTasks after a restart already shows the interrupted task FAILED, before anything else touches it", async () => {
    const contextId = "restart-list-ctx";
    const { task } = await send(slowMessage("r2", { contextId }), { returnImmediately: true });
    expect((await ok<ListResult>("ListTasks", { contextId })).tasks[0]?.status.state).toBe("TASK_STATE_WORKING");
    await abortAllDurableObjects();
    const listed = await ok<ListResult>("ListTasks", { contextId });
    expect(listed.tasks.map((t) => [t.id, t.status.state])).toEqual([[task?.id, "TASK_STATE_FAILED"]]);
    expect((await ok<ListResult>("ListTasks", { contextId, status: "TASK_STATE_WORKING" })).tasks).toEqual([]);
    expect((await ok<ListResult>("ListTasks", { contextId, status: "TASK_STATE_FAILED" })).totalSize).toBe(1);
  });

  it("keeps a heartbeat alarm while a turn runs", async () => {
    const contextId = "heartbeat-ctx";
    const { task } = await send(slowMessage("h1", { contextId }), { returnImmediately: true });
    const stub = contextAgentFor(env, "anonymous", contextId);
    const alarm = await runInDurableObject(stub, (_instance: ContextAgent, state) => state.storage.getAlarm());
    expect(alarm).not.toBeNull();
    expect((alarm ?? 0) - Date.now()).toBeLessThanOrEqual(30_000);
    await ok("CancelTask", { id: task?.id });
  });

  it("frees an idle context: the conversation starts over, the tasks stay readable", async () => {
    const contextId = "idle-ctx";
    const first = (await send(userMessage("one", { contextId, metadata: { iac_code: { cwd: "/workspace/a" } } }))).task;
    const stub = contextAgentFor(env, "anonymous", contextId);
    // The idle clock: the newer of the `lastActive` setting and the tasks' updates (context-state.ts).
    await runInDurableObject(stub, (_instance: ContextAgent, state) => {
      state.storage.sql.exec("UPDATE context SET v = ? WHERE k = 'lastActive'", String(Date.now() - 3_601_000));
      state.storage.sql.exec("UPDATE tasks SET updated_ms = ?", Date.now() - 3_601_000);
    });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const next = (await send(userMessage("two", { contextId, metadata: { iac_code: { cwd: "/workspace/b" } } }))).task;
    expect(next?.status.message?.parts[0]?.text).toBe("Received: two (message 1 of this conversation)");
    expect((await ok<TaskLike>("GetTask", { id: first?.id })).status.state).toBe("TASK_STATE_INPUT_REQUIRED");
  });

  it("deletes tasks past their retention from the context and the index", async () => {
    const contextId = "retention-ctx";
    const old = (await send(userMessage("old", { contextId }))).task;
    const stub = contextAgentFor(env, "anonymous", contextId);
    await runInDurableObject(stub, (_instance: ContextAgent, state) => {
      state.storage.sql.exec("UPDATE tasks SET updated_ms = ? WHERE id = ?", Date.now() - 31 * 86_400_000, old?.id ?? "");
    });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect((await rpc("GetTask", { id: old?.id })).error?.code).toBe(-32001);
    expect((await ok<ListResult>("ListTasks", { contextId })).totalSize).toBe(0);
  });
});
