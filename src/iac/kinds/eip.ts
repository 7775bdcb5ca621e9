/** The EIP: a public address, billed by the hour and by traffic; bound to a NAT gateway or an ECS instance. */
import { phrase } from "../request-language";
import type { KindDefinition } from "./kind";

export const eip: KindDefinition = {
  kind: "eip",
  label: phrase("EIP", "EIP"),
  catalogueName: phrase("EIP", "EIP"),
  rosType: "ALIYUN::VPC::EIP",
  rosParts: ["ALIYUN::VPC::EIPAssociation"],
  terraformType: "alicloud_eip_address",
  terraformParts: ["alicloud_eip_association"],
  nouns: /\beips?\b|\belastic ips?\b|\belastic ip address(?:es)?\b|\bpublic ips?\b|弹性公网\s*ip|公网\s*ip|弹性\s*ip/gi,
  billable: true,
  maxCount: 20,
  needs: [],
  neededBecause: () =>
    phrase(
      "EIP: the NAT gateway's SNAT entry needs one; a NAT gateway without one cannot reach the Internet.",
      "EIP：NAT 网关的 SNAT 条目需要一个 EIP；没有 EIP 的 NAT 网关无法访问公网。",
    ),
  takesAlong: [],
  values: [
    {
      sort: "bandwidth",
      label: phrase("EIP bandwidth", "EIP 带宽"),
      rosType: "ALIYUN::VPC::EIP",
      rosProperty: "Bandwidth",
      terraformType: "alicloud_eip_address",
      terraformArgument: "bandwidth",
    },
  ],
};
