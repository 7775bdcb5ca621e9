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
          ? rule.sourceGroupId
            ? "ssh_from_group"
            : rule.cidr === vpcRange
              ? "ssh_from_vpc"
              : "ssh_from_range"
          : `port_${rule.from}`;
  return rule.protocol === "tcp" ? ports : `${rule.protocol.replace(/\W/g, "_")}_${ports}`;
}

/** One group's rules, in the twin's order, each named once (`used` is shared by the groups of one configuration). */
function writeRules(
  hcl: TerraformBuild["hcl"],
  rules: readonly IngressRule[],
  group: string,
  vpcRange: string,
  used: Map<string, number>,
  prefix = "",
  groupId = `alicloud_security_group.${group}.id`,
): void {
  for (const rule of rules) {
    const base = `${prefix}${ruleName(rule, vpcRange)}`;
    const seen = (used.get(base) ?? 0) + 1;
    used.set(base, seen);
    hcl.resource("alicloud_security_group_rule", seen === 1 ? base : `${base}_${seen}`, [
      'type              = "ingress"',
      `ip_protocol       = ${quoted(rule.protocol)}`,
      'policy            = "accept"',
      `port_range        = ${quoted(`${rule.from}/${rule.to}`)}`,
      "priority          = 1",
      `security_group_id = ${groupId}`,
      // "22 from bastion sg-…": a rule whose source is another group.
      rule.sourceGroupId ? `source_security_group_id = ${quoted(rule.sourceGroupId)}` : `cidr_ip           = ${quoted(rule.cidr)}`,
    ]);
  }
}

/**
 * The servers' group of a bastion's design (bastion-design.ts): its login ports open only to the
 * bastion's group (`source_security_group_id`), then its rules from source ranges.
 */
function writeServersGroup(build: TerraformBuild, group: NonNullable<TerraformBuild["details"]["serversGroup"]>, used: Map<string, number>): void {
  const { hcl, request } = build;
  hcl.resource("alicloud_security_group", "app", ['security_group_name = "app-security-group"', "vpc_id              = alicloud_vpc.main.id"]);
  for (const port of group.fromBastion)
    hcl.resource(
      "alicloud_security_group_rule",
      port === 3389 ? "app_rdp_from_bastion" : port === 22 ? "app_ssh_from_bastion" : `app_port_${port}_from_bastion`,
      [
        'type                     = "ingress"',
        'ip_protocol              = "tcp"',
        'policy                   = "accept"',
        `port_range               = ${quoted(`${port}/${port}`)}`,
        "priority                 = 1",
        "security_group_id        = alicloud_security_group.app.id",
        "source_security_group_id = alicloud_security_group.main.id",
      ],
    );
  writeRules(hcl, group.rules, "app", request.vpcCidr.text, used, "app_");
  hcl.output("app_security_group_id", "alicloud_security_group.app.id", "The security group of the servers behind the bastion.");
}

/** "open 8080 on my existing security group sg-…": a variable holding the group's id (its default the id written) and the rules on it. */
function writeExistingGroupRules({ hcl, request }: TerraformBuild, existing: NonNullable<TerraformBuild["details"]["existingGroupRules"]>): void {
  hcl.add('variable "security_group_id"', [
    'description = "The existing security group the rules are added to."',
    "type        = string",
    `default     = ${quoted(existing.groupId)}`,
  ]);
  const used = new Map<string, number>();
  writeRules(hcl, existing.rules, "", request.vpcCidr.text, used, "existing_", "var.security_group_id");
}

/** The group and, in the twin's order, each of its ingress rules as the twin has it (port range and source range); a bastion's design writes two groups. */
export function buildSecurityGroup(build: TerraformBuild): void {
  const { request, rules, hcl, details } = build;
  if (details.existingGroupRules) writeExistingGroupRules(build, details.existingGroupRules);
  if (request.counts.securityGroup === 0 || request.counts.vpc === 0) return;
  hcl.resource("alicloud_security_group", "main", ['security_group_name = "security-group"', "vpc_id              = alicloud_vpc.main.id"]);
  const used = new Map<string, number>();
  writeRules(hcl, rules, "main", request.vpcCidr.text, used);
  hcl.output("security_group_id", "alicloud_security_group.main.id", "The ID of the security group.");
  if (details.serversGroup) writeServersGroup(build, details.serversGroup, used);
}
