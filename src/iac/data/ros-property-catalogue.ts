/**
 * The property catalogue of the resource types the offline engine generates (and the reviewer
 * therefore must know best): every property name with its value type and, where ROS fixes them,
 * its allowed values. The reviewer uses it to catch misspelt property names ("did you mean"),
 * wrong value types and values outside an enumeration.
 *
 * Source: the property tables of the Alibaba Cloud ROS documentation for each type (read by hand,
 * written here as data). A name that is not listed and is not close to a listed one is reported as
 * "not in the offline catalogue" (a warning), because ROS adds properties over time; only a near
 * miss of a known name is an error.
 *
 * Notation: `Name:t` with t = s (string), i (integer), n (number), b (boolean), l (list), m (map),
 * a (any); `Name:s=a|b|c` adds the allowed values (compared case-sensitively, as ROS does).
 */

export type PropertyValueType = "string" | "integer" | "number" | "boolean" | "list" | "map" | "any";

export interface PropertySpec {
  readonly type: PropertyValueType;
  readonly allowed?: readonly string[];
}

const TYPE_CODES: Record<string, PropertyValueType> = {
  s: "string",
  i: "integer",
  n: "number",
  b: "boolean",
  l: "list",
  m: "map",
  a: "any",
};

function properties(list: string): Readonly<Record<string, PropertySpec>> {
  const out: Record<string, PropertySpec> = {};
  for (const entry of list.split(/\s+/).filter((word) => word !== "")) {
    const [name = "", rest = "a"] = entry.split(":");
    const [code = "a", allowed] = rest.split("=");
    out[name] = { type: TYPE_CODES[code] ?? "any", ...(allowed ? { allowed: allowed.split("|") } : {}) };
  }
  return out;
}

