/**
 * ListTasks over a sharded index (src/durable/index-layout.ts), read from the Worker: with a contextId, the one shard of that
 * context; without, every shard in parallel, merged in index order `(status timestamp desc, id
 * desc)` under one page token (the order is global, so each shard continues from the same token).
 * `totalSize` is the sum of the shards' counters. A merged page stays within pageSize tasks and
 * LIST_PAGE_MAX_BYTES, and says there is more when any shard has more than it showed.
 *
 * Scatter, then gather only what is missing: each shard is first asked for twice its even share
 * of the page, not the whole page (N shards each reading a full page read N pages to show one).
 * A shard whose last row shown still ranks inside the merged page may hide rows that belong on it:
 * only those shards are asked again, from their last row, for a full page. Tasks spread over the
 * shards (many contexts) need one round; a page drawn from one hot context needs a second round
 * from its shard alone.
 */
import type { IndexLayoutConfig } from "../../config/config";
import { A2AError } from "../../a2a/errors";
import type { Outcome } from "../outcome";
import { compareIndexOrder, encodeCursor, type IndexCursor } from "./index-cursor";
import { shardOf } from "./index-layout";
import { taskIndexFor } from "../stubs";
import type { ListQuery, ShardPage } from "./task-index";
import { LIST_PAGE_MAX_BYTES } from "../../storage/limits";

/** Rows asked of each of `shards` shards in the first round: twice an even share of the page, at most the page. */
export function firstRoundShare(pageSize: number, shards: number): number {
  return Math.min(pageSize, 2 * Math.ceil(pageSize / shards));
}

async function readShard(env: Env, owner: string, layout: IndexLayoutConfig, shard: number, query: ListQuery): Promise<ShardPage> {
  const { shards, previous } = layout;
  const outcome = (await taskIndexFor(env, owner, shard, shards).list(query, { shard, shards, previous }, owner)) as Outcome<ShardPage>;
  if (!outcome.ok) throw new A2AError(outcome.error);
  return outcome.value;
}

/** Every shard's rows that can be on the page, in as few reads as the spread of the tasks allows. */
async function readAllShards(env: Env, owner: string, layout: IndexLayoutConfig, query: ListQuery): Promise<ShardPage[]> {
  const share = firstRoundShare(query.pageSize, layout.shards);
  const shards = Array.from({ length: layout.shards }, (_, i) => i);
  const pages = await Promise.all(shards.map((shard) => readShard(env, owner, layout, shard, { ...query, pageSize: share })));
  if (share >= query.pageSize) return pages;
  const merged = pages.flatMap((page) => page.tasks).sort(compareIndexOrder);
  const cut: IndexCursor | undefined = merged.length >= query.pageSize ? merged[query.pageSize - 1] : undefined;
  const lastShown = (page: ShardPage): IndexCursor | undefined => page.tasks[page.tasks.length - 1];
  // A shard with more rows whose last one shown ranks at or above the page's last row (or a page not yet full).
  const short = shards.filter((shard) => {
    const page = pages[shard] as ShardPage;
    const last = lastShown(page);
    return page.more && (cut === undefined || last === undefined || compareIndexOrder(last, cut) <= 0);
  });
  await Promise.all(
    short.map(async (shard) => {
      const page = pages[shard] as ShardPage;
      const last = lastShown(page);
      const rest = await readShard(env, owner, layout, shard, { ...query, ...(last ? { pageToken: encodeCursor(last) } : {}) });
      pages[shard] = { tasks: [...page.tasks, ...rest.tasks], totalSize: page.totalSize, more: rest.more };
    }),
  );
  return pages;
}

/** The ListTasksResponse as JSON text: the rows' texts are passed through, never parsed here. */
export async function listTasks(env: Env, owner: string, layout: IndexLayoutConfig, query: ListQuery): Promise<string> {
  const pages =
    query.contextId !== undefined || layout.shards === 1
      ? [await readShard(env, owner, layout, shardOf(query.contextId ?? "", layout.shards), query)]
      : await readAllShards(env, owner, layout, query);
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
