/**
 * Issue 29 item 3, rows written per turn: the layout changes that cut them keep what a deployed
 * object already stores. A TaskIndex shard written by the previous version (triggers that kept a
 * context's counters too, the `by_context_state` index) wakes on this code with the same lists and
 * the same counts, and counts on correctly as tasks are written, change state and are removed. A
 * ContextAgent written by the previous version (an AUTOINCREMENT `messages` table, the indexes
 * `tasks_state`, `tasks_updated` and `messages_epoch`) wakes without the indexes and with the same
 * tasks and conversation, takes turns, and after an idle eviction its next conversation starts empty.
 * The event log writes a commit's events of one turn as one row: replay, a push's lookup and the
 * compaction read those rows and the previous version's one-event rows alike. A new ContextAgent's
 * `tasks`, `events` and `artifacts` are WITHOUT ROWID, one row written a row instead of the row and
 * its key; an object of the previous layout keeps its rowid tables, reads them and takes turns on
 * them. A new shard's `tasks` is a rowid table (WITHOUT ROWID, its ~1.4 KiB rows spilled to overflow
 * pages: 2.5x the bytes, a 6.8x slower page read; task-index.ts); a shard created while it was
 * WITHOUT ROWID (dev only) keeps that table, reads it and takes turns on it.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { abortAllDurableObjects, runInDurableObject } from "cloudflare:test";
import { runDurableObjectAlarm } from "cloudflare:test";
import { ok, send, userMessage, type TaskLike } from "./helpers/rpc";
import { contextAgentFor, taskIndexFor } from "../../src/durable/stubs";
import type { IndexRow, ListQuery, ShardPage, TaskIndex } from "../../src/durable/task-index/task-index";
import type { Outcome } from "../../src/durable/outcome";
import type { TaskState } from "../../src/a2a/states";
import type { StreamResponse } from "../../src/a2a/types";
import { EventLog } from "../../src/durable/context/event-log";
import { configOf } from "../../src/config/config";
import { shardOf } from "../../src/durable/task-index/index-layout";

/** The previous version's counting: four scopes per row, by trigger (task-index.ts before issue 29). */
const LEGACY_COUNTING = [
  "DROP TRIGGER counted_inserted",
  "DROP TRIGGER counted_state_changed",
  "DROP TRIGGER counted_deleted",
  "CREATE INDEX by_context_state ON tasks(context_id, state, ts_ms DESC, id DESC)",
  `CREATE TRIGGER count_inserted AFTER INSERT ON tasks BEGIN
     INSERT INTO counts (scope, n) VALUES ('*|*', 1), ('c:' || new.context_id || '|*', 1),
       ('*|s:' || new.state, 1), ('c:' || new.context_id || '|s:' || new.state, 1)
     ON CONFLICT(scope) DO UPDATE SET n = n + excluded.n;
   END`,
  `CREATE TRIGGER count_state_changed AFTER UPDATE OF state ON tasks WHEN old.state <> new.state BEGIN
     INSERT INTO counts (scope, n) VALUES ('*|s:' || old.state, -1), ('c:' || old.context_id || '|s:' || old.state, -1),
       ('*|s:' || new.state, 1), ('c:' || new.context_id || '|s:' || new.state, 1)
     ON CONFLICT(scope) DO UPDATE SET n = n + excluded.n;
   END`,
  `CREATE TRIGGER count_deleted AFTER DELETE ON tasks BEGIN
     INSERT INTO counts (scope, n) VALUES ('*|*', -1), ('c:' || old.context_id || '|*', -1),
       ('*|s:' || old.state, -1), ('c:' || old.context_id || '|s:' || old.state, -1)
     ON CONFLICT(scope) DO UPDATE SET n = n + excluded.n;
   END`,
];

const OWNER = "rows-written-layout";
const LAYOUT = { shard: 0, shards: 1, previous: undefined };