export const ROS_PROPERTY_CATALOGUE: Readonly<Record<string, Readonly<Record<string, PropertySpec>>>> = {
  "ALIYUN::ECS::VPC": properties(
    "CidrBlock:s Description:s EnableIpv6:b Ipv6CidrBlock:s Ipv6Isp:s ResourceGroupId:s Tags:l UserCidr:s VpcName:s Ipv4IpamPoolId:s Ipv4CidrMask:i DeletionForce:b SecondaryCidrBlocks:l",
  ),
  "ALIYUN::ECS::VSwitch": properties(
    "CidrBlock:s Description:s Ipv6CidrBlock:i Tags:l VSwitchName:s VpcId:s ZoneId:s NetworkAclId:s",
  ),
  "ALIYUN::ECS::SecurityGroup": properties(
    "Description:s ResourceGroupId:s SecurityGroupEgress:l SecurityGroupIngress:l SecurityGroupName:s SecurityGroupType:s=normal|enterprise Tags:l VpcId:s DeletionForce:b",
  ),
  "ALIYUN::ECS::Instance": properties(
    [
      "Affinity:s AllocatePublicIP:b ImageFamily:s AutoRenew:s=True|False AutoRenewPeriod:i CreditSpecification:s DedicatedHostId:s DeletionProtection:b",
      "DeploymentSetId:s Description:s DiskMappings:l HostName:s HpcClusterId:s ImageId:s InstanceChargeType:s=PrePaid|PostPaid",
      "InstanceName:s InstanceType:s InternetChargeType:s=PayByBandwidth|PayByTraffic InternetMaxBandwidthIn:i InternetMaxBandwidthOut:i",
      "IoOptimized:s=none|optimized Ipv6AddressCount:i Ipv6Addresses:l KeyPairName:s LaunchTemplateId:s LaunchTemplateName:s LaunchTemplateVersion:s",
      "Password:s PasswordInherit:b Period:i PeriodUnit:s=Week|Month PrivateIpAddress:s RamRoleName:s ResourceGroupId:s",
      "SecurityEnhancementStrategy:s=Active|Deactive SecurityGroupId:s SecurityGroupIds:l SpotPriceLimit:n SpotStrategy:s=NoSpot|SpotWithPriceLimit|SpotAsPriceGo",
      "SystemDiskAutoSnapshotPolicyId:s SystemDiskBurstingEnabled:b SystemDiskCategory:s SystemDiskDescription:s SystemDiskDiskName:s",
      "SystemDiskPerformanceLevel:s=PL0|PL1|PL2|PL3 SystemDiskProvisionedIops:i SystemDiskSize:i Tags:l Tenancy:s UserData:s VSwitchId:s VpcId:s ZoneId:s",
      "StorageSetId:s StorageSetPartitionNumber:i",
    ].join(" "),
  ),
  "ALIYUN::VPC::EIP": properties(
    "Bandwidth:i Description:s InstanceChargeType:s=Prepaid|Postpaid InternetChargeType:s=PayByBandwidth|PayByTraffic Isp:s Name:s Netmode:s Period:i PricingCycle:s=Month|Year ResourceGroupId:s Tags:l DeletionProtection:b AutoPay:b PublicIpAddressPoolId:s SecurityProtectionTypes:l Zone:s IpAddress:s",
  ),
  "ALIYUN::VPC::EIPAssociation": properties("AllocationId:s InstanceId:s InstanceType:s Mode:s PrivateIpAddress:s VpcId:s"),
  "ALIYUN::VPC::NatGateway": properties(
    "AutoPay:b DeletionForce:b DeletionProtection:b Description:s Duration:i EipBindMode:s IcmpReplyEnabled:b InstanceChargeType:s=PrePaid|PostPaid InternetChargeType:s=PayBySpec|PayByLcu NatGatewayName:s NatType:s=Normal|Enhanced NetworkType:s=internet|intranet PricingCycle:s=Month|Year SecurityProtectionEnabled:b Spec:s Tags:l VSwitchId:s VpcId:s",
  ),
  "ALIYUN::VPC::SnatEntry": properties("EipAffinity:i SnatEntryName:s SnatIp:s SnatTableId:s SourceCIDR:s SourceVSwitchId:s"),
  "ALIYUN::SLB::LoadBalancer": properties(
    "AddressIPVersion:s=ipv4|ipv6 AddressType:s=internet|intranet AutoPay:b Bandwidth:i DeletionProtection:b Duration:i InstanceChargeType:s InternetChargeType:s=paybybandwidth|paybytraffic LoadBalancerName:s LoadBalancerSpec:s MasterZoneId:s ModificationProtectionReason:s ModificationProtectionStatus:s PayType:s=PayOnDemand|PrePay PricingCycle:s=month|year ResourceGroupId:s SlaveZoneId:s Tags:l VSwitchId:s VpcId:s",
  ),
  "ALIYUN::SLB::Listener": properties(
    "AclId:s AclStatus:s=on|off AclType:s=white|black BackendServerPort:i Bandwidth:i CACertificateId:s Description:s EnableHttp2:s=on|off GzipEnabled:s=on|off HealthCheck:m HttpConfig:m IdleTimeout:i ListenerPort:i LoadBalancerId:s MasterSlaveServerGroupId:s Persistence:m PortRange:l Protocol:s=http|https|tcp|udp RequestTimeout:i Scheduler:s=wrr|wlc|rr|sch|tch|qch ServerCertificateId:s StartListener:b TLSCipherPolicy:s VServerGroupId:s",
  ),
  "ALIYUN::SLB::BackendServerAttachment": properties("BackendServerList:l BackendServerWeightList:l BackendServers:l LoadBalancerId:s"),
  "ALIYUN::RDS::DBInstance": properties(
    [
      "AllocatePublicConnection:b AutoRenew:b BackupPolicyMode:s=DataBackupPolicy|LogBackupPolicy BackupRetentionPeriod:i BurstingEnabled:b",
      "Category:s=Basic|HighAvailability|AlwaysOn|Finance|serverless_basic|serverless_standard|serverless_ha|cluster ConnectionMode:s=Performance|Safty",
      "ConnectionStringPrefix:s ConnectionStringType:s=Inner|Public DBInstanceClass:s DBInstanceDescription:s DBInstanceNetType:s=Internet|Intranet",
      "DBInstanceStorage:i DBInstanceStorageType:s=local_ssd|cloud_ssd|cloud_essd|cloud_essd2|cloud_essd3|general_essd DBIsIgnoreCase:i DBMappings:l DBParamGroupId:s",
      "DBTimeZone:s DedicatedHostGroupId:s EncryptionKey:s Engine:s=MySQL|SQLServer|PostgreSQL|PPAS|MariaDB EngineVersion:s MaintainTime:s",
      "MasterUserPassword:s MasterUserType:s=Normal|Super|Sysadmin MasterUsername:s MultiAZ:b PayType:s=Postpaid|Prepaid|Serverless Period:i",
      "PeriodType:s=Month|Year Port:i PreferredBackupPeriod:l PreferredBackupTime:s PrivateIpAddress:s ResourceGroupId:s RoleARN:s",
      "SQLCollectorStatus:s=Enable|Disabled SSLSetting:s SecurityGroupId:s SecurityIPList:a SlaveZoneIds:l StorageAutoScale:s=Enable|Disable",
      "StorageThreshold:i StorageUpperBound:i Tags:m TargetDedicatedHostIdForLog:s TargetDedicatedHostIdForMaster:s TargetDedicatedHostIdForSlave:s",
      "VSwitchId:s VpcId:s VPCId:s ZoneId:s ServerlessConfig:m",
    ].join(" "),
  ),
  "ALIYUN::REDIS::Instance": properties(
    [
      "AutoRenewDuration:i BackupPolicy:m Capacity:i ChargeType:s=PrePaid|PostPaid ConnectionStringPrefix:s DeletionForce:b DeletionProtection:b",
      "EngineVersion:s=2.8|4.0|5.0|6.0|7.0 EvictionPolicy:s InstanceClass:s InstanceMaintainTime:m InstanceName:s InstanceType:s NodeType:s",
      "Password:s Period:i Port:i ReadOnlyCount:i ResourceGroupId:s SecondaryZoneId:s SecurityGroupId:s SecurityIps:s ShardCount:i SSLEnabled:s",
      "Tags:l TairMode:s VpcId:s VpcPasswordFree:b VSwitchId:s ZoneId:s",
    ].join(" "),
  ),
  "ALIYUN::OSS::Bucket": properties(
    "AccessControl:s=private|public-read|public-read-write BucketName:s CORSConfiguration:m DeletionForce:b EnableOssHdfsService:b LifecycleConfiguration:m LoggingConfiguration:m Policy:m RedundancyType:s=LRS|ZRS RefererConfiguration:m ResourceGroupId:s ServerSideEncryptionConfiguration:m StorageClass:s=Standard|IA|Archive|ColdArchive|DeepColdArchive Tags:m VersioningConfiguration:m WebsiteConfiguration:m",
  ),
  "ALIYUN::ECS::Disk": properties(
    "AutoSnapshotPolicyId:s BurstingEnabled:b Category:s DeleteAutoSnapshot:b Description:s DiskName:s Encrypted:b KMSKeyId:s MultiAttach:s PerformanceLevel:s=PL0|PL1|PL2|PL3 ProvisionedIops:i ResourceGroupId:s Size:i SnapshotId:s StorageSetId:s StorageSetPartitionNumber:i Tags:l ZoneId:s",
  ),
};
