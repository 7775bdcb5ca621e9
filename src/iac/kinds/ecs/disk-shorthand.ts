/**
 * Disks named by a one-word shorthand (round ten): "Need ECS w/ 2 disks: sys 40G, data 1T
 * cloud_essd". The disk grammar (index.ts) reads "system disk 40G" and "data disk 1T"; "sys 40G"
 * and "data 1T" were read by nobody, so the server kept a 40 GiB system disk by chance, got no data
 * disk, and the category after "data 1T" went to the system disk. Here the shorthand is written out
 * as the nouns the grammar knows, so every reading after it (size, category, performance level,
 * count) sees "system disk 40G, data disk 1T cloud_essd". "sys" is always a system disk; "system"
 * and "data" only in a request that speaks of disks ("2 disks: system 50G, data 500G"), never "data
 * 500GB in OSS". The request check reads the same shorthand with its own cues (check/size-values.ts).
 * Linear: bounded patterns, one pass each.
 */

/** A request that speaks of disks: "2 disks", "disk", "volumes", "云盘", "磁盘". */
const SPEAKS_OF_DISKS = /\bdisks?\b|\bvolumes?\b|云盘|磁盘/i;
/** "sys 40G", "sys: 40G": the system disk by its short name, right before its size. */
const SYS_SIZE = /(?<![\w.-])sys\s{0,2}[:：=]?\s{0,2}(?=\d{1,5}\s{0,2}(?:g|gb|gib|t|tb|tib)\b)/gi;
/** "system 50G", "data 1T", "data: 500GB": the disk's word right before its size, when the request speaks of disks. */
const WORD_SIZE = /(?<![\w.-])(system|data)\s{0,2}[:：=]?\s{0,2}(?=\d{1,5}\s{0,2}(?:g|gb|gib|t|tb|tib)\b)/gi;

/**
 * "each with a 100G disk", "a 500GB ESSD disk": a disk sized without a system word is a data disk (the
 * system disk is always there; the request check's size cues read a bare "disk" the same way).
 */
const SIZED_DISK = /(?<![\w.-])(\d{1,5}\s{0,2}(?:g|gb|gib|t|tb|tib)\s{1,3}(?:(?:cloud_)?(?:essd|ssd)\s{1,3})?)(disks?)\b/gi;

/** The request with "sys 40G" / "data 1T" / "a 100G disk" written as "system disk 40G" / "data disk 1T" / "a 100G data disk". */
export function withDiskNouns(text: string): string {
  const sys = text.replace(SYS_SIZE, "system disk ").replace(SIZED_DISK, (_whole, sized: string, noun: string) => `${sized}data ${noun}`);
  if (!SPEAKS_OF_DISKS.test(text)) return sys;
  return sys.replace(WORD_SIZE, (_whole, word: string) => `${word.toLowerCase()} disk `);
}
