/**
 * Which disk the request's words give a disk value to (round ten): "40G system disk ESSD PL1, data
 * disk 500G ESSD PL2" gives PL1 to the system disk and PL2 to the data disk, and "2 disks: sys 40G,
 * data 1T cloud_essd" gives cloud_essd to the data disk. A level or category was looked for on
 * any disk, so a template with PL1 on the data disk and none on the system disk was vouched for. Read from the lexer's tokens on the check's own terms (the
 * generator's disk grammar is kinds/ecs/, never called here). Each look is a few tokens: linear.
 */
import type { Token } from "../read/token";

export type Disk = "system" | "data";

/** Words that name the disk on their own ("sys 40G", "系统盘 40G", "data 1T"). */
const DISK_WORDS: Readonly<Record<string, Disk>> = { sys: "system", sysdisk: "system", 系统盘: "system", data: "data", 数据盘: "data" };
/** Words before "disk" that say which one ("system disk", "OS disk", "data disk"). */
const DISK_QUALIFIERS: Readonly<Record<string, Disk>> = { system: "system", sys: "system", os: "system", root: "system", boot: "system", data: "data" };
const DISK_NOUNS = new Set(["disk", "disks", "volume"]);
/** Words a disk's values may stand among without changing whose they are ("a 500G ESSD PL2 data disk"). */
const FILLERS = new Set(["a", "an", "the", "one", "of", "with", "as", "its", "的", "块"]);
/** How many tokens a look goes either way. */
const REACH = 5;

/** The disk a noun or a word at `at` names, if it names one. */
function diskAt(tokens: readonly Token[], at: number): Disk | undefined {
  const word = String(tokens[at]?.value ?? "");
  if (DISK_NOUNS.has(word)) return DISK_QUALIFIERS[String(tokens[at - 1]?.value ?? "")];
  // "system disk": the qualifier is read with its noun, after it.
  if (DISK_NOUNS.has(String(tokens[at + 1]?.value ?? ""))) return DISK_QUALIFIERS[word];
  return DISK_WORDS[word];
}

/** A token a look passes over: the disk's own values and filler words. */
const passable = (token: Token) => token.kind === "size" || (token.kind === "name" && token.of === "disk") || FILLERS.has(String(token.value));

/**
 * The disk a size, category or level token is said of: the disk named nearest before it in its
 * phrase ("system disk 40G ESSD PL1", "data 1T cloud_essd"), else right after it ("a 500G ESSD
 * PL2 data disk"); undefined when its words name none (then any disk may carry it).
 */
export function diskOf(tokens: readonly Token[], index: number): Disk | undefined {
  for (let back = 1; back <= REACH; back += 1) {
    const token = tokens[index - back];
    if (!token || token.kind === "punctuation") break;
    const disk = diskAt(tokens, index - back);
    if (disk) return disk;
    if (!passable(token) && !DISK_NOUNS.has(String(token.value))) break;
  }
  for (let ahead = 1; ahead <= REACH; ahead += 1) {
    const token = tokens[index + ahead];
    if (!token || token.kind === "punctuation") break;
    const disk = diskAt(tokens, index + ahead);
    if (disk) return disk;
    if (!passable(token)) break;
  }
  return undefined;
}
