/**
 * ListTasks over a sharded index (src/durable/index-layout.ts), read from the Worker: with a contextId, the one shard of that
 * context; without, every shard in parallel, merged in index order `(status timestamp desc, id
 * desc)` under one page token (the order is global, so each shard continues from the same token).
 * `totalSize` is the sum of the shards' counters. A merged page stays within pageSize tasks and
 * LIST_PAGE_MAX_BYTES, and says there is more when any shard has more than it showed.
 */
import type { IndexLayoutConfig } from "../config/config";
import { A2AError } from "../a2a/errors";
import type { Outcome } from "../durable/outcome";
import { compareIndexOrder, encodeCursor, type IndexCursor } from "../durable/index-cursor";
import { shardOf } from "../durable/index-layout";
import { taskIndexFor } from "../durable/stubs";
import type { ListQuery, ShardPage } from "../durable/task-index";
import { LIST_PAGE_MAX_BYTES } from "../storage/limits";

/** The ListTasksResponse as JSON text: the rows' texts are passed through, never parsed here. */
export async function listTasks(env: Env, owner: string, layout: IndexLayoutConfig, query: ListQuery): Promise<string> {
  const { shards, previous } = layout;
  const targets = query.contextId !== undefined ? [shardOf(query.contextId, shards)] : Array.from({ length: shards }, (_, i) => i);
  const outcomes = (await Promise.all(
    targets.map((shard) => taskIndexFor(env, owner, shard, shards).list(query, { shard, shards, previous }, owner)),
  )) as Outcome<ShardPage>[];
  const pages: ShardPage[] = [];
  for (const outcome of outcomes) {
    if (!outcome.ok) throw new A2AError(outcome.error);
    pages.push(outcome.value);
  }
  const merged = pages.length === 1 ? (pages[0]?.tasks ?? []) : pages.flatMap((page) => page.tasks).sort(compareIndexOrder);
  const tasks: string[] = [];
  let bytes = 0;
  let last: IndexCursor | undefined;
  for (const entry of merged.slice(0, query.pageSize)) {
    if (tasks.length > 0 && bytes + entry.json.length > LIST_PAGE_MAX_BYTES) break;
    tasks.push(entry.json);
    bytes += entry.json.length;
    last = entry;
  }
  const more = pages.some((page) => page.more) || merged.length > tasks.length;
  const nextPageToken = more && last ? encodeCursor(last) : "";
  const totalSize = pages.reduce((sum, page) => sum + page.totalSize, 0);
  return `{"tasks":[${tasks.join(",")}],"nextPageToken":"${nextPageToken}","pageSize":${query.pageSize},"totalSize":${totalSize}}`;
}
