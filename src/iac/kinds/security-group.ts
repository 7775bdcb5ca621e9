/** The security group: the firewall of the ECS instances (SSH only from inside the VPC by default). Free of charge. */
import { phrase } from "../request-language";
import type { KindDefinition } from "./kind";

const RULES = "ALIYUN::ECS::SecurityGroup";

export const securityGroup: KindDefinition = {
  kind: "securityGroup",
  label: phrase("security group", "安全组"),
  catalogueName: phrase("security groups", "安全组"),
  rosType: RULES,
  rosParts: [],
  terraformType: "alicloud_security_group",
  terraformParts: ["alicloud_security_group_rule"],
  nouns: /\bsecurity[- ]?groups?\b|\bfirewall(?: rules?)?\b|安全组/gi,
  billable: false,
  maxCount: 3,
  needs: ["vpc"],
  neededBecause: () =>
    phrase(
      "Security group: every ECS instance must belong to one (SSH only from inside the VPC).",
      "安全组：每台 ECS 必须属于一个安全组（SSH 仅允许 VPC 内访问）。",
    ),
  takesAlong: [],
  values: [
    {
      sort: "port",
      label: phrase("opened port", "开放端口"),
      rosType: RULES,
      rosProperty: "SecurityGroupIngress[].PortRange",
      terraformType: "alicloud_security_group_rule",
      terraformArgument: "port_range",
    },
    {
      sort: "sourceRange",
      label: phrase("source range", "来源网段"),
      rosType: RULES,
      rosProperty: "SecurityGroupIngress[].SourceCidrIp",
      terraformType: "alicloud_security_group_rule",
      terraformArgument: "cidr_ip",
    },
  ],
};
