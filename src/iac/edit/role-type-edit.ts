/**
 * "make the workers 16c64g", "把 worker 改成 8核16G": a size or type asked for one role of servers
 * whose roles have a type each (generate/server-groups.ts names the servers after their roles and
 * gives each later role its own parameter). Round thirteen found the edit set `EcsInstanceType`, the
 * first role's, and said it applied the size to the workers. Now the parameter the named role's
 * servers refer to takes the type ("all servers": every role's); with no role named, or roles sharing
 * one parameter, the edit goes on as before.
 */
import { phrase, type Phrase } from "../read/request-language";
import { namedRole, roleOfServerName } from "../read/role-names";
import type { RequestedValues } from "../kinds/values";
import { resourceProperties, resourceType, section } from "../template/template-model";
import { isRecord } from "../template/template-parser";

type Template = Record<string, unknown>;

const INSTANCE_TYPE = "ALIYUN::ECS::Instance";
/** "all servers", "every node", "所有服务器", "全部": every role. */
const EVERY_SERVER = /\b(?:all|every|each)\s{1,3}(?:the\s{1,3}|of\s{1,3}the\s{1,3})?(?:servers?|nodes?|instances?|machines?|ecs|vms?)\b|所有|全部/i;

/** Each role the servers' names carry, with the parameter its servers' type refers to. */
function roleParameters(template: Template): Map<string, string> {
  const resources = section(template, "Resources");
  const roles = new Map<string, string>();
  for (const resource of Object.values(resources)) {
    if (resourceType(resource) !== INSTANCE_TYPE) continue;
    const properties = resourceProperties(resource);
    const role = typeof properties.InstanceName === "string" ? roleOfServerName(properties.InstanceName) : undefined;
    const type = properties.InstanceType;
    if (role === undefined || !isRecord(type) || typeof type.Ref !== "string") continue;
    roles.set(role, type.Ref);
  }
  return roles;
}

export function roleTypeEdit(template: Template, text: string, values: RequestedValues): { values: RequestedValues; applied: Phrase[] } {
  const asked = values.ecsInstanceType ?? values.sizeSpec?.instanceType;
  if (!asked) return { values, applied: [] };
  const roles = roleParameters(template);
  if (new Set(roles.values()).size < 2) return { values, applied: [] };
  const role = namedRole(text, [...roles.keys()]);
  // "make all servers 16c64g": every role's parameter, not only the first role's `EcsInstanceType`.
  const chosen = role !== undefined ? [role] : EVERY_SERVER.test(text) ? [...roles.keys()] : [];
  const parameters = section(template, "Parameters");
  const applied: Phrase[] = [];
  for (const one of chosen) {
    const parameter = roles.get(one);
    const definition = parameter === undefined ? undefined : parameters[parameter];
    if (parameter === undefined || !isRecord(definition)) continue;
    definition.Default = asked;
    applied.push(
      phrase(
        `${one} servers: instance type ${asked} (default of parameter \`${parameter}\`${role !== undefined ? "; the other roles keep theirs" : ""})`,
        `${one} 服务器：实例规格 ${asked}（参数 \`${parameter}\` 的默认值${role !== undefined ? "；其他角色保持不变" : ""}）`,
      ),
    );
  }
  if (applied.length === 0) return { values, applied };
  const { ecsInstanceType: _type, sizeSpec: _spec, sizeHint: _hint, ...rest } = values;
  return { values: rest, applied };
}
