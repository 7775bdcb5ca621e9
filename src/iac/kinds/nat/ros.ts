/** The ROS builder of the NAT gateway kind (index.ts): the gateway, its EIP association and a SNAT entry per vSwitch. */
import { getAtt, names, output, ref, type RosBuild } from "../../generate/ros-build/builder";

export function buildNat({ request, network, natEip, builder }: RosBuild): void {
  if (request.counts.nat === 0 || !network.vpc) return;
  builder.resources.NatGateway = {
    Type: "ALIYUN::VPC::NatGateway",
    Properties: {
      VpcId: ref(network.vpc),
      VSwitchId: ref(network.vswitches[0] ?? "VSwitch"),
      NatGatewayName: "nat-gateway",
      NatType: "Enhanced",
    },
  };
  output(builder, "NatGatewayId", "NAT gateway ID", getAtt("NatGateway", "NatGatewayId"), "The ID of the NAT gateway.");
  if (!natEip) return;
  builder.resources.NatEipAssociation = {
    Type: "ALIYUN::VPC::EIPAssociation",
    Properties: { AllocationId: getAtt(natEip, "AllocationId"), InstanceId: ref("NatGateway") },
  };
  network.vswitches.forEach((vswitch, index) => {
    builder.resources[names("SnatEntry", network.vswitches.length)[index] ?? "SnatEntry"] = {
      Type: "ALIYUN::VPC::SnatEntry",
      DependsOn: "NatEipAssociation",
      Properties: {
        SnatTableId: getAtt("NatGateway", "SNatTableId"),
        SnatIp: getAtt(natEip, "EipAddress"),
        SourceVSwitchId: ref(vswitch),
      },
    };
  });
}
