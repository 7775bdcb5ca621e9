/**
 * Settings said in words that are no value of a family and no product: "IPv6 enabled", "with
 * deletion protection", "开启 IPv6", "删除保护". Each is found in the template by the key that
 * carries it (ROS `Ipv6AddressCount`, `EnableIpv6`, `DeletionProtection`; Terraform `ipv6_*`,
 * `deletion_protection`), whatever resource has it, or named as not there; "no IPv6" asks for none.
 * Without this the check passed over them and said every value was in the template while the
 * offline engine named them as not built.
 */
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
  { words: /\bdeletion[- ]protection\b|删除保护|释放保护/, text: "deletion protection", value: "deletion-protection" },
];
/** "no IPv6", "without deletion protection", "不要 IPv6": the setting asked away. */
const AWAY_BEFORE = /(?:\bno|\bwithout|\bdisable|\bturn off|不要|不需要|关闭)\s{0,3}$/;
/** How far before a setting's words its negation may stand. */
const AWAY_REACH = 16;

export function settingValues(scan: Scanner): RequestedValue[] {
  const values: RequestedValue[] = [];
  for (const setting of SETTINGS) {
    const match = setting.words.exec(scan.lower);
    if (!match) continue;
    const away = AWAY_BEFORE.test(scan.lower.slice(Math.max(0, match.index - AWAY_REACH), match.index));
    values.push({ kind: "setting", text: setting.text, role: away ? "removed" : "wanted", value: setting.value });
  }
  return values;
}

/** The template keys that carry each setting. */
export const SETTING_KEYS: Readonly<Record<string, RegExp>> = {
  ipv6: /ipv6/i,
  "deletion-protection": /^(?:DeletionProtection|deletion_protection)$/,
};
