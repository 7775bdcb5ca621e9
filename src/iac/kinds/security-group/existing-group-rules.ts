/**
 * "Open port 8080 on my existing security group sg-… only for 10.1.0.0/16": the rules go on the
 * user's group, one `ALIYUN::ECS::SecurityGroupIngress` each, and nothing else is built for them.
 * The builder (ros.ts) gathers them in a stand-in group, so every step that reads or writes a
 * group's rules (apply-values.ts: sources, SSH, ICMP, the VPC-only rules) treats them as it treats a
 * new group's; `splitExistingGroupRules`, the last step of applying the request's values, turns the
 * stand-in into those resources. Before, the request built a lone vSwitch and no rule. An edit
 * ("also open 443") gathers the rules back into a stand-in first (`gatherExistingGroupRules`), so it
 * opens, narrows and closes them as it does a group's.
 */
import { resourcesDescription } from "../../generate/ros-build/builder";
import { resourceProperties, resourceType, section } from "../../template/template-model";
import { isRecord } from "../../template/template-parser";

type Template = Record<string, unknown>;

/** The stand-in group's name: it never reaches a template. */
export const EXISTING_GROUP_RULES = "ExistingGroupRules";
/** The type of each rule on the existing group. */
export const EXISTING_GROUP_RULE_TYPE = "ALIYUN::ECS::SecurityGroupIngress";
/** The parameter holding the existing group's id (ros.ts). */
const GROUP_PARAMETER = "SecurityGroupId";

/** `22/22` → "22", `3000/3010` → "3000To3010", `-1/-1` → "All": a rule's resource name says its ports. */
function portsName(rule: Record<string, unknown>): string {
  const [low, high] = String(rule.PortRange ?? "").split("/");
  if (low === "-1") return String(rule.IpProtocol ?? "all").replace(/^./, (first) => first.toUpperCase());
  return low === high ? String(low) : `${low}To${high}`;
}

/** The stand-in's rules as resources on the existing group (a network-facing rule: `NicType: intranet`, as in a VPC). */
export function splitExistingGroupRules(template: Template): void {
  const resources = section(template, "Resources");
  const standIn = resources[EXISTING_GROUP_RULES];
  if (standIn === undefined) return;
  delete resources[EXISTING_GROUP_RULES];
  const rules = resourceProperties(standIn).SecurityGroupIngress;
  for (const rule of Array.isArray(rules) ? rules.filter(isRecord) : []) {
    const base = `SecurityGroupRule${portsName(rule)}`;
    let name = base;
    for (let suffix = 2; resources[name] !== undefined; suffix += 1) name = `${base}_${suffix}`;
    resources[name] = {
      Type: EXISTING_GROUP_RULE_TYPE,
      Properties: { SecurityGroupId: { Ref: GROUP_PARAMETER }, NicType: "intranet", ...rule },
    };
  }
  // The Description counted the stand-in; it now counts the rules (the region's sentence after it is kept).
  const description = String(template.Description ?? "");
  const at = description.indexOf(" Region: ");
  const region = at < 0 ? "" : description.slice(at);
  template.Description = `${resourcesDescription(resources)}${region}`;
  const parameter = section(template, "Parameters")[GROUP_PARAMETER];
  if (isRecord(parameter) && !Object.values(resources).some((resource) => resourceType(resource) === "ALIYUN::ECS::Instance"))
    parameter.Description = "The security group the rules are added to; its other rules are kept as they are.";
}

/** The rules on the existing group back in a stand-in group (before an edit reads them); nothing when the template has none. */
export function gatherExistingGroupRules(template: Template): void {
  const resources = section(template, "Resources");
  const names = Object.keys(resources).filter((name) => {
    if (resourceType(resources[name]) !== EXISTING_GROUP_RULE_TYPE) return false;
    const group = resourceProperties(resources[name]).SecurityGroupId;
    return isRecord(group) && group.Ref === GROUP_PARAMETER;
  });
  if (names.length === 0 || resources[EXISTING_GROUP_RULES] !== undefined) return;
  const rules = names.map((name) => {
    const { SecurityGroupId: _group, NicType: _nic, ...rule } = resourceProperties(resources[name]);
    delete resources[name];
    return rule;
  });
  resources[EXISTING_GROUP_RULES] = { Type: "ALIYUN::ECS::SecurityGroup", Properties: { SecurityGroupIngress: rules } };
}