function row(i: number, state: TaskState, tsMs: number): IndexRow {
  const id = `layout-task-${String(i).padStart(2, "0")}`;
  const contextId = `layout-ctx-${i % 3}`;
  return {
    id,
    contextId,
    state,
    tsMs,
    summary: JSON.stringify({ id, contextId, status: { state, timestamp: new Date(tsMs).toISOString() } }),
    history: "[]",
    artifacts: "[]",
  };
}

const shard = () => taskIndexFor(env, OWNER, 0, 1);

async function totals(): Promise<Record<string, number>> {
  const query = (extra: Partial<ListQuery>): ListQuery => ({ pageSize: 50, includeArtifacts: false, ...extra });
  const total = async (extra: Partial<ListQuery>) => {
    const page = (await shard().list(query(extra), LAYOUT, OWNER)) as Outcome<ShardPage>;
    if (!page.ok) throw new Error("list failed");
    return page.value.totalSize;
  };
  return {
    all: await total({}),
    completed: await total({ status: "TASK_STATE_COMPLETED" }),
    ctx1: await total({ contextId: "layout-ctx-1" }),
    ctx1Completed: await total({ contextId: "layout-ctx-1", status: "TASK_STATE_COMPLETED" }),
  };
}

describe("issue 29 item 3: a shard of the previous layout", () => {
  it("wakes without the context counters and by_context_state, with the same counts, and counts on", async () => {
    const base = Date.parse("2026-11-01T00:00:00.000Z");
    const rows = Array.from({ length: 12 }, (_, i) => row(i, i % 2 ? "TASK_STATE_COMPLETED" : "TASK_STATE_INPUT_REQUIRED", base + i * 1000));
    // The previous version's shard: its triggers and index, then its rows written through them.
    await runInDurableObject(shard(), async (instance: TaskIndex, state) => {
      state.storage.sql.exec("DELETE FROM counts");
      for (const statement of LEGACY_COUNTING) state.storage.sql.exec(statement);
      await instance.apply({ upserts: rows, removals: [] }, LAYOUT, OWNER);
      expect(state.storage.sql.exec("SELECT COUNT(*) AS n FROM counts WHERE scope LIKE 'c:%'").one().n).toBeGreaterThan(0);
    });
    const before = await totals();
    expect(before).toEqual({ all: 12, completed: 6, ctx1: 4, ctx1Completed: 2 });

    await abortAllDurableObjects();
    const schema = await runInDurableObject(shard(), (_instance: TaskIndex, state) => ({
      names: state.storage.sql
        .exec<{ name: string }>("SELECT name FROM sqlite_schema WHERE type IN ('index', 'trigger') ORDER BY name")
        .toArray()
        .map((r) => r.name),
      contextCounters: state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM counts WHERE scope LIKE 'c:%'").one().n,
    }));
    expect(schema.names).not.toContain("by_context_state");
    expect(schema.names).not.toContain("count_inserted");
    expect(schema.names).toEqual(expect.arrayContaining(["counted_inserted", "counted_state_changed", "counted_deleted"]));
    expect(schema.contextCounters).toBe(0);
    expect(await totals()).toEqual(before);

    // Written on: a state change, a new row, a removal; every count follows.
    const changed = { ...row(1, "TASK_STATE_INPUT_REQUIRED", base + 20_000) };
    const added = row(13, "TASK_STATE_COMPLETED", base + 21_000);
    await shard().apply({ upserts: [changed, added], removals: ["layout-task-04"] }, LAYOUT, OWNER);
    // layout-task-01 (ctx 1) left COMPLETED, 13 (ctx 1) is new and COMPLETED, 04 (ctx 1, INPUT_REQUIRED) is gone.
    expect(await totals()).toEqual({ all: 12, completed: 6, ctx1: 4, ctx1Completed: 2 });
  });
});

