/**
 * The index outbox (design.md: "After each state change the object updates the owner's
 * TaskIndex … before it answers"; src/durable/context/index-outbox.ts): a state change and its mark are
 * one transaction, so an index write that fails is sent again by the alarm and no transition is
 * lost; a mark the index acknowledged leaves the outbox at once and its row is deleted by the
 * object's next commit (or alarm), never a newer mark's row.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { abortAllDurableObjects, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { ok, send, userMessage, type TaskLike } from "./helpers/rpc";
import { contextAgentFor, taskIndexFor } from "../../src/durable/stubs";
import { configOf } from "../../src/config/config";
import { shardOf } from "../../src/durable/task-index/index-layout";
import { IndexOutbox } from "../../src/durable/context/index-outbox";
import type { ContextState } from "../../src/durable/context/context-state";

interface ListResult {
  tasks: TaskLike[];
  totalSize: number;
}

const completing = (contextId: string) => ({ ...userMessage("go", { contextId }), messageId: `tck-complete-task-${crypto.randomUUID().slice(0, 8)}` });

/** The outbox rows of a context, as its object's SQLite holds them. */
function outboxRows(contextId: string): Promise<Array<{ task_id: string; version: number }>> {
  return runInDurableObject(contextAgentFor(env, "anonymous", contextId), (_instance: unknown, state) =>
    state.storage.sql.exec<{ task_id: string; version: number }>("SELECT task_id, version FROM index_outbox ORDER BY task_id").toArray(),
  );
}

/** Makes the context's index shard refuse writes (its table renamed away) while `during` runs. */
async function withIndexDown<T>(contextId: string, during: () => Promise<T>): Promise<T> {
  const { shards } = configOf(env).indexLayout;
  const shard = taskIndexFor(env, "anonymous", shardOf(contextId, shards), shards);
  await runInDurableObject(shard, (_instance: unknown, state) => state.storage.sql.exec("ALTER TABLE tasks RENAME TO tasks_unavailable"));
  try {
    return await during();
  } finally {
    await runInDurableObject(shard, (_instance: unknown, state) => state.storage.sql.exec("ALTER TABLE tasks_unavailable RENAME TO tasks"));
  }
}

