/** The ROS builder of the Redis kind (index.ts): instances inside the VPC, class and password as parameters. */
import { addGroup, getAtt, names, output, ref, type RosBuild } from "../../generate/ros-build/builder";

export function buildRedis({ request, network, builder }: RosBuild): void {
  if (request.counts.redis === 0 || !network.vpc) return;
  builder.parameters.RedisInstanceClass = {
    Type: "String",
    Label: "Redis instance class",
    Description: "Instance class of the Redis (Tair) instance.",
    AssociationProperty: "ALIYUN::Redis::Instance::InstanceType",
    AssociationPropertyMetadata: { ZoneId: `\${${network.zones[0] ?? "ZoneId"}}` },
  };
  builder.parameters.RedisPassword = {
    Type: "String",
    Label: "Redis password",
    Description: "Password of the Redis default account: 8-32 characters.",
    NoEcho: true,
    MinLength: 8,
    MaxLength: 32,
  };
  addGroup(builder, "Redis", ["RedisInstanceClass", "RedisPassword"]);
  names("RedisInstance", request.counts.redis).forEach((redis, index) => {
    const slot = index % Math.max(network.vswitches.length, 1);
    builder.resources[redis] = {
      Type: "ALIYUN::REDIS::Instance",
      Properties: {
        InstanceName: `redis-${index + 1}`,
        InstanceClass: ref("RedisInstanceClass"),
        EngineVersion: "7.0",
        ZoneId: ref(network.zones[slot] ?? "ZoneId"),
        VpcId: ref(network.vpc ?? "Vpc"),
        VSwitchId: ref(network.vswitches[slot] ?? "VSwitch"),
        Password: ref("RedisPassword"),
      },
    };
    output(
      builder,
      `${redis}ConnectionDomain`,
      `Redis ${index + 1} endpoint`,
      getAtt(redis, "ConnectionDomain"),
      "The connection domain of the Redis instance.",
    );
  });
}
