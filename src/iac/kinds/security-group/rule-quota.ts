/**
 * How many rules one security group holds, and what a reply says of the rules beyond that. The
 * request's reading (read/generation-request.ts), the values applied to a new template
 * (generate/apply-values.ts) and an edit that opens ports (edit/template-edit.ts) all stop at it.
 */
import { phrase, type Phrase } from "../../read/request-language";

/**
 * Rules one security group holds: Alibaba Cloud's quota of inbound and outbound rules per group
 * (200 in the ECS documentation's "security group limits"; older accounts had 100). A template
 * with more would fail at deployment, and a request listing thousands of ports would otherwise
 * grow the template (and every step that reads it) with each one.
 */
export const SECURITY_GROUP_RULES_MAX = 200;

/** The reply's line for port rules a group had no room for. */
export function rulesNotAdded(count: number): Phrase {
  const amount = count.toLocaleString("en-US");
  return phrase(
    `${amount} port rules not added: a security group holds at most ${SECURITY_GROUP_RULES_MAX} rules`,
    `${amount} 条端口规则未添加：一个安全组最多 ${SECURITY_GROUP_RULES_MAX} 条规则`,
  );
}
