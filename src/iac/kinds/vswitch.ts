/** The vSwitch: a VPC's subnet in one zone; resources in a VPC are placed in one. Free of charge. */
import { phrase } from "../request-language";
import type { KindDefinition } from "./kind";

export const vswitch: KindDefinition = {
  kind: "vswitch",
  label: phrase("vSwitch", "交换机"),
  catalogueName: phrase("vSwitches", "交换机"),
  rosType: "ALIYUN::ECS::VSwitch",
  rosParts: [],
  terraformType: "alicloud_vswitch",
  terraformParts: [],
  nouns: /\bv-?switch(?:es)?\b|\bsubnets?\b|\bswitch(?:es)?\b|虚拟交换机|交换机|子网/gi,
  billable: false,
  maxCount: 8,
  needs: ["vpc"],
  neededBecause: (users) =>
    users.length > 0
      ? phrase(`vSwitch: the ${users.join(", ")} must be placed in a vSwitch of a zone.`, `交换机：${users.join("、")} 必须放在某个可用区的交换机中。`)
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
};
