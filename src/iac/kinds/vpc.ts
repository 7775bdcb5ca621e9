/** The VPC: the network every server, database and cache is created in. Free of charge. */
import { phrase } from "../request-language";
import type { KindDefinition } from "./kind";

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
  neededBecause: (users) => phrase(`VPC: the ${users.join(", ")} must be created in a VPC.`, `VPC：${users.join("、")} 必须创建在 VPC 中。`),
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
};
