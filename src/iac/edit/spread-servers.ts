/**
 * "put them in different zones", "spread the servers across 3 AZs" (an edit): the vSwitches the
 * zones ask for are added by the rebuild (template-edit.ts), and the servers are then placed round
 * robin over every vSwitch, each in its vSwitch's zone. Before, the new vSwitch stood empty and both
 * servers stayed in the first zone.
 */
import { resourceProperties, resourceType, section } from "../template/template-model";
import { phrase, type Phrase } from "../read/request-language";

type Template = Record<string, unknown>;

export function spreadServers(template: Template, changes: Phrase[]): void {
  const resources = section(template, "Resources");
  const vswitches = Object.keys(resources).filter((name) => resourceType(resources[name]) === "ALIYUN::ECS::VSwitch");
  const servers = Object.keys(resources).filter((name) => resourceType(resources[name]) === "ALIYUN::ECS::Instance");
  if (vswitches.length < 2 || servers.length < 2) return;
  let moved = 0;
  servers.forEach((server, index) => {
    const vswitch = vswitches[index % vswitches.length] as string;
    const properties = resourceProperties(resources[server]);
    const placed = JSON.stringify(properties.VSwitchId) === JSON.stringify({ Ref: vswitch });
    if (placed) return;
    properties.VSwitchId = { Ref: vswitch };
    const zone = resourceProperties(resources[vswitch]).ZoneId;
    if (zone !== undefined) properties.ZoneId = structuredClone(zone);
    moved += 1;
  });
  if (moved > 0)
    changes.push(
      phrase(`the ECS instances spread over ${vswitches.length} vSwitches, one zone each`, `ECS 实例分布到 ${vswitches.length} 个交换机（各在一个可用区）`),
    );
}
