/** The ROS builder of the VPC kind (index.ts): a new VPC, or an existing one as a parameter. */
import type { InfrastructureRequest } from "../../read/infrastructure-request";
import { type Builder, getAtt, output, type RosBuild } from "../../generate/ros-build/builder";

/**
 * An existing VPC is a parameter (with the id the user gave as its default), not a new resource; its
 * address range is unknown offline, so the vSwitch blocks and the VPC range used in rules become
 * parameters too, with the planned blocks as defaults to adjust.
 */
function existingVpc(request: InfrastructureRequest, builder: Builder): string {
  builder.parameters.VpcId = {
    Type: "String",
    Label: "Existing VPC",
    Description: "The VPC the resources are created in.",
    AssociationProperty: "ALIYUN::ECS::VPC::VPCId",
    ...(request.existingVpcId ? { Default: request.existingVpcId } : {}),
  };
  builder.parameters.VpcCidrBlock = {
    Type: "String",
    Label: "CIDR block of the existing VPC",
    Description: "Used for SSH and database whitelists inside the VPC.",
    Default: request.vpcCidr.text,
  };
  return "VpcId";
}

/** The VPC the vSwitch and security group kinds build in (`network.vpc`); none when the request has no network. */
export function buildVpc({ request, builder, network }: RosBuild): void {
  if (request.counts.vpc === 0) return;
  let vpc = "Vpc";
  if (request.existingVpc) vpc = existingVpc(request, builder);
  else {
    builder.resources[vpc] = {
      Type: "ALIYUN::ECS::VPC",
      Properties: { VpcName: "vpc", CidrBlock: request.vpcCidr.text, Description: "VPC of this stack." },
    };
    output(builder, "VpcId", "VPC ID", getAtt(vpc, "VpcId"), "The ID of the VPC.");
  }
  network.vpc = vpc;
}
