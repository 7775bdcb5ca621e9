/** The NAT gateway: outbound Internet access for a VPC through SNAT, billed by the hour; its EIP goes with it. */
import { phrase } from "../request-language";
import type { KindDefinition } from "./kind";

export const nat: KindDefinition = {
  kind: "nat",
  label: phrase("NAT gateway", "NAT 网关"),
  catalogueName: phrase("NAT", "NAT"),
  rosType: "ALIYUN::VPC::NatGateway",
  rosParts: ["ALIYUN::VPC::SnatEntry"],
  terraformType: "alicloud_nat_gateway",
  terraformParts: ["alicloud_snat_entry"],
  nouns: /\bnat(?: gateways?)?\b|nat\s*网关/gi,
  billable: true,
  maxCount: 1,
  needs: ["vpc", "vswitch", "eip"],
  takesAlong: ["eip"],
  values: [],
};
