/** The ROS builder of the ECS kind (index.ts): the instances with their selector parameters, no public IP unless asked. */
import { addGroup, getAtt, names, output, ref, type RosBuild } from "../../generate/ros-build/builder";

export function buildEcs(build: RosBuild): void {
  const { request, network, builder } = build;
  const count = request.counts.ecs;
  if (count === 0) return;
  const firstZone = network.zones[0] ?? "ZoneId";
  builder.parameters.EcsInstanceType = {
    Type: "String",
    Label: "ECS instance type",
    Description: "Instance type of the ECS instances; the list shows the types on sale in the chosen zone.",
    AssociationProperty: "ALIYUN::ECS::Instance::InstanceType",
    AssociationPropertyMetadata: { ZoneId: `\${${firstZone}}` },
  };
  builder.parameters.EcsImageId = {
    Type: "String",
    Label: "ECS image",
    Description: "Image of the ECS instances.",
    AssociationProperty: "ALIYUN::ECS::Image::ImageId",
    AssociationPropertyMetadata: { InstanceType: "${EcsInstanceType}" },
  };
  builder.parameters.EcsSystemDiskCategory = {
    Type: "String",
    Label: "System disk category",
    Description: "Category of the ECS system disks.",
    AssociationProperty: "ALIYUN::ECS::Disk::SystemDiskCategory",
    AssociationPropertyMetadata: { ZoneId: `\${${firstZone}}`, InstanceType: "${EcsInstanceType}" },
    Default: "cloud_essd",
  };
  builder.parameters.EcsPassword = {
    Type: "String",
    Label: "ECS login password",
    Description: "Password of the root/Administrator user: 8-30 characters with upper and lower case letters, digits and symbols.",
    NoEcho: true,
    MinLength: 8,
    MaxLength: 30,
    AssociationProperty: "ALIYUN::ECS::Instance::Password",
  };
  addGroup(builder, "ECS", ["EcsInstanceType", "EcsImageId", "EcsSystemDiskCategory", "EcsPassword"]);
  // No public IP unless the request asks for one (applyRequestedValues): public bandwidth is billed.
  const publicAccess = false;
  const instances = names("EcsInstance", count);
  instances.forEach((instance, index) => {
    const slot = index % Math.max(network.vswitches.length, 1);
    builder.resources[instance] = {
      Type: "ALIYUN::ECS::Instance",
      Properties: {
        VpcId: ref(network.vpc ?? "Vpc"),
        VSwitchId: ref(network.vswitches[slot] ?? "VSwitch"),
        ZoneId: ref(network.zones[slot] ?? "ZoneId"),
        SecurityGroupId: ref(network.securityGroups[0] ?? "SecurityGroup"),
        InstanceType: ref("EcsInstanceType"),
        ImageId: ref("EcsImageId"),
        SystemDiskCategory: ref("EcsSystemDiskCategory"),
        SystemDiskSize: 40,
        Password: ref("EcsPassword"),
        InstanceName: `ecs-${index + 1}`,
        InstanceChargeType: "PostPaid",
        AllocatePublicIP: publicAccess,
        InternetMaxBandwidthOut: publicAccess ? 5 : 0,
      },
    };
    output(builder, `${instance}Id`, `ECS instance ${index + 1} ID`, getAtt(instance, "InstanceId"), "The ID of the ECS instance.");
    output(
      builder,
      `${instance}PrivateIp`,
      `ECS instance ${index + 1} private IP`,
      getAtt(instance, "PrivateIp"),
      "The private IP address of the ECS instance.",
    );
  });
  build.instances = instances;
}