/** The previous version's ContextAgent tables: `messages` with AUTOINCREMENT, and its three indexes. */
function asPreviousAgentLayout(sql: SqlStorage): void {
  const columns = sql
    .exec<{ name: string }>("SELECT name FROM pragma_table_info('messages')")
    .toArray()
    .map((r) => r.name)
    .join(", ");
  sql.exec("ALTER TABLE messages RENAME TO messages_new_layout");
  sql.exec(
    "CREATE TABLE messages (n INTEGER PRIMARY KEY AUTOINCREMENT, task_id TEXT NOT NULL, epoch INTEGER NOT NULL, message TEXT NOT NULL, turn INTEGER NOT NULL DEFAULT 0, message_id TEXT, request_key TEXT, request_digest TEXT)",
  );
  sql.exec(`INSERT INTO messages (${columns}) SELECT ${columns} FROM messages_new_layout`);
  sql.exec("DROP TABLE messages_new_layout");
  sql.exec("CREATE INDEX messages_task_turn ON messages(task_id, turn)");
  sql.exec("CREATE INDEX messages_epoch ON messages(epoch)");
  sql.exec("CREATE INDEX tasks_state ON tasks(state)");
  sql.exec("CREATE INDEX tasks_updated ON tasks(updated_ms)");
}

const indexNames = (stub: DurableObjectStub) =>
  runInDurableObject(stub, (_instance: unknown, state) =>
    state.storage.sql
      .exec<{ name: string }>("SELECT name FROM sqlite_schema WHERE type = 'index' OR name = 'sqlite_sequence'")
      .toArray()
      .map((r) => r.name),
  );

const answer = (task: TaskLike | undefined) => task?.status.message?.parts[0]?.text;

describe("issue 29 item 3: a ContextAgent of the previous layout", () => {
  it("wakes without the three indexes, keeps its tasks and conversation, takes turns, and starts a new epoch empty", async () => {
    const contextId = `rows-old-${crypto.randomUUID().slice(0, 8)}`;
    const task = (await send(userMessage("one", { contextId }))).task;
    await send(userMessage("two", { taskId: task?.id }));
    const before = await ok<TaskLike>("GetTask", { id: task?.id, historyLength: 10 });
    await runInDurableObject(contextAgentFor(env, "anonymous", contextId), (_instance: unknown, state) => asPreviousAgentLayout(state.storage.sql));
    expect(await indexNames(contextAgentFor(env, "anonymous", contextId))).toEqual(
      expect.arrayContaining(["messages_epoch", "tasks_state", "tasks_updated", "sqlite_sequence"]),
    );

    await abortAllDurableObjects();
    expect(await ok<TaskLike>("GetTask", { id: task?.id, historyLength: 10 })).toEqual(before);
    const names = await indexNames(contextAgentFor(env, "anonymous", contextId));
    expect(names).not.toContain("messages_epoch");
    expect(names).not.toContain("tasks_state");
    expect(names).not.toContain("tasks_updated");
    // The AUTOINCREMENT table stays as it is: its numbers keep growing from the sequence.
    expect(names).toContain("sqlite_sequence");

    // The conversation read after the wake (no `messages_epoch`) still holds the first two turns.
    const third = (await send(userMessage("three", { taskId: task?.id }))).task;
    expect(answer(third)).toBe("Received: three (message 3 of this conversation)");
    const history = (await ok<TaskLike>("GetTask", { id: task?.id, historyLength: 10 })).history ?? [];
    expect(history.slice(0, 4)).toEqual(before.history);
    expect(history[4]?.parts).toEqual([{ text: "three" }]);

    // An idle eviction starts a new epoch: its conversation starts empty, and goes on from there.
    const agent = contextAgentFor(env, "anonymous", contextId);
    await runInDurableObject(agent, (_instance: unknown, state) => {
      state.storage.sql.exec("UPDATE context SET v = ? WHERE k = 'lastActive'", String(Date.now() - 3_601_000));
      state.storage.sql.exec("UPDATE tasks SET updated_ms = ?", Date.now() - 3_601_000);
    });
    expect(await runDurableObjectAlarm(agent)).toBe(true);
    const next = (await send(userMessage("four", { contextId }))).task;
    expect(answer(next)).toBe("Received: four (message 1 of this conversation)");
    await abortAllDurableObjects();
    const fifth = (await send(userMessage("five", { taskId: next?.id }))).task;
    expect(answer(fifth)).toBe("Received: five (message 2 of this conversation)");
  });
});

