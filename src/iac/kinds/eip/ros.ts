/** The ROS builder of the EIP kind (index.ts): EIPs bound first to the NAT gateway, then to instances. */
import { getAtt, names, output, ref, type RosBuild } from "../../generate/ros-build/builder";
import { existingInstanceParameters } from "../existing-instances";

/** EIPs go first to the NAT gateway (for SNAT), then one per ECS instance; extras stay unbound. */
export function buildEips(build: RosBuild): void {
  const { request, instances, builder } = build;
  const eips = names("Eip", request.counts.eip);
  let natEip: string | undefined;
  // "bind it to instance i-bp1…": with no server of its own, the template binds to the user's (a parameter, its id the default).
  const targets = instances.length > 0 ? [...instances] : eips.length > 0 ? existingInstanceParameters(build, "the EIP is bound to") : [];
  eips.forEach((eip, index) => {
    builder.resources[eip] = {
      Type: "ALIYUN::VPC::EIP",
      Properties: { Name: `eip-${index + 1}`, Bandwidth: 5, InternetChargeType: "PayByTraffic" },
    };
    output(builder, `${eip}Address`, `EIP ${index + 1} address`, getAtt(eip, "EipAddress"), "The public IP address of the EIP.");
    if (request.counts.nat > 0 && natEip === undefined) {
      natEip = eip;
      return;
    }
    const instance = targets.shift();
    if (instance === undefined) return;
    builder.resources[`${eip}Association`] = {
      Type: "ALIYUN::VPC::EIPAssociation",
      Properties: { AllocationId: getAtt(eip, "AllocationId"), InstanceId: ref(instance) },
    };
  });
  if (natEip !== undefined) build.natEip = natEip;
}
