/** The Terraform builder of the VPC kind (index.ts): the VPC the vSwitches and the security group are built in. */
import { quoted } from "../../terraform/terraform-build/hcl";
import type { TerraformBuild } from "../../terraform/terraform-build/build";

export function buildVpc({ request, hcl }: TerraformBuild): void {
  if (request.counts.vpc === 0) return;
  hcl.resource("alicloud_vpc", "main", ['vpc_name   = "vpc"', `cidr_block = ${quoted(request.vpcCidr.text)}`]);
  hcl.output("vpc_id", "alicloud_vpc.main.id", "The ID of the VPC.");
}
