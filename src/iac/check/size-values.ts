/**
 * Quantities with units: sizes (G, GB, GiB, T, TB, "50个G"), bandwidths (M, Mbps, 兆, Gbps, 千兆),
 * a CPU/memory spec ("4核8G", "4 vCPU 16 GiB") and days ("30 days", "7天"). The words around a size
 * say which disk it is for (system disk, data disk, database storage, cache memory); a bare "M" is a
 * bandwidth, since nobody sizes cloud storage in megabytes.
 */
import { isWordChar, type Scanner } from "./prose";
import type { RequestedValue } from "./requested-value";
import { asksStorageScaling, isStorageBound } from "./storage-values";

const QUANTITY = /(\d{1,6})[ ]{0,2}(gbps|gbit|gib|gb|g|tib|tb|t|mbps|mbit|mib|mb|m|个g|千兆|兆)/g;
/** "4核8G", "4 vCPU 16 GiB", "16 vCPU and 64 GiB": vCPUs then memory. */
const SPEC = /(\d{1,3})[ ]{0,2}(?:核|c|vcpus|vcpu|cores|core|cpus|cpu)[ ,/]{0,3}(?:(?:and|with|plus|&|\+|和)[ ]{0,2})?(\d{1,4})[ ]{0,2}(?:gigs|gig|gib|gb|g)/g;
const DAYS = /(\d{1,4})[ -]{0,2}(days|day|天|日)/g;

const BANDWIDTH_CUES = ["bandwidth", "带宽", "eip", "internet", "public", "公网", "出网", "nat", "slb", "mbps", "speed", "速率"];
const SIZE_TARGETS: Array<[string, readonly string[]]> = [
  // "40G sys disk": every way of writing the system disk (kinds/ecs/index.ts reads the same words), nearer than the bare "disk" below.
  ["system-disk", ["system disk", "系统盘", "system-disk", "sys disk", "sysdisk", "root disk", "os disk", "boot disk"]],
  ["data-disk", ["data disk", "数据盘", "data-disk", "云盘", "disk"]],
  // A cache is sized by its memory: "Redis 4GB" beside "RDS MySQL 8.0 with 100GB" is the cache's.
  ["memory", ["memory", "内存", "ram", "capacity", "容量", "redis", "tair", "缓存"]],
  ["storage", ["storage", "存储", "database", "数据库", "rds", "mysql", "postgres", "db"]],
];

/** A size right before a cue ("16 GB RAM"): the cue is said of it. */
const SIZE_RIGHT_BEFORE = /\d[ ]{0,2}(?:g|gb|gib|t|tb|tib)[ ]{1,2}(?:of[ ]{1,2})?$/;

/** "40GB cloud_essd": a disk's category right after a size makes it a disk's size, whatever bandwidth the clause names. */
const DISK_AFTER = /^[ ]{0,2}(?:cloud_essd|cloud_ssd|cloud_efficiency|essd|ssd|高效云盘|云盘)/;
const CACHE_CUES: ReadonlySet<string> = new Set(["redis", "tair", "缓存"]);
/** What ends one item of a list before the next: "+", a comma, "and", "plus". */
const ITEM_BREAK = /[+,;，；、]|\band\b|\bplus\b/;

/**
 * "2 disks: sys 40G, data 1T": a disk's one-word name right before its size (kinds/ecs/disk-shorthand.ts
 * reads the same shorthand for the generator). "sys" always names the system disk; "system" and
 * "data" only in a request that speaks of disks ("data 500GB in OSS" is no disk).
 */
const SYS_RIGHT_BEFORE = /(?<![\w.-])sys[ ]{0,2}[:：=]?[ ]{0,2}$/;
const WORD_RIGHT_BEFORE = /(?<![\w.-])(system|data)[ ]{0,2}[:：=]?[ ]{0,2}$/;
/** A request that speaks of disks. */
const SPEAKS_OF_DISKS = /\bdisks?\b|\bvolumes?\b|云盘|磁盘/;

