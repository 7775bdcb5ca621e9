/** The vSwitch: a VPC's subnet in one zone; resources in a VPC are placed in one. Free of charge. */
import { phrase } from "../../read/request-language";
import { spec } from "../../template/data/ros-resource-type-spec";
import type { KindDefinition } from "../kind";
import { buildVSwitch as buildRos } from "./ros";
import { buildVSwitches as buildTerraform } from "./terraform";
import type { RequestedValues } from "../values";

/** An existing vSwitch id; it sits in an existing VPC, so the VPC is existing too. */
function readVSwitchValues(text: string, into: RequestedValues): void {
  const vswitchId = /\b(vsw-[a-z0-9]{8,})\b/i.exec(text)?.[1];
  if (!vswitchId) return;
  into.existingVSwitchId = vswitchId;
  into.existingVpc = true;
}

export const vswitch: KindDefinition = {
  kind: "vswitch",
  label: phrase("vSwitch", "交换机"),
  catalogueName: phrase("vSwitches", "交换机"),
  rosType: "ALIYUN::ECS::VSwitch",
  rosParts: [],
  terraformType: "alicloud_vswitch",
  terraformParts: [],
  nouns: /\bv-?switch(?:es)?\b|\bvsws?\b|\bsubnets?\b|\bswitch(?:es)?\b|虚拟交换机|交换机|子网/gi,
  billable: false,
  maxCount: 8,
  needs: ["vpc"],
  neededBecause: (users) =>
    users.length > 0
      ? phrase(
          `vSwitch: the ${users.map((user) => user.en).join(", ")} must be placed in a vSwitch of a zone.`,
          `交换机：${users.map((user) => user.zh).join("、")} 必须放在某个可用区的交换机中。`,
        )
      : phrase("vSwitch: a VPC holds resources only through its vSwitches, one per zone.", "交换机：VPC 中的资源都要放在某个可用区的交换机里。"),
  takesAlong: [],
  values: [
    {
      sort: "cidr",
      label: phrase("vSwitch CIDR block", "交换机网段"),
      rosType: "ALIYUN::ECS::VSwitch",
      rosProperty: "CidrBlock",
      terraformType: "alicloud_vswitch",
      terraformArgument: "cidr_block",
    },
    {
      sort: "resourceId",
      label: phrase("existing vSwitch", "已有交换机"),
      rosType: "ALIYUN::ECS::Instance",
      rosProperty: "VSwitchId",
      rosParameter: "VSwitchId",
    },
    { sort: "zone", label: phrase("zone", "可用区"), rosType: "ALIYUN::ECS::VSwitch", rosProperty: "ZoneId", rosParameter: "ZoneId" },
  ],
  readValues: readVSwitchValues,
  rosProperties: {
    "ALIYUN::ECS::VSwitch": "CidrBlock:s Description:s Ipv6CidrBlock:i Tags:l VSwitchName:s VpcId:s ZoneId:s NetworkAclId:s",
  },
  rosResourceTypes: {
    "ALIYUN::ECS::VSwitch": spec("CidrBlock Ipv6CidrBlock VSwitchId VSwitchName", "CidrBlock VpcId ZoneId"),
  },
  build: { ros: buildRos, terraform: buildTerraform },
};
