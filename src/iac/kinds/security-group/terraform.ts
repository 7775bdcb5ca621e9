/** The Terraform builder of the security group kind (index.ts): the group and its ingress rules. */
import { SENSITIVE_PORTS } from "../../resource-defaults";
import type { TerraformBuild } from "../../terraform-build/build";
import { quoted } from "../../terraform-build/hcl";
import { portsNamedIn, takesSourceRange } from "./source-range";

/**
 * SSH from inside the VPC (and from the range the request names for it; "only" drops the VPC one),
 * then each public port: to the Internet, or to the VPC if sensitive, narrowed to the request's
 * source range as the ROS template is (source-range.ts `takesSourceRange`).
 */
export function buildSecurityGroup({ request, values, hcl }: TerraformBuild): void {
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
