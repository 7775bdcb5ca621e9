/**
 * Validator checks of the network kinds (kinds/vpc/, kinds/vswitch/): each VPC's CIDR block, and
 * each vSwitch's block inside its VPC's, without overlaps. Split out of template-validator.ts; the
 * codes are listed there.
 */
import type { Report } from "../../template/diagnostic";
import { KINDS } from "../../kinds";
import { allocateSubnets, cidrContains, cidrsOverlap, isPrivateCidr, parseCidr, type CidrBlock } from "../../read/cidr";
import type { Diagnostic } from "../../template/diagnostic";
import { isRecord } from "../../template/template-parser";
import { getAttTarget, resourceProperties, resourceType, section } from "../../template/template-model";

const VPC_TYPES: ReadonlySet<string> = new Set([KINDS.vpc.rosType]);
const VSWITCH_TYPES: ReadonlySet<string> = new Set([KINDS.vswitch.rosType]);

/** A literal CIDR, or the Default of the parameter a `Ref` points to. */
function cidrValue(template: Record<string, unknown>, value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (isRecord(value) && typeof value.Ref === "string") {
    const parameter = section(template, "Parameters")[value.Ref];
    if (isRecord(parameter) && typeof parameter.Default === "string") return parameter.Default;
  }
  return undefined;
}

/** The VPC resource a vSwitch's VpcId points to (`Ref` or `Fn::GetAtt [Vpc, VpcId]`). */
export function referencedVpc(vpcId: unknown): string | undefined {
  if (!isRecord(vpcId)) return undefined;
  if (typeof vpcId.Ref === "string") return vpcId.Ref;
  const target = getAttTarget(vpcId["Fn::GetAtt"]);
  return target?.resource;
}

export function checkNetworkPlan(template: Record<string, unknown>, report: Report): void {
  const resources = section(template, "Resources");
  const vpcBlocks = checkVpcCidrs(template, resources, report);
  checkVSwitchCidrs(template, resources, vpcBlocks, report);
}

/** Each VPC's CIDR: a valid block of /8–/28, preferably private. Returns the valid blocks by VPC. */
function checkVpcCidrs(template: Record<string, unknown>, resources: Record<string, unknown>, report: Report): Map<string, CidrBlock> {
  const vpcBlocks = new Map<string, CidrBlock>();
  for (const [name, resource] of Object.entries(resources)) {
    const type = resourceType(resource);
    if (!type || !VPC_TYPES.has(type)) continue;
    const raw = resourceProperties(resource).CidrBlock;
    const text = cidrValue(template, raw);
    if (text === undefined) continue;
    const path = `Resources/${name}/Properties/CidrBlock`;
    const block = parseCidr(text);
    if (!block || block.prefix < 8 || block.prefix > 28) {
      report(invalidCidr(text, path, "a VPC CIDR needs a prefix between /8 and /28", "192.168.0.0/16"));
      continue;
    }
    vpcBlocks.set(name, block);
    if (!isPrivateCidr(block)) {
      report({
        code: "ROS5304",
        severity: "warning",
        path,
        message: `VPC CIDR ${text} is outside the private ranges 10.0.0.0/8, 172.16.0.0/12 and 192.168.0.0/16.`,
        fix: "Use a private range such as 192.168.0.0/16 or 10.0.0.0/8.",
      });
    }
  }
  return vpcBlocks;
}

/**
 * Each vSwitch's CIDR: a valid block of /16–/29, inside its VPC and overlapping no earlier
 * vSwitch of that VPC; a fixed block inside an existing VPC (a parameter) is only a warning.
 */
function checkVSwitchCidrs(template: Record<string, unknown>, resources: Record<string, unknown>, vpcBlocks: Map<string, CidrBlock>, report: Report): void {
  const parameters = section(template, "Parameters");
  const seen = new Map<string, { name: string; block: CidrBlock }[]>();
  for (const [name, resource] of Object.entries(resources)) {
    const type = resourceType(resource);
    if (!type || !VSWITCH_TYPES.has(type)) continue;
    const properties = resourceProperties(resource);
    const text = cidrValue(template, properties.CidrBlock);
    const path = `Resources/${name}/Properties/CidrBlock`;
    const vpcName = referencedVpc(properties.VpcId);
    const vpcBlock = vpcName ? vpcBlocks.get(vpcName) : undefined;
    if (text === undefined) continue;
    const block = parseCidr(text);
    if (!block || block.prefix < 16 || block.prefix > 29) {
      const suggestion = vpcBlock ? allocateSubnets(vpcBlock, 1)[0]?.text : undefined;
      report(invalidCidr(text, path, "a vSwitch CIDR needs a prefix between /16 and /29", suggestion ?? "192.168.1.0/24"));
      continue;
    }
    if (vpcName && parameters[vpcName] !== undefined && typeof properties.CidrBlock === "string") {
      report({
        code: "ROS5102",
        severity: "warning",
        path,
        message: `vSwitch "${name}" has a fixed CIDR ${text} inside an existing VPC passed as parameter "${vpcName}"; it may overlap that VPC's vSwitches.`,
        fix: "Make the vSwitch CIDR a parameter with `AssociationProperty: ALIYUN::VPC::VSwitch::CidrBlock`.",
      });
    }
    if (!vpcName || !vpcBlock) continue;
    if (!cidrContains(vpcBlock, block)) {
      report({
        code: "ROS5303",
        severity: "error",
        path,
        message: `vSwitch CIDR ${text} of "${name}" is not inside VPC "${vpcName}" (${vpcBlock.text}).`,
        fix: `Use a subnet of ${vpcBlock.text}, e.g. ${allocateSubnets(vpcBlock, 1)[0]?.text ?? vpcBlock.text}.`,
      });
      continue;
    }
    const siblings = seen.get(vpcName) ?? [];
    const clash = siblings.find((sibling) => cidrsOverlap(sibling.block, block));
    if (clash) {
      const free = allocateSubnets(
        vpcBlock,
        1,
        siblings.map((sibling) => sibling.block),
      )[0];
      report({
        code: "ROS5302",
        severity: "error",
        path,
        message: `vSwitch CIDR ${text} of "${name}" overlaps ${clash.block.text} of "${clash.name}" in VPC "${vpcName}".`,
        fix: free ? `Use a free subnet such as ${free.text}.` : `Give each vSwitch of "${vpcName}" a distinct subnet.`,
      });
      continue;
    }
    siblings.push({ name, block });
    seen.set(vpcName, siblings);
  }
}

function invalidCidr(text: string, path: string, rule: string, example: string): Diagnostic {
  return {
    code: "ROS5301",
    severity: "error",
    path,
    message: `"${text}" is not a valid CIDR block here (${rule}; host bits must be zero).`,
    fix: `Use a CIDR block such as ${example}.`,
  };
}
