/** The ROS builder of the RDS kind (index.ts): databases inside the VPC, class and password as parameters. */
import { RDS_ENGINE_VERSIONS } from "../../generate/resource-defaults";
import { addGroup, getAtt, names, output, ref, vpcRange, type RosBuild } from "../../generate/ros-build/builder";

export function buildRds({ request, network, builder }: RosBuild): void {
  if (request.counts.rds === 0 || !network.vpc) return;
  const engine = request.rdsEngine;
  const version = RDS_ENGINE_VERSIONS[engine];
  const firstZone = network.zones[0] ?? "ZoneId";
  builder.parameters.RdsInstanceClass = {
    Type: "String",
    Label: "RDS instance class",
    Description: `Instance class of the ${engine} database.`,
    AssociationProperty: "ALIYUN::RDS::Instance::InstanceType",
    AssociationPropertyMetadata: { Engine: engine, EngineVersion: version, ZoneId: `\${${firstZone}}` },
  };
  builder.parameters.RdsStorageType = {
    Type: "String",
    Label: "RDS storage type",
    Description: "Storage type of the database (no console selector exists for it, hence AllowedValues).",
    AllowedValues: ["cloud_essd", "cloud_ssd", "local_ssd"],
    Default: "cloud_essd",
  };
  builder.parameters.RdsPassword = {
    Type: "String",
    Label: "Database administrator password",
    Description: "Password of the database administrator account: 8-32 characters with three of upper case, lower case, digits and symbols.",
    NoEcho: true,
    MinLength: 8,
    MaxLength: 32,
    AssociationProperty: "ALIYUN::RDS::Instance::AccountPassword",
  };
  addGroup(builder, "Database", ["RdsInstanceClass", "RdsStorageType", "RdsPassword"]);
  names("RdsInstance", request.counts.rds).forEach((rds, index) => {
    const slot = index % Math.max(network.vswitches.length, 1);
    builder.resources[rds] = {
      Type: "ALIYUN::RDS::DBInstance",
      Properties: {
        Engine: engine,
        EngineVersion: version,
        DBInstanceClass: ref("RdsInstanceClass"),
        DBInstanceStorage: 20,
        DBInstanceStorageType: ref("RdsStorageType"),
        ZoneId: ref(network.zones[slot] ?? "ZoneId"),
        VpcId: ref(network.vpc ?? "Vpc"),
        VSwitchId: ref(network.vswitches[slot] ?? "VSwitch"),
        SecurityIPList: vpcRange(request),
        DBInstanceNetType: "Intranet",
        PayType: "Postpaid",
        MasterUsername: "dbadmin",
        MasterUserPassword: ref("RdsPassword"),
      },
    };
    output(
      builder,
      `${rds}ConnectionString`,
      `Database ${index + 1} endpoint`,
      getAtt(rds, "InnerConnectionString"),
      "The internal connection string of the database.",
    );
  });
}
