/**
 * Resource properties whose valid values depend on the account's inventory in a region (zones,
 * instance types, images, disk categories, database classes). iac-code's generation skill requires them
 * to be template Parameters with an `AssociationProperty`, so that the ROS console offers only values
 * that exist; hard-coding them is the most common reason a template fails in another region.
 *
 * AssociationProperty names are those of iac-code's `ros_association_property_specs.json`.
 * `ALIYUN::RDS::DBInstance.DBInstanceStorageType` has no association property there, so its parameter
 * is constrained with AllowedValues instead.
 */
export interface InventoryProperty {
  readonly associationProperty?: string;
  readonly allowedValues?: readonly string[];
  readonly label: string;
}

const ZONE: InventoryProperty = { associationProperty: "ALIYUN::ECS::ZoneId", label: "Availability zone" };
const ECS_INVENTORY: Readonly<Record<string, InventoryProperty>> = {
  ZoneId: ZONE,
  InstanceType: { associationProperty: "ALIYUN::ECS::Instance::InstanceType", label: "ECS instance type" },
  ImageId: { associationProperty: "ALIYUN::ECS::Image::ImageId", label: "ECS image" },
  SystemDiskCategory: {
    associationProperty: "ALIYUN::ECS::Disk::SystemDiskCategory",
    label: "System disk category",
  },
};

export const INVENTORY_PROPERTIES: Readonly<Record<string, Readonly<Record<string, InventoryProperty>>>> = {
  "ALIYUN::ECS::Instance": ECS_INVENTORY,
  "ALIYUN::ECS::InstanceGroup": ECS_INVENTORY,
  "ALIYUN::ECS::VSwitch": { ZoneId: ZONE },
  "ALIYUN::RDS::DBInstance": {
    ZoneId: ZONE,
    DBInstanceClass: { associationProperty: "ALIYUN::RDS::Instance::InstanceType", label: "RDS instance class" },
    DBInstanceStorageType: {
      allowedValues: ["cloud_essd", "cloud_ssd", "local_ssd"],
      label: "RDS storage type",
    },
  },
  "ALIYUN::SLB::LoadBalancer": {
    MasterZoneId: { associationProperty: "ALIYUN::SLB::LoadBalancer::ZoneId", label: "SLB primary zone" },
    SlaveZoneId: { associationProperty: "ALIYUN::SLB::LoadBalancer::ZoneId", label: "SLB secondary zone" },
  },
  "ALIYUN::REDIS::Instance": {
    ZoneId: ZONE,
    InstanceClass: { associationProperty: "ALIYUN::Redis::Instance::InstanceType", label: "Redis instance class" },
  },
};

/** Property names that carry credentials; a literal value in a template leaks it to everyone who can read the stack. */
export const SECRET_PROPERTY_NAMES: ReadonlySet<string> = new Set([
  "Password",
  "MasterUserPassword",
  "AccountPassword",
  "LoginPassword",
  "AccessKeySecret",
  "SecretData",
]);

/** Parameter names that look like credentials and therefore need `NoEcho: true`. */
export function isSecretParameterName(name: string): boolean {
  return /passw(or)?d|secret|token|private_?key|access_?key|credential/i.test(name);
}
