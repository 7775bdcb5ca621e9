/**
 * A vCPU/memory pair ("4 cores 8 GB", "4c16g", "8核32G") and whose it is: the product the clause
 * names last before it. "Web tier — ecs.c6.large; DB tier — PostgreSQL 14, 4 cores 8 GB" gives
 * the database its 4 cores; "2 servers 2核4G, MySQL 4核8G" gives each its own. The ECS grammar
 * (ecs/index.ts: the instance type of that size) and the RDS grammar (rds/index.ts: the database
 * class) read the same pairs, so no pair is read as both. Bounded patterns, one pass: linear.
 */

/** "4核8G", "4 vCPU 16 GiB", "4 vCPU / 16 GB", "4C8G", "16 vCPU and 64 GiB", "2 cores 4 gigs": vCPUs then memory, side by side. */
export const CPU_MEMORY =
  /(\d{1,3})\s{0,2}(?:vcpus?|cpus?|cores?|c|核)\s{0,3}(?:(?:[,/，、+&]|and|with|plus|和)\s{0,3})?(\d{1,4})\s{0,2}(?:gigs?|g|gb|gib)(?![a-z])/gi;

type Owner = NonNullable<ComputePair["owner"]>;

const OWNER_WORDS: ReadonlyArray<[RegExp, Owner]> = [
  [/\b(?:rds|databases?|db|mysql|postgres(?:ql)?|pg|sql ?server|mssql|mariadb)\b|数据库/gi, "database"],
  [/\b(?:redis|tair|cache)\b|缓存/gi, "cache"],
  // "SQL Server", "a database server": the database's own word, not a server.
  [
    /\b(?:ecs|(?<!(?:sql|database|db|mysql|postgres|postgresql|redis|cache) ?)servers?|vms?|nodes?|hosts?|machines?|box(?:es)?|ecs\.[a-z0-9.]{1,24})\b|服务器|主机|虚拟机/gi,
    "server",
  ],
];
/** Where a clause starts: what a sentence says of one product is not said of the next. */
const CLAUSE_START = /[;；。\n]|\.\s/g;

export interface ComputePair {
  vcpus: number;
  memoryGib: number;
  /** The product the clause names last before the pair, if any. */
  owner?: "database" | "cache" | "server";
}

/** Every owner word of the text in order, read once: each pair then looks back along this list, so the whole pass is linear. */
function ownerMentions(text: string): Array<{ at: number; owner: Owner }> {
  const mentions: Array<{ at: number; owner: Owner }> = [];
  for (const [words, owner] of OWNER_WORDS) for (const match of text.matchAll(words)) mentions.push({ at: match.index, owner });
  return mentions.sort((a, b) => a.at - b.at);
}

export function computePairs(text: string): ComputePair[] {
  const clauseStarts = [0, ...[...text.matchAll(CLAUSE_START)].map((match) => match.index + 1)];
  const mentions = ownerMentions(text);
  const pairs: ComputePair[] = [];
  let clause = 0;
  let mention = -1;
  for (const match of text.matchAll(CPU_MEMORY)) {
    while (clause + 1 < clauseStarts.length && (clauseStarts[clause + 1] ?? Infinity) <= match.index) clause += 1;
    while (mention + 1 < mentions.length && (mentions[mention + 1]?.at ?? Infinity) < match.index) mention += 1;
    const last = mentions[mention];
    const owner = last && last.at >= (clauseStarts[clause] ?? 0) ? last.owner : undefined;
    pairs.push({ vcpus: Number(match[1]), memoryGib: Number(match[2]), ...(owner ? { owner } : {}) });
  }
  return pairs;
}
