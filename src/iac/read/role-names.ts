/**
 * Servers named after their role ("master-1", "worker-3": generate/server-groups.ts) and a role named
 * in a request ("make the workers 16c64g"). The editor resizes the named role's servers
 * (edit/role-type-edit.ts) and the check holds the size on them (check/accounting.ts); a load
 * balancer in front of one role has that role's servers as its backends (generate/server-groups.ts,
 * check/backend-roles.ts): one reading for both.
 */

/** "worker-3" → "worker"; a name with no number after a hyphen plays no role. */
const NUMBERED = /-\d{1,3}$/;

export function roleOfServerName(name: string): string | undefined {
  const lower = name.toLowerCase();
  return NUMBERED.test(lower) ? lower.replace(NUMBERED, "") : undefined;
}

const escaped = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The one role of `roles` the text names ("the workers", "worker 节点"), if exactly one. */
export function namedRole(text: string, roles: readonly string[]): string | undefined {
  const named = roles.filter((role) => new RegExp(`(?<![a-z])${escaped(role)}(?:s|es)?(?![a-z])`, "i").test(text));
  return named.length === 1 ? named[0] : undefined;
}

/** How far apart a load balancer's word and the role it fronts may stand. */
const FRONT_REACH = 24;
const BALANCER = String.raw`(?:slb|clb|alb|nlb|load[ -]?balancer|lb|负载均衡(?:器)?)`;

/**
 * The one role a load balancer fronts: "SLB in front of the masters", "load balancer for the web
 * servers", "workers behind the SLB", "SLB 后端挂 master", "master 挂在 SLB 后面". Undefined when no
 * role or more than one is named so. Bounded patterns, one per role: linear in the text.
 */
export function balancedRole(text: string, roles: readonly string[]): string | undefined {
  const fronted = roles.filter((role) => {
    const name = `${escaped(role)}(?:s|es)?(?![a-z])`;
    const after = new RegExp(
      String.raw`${BALANCER}[^.;。；\n]{0,${FRONT_REACH}}?(?:in front of|for|before|balancing|to|->|→|后端(?:挂|是|为)?|挂|转发到|指向)\s{0,3}(?:the\s{1,3}|all\s{1,3}(?:the\s{1,3})?|所有\s{0,2})?${name}`,
      "i",
    );
    const before = new RegExp(String.raw`(?<![a-z])${name}[^.;。；\n]{0,${FRONT_REACH}}?(?:behind|挂在|放在)\s{0,3}(?:the\s{1,3}|an?\s{1,3})?${BALANCER}`, "i");
    return after.test(text) || before.test(text);
  });
  return fronted.length === 1 ? fronted[0] : undefined;
}
