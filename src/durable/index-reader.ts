/**
 * ListTasks over a sharded index (index-layout.ts): with a contextId, the one shard of that
 * context; without, every shard in parallel, merged in index order `(status timestamp desc, id
 * desc)` under one page token (the order is global, so each shard continues from the same token).
 * `totalSize` is the sum of the shards' counters. A merged page stays within pageSize tasks and
 * LIST_PAGE_MAX_BYTES, and says there is more when any shard has more than it showed.
 */
import type { ListTasksResponse, Task } from "../a2a/types";
import type { IndexLayoutConfig } from "../config/config";
import { A2AError } from "../a2a/errors";
import { failure, success, type Outcome } from "./outcome";
import { compareIndexOrder, encodeCursor } from "./index-cursor";
import { shardOf } from "./index-layout";
import { taskIndexFor } from "./stubs";
import type { ListQuery, ShardPage } from "./task-index";
import { LIST_PAGE_MAX_BYTES, utf8Bytes } from "../storage/limits";

export async function listTasks(env: Env, owner: string, layout: IndexLayoutConfig, query: ListQuery): Promise<Outcome<ListTasksResponse>> {
  const { shards, previous } = layout;
  const targets = query.contextId !== undefined ? [shardOf(query.contextId, shards)] : Array.from({ length: shards }, (_, i) => i);
  const outcomes = (await Promise.all(
    targets.map((shard) => taskIndexFor(env, owner, shard, shards).list(query, { shard, shards, previous }, owner)),
  )) as Outcome<ShardPage>[];
  const pages: ShardPage[] = [];
  for (const outcome of outcomes) {
    if (!outcome.ok) return failure(new A2AError(outcome.error));
    pages.push(outcome.value);
  }
  const merged = pages.flatMap((page) => page.tasks.map((entry) => ({ ...entry, key: { tsMs: entry.tsMs, id: entry.task.id } })));
  merged.sort((a, b) => compareIndexOrder(a.key, b.key));
  const tasks: Task[] = [];
  let bytes = 0;
  let last: { tsMs: number; id: string } | undefined;
  for (const entry of merged.slice(0, query.pageSize)) {
    const size = pages.length > 1 ? utf8Bytes(JSON.stringify(entry.task)) : 0;
    if (tasks.length > 0 && bytes + size > LIST_PAGE_MAX_BYTES) break;
    tasks.push(entry.task);
    bytes += size;
    last = entry.key;
  }
  const more = pages.some((page) => page.more) || merged.length > tasks.length;
  return success({
    tasks,
    nextPageToken: more && last ? encodeCursor(last) : "",
    pageSize: query.pageSize,
    totalSize: pages.reduce((sum, page) => sum + page.totalSize, 0),
  });
}
