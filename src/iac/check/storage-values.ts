/**
 * A database's storage autoscaling, as the check reads it on its own: "storage 200GB to start with
 * autoscale up to 1000GB", "开启存储自动扩容，上限 2000G", "auto-grow storage when 80% full, max
 * 1TB". Three values: the autoscaling itself (ROS `StorageAutoScale: Enable`, Terraform
 * `storage_auto_scale = "Enable"`), its upper bound (a size, size-values.ts gives it the target
 * "storage-bound": `StorageUpperBound` / `storage_upper_bound`), and its threshold when one is said:
 * RDS's threshold is the share of storage still free when it expands, so "when 80% full" is 20 and
 * "20% free" or "threshold 20%" is 20 (`StorageThreshold` / `storage_threshold`).
 *
 * Why: "autoscale" beside a database's storage was read as an ESS scaling group (a product not built),
 * and the upper bound as the storage itself; the check then missed a template without the bound.
 * Every pattern runs once over the prose or over a bounded window: linear.
 */
import type { Scanner } from "./prose";
import type { RequestedValue } from "./requested-value";

/** "autoscale", "auto-scaling", "auto-expand", "auto grow", "自动扩容". */
const AUTO_GROW = /\bauto[- ]?(?:scal|expan|grow|extend|resiz)|自动扩|存储扩容|弹性扩容/;
/** A database's storage named beside them (not servers). */
const STORAGE_WORDS = /storage|disk space|存储|空间|\brds\b|database|数据库|mysql|postgres|\bdb\b/;
const SERVER_WORDS = /\b(?:instances?|servers?|ecs|nodes?|vms?|scaling group)\b|实例|服务器|伸缩组/;
/** Right before a size: the most the storage may grow to. */
const BOUND_BEFORE =
  /(?:up to|max(?:imum)?|upper (?:bound|limit)|limit(?: of)?|cap(?:ped)?(?: at)?|\bto|上限(?:为|是)?|最大(?:到|为|至)?|最多(?:到)?|到|至)\s{0,3}[:：=]?\s{0,3}$/;
/** "when 80% full", "usage above 80%", "使用率 80%": percent used. */
const USED =
  /(\d{1,2})\s{0,2}%\s{0,3}(?:full|used|usage|utili[sz]ation)|(?:usage|utili[sz]ation|使用率|用量)\s{0,3}(?:reaches|hits|above|over|exceeds|of|at|>|超过|达到|高于)?\s{0,3}(\d{1,2})\s{0,2}%/;
/** "20% free", "threshold 30%", "剩余 20%": percent free. */
const FREE =
  /(\d{1,2})\s{0,2}%\s{0,3}(?:free|left|remaining|available)|(?:threshold|阈值)\s{0,3}(?:of|at|is|为)?\s{0,3}[:：=]?\s{0,3}(\d{1,2})\s{0,2}%|剩余\s{0,3}(?:空间)?\s{0,3}(?:低于|小于|不足)?\s{0,3}(\d{1,2})\s{0,2}%/;
/** How far the clause of the autoscale words reaches. */
const REACH = 60;

/** Where the request asks for storage autoscaling: the index of its words, or undefined. */
function autoGrowAt(scan: Scanner): number | undefined {
  const match = AUTO_GROW.exec(scan.cueText);
  if (!match) return undefined;
  const end = match.index + match[0].length;
  // "ECS auto scaling between 2 and 6 instances": servers named right before or soon after.
  if (SERVER_WORDS.test(scan.before(match.index, 12)) || SERVER_WORDS.test(scan.after(end, 40))) return undefined;
  return STORAGE_WORDS.test(scan.around(match.index, end, REACH)) || /\d\s{0,2}(?:tb|t|gb|g)\b/.test(scan.after(end, REACH)) ? match.index : undefined;
}

/** Whether the request asks for storage autoscaling at all (read once per request, before its sizes). */
export function asksStorageScaling(scan: Scanner): boolean {
  return autoGrowAt(scan) !== undefined;
}

/** Whether the size at `start` is the upper bound of storage autoscaling ("autoscale up to 1000GB", "上限 2000G"), in a request that asks for it. */
export function isStorageBound(scan: Scanner, start: number): boolean {
  return BOUND_BEFORE.test(scan.before(start, REACH)) && AUTO_GROW.test(scan.around(start, start, REACH));
}

/** The storage autoscaling and its threshold the request states. */
export function storageScalingValues(scan: Scanner): RequestedValue[] {
  const at = autoGrowAt(scan);
  if (at === undefined) return [];
  const values: RequestedValue[] = [{ kind: "setting", text: "storage autoscaling", role: "wanted", value: "storage-autoscale" }];
  const clause = scan.around(at, at, REACH);
  const used = USED.exec(clause);
  const free = FREE.exec(clause);
  const usedPercent = used?.[1] ?? used?.[2];
  const freePercent = free?.[1] ?? free?.[2] ?? free?.[3];
  const written = usedPercent ?? freePercent;
  if (written === undefined) return values;
  const threshold = usedPercent ? 100 - Number(usedPercent) : Number(written);
  // `second` is the number as written, so the lexer's "80" of "80% full" is accounted for by this value.
  values.push({ kind: "setting", text: `${written}%`, role: "wanted", value: `storage-threshold:${threshold}`, second: Number(written) });
  return values;
}

/** Whether a template slot carries the storage setting `value` ("storage-autoscale", "storage-threshold:20"). */
export function storageSlot(value: string, key: string, slotValue: unknown): boolean {
  if (value === "storage-autoscale") return /^(?:StorageAutoScale|storage_auto_scale)$/.test(key) && String(slotValue) === "Enable";
  const threshold = /^storage-threshold:(\d{1,3})$/.exec(value)?.[1];
  return threshold !== undefined && /^(?:StorageThreshold|storage_threshold)$/.test(key) && Number(slotValue) === Number(threshold);
}
