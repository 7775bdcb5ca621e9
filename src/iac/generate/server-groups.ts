/**
 * Servers counted by role, each role with its own size (round thirteen): "3 master nodes 4c8g and 5
 * worker nodes 8c32g" built eight servers of the first size, and the check named the second. The
 * servers stand in the order the roles are written: the first role keeps `EcsInstanceType` (its
 * default is that role's type), each later role with another type gets a parameter of its own
 * (server-type-parameter.ts), and every server is named after its role ("master-1", "worker-3"), which
 * is how the Terraform twin and the check tell the roles apart. A load balancer "in front of the
 * masters" keeps the masters alone as its backends. Nothing is done when the servers are not the
 * roles' counts summed.
 */
import { phrase, type Phrase } from "../read/request-language";
import type { RequestedValues } from "../kinds/values";
import { resourceProperties, resourceType, section } from "../template/template-model";
import { giveServersType } from "./server-type-parameter";
import { balancedRole, roleOfServerName } from "../read/role-names";
import { dropFromBackends } from "../kinds/security-group/bastion-design";

type Template = Record<string, unknown>;
type ServerGroup = NonNullable<RequestedValues["serverGroups"]>[number];

const INSTANCE_TYPE = "ALIYUN::ECS::Instance";
/** A role word a parameter's name can carry ("worker" → `WorkerInstanceType`). */
const NAMEABLE_ROLE = /^[a-z][a-z0-9]{0,30}$/i;
/** Parameter names a role may not take: the servers' own and the bastion's. */
const TAKEN = new Set(["EcsInstanceType", "BastionInstanceType"]);

function parameterName(role: string, position: number): string {
  const named = NAMEABLE_ROLE.test(role) ? `${role[0]?.toUpperCase()}${role.slice(1).toLowerCase()}InstanceType` : undefined;
  return named && !TAKEN.has(named) ? named : `EcsInstanceType${position + 1}`;
}

/** "SLB in front of the masters": the balancer's backends are that role's servers alone (read/role-names.ts). */
function frontRole(template: Template, servers: readonly string[], groups: readonly ServerGroup[], text: string, applied: Phrase[]): void {
  const role = balancedRole(
    text,
    groups.map((group) => group.role.toLowerCase()),
  );
  const resources = section(template, "Resources");
  // Two load balancers ("a public one for the web servers, an internal one for the api servers") are each a role's: not read here.
  const balancers = Object.values(resources).filter((resource) => resourceType(resource) === "ALIYUN::SLB::BackendServerAttachment").length;
  if (role === undefined || balancers !== 1) return;
  const others = servers.filter((name) => roleOfServerName(String(resourceProperties(resources[name]).InstanceName ?? "")) !== role);
  if (others.length === 0 || others.length === servers.length) return;
  dropFromBackends(template, new Set(others));
  applied.push(phrase(`load balancer backends: the ${role} servers only`, `负载均衡后端：仅 ${role} 服务器`));
}

export function applyServerGroups(template: Template, groups: readonly ServerGroup[], text: string, applied: Phrase[]): void {
  const resources = section(template, "Resources");
  const servers = Object.keys(resources).filter((name) => resourceType(resources[name]) === INSTANCE_TYPE);
  if (servers.length !== groups.reduce((sum, group) => sum + group.count, 0)) return;
  const [first] = groups;
  let at = 0;
  for (const [position, group] of groups.entries()) {
    const names = servers.slice(at, at + group.count);
    at += group.count;
    for (const [index, name] of names.entries()) resourceProperties(resources[name]).InstanceName = `${group.role.toLowerCase()}-${index + 1}`;
    if (position === 0 || group.instanceType === first?.instanceType) continue;
    const parameter = parameterName(group.role, position);
    giveServersType(template, names, {
      name: parameter,
      label: `${group.role} instance type`,
      description: `Instance type of the ${group.role} servers; the ${first?.role} servers use EcsInstanceType.`,
      instanceType: group.instanceType,
    });
    applied.push(
      phrase(
        `${group.count} ${group.role} server(s): instance type ${group.instanceType} (default of parameter \`${parameter}\`)`,
        `${group.count} 台 ${group.role}：实例规格 ${group.instanceType}（参数 \`${parameter}\` 的默认值）`,
      ),
    );
  }
  frontRole(template, servers, groups, text, applied);
}
