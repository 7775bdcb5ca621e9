/**
 * The sharded task index (design "TaskIndex"; src/durable/task-index/index-layout.ts, src/durable/task-index/list-tasks.ts): tasks of many
 * contexts spread over the owner's shards; ListTasks without a contextId merges every shard in
 * `(status timestamp desc, id desc)` order under one page token, with `totalSize` summed; with a
 * contextId it reads one shard; a ListTasks right after a non-blocking send already sees the task.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { ok, rpc, send, userMessage, type TaskLike } from "./helpers/rpc";
import { configOf } from "../../src/config/config";
import { taskIndexFor } from "../../src/durable/stubs";
import { shardOf } from "../../src/durable/task-index/index-layout";
import { firstRoundShare } from "../../src/durable/task-index/list-tasks";

interface ListResult {
  tasks: TaskLike[];
  nextPageToken: string;
  pageSize: number;
  totalSize: number;
}

const OWNER = "anonymous";

async function rowsPerShard(): Promise<number[]> {
  const { shards } = configOf(env).indexLayout;
  const counts: number[] = [];
  for (let shard = 0; shard < shards; shard++) {
    await runInDurableObject(taskIndexFor(env, OWNER, shard, shards), (_i, state) => {
      counts.push(state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM tasks WHERE context_id LIKE 'shard-%'").one().n);
    });
  }
  return counts;
}

/**
 * Follows nextPageToken from the first page to the last; checks each page's size, the index order
 * `(status timestamp desc, id desc)` across pages, each task once, and the count against totalSize.
 */
async function listEveryPage(params: { pageSize: number; statusTimestampAfter?: string }): Promise<TaskLike[]> {
  const seen: TaskLike[] = [];
  let token = "";
  let total = 0;
  do {
    const page = await ok<ListResult>("ListTasks", { ...params, ...(token ? { pageToken: token } : {}) });
    expect(page.tasks.length).toBeLessThanOrEqual(params.pageSize);
    seen.push(...page.tasks);
    token = page.nextPageToken;
    total = page.totalSize;
  } while (token !== "");
  const keys = seen.map((t) => [Date.parse(t.status.timestamp), t.id] as const);
  for (let i = 1; i < keys.length; i++) {
    const [a, b] = [keys[i - 1], keys[i]] as [readonly [number, string], readonly [number, string]];
    expect(a[0] > b[0] || (a[0] === b[0] && a[1] > b[1])).toBe(true);
  }
  expect(new Set(seen.map((t) => t.id)).size).toBe(seen.length);
  expect(seen.length).toBe(total);
  return seen;
}

describe("a sharded task index", () => {
  it("spreads contexts over the shards, and pages through every task once, in index order, with one token", { timeout: 60_000 }, async () => {
    const prefix = `shard-${crypto.randomUUID().slice(0, 6)}`;
    const ids = new Set<string>();
    for (let i = 0; i < 24; i++) {
      const task = (await send(userMessage(`t${i}`, { contextId: `${prefix}-${i % 12}` }))).task;
      ids.add(task?.id ?? "");
    }
    const perShard = await rowsPerShard();
    expect(configOf(env).indexLayout.shards).toBe(4);
    expect(perShard.filter((n) => n > 0).length).toBeGreaterThan(1);

    const seen = await listEveryPage({ pageSize: 7 });
    for (const id of ids) expect(seen.some((t) => t.id === id)).toBe(true);
  });

  it("a page drawn from one hot context is whole: its shard is read again past its first-round share", { timeout: 60_000 }, async () => {
    // Twelve tasks in one context (one shard), then one in a context of each other shard: the
    // newest page of 8 is mostly the hot context's, more than its first-round share (4 of 8).
    const { shards } = configOf(env).indexLayout;
    const prefix = `shard-hot-${crypto.randomUUID().slice(0, 6)}`;
    const hot = `${prefix}-hot`;
    const others: string[] = [];
    for (let n = 0; others.length < shards - 1; n++) {
      const candidate = `${prefix}-${n}`;
      const shard = shardOf(candidate, shards);
      if (shard !== shardOf(hot, shards) && !others.some((c) => shardOf(c, shards) === shard)) others.push(candidate);
    }
    const since = new Date(Date.now() - 1).toISOString();
    const created: string[] = [];
    for (const contextId of others) created.push((await send(userMessage("cold", { contextId }))).task?.id ?? "");
    for (let i = 0; i < 12; i++) created.push((await send(userMessage(`hot ${i}`, { contextId: hot }))).task?.id ?? "");
    expect(firstRoundShare(8, shards)).toBeLessThan(8);

    // Every task listed; the first page is the 8 newest of all.
    const seen = await listEveryPage({ pageSize: 8, statusTimestampAfter: since });
    for (const id of created) expect(seen.some((t) => t.id === id)).toBe(true);
    const ours = seen.filter((t) => created.includes(t.id));
    expect(ours.slice(0, 8).every((t) => t.contextId === hot)).toBe(true);
  });

  it("ListTasks with a contextId answers from that context's shard; a non-blocking send is listed at once", async () => {
    const contextId = `shard-ryw-${crypto.randomUUID().slice(0, 6)}`;
    const { task } = await send(
      { ...userMessage("slow", { contextId }), messageId: `test-resubscribe-message-id-${crypto.randomUUID().slice(0, 6)}` },
      { returnImmediately: true },
    );
    const byContext = await ok<ListResult>("ListTasks", { contextId });
    expect(byContext.tasks.map((t) => t.id)).toEqual([task?.id]);
    expect(byContext.totalSize).toBe(1);
    const all = await ok<ListResult>("ListTasks", { pageSize: 100 });
    expect(all.tasks.some((t) => t.id === task?.id)).toBe(true);
  });

  it("a forged page token is -32602 from every shard, and the server keeps serving", async () => {
    const forged = await rpc("ListTasks", { pageToken: "bm90LWEtdG9rZW4" });
    expect(forged.error).toMatchObject({ code: -32602, message: "Invalid page token" });
    expect((await ok<ListResult>("ListTasks", { pageSize: 1 })).tasks).toHaveLength(1);
  });
});