describe("issue 29 item 3: a commit's events are one row", () => {
  it("replay, a seq's lookup and the compaction read batched rows and the previous layout's one-event rows alike", async () => {
    const stub = contextAgentFor(env, "anonymous", `rows-log-${crypto.randomUUID().slice(0, 8)}`);
    await runInDurableObject(stub, (_instance: unknown, state) => {
      const sql = state.storage.sql;
      const log = new EventLog(sql);
      const taskId = "log-task";
      const event = (n: number) =>
        ({ statusUpdate: { taskId, contextId: "c", status: { state: "TASK_STATE_WORKING", timestamp: `t${n}` } } }) as unknown as StreamResponse;
      const json = (n: number) => JSON.stringify(event(n));
      // The previous layout: one event a row, no last_seq.
      for (const seq of [1, 2]) sql.exec("INSERT INTO events (task_id, seq, turn, event, generation) VALUES (?, ?, 1, ?, ?)", taskId, seq, json(seq), seq);
      // Turn 2, one commit of three events: one row.
      state.storage.transactionSync(() => {
        for (const n of [3, 4, 5]) log.append(taskId, 2, event(n), n === 4 ? undefined : n);
        log.flush();
      });
      expect(sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM events WHERE task_id = ?", taskId).one().n).toBe(3);
      expect(log.after(taskId, 0).map((e) => [e.seq, e.json, e.generation])).toEqual([
        [1, json(1), 1],
        [2, json(2), 2],
        [3, json(3), 3],
        [4, json(4), undefined],
        [5, json(5), 5],
      ]);
      expect(log.after(taskId, 3).map((e) => e.seq)).toEqual([4, 5]);
      expect(log.at(taskId, 4)).toEqual({ seq: 4, json: json(4), generation: undefined });
      expect(log.at(taskId, 2)).toEqual({ seq: 2, json: json(2), generation: 2 });
      expect(log.at(taskId, 6)).toBeUndefined();
      const fresh = new EventLog(sql);
      expect(fresh.lastSeq(taskId)).toBe(5);
      // Turn 4 starts: turns before 3 go, except a row that holds a seq a push still needs.
      fresh.compact(taskId, 4, () => [4]);
      expect(fresh.after(taskId, 0).map((e) => e.seq)).toEqual([3, 4, 5]);
      fresh.compact(taskId, 4, () => []);
      expect(fresh.after(taskId, 0)).toEqual([]);
    });
  });
});

const WITHOUT_ROWID = /\)\s*WITHOUT ROWID\s*$/i;

/** name → CREATE statement of every table and index of the object behind `stub`. */
const schemaOf = (stub: DurableObjectStub) =>
  runInDurableObject(stub, (_instance: unknown, state) =>
    Object.fromEntries(
      state.storage.sql
        .exec<{ name: string; sql: string | null }>("SELECT name, sql FROM sqlite_schema WHERE type IN ('table', 'index')")
        .toArray()
        .map((r) => [r.name, r.sql ?? ""]),
    ),
  );

const columnsOf = (sql: SqlStorage, table: string) =>
  sql
    .exec<{ name: string }>(`SELECT name FROM pragma_table_info('${table}')`)
    .toArray()
    .map((r) => r.name);

/**
 * Another layout of `table`: the same columns as a rowid table (so with its key index) or WITHOUT
 * ROWID, its rows, indexes and triggers kept. Their statements are read before the rename, which
 * rewrites them to the renamed table and would drop them with it.
 */
function relayout(sql: SqlStorage, table: string, layout: "rowid" | "without rowid"): void {
  const create = sql.exec<{ sql: string }>("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?", table).one().sql;
  const rowid = create.replace(WITHOUT_ROWID, ")");
  const dependents = sql
    .exec<{ sql: string }>("SELECT sql FROM sqlite_schema WHERE tbl_name = ? AND type IN ('index', 'trigger') AND sql IS NOT NULL", table)
    .toArray()
    .map((r) => r.sql);
  sql.exec(`ALTER TABLE ${table} RENAME TO ${table}_new_layout`);
  sql.exec(layout === "rowid" ? rowid : rowid.replace(/\)\s*$/, ") WITHOUT ROWID"));
  sql.exec(`INSERT INTO ${table} SELECT * FROM ${table}_new_layout`);
  sql.exec(`DROP TABLE ${table}_new_layout`);
  for (const statement of dependents) sql.exec(statement);
}

