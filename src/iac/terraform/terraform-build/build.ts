/**
 * One Terraform configuration being written, handed to each kind's Terraform builder
 * (kinds/<kind>/terraform.ts) in build order (kinds/index.ts `BUILD_ORDER`), as ros-build/builder.ts
 * `RosBuild` is for ROS: the vSwitch kind fills `vswitches`, the ECS kind `instances`, the EIP kind
 * the NAT gateway's `natEip`, and the kinds after them read what they need. Everything comes from the
 * configuration's ROS twin (from-ros.ts): `request` and `values` as the twin holds them, the
 * security group's `rules` and the load balancers' `listeners` exactly as the twin has them.
 */
import type { InfrastructureRequest } from "../../read/infrastructure-request";
import type { RequestedValues } from "../../kinds/values";
import type { Hcl } from "./hcl";
import type { PortMapping } from "../../read/port-mappings";

/** One ingress rule of the twin's security group: a port range (`-1` both ends for all ports) from a source range. */
export interface IngressRule {
  protocol: string;
  from: number;
  to: number;
  /** The source range ("" when the source is a group). */
  cidr: string;
  /** "22 from bastion sg-…": the group the rule admits, instead of a range. */
  sourceGroupId?: string;
}

/** Twin values that are no request value: an ECS instance's own bandwidth, the database class, the whitelists. */
export interface TwinDetails {
  ecsBandwidthOut?: number;
  /** The default of the twin's image parameter: a public image name pattern ("ubuntu_22_04_x64_20G_alibase_*.vhd") or an image id. */
  ecsImage?: string;
  rdsClass?: string;
  /** The database's edition (`Category`: Basic, HighAvailability), when the template states one. */
  rdsCategory?: string;
  /** "one public, one private": how many of the twin's first servers have a public bandwidth, when not all do. */
  publicServers?: number;
  /** The port the twin's database listens on (`Port`), when it states one. */
  rdsPort?: number;
  /** The databases inside the twin's database (`DBMappings[].DBName`), written as `alicloud_db_database`. */
  rdsDatabases?: { name: string; characterSet: string }[];
  /** The twin's administrator account (`MasterUsername`), when not the default. */
  rdsAccount?: string;
  /** The twin's databases and servers have `DeletionProtection: true`: `deletion_protection = true` on each. */
  deletionProtection?: { rds: boolean; ecs: boolean };
  /** Days the database keeps backups (`BackupRetentionPeriod`), written as an `alicloud_db_backup_policy`. */
  rdsBackupRetention?: number;
  /** The database's storage autoscaling (`StorageAutoScale: Enable`, `StorageThreshold`, `StorageUpperBound`). */
  rdsStorageAutoScale?: { threshold: number; upperBound: number };
  /** The Redis class the twin states ("Redis 8 GB": redis.master.large.default), else the smallest standard class is written. */
  redisClass?: string;
  /** The path the HTTP(S) listeners probe (`HealthCheck.URI` in the twin). */
  healthCheckUri?: string;
  /** The load balancers' spec (`LoadBalancerSpec` in the twin). */
  slbSpec?: string;
  /** The certificate the twin's HTTPS listeners serve (the default of `SlbServerCertificateId`): the variable's default. */
  certificateId?: string;
  /** The servers' data disks (the twin's `DiskMappings`), written as `data_disks` blocks. */
  dataDisks?: { category: string; size: number; performanceLevel?: string }[];
  /** The servers' system disk ESSD performance level (`SystemDiskPerformanceLevel`), written as `system_disk_performance_level`. */
  systemDiskLevel?: string;
  /** The key pair the twin's servers log in with (`KeyPairName`). */
  keyPairName?: string;
  /** The twin's servers have a key pair and no password ("password login disabled"). */
  noPassword?: boolean;
  /** The twin's servers' `InstanceName`s, in order ("web-01", "bastion"…). */
  instanceNames?: string[];
  /** Each server's own type, in order, when the twin's servers differ ("3 master nodes 4c8g and 5 worker nodes 8c32g"). */
  instanceTypes?: string[];
  /** The positions of the servers behind the load balancer, when only some are ("SLB in front of the masters"). */
  backendServers?: number[];
  /** "pay by bandwidth": the twin's EIPs and servers' public IPs are billed by bandwidth (`InternetChargeType: PayByBandwidth`). */
  billedByBandwidth?: boolean;
  /** The RDS `SecurityIPList` and Redis `SecurityIps` (comma-separated in ROS). */
  whitelists: { rds?: string[]; redis?: string[] };
  /**
   * A bastion's design (kinds/security-group/bastion-design.ts): the first `bastions` servers keep
   * the first group; the others are in a group of their own, with `rules` from source ranges and
   * the login ports `fromBastion` open only to the bastion's group.
   */
  serversGroup?: { bastions: number; rules: IngressRule[]; fromBastion: number[]; bastionInstanceType?: string };
  /** Rules on a group the user already has ("open 8080 on sg-…", kinds/security-group/existing-group-rules.ts): its id and the rules. */
  existingGroupRules?: { groupId: string; rules: IngressRule[] };
}

export interface TerraformBuild {
  readonly request: InfrastructureRequest;
  /** The values the twin holds: bucket settings, engine versions, sizes, instance type, EIP bandwidth. */
  readonly values: RequestedValues;
  /** The twin's security group ingress rules, written as they are. */
  readonly rules: readonly IngressRule[];
  /** The twin's load balancer listeners (front → backend port), written as they are. */
  readonly listeners: readonly PortMapping[];
  /** The twin's ECS bandwidth, database class and whitelists. */
  readonly details: TwinDetails;
  readonly hcl: Hcl;
  vswitches: string[];
  instances: string[];
  natEip?: string;
}
