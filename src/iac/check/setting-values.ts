/**
 * Settings said in words that are no value of a family and no product: "IPv6 enabled", "with
 * deletion protection", "开启 IPv6", "删除保护", a database's edition ("一主一备", "基础版"). Each is found in the template by the key that
 * carries it (ROS `Ipv6AddressCount`, `EnableIpv6`, `DeletionProtection`; Terraform `ipv6_*`,
 * `deletion_protection`), whatever resource has it, or named as not there; "no IPv6" asks for none.
 * Without this the check passed over them and said every value was in the template while the
 * offline engine named them as not built.
 */
import { BY_BANDWIDTH } from "../kinds/eip/index";
import { DATABASE_SSL, SPOT, SUBSCRIPTION, TAGS, TDE } from "../kinds/not-built-settings";
import type { Scanner } from "./prose";
import type { RequestedValue } from "./requested-value";

interface Setting {
  /** Words that name it (lower case, tested on the scanner's lower-case prose). */
  words: RegExp;
  text: string;
  value: string;
}

const SETTINGS: readonly Setting[] = [
  { words: /\bipv6\b/, text: "IPv6", value: "ipv6" },
  {
    words: /(?:redis|tair)[^,;，。；\n]{0,24}(?:cluster|集群版)|集群版\s{0,2}(?:redis|tair)|\bcluster (?:edition|mode)\b/,
    text: "Redis cluster edition",
    value: "redis-cluster",
  },
  { words: /\bdeletion[- ]protection\b|删除保护|释放保护/, text: "deletion protection", value: "deletion-protection" },
  // A database's edition, in the words that name nothing else: "一主一备", "primary/standby", "基础版" (`Category`).
  {
    words: /一主一备|双机高可用|高可用版|\bprimary ?[/+&] ?standby\b|\bprimary and (?:a )?standby\b|\bhigh[- ]availability edition\b/,
    text: "high-availability edition",
    value: "rds-ha",
  },
  { words: /基础版|单机版|\bbasic edition\b/, text: "basic edition", value: "rds-basic" },
  // "DNAT: forward public port 2222 to 10.0.1.5:22": a NAT gateway's forward entry (ROS `ForwardEntry`, Terraform `alicloud_forward_entry`).
  {
    words: /\bdnat\b|\bport[- ]forward(?:ing|s)?\b|\bforward(?:ing)?\s{1,3}(?:the\s{1,3})?(?:public|external)\s{1,3}port\b|端口映射|端口转发/,
    text: "DNAT port forwarding",
    value: "dnat",
  },
  // "SLB with session persistence (cookie insert)": a listener's `Persistence.StickySession` (Terraform `sticky_session`).
  { words: /\bsession\s{1,3}(?:persistence|stickiness)\b|\bsticky\s{1,3}sessions?\b|会话保持/, text: "session persistence", value: "persistence" },
  // "pay by bandwidth", "按固定带宽计费": a public address billed by its bandwidth (kinds/eip/index.ts reads the same words).
  { words: BY_BANDWIDTH, text: "billed by bandwidth", value: "by-bandwidth" },
  // Round ten: settings the engine names as not built (read/request-values.ts reads the same words), so the first line never says all is there.
  { words: DATABASE_SSL, text: "SSL on the database", value: "ssl" },
  { words: TDE, text: "TDE", value: "tde" },
  { words: SPOT, text: "spot instances", value: "spot" },
  { words: SUBSCRIPTION, text: "subscription billing", value: "subscription" },
  { words: TAGS, text: "tags", value: "tags" },
];
/** "no IPv6", "without deletion protection", "不要 IPv6": the setting asked away. */
const AWAY_BEFORE = /(?:\bno|\bwithout|\bdisable|\bturn off|不要|不需要|关闭)\s{0,3}$/;
/** How far before a setting's words its negation may stand. */
const AWAY_REACH = 16;

export function settingValues(scan: Scanner): RequestedValue[] {
  const values: RequestedValue[] = [];
  for (const setting of SETTINGS) {
    const match = setting.words.exec(scan.cueText);
    if (!match) continue;
    const away = AWAY_BEFORE.test(scan.cueText.slice(Math.max(0, match.index - AWAY_REACH), match.index));
    values.push({ kind: "setting", text: setting.text, role: away ? "removed" : "wanted", value: setting.value });
  }
  return values;
}

const switchedOn = (value: unknown) => value !== false && value !== 0 && value !== "false" && value !== "";

/** Whether a template slot carries each setting: a count of IPv6 addresses above 0, a protection switched on, a sharded (cluster) Redis class or a shard count. */
export const SETTING_SLOTS: Readonly<Record<string, (key: string, value: unknown) => boolean>> = {
  ipv6: (key, value) => /ipv6/i.test(key) && switchedOn(value),
  "rds-ha": (key, value) => /^(?:Category|category)$/.test(key) && value === "HighAvailability",
  "rds-basic": (key, value) => /^(?:Category|category)$/.test(key) && value === "Basic",
  "by-bandwidth": (key, value) => /^(?:InternetChargeType|internet_charge_type)$/.test(key) && /bandwidth/i.test(String(value)),
  persistence: (key, value) => /^(?:StickySession|sticky_session)$/.test(key) && value === "on",
  dnat: (key, value) => /^(?:ExternalPort|external_port)$/.test(key) && value !== undefined,
  ssl: (key, value) => /^(?:SSLSetting|ssl_action|SSLEnabled|ssl_enabled)$/.test(key) && !/^(?:disabled|close|off|false)$/i.test(String(value)),
  tde: (key, value) => /^(?:TDEStatus|tde_status)$/.test(key) && switchedOn(value),
  spot: (key, value) => /^(?:SpotStrategy|spot_strategy)$/.test(key) && value !== "NoSpot",
  subscription: (key, value) =>
    /^(?:InstanceChargeType|PayType|ChargeType|instance_charge_type|payment_type)$/.test(key) && /prepaid|subscription/i.test(String(value)),
  tags: (key) => /^(?:Tags|tags|Key)$/.test(key),
  "deletion-protection": (key, value) => /^(?:DeletionProtection|deletion_protection)$/.test(key) && switchedOn(value),
  "redis-cluster": (key, value) =>
    (/^(?:InstanceClass|instance_class)$/.test(key) && /sharding|cluster/i.test(String(value))) ||
    (/^(?:ShardCount|shard_count)$/.test(key) && Number(value) > 0),
};
