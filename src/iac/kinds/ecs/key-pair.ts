/**
 * "key pair my-key", "use the SSH key pair ops-key", "密钥对 my-key": the servers log in with that
 * key pair (`KeyPairName`, Terraform `key_name`); "password login disabled", "no password", "禁用密码"
 * drops the password (its parameter too). The key pair is the user's own: ROS cannot create the
 * private key, so it is named, never invented.
 */
import { phrase, type Phrase } from "../../read/request-language";
import type { RequestedValues } from "../values";

/** A key-pair word, "named"/"called" at most, then the name (2–128 characters, a letter first). */
const KEY_PAIR = /(?:key[- ]?pair|ssh key|密钥对)\s{0,3}(?:(?:named|called|name|名为|为|是)\s{0,3}|[:：=]\s{0,3})?["'`“]?([A-Za-z][\w.-]{1,127})/i;
/** Words after "key pair" that are no name: "key pair login", "key pair only". */
const NOT_A_NAME = /^(?:login|logins|auth|authentication|only|instead|and|or|for|with|to|the|a|an|access|based|is|are)$/i;
const NO_PASSWORD =
  /password (?:login )?(?:disabled|off)|(?:disable|no|without)\s{1,3}(?:the\s{1,3})?password|key[- ]?pair (?:login )?only|禁用密码|不(?:用|要|使用)密码|关闭密码/i;

export function readKeyPair(text: string, into: RequestedValues): void {
  const name = KEY_PAIR.exec(text)?.[1];
  if (name && !NOT_A_NAME.test(name)) into.keyPairName = name;
  if (NO_PASSWORD.test(text)) into.noPassword = true;
}

/** Sets the key pair on every server and drops the password when asked; what it did, for the reply. */
export function applyKeyPair(
  instances: Record<string, unknown>[],
  values: RequestedValues,
  dropPassword: () => void,
): { applied: Phrase[]; unsupported: Phrase[] } {
  const applied: Phrase[] = [];
  if (values.keyPairName) {
    for (const instance of instances) instance.KeyPairName = values.keyPairName;
    applied.push(phrase(`key pair ${values.keyPairName} (yours: it must exist in the region)`, `密钥对 ${values.keyPairName}（须已在该地域存在）`));
  }
  if (!values.noPassword) return { applied, unsupported: [] };
  if (!values.keyPairName && !instances.some((instance) => typeof instance.KeyPairName === "string"))
    return {
      applied,
      unsupported: [
        phrase("password login disabled without a key pair: name the key pair to log in with", "禁用密码登录但没有密钥对：请给出登录用的密钥对名称"),
      ],
    };
  for (const instance of instances) delete instance.Password;
  dropPassword();
  applied.push(phrase("password login disabled (no password set)", "已禁用密码登录（不设置密码）"));
  return { applied, unsupported: [] };
}