describe("issue 29 item 3: tasks, events and artifacts are WITHOUT ROWID, the shard's tasks a rowid table", () => {
  it("a new object's keyed tables are one B-tree each, a new shard's a rowid table, with every added column; objects of the other layout read and take turns", async () => {
    const contextId = `rows-norowid-${crypto.randomUUID().slice(0, 8)}`;
    const { shards } = configOf(env).indexLayout;
    const shardStub = () => taskIndexFor(env, "anonymous", shardOf(contextId, shards), shards);
    const agentStub = () => contextAgentFor(env, "anonymous", contextId);
    const task = (await send(userMessage("one", { contextId }))).task;
    await send(userMessage("two", { taskId: task?.id }));

    // A new object: the keyed tables are WITHOUT ROWID (no key index beside them), a new shard's
    // `tasks` a rowid table with its key index (its rows, ~1.4 KiB, fit its pages: WITHOUT ROWID,
    // they spilled to overflow pages), and the columns added in place (`ALTER TABLE … ADD COLUMN`,
    // schema.ts) are there.
    const agentSchema = await schemaOf(agentStub());
    for (const table of ["tasks", "events", "artifacts"]) expect(agentSchema[table], table).toMatch(WITHOUT_ROWID);
    expect(Object.keys(agentSchema).filter((name) => /^sqlite_autoindex_(tasks|events|artifacts)_/.test(name))).toEqual([]);
    const shardSchema = await schemaOf(shardStub());
    expect(shardSchema.tasks).not.toMatch(WITHOUT_ROWID);
    expect(shardSchema.sqlite_autoindex_tasks_1).toBeDefined();
    const added = await runInDurableObject(agentStub(), (_instance: unknown, state) => ({
      tasks: columnsOf(state.storage.sql, "tasks"),
      events: columnsOf(state.storage.sql, "events"),
    }));
    expect(added.tasks).toEqual(expect.arrayContaining(["turns", "generation"]));
    expect(added.events).toEqual(expect.arrayContaining(["turn", "generation", "last_seq", "generations"]));
    expect(await runInDurableObject(shardStub(), (_instance: unknown, state) => columnsOf(state.storage.sql, "tasks"))).toEqual(
      expect.arrayContaining(["history", "artifacts"]),
    );

    // The other layouts: the ContextAgent's rowid tables with their key indexes (deployed before
    // issue 29 item 3), the shard's WITHOUT ROWID `tasks` (dev shards created while it was), the rows kept.
    const before = await ok<TaskLike>("GetTask", { id: task?.id, historyLength: 10 });
    const listedBefore = await ok<{ tasks: TaskLike[]; totalSize: number }>("ListTasks", { contextId, historyLength: 10 });
    await runInDurableObject(agentStub(), (_instance: unknown, state) => {
      for (const table of ["tasks", "events", "artifacts"]) relayout(state.storage.sql, table, "rowid");
    });
    await runInDurableObject(shardStub(), (_instance: unknown, state) => relayout(state.storage.sql, "tasks", "without rowid"));
    const oldAgent = await schemaOf(agentStub());
    for (const table of ["tasks", "events", "artifacts"]) expect(oldAgent[table], table).not.toMatch(WITHOUT_ROWID);
    expect(oldAgent.sqlite_autoindex_events_1).toBeDefined();
    const oldShard = await schemaOf(shardStub());
    expect(oldShard.tasks).toMatch(WITHOUT_ROWID);
    expect(oldShard.sqlite_autoindex_tasks_1).toBeUndefined();
    expect(oldShard.by_context).toBeDefined();

    // They wake on this code with their tables (neither is migrated), and read the same task, list and event log.
    await abortAllDurableObjects();
    expect(await ok<TaskLike>("GetTask", { id: task?.id, historyLength: 10 })).toEqual(before);
    expect(await ok<{ tasks: TaskLike[]; totalSize: number }>("ListTasks", { contextId, historyLength: 10 })).toEqual(listedBefore);
    const schema = await schemaOf(agentStub());
    expect(schema.tasks).not.toMatch(WITHOUT_ROWID);
    expect(schema.sqlite_autoindex_tasks_1).toBeDefined();
    expect((await schemaOf(shardStub())).tasks).toMatch(WITHOUT_ROWID);
    const logged = await runInDurableObject(agentStub(), (_instance: unknown, state) => new EventLog(state.storage.sql).after(task?.id ?? "", 0).length);
    expect(logged).toBeGreaterThan(0);

    // They take turns: a follow-up (the task's UPDATE, an artifact, the compaction; the shard row's
    // upsert), a new task (the shard's INSERT and its counter), both listed and counted.
    const third = (await send(userMessage("three", { taskId: task?.id }))).task;
    expect(third?.id).toBe(task?.id);
    const history = (await ok<TaskLike>("GetTask", { id: task?.id, historyLength: 10 })).history ?? [];
    expect(history.slice(0, 4)).toEqual(before.history);
    expect(history[4]?.parts).toEqual([{ text: "three" }]);
    const other = (await send(userMessage("four", { contextId }))).task;
    const listed = await ok<{ tasks: TaskLike[]; totalSize: number }>("ListTasks", { contextId });
    expect(listed.tasks.map((t) => t.id)).toEqual([other?.id, task?.id]);
    expect(listed.totalSize).toBe(2);
    const rows = await runInDurableObject(agentStub(), (_instance: unknown, state) => ({
      tasks: state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM tasks").one().n,
      replay: new EventLog(state.storage.sql).after(task?.id ?? "", 0).length,
    }));
    expect(rows.tasks).toBe(2);
    expect(rows.replay).toBeGreaterThan(0);
  });
});

