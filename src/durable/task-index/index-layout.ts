/**
 * How an owner's TaskIndex is split into shards. One index object takes on the order of a
 * thousand requests a second, and with auth off (or one API key for a whole organization) one
 * owner is the whole deployment; so each owner has `IACCODE_A2A_INDEX_SHARDS` index objects and a
 * context always writes to the same one (FNV-1a of its contextId). ListTasks with a contextId reads
 * that shard; without one it reads every shard in parallel and merges (list-tasks.ts). The name of
 * each shard's object is object-names.ts's `indexObjectName`.
 *
 * With one shard the object keeps the name it had before sharding existed (the owner), so a
 * deployment that never sets the variable keeps its index. After a change of the count, each new
 * shard imports its rows from the previous layout (`IACCODE_A2A_INDEX_SHARDS_PREVIOUS`) on first use.
 */
export interface IndexShard {
  shard: number;
  shards: number;
  /** The shard count of the layout this one replaces, when a migration is configured. */
  previous: number | undefined;
}

/** FNV-1a (32-bit) of a string's UTF-16 units: fast, stable, and well spread for ids. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function shardOf(contextId: string, shards: number): number {
  return shards <= 1 ? 0 : fnv1a(contextId) % shards;
}
