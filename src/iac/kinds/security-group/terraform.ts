/** The Terraform builder of the security group kind (index.ts): the group and the ingress rules of the configuration's ROS twin. */
import type { IngressRule, TerraformBuild } from "../../terraform/terraform-build/build";
import { quoted } from "../../terraform/terraform-build/hcl";

/**
 * A rule's resource name: `ssh_from_vpc` (22 from the VPC range), `ssh_from_range` (22 from another
 * range), `port_<n>`, `ports_<from>_<to>` for a range, `all_ports` for -1/-1; a protocol other than
 * TCP leads (`udp_port_53`); a second rule of the same name gets `_2`, `_3`….
 */
function ruleName(rule: IngressRule, vpcRange: string): string {
  const ports =
    rule.from === -1
      ? "all_ports"
      : rule.from !== rule.to
        ? `ports_${rule.from}_${rule.to}`
        : rule.from === 22 && rule.protocol === "tcp"
          ? rule.cidr === vpcRange
            ? "ssh_from_vpc"
            : "ssh_from_range"
          : `port_${rule.from}`;
  return rule.protocol === "tcp" ? ports : `${rule.protocol.replace(/\W/g, "_")}_${ports}`;
}

/** The group and, in the twin's order, each of its ingress rules as the twin has it (port range and source range). */
export function buildSecurityGroup({ request, rules, hcl }: TerraformBuild): void {
  if (request.counts.securityGroup === 0 || request.counts.vpc === 0) return;
  hcl.resource("alicloud_security_group", "main", ['security_group_name = "security-group"', "vpc_id              = alicloud_vpc.main.id"]);
  const used = new Map<string, number>();
  for (const rule of rules) {
    const base = ruleName(rule, request.vpcCidr.text);
    const seen = (used.get(base) ?? 0) + 1;
    used.set(base, seen);
    hcl.resource("alicloud_security_group_rule", seen === 1 ? base : `${base}_${seen}`, [
      'type              = "ingress"',
      `ip_protocol       = ${quoted(rule.protocol)}`,
      'policy            = "accept"',
      `port_range        = ${quoted(`${rule.from}/${rule.to}`)}`,
      "priority          = 1",
      "security_group_id = alicloud_security_group.main.id",
      `cidr_ip           = ${quoted(rule.cidr)}`,
    ]);
  }
  hcl.output("security_group_id", "alicloud_security_group.main.id", "The ID of the security group.");
}
