/** The NAT gateway: outbound Internet access for a VPC through SNAT, billed by the hour; its EIP goes with it. */
import { phrase } from "../../read/request-language";
import { spec } from "../../template/data/ros-resource-type-spec";
import type { KindDefinition } from "../kind";
import { buildNat as buildRos } from "./ros";
import { buildNat as buildTerraform } from "./terraform";

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
  rosProperties: {
    "ALIYUN::VPC::NatGateway":
      "AutoPay:b DeletionForce:b DeletionProtection:b Description:s Duration:i EipBindMode:s IcmpReplyEnabled:b InstanceChargeType:s=PrePaid|PostPaid InternetChargeType:s=PayBySpec|PayByLcu NatGatewayName:s NatType:s=Normal|Enhanced NetworkType:s=internet|intranet PricingCycle:s=Month|Year SecurityProtectionEnabled:b Spec:s Tags:l VSwitchId:s VpcId:s",
    "ALIYUN::VPC::SnatEntry": "EipAffinity:i SnatEntryName:s SnatIp:s SnatTableId:s SourceCIDR:s SourceVSwitchId:s",
  },
  rosResourceTypes: {
    "ALIYUN::VPC::NatGateway": spec("ForwardTableId NatGatewayId SNatTableId", "VpcId VSwitchId"),
    "ALIYUN::VPC::SnatEntry": spec("SnatEntryIds", "SnatIp SnatTableId"),
  },
  build: { ros: buildRos, terraform: buildTerraform },
};
