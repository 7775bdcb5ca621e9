/**
 * Issue 29 item 3, rows written per turn: the layout changes that cut them keep what a deployed
 * object already stores. A TaskIndex shard written by the previous version (triggers that kept a
 * context's counters too, the `by_context_state` index) wakes on this code with the same lists and
 * the same counts, and counts on correctly as tasks are written, change state and are removed.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { abortAllDurableObjects, runInDurableObject } from "cloudflare:test";
import { taskIndexFor } from "../../src/durable/stubs";
import type { IndexRow, ListQuery, ShardPage, TaskIndex } from "../../src/durable/task-index/task-index";
import type { Outcome } from "../../src/durable/outcome";
import type { TaskState } from "../../src/a2a/states";

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