describe("the index outbox (design: the object updates the TaskIndex before it answers)", () => {
  it("a failed index write keeps its mark, and the alarm sends it: the task is listed COMPLETED", async () => {
    const contextId = `outbox-down-${crypto.randomUUID().slice(0, 8)}`;
    const task = await withIndexDown(contextId, async () => {
      const answer = (await send(completing(contextId))).task;
      // The turn itself is not affected: its answer is whole, only the listing is behind.
      expect(answer?.status.state).toBe("TASK_STATE_COMPLETED");
      expect((await outboxRows(contextId)).map((r) => r.task_id)).toEqual([answer?.id]);
      return answer;
    });
    expect((await ok<ListResult>("ListTasks", { contextId })).tasks).toEqual([]);

    expect(await runDurableObjectAlarm(contextAgentFor(env, "anonymous", contextId))).toBe(true);
    const listed = await ok<ListResult>("ListTasks", { contextId });
    expect(listed.tasks.map((t) => [t.id, t.status.state])).toEqual([[task?.id, "TASK_STATE_COMPLETED"]]);
    expect(listed.totalSize).toBe(1);
    expect(await outboxRows(contextId)).toEqual([]);
  });

  it("an acknowledged mark's row is deleted by the next commit, not ahead of the answer; an alarm settles too", async () => {
    const contextId = `outbox-settle-${crypto.randomUUID().slice(0, 8)}`;
    const first = (await send(completing(contextId))).task;
    // Read-your-writes: listed by the time the answer arrived …
    expect((await ok<ListResult>("ListTasks", { contextId })).tasks.map((t) => t.id)).toEqual([first?.id]);
    // … while the acknowledged mark's row waits for the object's next commit.
    expect((await outboxRows(contextId)).map((r) => r.task_id)).toEqual([first?.id]);

    const second = (await send(completing(contextId))).task;
    expect((await ok<ListResult>("ListTasks", { contextId })).tasks.map((t) => t.id)).toEqual([second?.id, first?.id]);
    expect((await outboxRows(contextId)).map((r) => r.task_id)).toEqual([second?.id]);

    expect(await runDurableObjectAlarm(contextAgentFor(env, "anonymous", contextId))).toBe(true);
    expect(await outboxRows(contextId)).toEqual([]);
    expect((await ok<ListResult>("ListTasks", { contextId })).totalSize).toBe(2);
  });

  it("a flush that throws (a row that cannot be composed) rejects for its caller only: the next flush runs and lists the task", async () => {
    const contextId = `outbox-throw-${crypto.randomUUID().slice(0, 8)}`;
    const task = (await send(completing(contextId))).task as TaskLike;
    await runInDurableObject(contextAgentFor(env, "anonymous", contextId), async (instance: unknown, state) => {
      const context = (instance as { state: ContextState }).state;
      const sql = state.storage.sql;
      const status = sql.exec<{ status: string }>("SELECT status FROM tasks WHERE id = ?", task.id).one().status;
      // A stored status that is not JSON (written past TaskRecords, so its kept copy is dropped):
      // the task's index row cannot be composed, and its flush throws.
      state.storage.transactionSync(() => {
        sql.exec("UPDATE tasks SET status = 'not json' WHERE id = ?", task.id);
        context.outbox.mark(task.id);
      });
      context.records.forget();
      await expect(context.index.flush()).rejects.toThrow(SyntaxError);
      expect(context.outbox.isEmpty()).toBe(false);
      // Repaired: the next flush is not stuck behind the one that threw.
      sql.exec("UPDATE tasks SET status = ? WHERE id = ?", status, task.id);
      context.records.forget();
      await expect(context.index.flush()).resolves.toBe(true);
      expect(context.outbox.isEmpty()).toBe(true);
    });
    const listed = await ok<ListResult>("ListTasks", { contextId });
    expect(listed.tasks.map((t) => [t.id, t.status.state])).toEqual([[task.id, "TASK_STATE_COMPLETED"]]);
    // And the object goes on serving turns that reach the index.
    const next = (await send(completing(contextId))).task;
    expect((await ok<ListResult>("ListTasks", { contextId })).tasks.map((t) => t.id)).toEqual([next?.id, task.id]);
  });

  it("a row an eviction left is sent again at the wake and changes nothing; the next commit deletes it", async () => {
    const contextId = `outbox-wake-${crypto.randomUUID().slice(0, 8)}`;
    const first = (await send(completing(contextId))).task;
    expect((await outboxRows(contextId)).map((r) => r.task_id)).toEqual([first?.id]);
    await abortAllDurableObjects();

    // The wake (this GetTask) re-sends the leftover row beside the answer; the listing is unchanged.
    expect((await ok<TaskLike>("GetTask", { id: first?.id })).status.state).toBe("TASK_STATE_COMPLETED");
    const listed = await ok<ListResult>("ListTasks", { contextId });
    expect(listed.tasks.map((t) => [t.id, t.status.state])).toEqual([[first?.id, "TASK_STATE_COMPLETED"]]);
    expect(listed.totalSize).toBe(1);

    const second = (await send(completing(contextId))).task;
    expect((await outboxRows(contextId)).map((r) => r.task_id)).toEqual([second?.id]);
    expect((await ok<ListResult>("ListTasks", { contextId })).totalSize).toBe(2);
  });

  it("settling spares a mark made after the acknowledgement, and a rollback brings unsettled marks back", async () => {
    const contextId = `outbox-unit-${crypto.randomUUID().slice(0, 8)}`;
    await runInDurableObject(contextAgentFor(env, "anonymous", contextId), (_instance: unknown, state) => {
      const sql = state.storage.sql;
      const outbox = new IndexOutbox(sql);
      const rows = () => sql.exec<{ task_id: string; version: number }>("SELECT task_id, version FROM index_outbox").toArray();
      state.storage.transactionSync(() => outbox.mark("t1"));
      outbox.clear([{ taskId: "t1", version: 1 }]);
      // Acknowledged: out of the outbox, its row kept until the next commit.
      expect(outbox.isEmpty()).toBe(true);
      expect(rows()).toEqual([{ task_id: "t1", version: 1 }]);

      // A new mark of the same task outranks the acknowledged version, so its settle keeps it.
      state.storage.transactionSync(() => outbox.mark("t1"));
      expect(outbox.pending(10)).toEqual([{ taskId: "t1", version: 2 }]);
      state.storage.transactionSync(() => outbox.settle());
      expect(rows()).toEqual([{ task_id: "t1", version: 2 }]);
      expect(outbox.pending(10)).toEqual([{ taskId: "t1", version: 2 }]);

      // Acknowledged again but not settled, then memory is dropped (a rolled-back commit):
      // the row is still there, so the mark comes back and is sent once more.
      outbox.clear([{ taskId: "t1", version: 2 }]);
      expect(outbox.unsettled()).toBe(true);
      outbox.forget();
      expect(outbox.unsettled()).toBe(false);
      expect(outbox.pending(10)).toEqual([{ taskId: "t1", version: 2 }]);
      outbox.clear([{ taskId: "t1", version: 2 }]);
      state.storage.transactionSync(() => outbox.settle());
      expect(rows()).toEqual([]);
      expect(outbox.isEmpty()).toBe(true);
    });
  });

  it("issue 29 item 3: a running turn's WORKING mark is in memory only, its failed send is retried by the alarm, and the end marks durably", async () => {
    const contextId = `outbox-running-${crypto.randomUUID().slice(0, 8)}`;
    const agent = () => contextAgentFor(env, "anonymous", contextId);
    const slow = { ...userMessage("slow", { contextId }), messageId: `tck-delayed-complete-${crypto.randomUUID().slice(0, 8)}` };
    const task = await withIndexDown(contextId, async () => {
      const answer = (await send(slow, { returnImmediately: true })).task;
      // The turn runs (the agent answers after DELAYED_COMPLETE_MS); its WORKING mark wrote no row.
      expect(await outboxRows(contextId)).toEqual([]);
      return answer;
    });
    expect((await ok<ListResult>("ListTasks", { contextId })).tasks).toEqual([]);
    // The heartbeat alarm sends the mark the failed flush left in memory: listed WORKING, no row written.
    expect(await runDurableObjectAlarm(agent())).toBe(true);
    expect((await ok<ListResult>("ListTasks", { contextId })).tasks.map((t) => [t.id, t.status.state])).toEqual([[task?.id, "TASK_STATE_WORKING"]]);
    expect(await outboxRows(contextId)).toEqual([]);
    // The end is marked in its commit and listed.
    let listed: TaskLike[] = [];
    for (let i = 0; i < 50 && listed[0]?.status.state !== "TASK_STATE_COMPLETED"; i++) {
      await new Promise((r) => setTimeout(r, 100));
      listed = (await ok<ListResult>("ListTasks", { contextId })).tasks;
    }
    expect(listed.map((t) => [t.id, t.status.state])).toEqual([[task?.id, "TASK_STATE_COMPLETED"]]);
  });
});