/** The disk or store a size is for: a disk's short name right before it, else the cue nearest to it in its clause. */
function sizeTarget(scan: Scanner, start: number, end: number, disks: boolean): string | undefined {
  const before = scan.before(start, 40);
  if (SYS_RIGHT_BEFORE.test(before)) return "system-disk";
  const word = disks ? WORD_RIGHT_BEFORE.exec(before)?.[1] : undefined;
  if (word) return word === "data" ? "data-disk" : "system-disk";
  const after = scan.after(end, 24);
  let best: { distance: number; target: string } | undefined;
  for (const [target, cues] of SIZE_TARGETS) {
    for (const cue of cues) {
      const written = before.lastIndexOf(cue);
      // "16 GB RAM, 500 GB ESSD": a cue written right after another size is that size's, not this one's.
      const back = written >= 0 && SIZE_RIGHT_BEFORE.test(before.slice(Math.max(0, written - 12), written)) ? -1 : written;
      // A cache's name counts only before its size ("Redis 4GB"): "MySQL with 100GB, Redis 4GB" gives 100GB to the database.
      // A cue after the size counts only within its item: "Redis 5.0 2GB + RDS PostgreSQL" gives 2GB to Redis.
      const ahead = CACHE_CUES.has(cue) ? -1 : after.indexOf(cue);
      const forward = ahead >= 0 && ITEM_BREAK.test(after.slice(0, ahead)) ? -1 : ahead;
      // Measured from the cue's end, so "disk" inside "system disk 80 GB" is no nearer than "system disk" (listed first).
      const distance = Math.min(back >= 0 ? before.length - back - cue.length : Number.POSITIVE_INFINITY, forward >= 0 ? forward : Number.POSITIVE_INFINITY);
      if (distance !== Number.POSITIVE_INFINITY && (best === undefined || distance < best.distance)) best = { distance, target };
    }
  }
  return best?.target;
}

export function computeSpecs(scan: Scanner): RequestedValue[] {
  const values: RequestedValue[] = [];
  for (const match of scan.lower.matchAll(SPEC)) {
    const start = match.index;
    const end = start + match[0].length;
    if (isWordChar(scan.lower[start - 1]) || isWordChar(scan.lower[end])) continue;
    values.push({ kind: "compute-spec", text: scan.original(start, end), role: "wanted", value: Number(match[1]), second: Number(match[2]) });
    scan.claim(start, end);
  }
  return values;
}

export function quantityValues(scan: Scanner): RequestedValue[] {
  const values: RequestedValue[] = [];
  // "autoscale up to 1000GB": that size is the storage's upper bound, not the storage (storage-values.ts).
  const scaling = asksStorageScaling(scan);
  const disks = SPEAKS_OF_DISKS.test(scan.cueText);
  for (const match of scan.lower.matchAll(QUANTITY)) {
    const start = match.index;
    const end = start + match[0].length;
    if (isWordChar(scan.lower[start - 1]) || scan.lower[start - 1] === "." || isWordChar(scan.lower[end])) continue;
    const amount = Number(match[1]);
    const unit = match[2] ?? "";
    const text = scan.original(start, end);
    const clause = scan.around(start, end);
    const bandwidthWords = BANDWIDTH_CUES.some((cue) => clause.includes(cue));
    if (unit === "gbps" || unit === "gbit" || unit === "千兆") {
      values.push({ kind: "bandwidth", text, role: "wanted", value: amount * 1000 });
    } else if (unit.startsWith("m") || unit === "兆") {
      if (/memory|内存/.test(clause) && !bandwidthWords) continue;
      values.push({ kind: "bandwidth", text, role: "wanted", value: amount });
    } else if (bandwidthWords && /bandwidth|带宽/.test(clause) && !sizeTarget(scan, start, end, disks) && !DISK_AFTER.test(scan.after(end, 20))) {
      values.push({ kind: "bandwidth", text, role: "wanted", value: amount * 1000 });
    } else {
      const gb = unit.startsWith("t") ? amount * 1024 : amount;
      const target = scaling && isStorageBound(scan, start) ? "storage-bound" : sizeTarget(scan, start, end, disks);
      values.push({ kind: "size", text, role: "wanted", value: gb, ...(target ? { target } : {}) });
    }
    scan.claim(start, end);
  }
  return values;
}

export function dayValues(scan: Scanner): RequestedValue[] {
  const values: RequestedValue[] = [];
  for (const match of scan.lower.matchAll(DAYS)) {
    const start = match.index;
    const end = start + match[0].length;
    if (isWordChar(scan.lower[start - 1]) || isWordChar(scan.lower[end])) continue;
    values.push({ kind: "days", text: scan.original(start, end), role: "wanted", value: Number(match[1]) });
    scan.claim(start, end);
  }
  return values;
}
