/**
 * Issue 22 item 1, bytes stored per task: what the schema no longer stores, and that an object
 * written by the previous version keeps working. A ContextAgent no longer keeps `messages_task`
 * (a prefix of `messages_task_turn`, which every query by task now reads in index order), and its
 * keyed small tables (`context`, `index_outbox`; a shard's `counts`, `meta`) are WITHOUT ROWID: one
 * B-tree each, not a table and its key index (each empty B-tree is a 4 KiB page per object). An
 * object created before keeps its rowid tables (the same statements read both) and loses only the
 * redundant index, with its tasks, history order and settings unchanged.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { abortAllDurableObjects, runInDurableObject } from "cloudflare:test";
import { ok, send, userMessage, type TaskLike } from "./helpers/rpc";
import { contextAgentFor, taskIndexFor } from "../../src/durable/stubs";
import { configOf } from "../../src/config/config";
import { shardOf } from "../../src/durable/task-index/index-layout";
import { viewRead } from "../../src/durable/context/task-records";

/** name → CREATE statement of every table and index of the object behind `stub`. */
function schemaOf(stub: DurableObjectStub): Promise<Record<string, string>> {
  return runInDurableObject(stub, (_instance: unknown, state) =>
    Object.fromEntries(
      state.storage.sql
        .exec<{ name: string; sql: string | null }>("SELECT name, sql FROM sqlite_schema WHERE type IN ('table', 'index')")
        .toArray()
        .map((r) => [r.name, r.sql ?? ""]),
    ),
  );
}

const WITHOUT_ROWID = /WITHOUT ROWID\s*$/i;

/** The previous version's layout of `table` (a rowid table with its key index), rows kept. */
function asRowidTable(sql: SqlStorage, table: string, columns: string): void {
  sql.exec(`ALTER TABLE ${table} RENAME TO ${table}_new_layout`);
  sql.exec(`CREATE TABLE ${table} (${columns})`);
  sql.exec(`INSERT INTO ${table} SELECT * FROM ${table}_new_layout`);
  sql.exec(`DROP TABLE ${table}_new_layout`);
}

describe("issue 22 item 1: the stored layout (bytes per task)", () => {
  it("a new object keeps no redundant index, its keyed small tables are WITHOUT ROWID, and history reads need no sort", async () => {
    const contextId = `layout-new-${crypto.randomUUID().slice(0, 8)}`;
    const task = (await send(userMessage("hello", { contextId }))).task;
    await send(userMessage("more", { taskId: task?.id }));
    const agent = contextAgentFor(env, "anonymous", contextId);
    // A stub made before the abort stays broken: a new one reaches the woken object.
    const schema = await schemaOf(contextAgentFor(env, "anonymous", contextId));
    expect(schema.messages_task).toBeUndefined();
    expect(schema.messages_task_turn).toBeDefined();
    expect(schema.context).toMatch(WITHOUT_ROWID);
    expect(schema.index_outbox).toMatch(WITHOUT_ROWID);
    expect(Object.keys(schema).filter((name) => /^sqlite_autoindex_(context|index_outbox)_/.test(name))).toEqual([]);

    const { shards } = configOf(env).indexLayout;
    const shardSchema = await schemaOf(taskIndexFor(env, "anonymous", shardOf(contextId, shards), shards));
    expect(shardSchema.counts).toMatch(WITHOUT_ROWID);
    expect(shardSchema.meta).toMatch(WITHOUT_ROWID);

    // A view's one read of the task row and its newest history (or the current turn's messages):
    // both by an index, the history in index order, not sorted. (The newest artifacts are sorted
    // by position, as before: a task has few.)
    for (const currentTurnOnly of [false, true]) {
      const read = viewRead(task?.id ?? "", undefined, { historyLength: 10, currentTurnOnly }, 0);
      const plan = await runInDurableObject(agent, (_instance: unknown, state) =>
        state.storage.sql
          .exec<{ detail: string }>(`EXPLAIN QUERY PLAN ${read.statement}`, ...read.bindings)
          .toArray()
          .map((r) => r.detail)
          .join(" | "),
      );
      expect(plan).toContain("messages_task_turn");
      expect(plan).not.toContain("TEMP B-TREE");
      expect(plan).not.toMatch(/\bSCAN (tasks|messages|artifacts)\b/);
    }
  });

  it("an object written with the previous layout keeps its tasks, history order and settings, and drops only messages_task", async () => {
    const contextId = `layout-old-${crypto.randomUUID().slice(0, 8)}`;
    const task = (await send(userMessage("first", { contextId }))).task;
    await send(userMessage("second", { taskId: task?.id }));
    const before = await ok<TaskLike>("GetTask", { id: task?.id, historyLength: 10 });
    expect(before.history?.length).toBe(4);

    const agent = contextAgentFor(env, "anonymous", contextId);
    await runInDurableObject(agent, (_instance: unknown, state) => {
      const sql = state.storage.sql;
      sql.exec("CREATE INDEX messages_task ON messages(task_id)");
      asRowidTable(sql, "context", "k TEXT PRIMARY KEY, v TEXT NOT NULL");
      asRowidTable(sql, "index_outbox", "task_id TEXT PRIMARY KEY, version INTEGER NOT NULL");
    });
    const old = await schemaOf(agent);
    expect(old.messages_task).toBeDefined();
    expect(old.context).not.toMatch(WITHOUT_ROWID);
    expect(old.sqlite_autoindex_context_1).toBeDefined();

    // The object wakes on this version's code with the old layout.
    await abortAllDurableObjects();
    const after = await ok<TaskLike>("GetTask", { id: task?.id, historyLength: 10 });
    expect(after).toEqual(before);
    // A stub made before the abort stays broken: a new one reaches the woken object.
    const schema = await schemaOf(contextAgentFor(env, "anonymous", contextId));
    expect(schema.messages_task).toBeUndefined();
    expect(schema.context).not.toMatch(WITHOUT_ROWID);
    expect(schema.index_outbox).not.toMatch(WITHOUT_ROWID);

    // It takes turns as before: a follow-up, newest history last, listed by the index.
    const third = (await send(userMessage("third", { taskId: task?.id }))).task;
    expect(third?.id).toBe(task?.id);
    const history = (await ok<TaskLike>("GetTask", { id: task?.id, historyLength: 10 })).history ?? [];
    expect(history).toHaveLength(6);
    expect(history.slice(0, 4)).toEqual(before.history);
    expect(history[4]?.parts).toEqual([{ text: "third" }]);
    const listed = await ok<{ tasks: TaskLike[] }>("ListTasks", { contextId });
    expect(listed.tasks.map((t) => [t.id, t.status.state])).toEqual([[task?.id, third?.status.state]]);
  });
});