describe("issue 29 item 3: a turn's end writes no lastActive", () => {
  it("the idle clock is the newer of the setting and the tasks' updates: a recent turn keeps the context, an idle one is freed", async () => {
    const contextId = `rows-idle-${crypto.randomUUID().slice(0, 8)}`;
    const agent = () => contextAgentFor(env, "anonymous", contextId);
    await send(userMessage("one", { contextId }));
    const idleSince = String(Date.now() - 3_601_000);
    const setting = () =>
      runInDurableObject(agent(), (_instance: unknown, state) => state.storage.sql.exec<{ v: string }>("SELECT v FROM context WHERE k = 'lastActive'").one().v);
    await runInDurableObject(agent(), (_instance: unknown, state) => {
      state.storage.sql.exec("UPDATE context SET v = ? WHERE k = 'lastActive'", idleSince);
    });
    await abortAllDurableObjects();

    // A turn's end leaves the setting as it was: its task's update time is the activity.
    expect(answer((await send(userMessage("two", { contextId }))).task)).toBe("Received: two (message 2 of this conversation)");
    expect(await setting()).toBe(idleSince);
    // The setting is past the idle timeout, the tasks' newest update is not: the alarm keeps the conversation.
    expect(await runDurableObjectAlarm(agent())).toBe(true);
    expect(answer((await send(userMessage("three", { contextId }))).task)).toBe("Received: three (message 3 of this conversation)");

    // Both past it: the alarm frees the context, and the next turn starts a conversation and marks it active.
    await runInDurableObject(agent(), (_instance: unknown, state) => {
      state.storage.sql.exec("UPDATE tasks SET updated_ms = ?", Number(idleSince));
    });
    await abortAllDurableObjects();
    expect(await runDurableObjectAlarm(agent())).toBe(true);
    expect(answer((await send(userMessage("four", { contextId }))).task)).toBe("Received: four (message 1 of this conversation)");
    expect(Number(await setting())).toBeGreaterThan(Number(idleSince));
  });
});
