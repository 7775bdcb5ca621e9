/**
 * A load balancer in front of one role (round thirteen): "3 masters 4c8g, 6 workers 16c64g, SLB in
 * front of the masters on 6443" put all nine servers behind it, and the check had no way to tell.
 * Servers named by role (read/role-names.ts) behind a balancer the request puts in front of one
 * role must be that role's, and all of them: a backend of another role is a broader scope (servers
 * reachable that were not asked to be), one of the role left out is not where the request puts it.
 */
import { balancedRole, roleOfServerName } from "../read/role-names";
import type { BroaderScope, CheckedValue } from "./result";
import type { TemplateView } from "./template-slots";

const NAME_KEYS = /^(?:InstanceName|instance_name)$/;
const BACKEND_KEYS = /^(?:ServerId|server_id)$/;

/** Each server named by role ("worker-3") and its role, by resource (read/role-names.ts). */
export function serverRolesOf(view: TemplateView): Map<string, string> {
  const roleOf = new Map<string, string>();
  for (const slot of view.slots) {
    const role = NAME_KEYS.test(slot.key) ? roleOfServerName(String(slot.value)) : undefined;
    if (role !== undefined) roleOf.set(slot.resource, role);
  }
  return roleOf;
}

export function backendRoleFindings(prose: string, view: TemplateView): { broader: BroaderScope[]; misplaced: CheckedValue[] } {
  const found = { broader: [] as BroaderScope[], misplaced: [] as CheckedValue[] };
  const roleOf = serverRolesOf(view);
  const roles = [...new Set(roleOf.values())];
  const role = roles.length >= 2 ? balancedRole(prose, roles) : undefined;
  const backends = (view.refs ?? []).filter((ref) => BACKEND_KEYS.test(ref.key));
  // One load balancer: with two, each may front a role of its own (not read: generate/server-groups.ts).
  if (role === undefined || backends.length === 0 || new Set(backends.map((ref) => ref.resource)).size !== 1) return found;
  const behind = new Set(backends.map((ref) => ref.target));
  const others = [...behind].filter((server) => roleOf.has(server) && roleOf.get(server) !== role);
  if (others.length > 0)
    found.broader.push({
      kind: "backends",
      text: role,
      asked: `the ${role} servers behind the load balancer`,
      found: `also ${others.join(", ")}`,
      where: backends[0]?.resource ?? "",
    });
  const left = [...roleOf].filter(([server, one]) => one === role && !behind.has(server)).map(([server]) => server);
  if (left.length > 0) found.misplaced.push({ kind: "setting", text: role, reason: "misplaced", where: `${left.join(", ")} not behind the load balancer` });
  return found;
}
