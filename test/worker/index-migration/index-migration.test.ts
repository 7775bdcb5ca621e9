/**
 * Changing the shard count of a running deployment (index-layout.ts): this project runs with
 * IACCODE_A2A_INDEX_SHARDS=3 and IACCODE_A2A_INDEX_SHARDS_PREVIOUS=1. The rows an older deployment
 * with one index object wrote (put there through that object's own `apply`, as the older version's
 * contexts did) are all listed after the change: each new shard imports its contexts' rows on
 * first use, keeping the newer status where a context already wrote to the new layout.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { ok, send, userMessage, type TaskLike } from "../helpers/rpc";
import { taskIndexFor } from "../../../src/durable/stubs";
import type { IndexRow } from "../../../src/durable/task-index/task-index";

interface ListResult {
  tasks: TaskLike[];
  nextPageToken: string;
  totalSize: number;
}

const OWNER = "anonymous";

function oldRow(i: number, tsMs: number): IndexRow {
  const id = `legacy-task-${String(i).padStart(2, "0")}`;
  const contextId = `legacy-ctx-${i}`;
  return {
    id,
    contextId,
    state: "TASK_STATE_INPUT_REQUIRED",
    tsMs,
    summary: JSON.stringify({ id, contextId, status: { state: "TASK_STATE_INPUT_REQUIRED", timestamp: new Date(tsMs).toISOString() } }),
    history: "[]",
    artifacts: "[]",
  };
}

describe("a change of IACCODE_A2A_INDEX_SHARDS loses no task from the lists", () => {
  it("rows of the one-shard layout are listed, counted and filterable after the change to three shards", async () => {
    const base = Date.parse("2026-11-01T00:00:00.000Z");
    const rows = Array.from({ length: 20 }, (_, i) => oldRow(i, base + i * 1000));
    const legacy = taskIndexFor(env, OWNER, 0, 1);
    await legacy.apply({ upserts: rows, removals: [] }, { shard: 0, shards: 1, previous: undefined }, OWNER);

    const fresh = (await send(userMessage("new layout", { contextId: "after-change" }))).task;
    const all = await ok<ListResult>("ListTasks", { pageSize: 100 });
    expect(all.totalSize).toBe(21);
    expect(all.tasks.map((t) => t.id)).toEqual([fresh?.id, ...rows.map((r) => r.id).reverse()]);
    const one = await ok<ListResult>("ListTasks", { contextId: "legacy-ctx-7" });
    expect(one.tasks.map((t) => t.id)).toEqual(["legacy-task-07"]);
    // Importing happens once: a second read gives the same answer.
    expect((await ok<ListResult>("ListTasks", { pageSize: 100 })).totalSize).toBe(21);
  });
});
