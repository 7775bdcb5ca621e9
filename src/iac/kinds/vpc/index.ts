/** The VPC: the network every server, database and cache is created in. Free of charge. */
import { phrase } from "../../read/request-language";
import { spec } from "../../template/data/ros-resource-type-spec";
import type { KindDefinition } from "../kind";
import { buildVpc as buildRos } from "./ros";
import { buildVpc as buildTerraform } from "./terraform";
import type { RequestedValues } from "../values";

/** An existing VPC: its id, or "in my existing VPC" (the VPC becomes a parameter). */
function readVpcValues(text: string, into: RequestedValues): void {
  const vpcId = /\b(vpc-[a-z0-9]{8,})\b/i.exec(text)?.[1];
  if (vpcId) into.existingVpcId = vpcId;
  if (vpcId || /(?:existing|my own|current|already have an?)\s+vpc|(?:已有|现有|已存在)(?:的)?\s*(?:vpc|专有网络)/i.test(text)) into.existingVpc = true;
}

export const vpc: KindDefinition = {
  kind: "vpc",
  label: phrase("VPC", "VPC"),
  catalogueName: phrase("VPC", "VPC"),
  rosType: "ALIYUN::ECS::VPC",
  rosParts: [],
  terraformType: "alicloud_vpc",
  terraformParts: [],
  nouns: /\bvpcs?\b|virtual private clouds?|\bprivate network\b|专有网络|私有网络|私网/gi,
  billable: false,
  maxCount: 1,
  needs: [],
  neededBecause: (users) =>
    phrase(
      `VPC: the ${users.map((user) => user.en).join(", ")} must be created in a VPC.`,
      `VPC：${users.map((user) => user.zh).join("、")} 必须创建在 VPC 中。`,
    ),
  takesAlong: [],
  values: [
    {
      sort: "cidr",
      label: phrase("VPC CIDR block", "VPC 网段"),
      rosType: "ALIYUN::ECS::VPC",
      rosProperty: "CidrBlock",
      rosParameter: "VpcCidrBlock",
      terraformType: "alicloud_vpc",
      terraformArgument: "cidr_block",
    },
    { sort: "resourceId", label: phrase("existing VPC", "已有 VPC"), rosType: "ALIYUN::ECS::VSwitch", rosProperty: "VpcId", rosParameter: "VpcId" },
  ],
  readValues: readVpcValues,
  rosProperties: {
    "ALIYUN::ECS::VPC":
      "CidrBlock:s Description:s EnableIpv6:b Ipv6CidrBlock:s Ipv6Isp:s ResourceGroupId:s Tags:l UserCidr:s VpcName:s Ipv4IpamPoolId:s Ipv4CidrMask:i DeletionForce:b SecondaryCidrBlocks:l",
  },
  rosResourceTypes: {
    "ALIYUN::ECS::VPC": spec("RouteTableId VRouterId VpcId VpcName"),
  },
  build: { ros: buildRos, terraform: buildTerraform },
};
