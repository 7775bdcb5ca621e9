/** The Terraform builders of the network kinds (kinds/vpc.ts, kinds/vswitch.ts, kinds/security-group.ts): the VPC, its vSwitches and the security group. */
import { allocateSubnets } from "../cidr";
import type { InfrastructureRequest } from "../generation-request";
import { portsNamedIn, takesSourceRange } from "../kinds/security-group";
import type { RequestedValues } from "../kinds/values";
import { SENSITIVE_PORTS } from "../resource-defaults";
import { type Hcl, quoted } from "./hcl";

/** The VPC and its vSwitches (the blocks given, then allocated ones); returns the vSwitch names. */
export function buildNetwork(request: InfrastructureRequest, hcl: Hcl): string[] {
  if (request.counts.vpc === 0) return [];
  const vswitchCount = request.counts.vswitch;
  hcl.resource("alicloud_vpc", "main", ['vpc_name   = "vpc"', `cidr_block = ${quoted(request.vpcCidr.text)}`]);
  hcl.output("vpc_id", "alicloud_vpc.main.id", "The ID of the VPC.");
  const given = request.vswitchCidrs.slice(0, vswitchCount);
  const cidrs = [...given, ...allocateSubnets(request.vpcCidr, vswitchCount - given.length, given)];
  const names = cidrs.map((cidr, index) => {
    const name = `vsw_${index + 1}`;
    hcl.resource("alicloud_vswitch", name, [
      `vswitch_name = ${quoted(`vsw-${index + 1}`)}`,
      "vpc_id       = alicloud_vpc.main.id",
      `cidr_block   = ${quoted(cidr.text)}`,
      // Spreads vSwitches over zones; wraps around when the region has fewer zones.
      `zone_id      = data.alicloud_zones.available.zones[${index} % length(data.alicloud_zones.available.zones)].id`,
    ]);
    return name;
  });
  hcl.output("vswitch_ids", `[${names.map((name) => `alicloud_vswitch.${name}.id`).join(", ")}]`, "The IDs of the vSwitches.");
  return names;
}

/**
 * SSH from inside the VPC (and from the range the request names for it; "only" drops the VPC one),
 * then each public port: to the Internet, or to the VPC if sensitive, narrowed to the request's
 * source range as the ROS template is (kinds/security-group.ts `takesSourceRange`).
 */
export function buildSecurityGroup(request: InfrastructureRequest, values: RequestedValues, hcl: Hcl): void {
  if (request.counts.securityGroup === 0 || request.counts.vpc === 0) return;
  hcl.resource("alicloud_security_group", "main", ['security_group_name = "security-group"', "vpc_id              = alicloud_vpc.main.id"]);
  const vpcRange = request.vpcCidr.text;
  const sshRange = values.sshCidr !== vpcRange ? values.sshCidr : undefined;
  const rules: { port: number; cidr: string; name: string }[] = [];
  if (!(sshRange && values.sshOnly)) rules.push({ port: 22, cidr: vpcRange, name: "ssh_from_vpc" });
  if (sshRange) rules.push({ port: 22, cidr: sshRange, name: "ssh_from_range" });
  const named = portsNamedIn(values.text);
  for (const port of request.publicPorts) {
    if (port === 22) continue;
    const cidr = SENSITIVE_PORTS.has(port) ? vpcRange : "0.0.0.0/0";
    const range = values.sourceCidr && takesSourceRange(port, cidr === "0.0.0.0/0", cidr === vpcRange, named) ? values.sourceCidr : cidr;
    rules.push({ port, cidr: range, name: `port_${port}` });
  }
  for (const rule of rules) {
    hcl.resource("alicloud_security_group_rule", rule.name, [
      'type              = "ingress"',
      'ip_protocol       = "tcp"',
      'policy            = "accept"',
      `port_range        = ${quoted(`${rule.port}/${rule.port}`)}`,
      "priority          = 1",
      "security_group_id = alicloud_security_group.main.id",
      `cidr_ip           = ${quoted(rule.cidr)}`,
    ]);
  }
  hcl.output("security_group_id", "alicloud_security_group.main.id", "The ID of the security group.");
}
