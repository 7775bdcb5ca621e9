/**
 * The ROS resource types the offline validator knows, with their `Fn::GetAtt` attributes and, where
 * the public property tables mark them, their required properties.
 *
 * Sources (read by hand, written here as data; nothing was copied as code):
 * - Attributes: iac-code's `src/iac_code/tools/cloud/aliyun/ros_validation/data/ros_resource_value_specs.json`
 *   (schema_version 4, official ROS resource pages retrieved 2026-07-23, `resources[].attributes`).
 *   Where that file lists no attributes for a type because its runtime schema "differs from the locked
 *   snapshot" (ECS SecurityGroup, SSHKeyPair, RunCommand, Command, Invocation, Snapshot, MONGODB
 *   ShardingInstance, NAS AccessGroup, GA Accelerator/Acl, FC CustomDomain, OSS Bucket), the attribute
 *   list of the Alibaba Cloud ROS documentation page for that type is used instead; for
 *   ALIYUN::RDS::DBInstance the documented list is merged in because the spec file lists only DBInstanceId.
 * - Required properties: the "Required" column of the AlibabaCloudDocs/ros property tables
 *   (`intl.en-US/Resource Types/<Product>/ALIYUN::<Product>::<Type>.md`, e.g. SLB Listener: Protocol,
 *   ListenerPort, Bandwidth, BackendServerPort, LoadBalancerId) and the core-type table of the iac-code
 *   contract (§15). Only the well-established required properties of common types are listed; a type
 *   without a `required` list is simply not checked for missing properties (a missing check is cheaper
 *   than a false error in a review).
 *
 * The entries of the types the offline engine builds sit with their kind (kinds/<kind>/index.ts
 * `rosResourceTypes`) and are added after the others here.
 *
 * The catalogue is not the full ROS registry (about 1,300 types); the validator treats a type that is
 * missing here but belongs to a known product as "not in the offline catalogue" (a warning), not as invalid.
 */
import { KINDS, RESOURCE_KINDS } from "../../kinds";
import { ECS_INSTANCE_ATTRIBUTES } from "../../kinds/ecs";
import { REDIS_INSTANCE_ATTRIBUTES } from "../../kinds/redis";
import { type RosResourceTypeSpec, spec } from "./ros-resource-type-spec";

export type { RosResourceTypeSpec } from "./ros-resource-type-spec";

const CS_CLUSTER_ATTRIBUTES =
  "APIServerSLBId ClusterId DefaultUserKubeConfig IngressSLBId Nodes PrivateUserKubConfig ScalingConfigurationId ScalingGroupId ScalingRuleId TaskId WorkerRamRoleName";
const MONGODB_INSTANCE_ATTRIBUTES = "ConnectionURI DBInstanceId DBInstanceStatus OrderId ReplicaSetName";

const OTHER_TYPES: Readonly<Record<string, RosResourceTypeSpec>> = {
  // ACK / CS (Container Service for Kubernetes)
  "ALIYUN::CS::Cluster": spec("Ca Cert ClusterId ExternalLoadBalancerId Key MasterUrl"),
  "ALIYUN::CS::ClusterAddons": spec(""),
  "ALIYUN::CS::ClusterApplication": spec("", "ClusterId YamlContent"),
  "ALIYUN::CS::ClusterHelmApplication": spec(""),
  "ALIYUN::CS::ClusterNodePool": spec("NodePoolId", "ClusterId"),
  "ALIYUN::CS::KubernetesCluster": spec(CS_CLUSTER_ATTRIBUTES, "Name"),
  "ALIYUN::CS::ManagedEdgeKubernetesCluster": spec(CS_CLUSTER_ATTRIBUTES, "Name"),
  "ALIYUN::CS::ManagedKubernetesCluster": spec(CS_CLUSTER_ATTRIBUTES, "Name"),
  "ALIYUN::CS::ServerlessKubernetesCluster": spec(CS_CLUSTER_ATTRIBUTES, "Name"),

  // ADB
  "ALIYUN::ADB::DBCluster": spec("ConnectionString DBClusterId OrderId"),

  // ALB
  "ALIYUN::ALB::Acl": spec("AclId", "AclName"),
  "ALIYUN::ALB::AclAssociation": spec("ListenerId"),
  "ALIYUN::ALB::BackendServerAttachment": spec("ServerGroupId"),
  "ALIYUN::ALB::HealthCheckTemplate": spec("HealthCheckTemplateId"),
  "ALIYUN::ALB::Listener": spec("ListenerId LoadBalancerId", "ListenerPort ListenerProtocol LoadBalancerId DefaultActions"),
  "ALIYUN::ALB::LoadBalancer": spec(
    "AddressType DNSName LoadBalancerEdition LoadBalancerId VpcId ZoneMappings",
    "AddressType LoadBalancerBillingConfig LoadBalancerEdition LoadBalancerName VpcId ZoneMappings",
  ),
  "ALIYUN::ALB::Rule": spec("ListenerId RuleId"),
  "ALIYUN::ALB::SecurityGroupAttachment": spec(""),
  "ALIYUN::ALB::SecurityPolicy": spec("SecurityPolicyId"),
  "ALIYUN::ALB::ServerGroup": spec("ServerGroupId", "ServerGroupName"),

  // AMQP (RabbitMQ)
  "ALIYUN::AMQP::Exchange": spec("ExchangeName"),
  "ALIYUN::AMQP::Instance": spec("ClassicEndpoint InstanceId PrivateEndpoint PublicEndpoint"),
  "ALIYUN::AMQP::Queue": spec("QueueName"),
  "ALIYUN::AMQP::VirtualHost": spec("VirtualHost"),

  // API Gateway
  "ALIYUN::ApiGateway::Api": spec("ApiId"),
  "ALIYUN::ApiGateway::App": spec("AppCode AppId AppKey AppSecret Tags"),
  "ALIYUN::ApiGateway::Authorization": spec(""),
  "ALIYUN::ApiGateway::Backend": spec("BackendId"),

  // CDN
  "ALIYUN::CDN::Domain": spec("Cname DomainName", "CdnType DomainName"),
  "ALIYUN::CDN::DomainConfig": spec(""),

  // CEN
  "ALIYUN::CEN::CenBandwidthLimit": spec(""),
  "ALIYUN::CEN::CenBandwidthPackage": spec("CenBandwidthPackageId"),
  "ALIYUN::CEN::CenBandwidthPackageAssociation": spec(""),
  "ALIYUN::CEN::CenInstance": spec("CenId"),
  "ALIYUN::CEN::CenInstanceAttachment": spec("", "CenId ChildInstanceId ChildInstanceRegionId ChildInstanceType"),
  "ALIYUN::CEN::CenRouteMap": spec("RouteMapId"),

  // CMS (CloudMonitor)
  "ALIYUN::CMS::Contact": spec("ContactName"),
  "ALIYUN::CMS::ContactGroup": spec("ContactGroupName"),
  "ALIYUN::CMS::EventRule": spec("Data"),
  "ALIYUN::CMS::GroupMetricRule": spec("RuleId"),
  "ALIYUN::CMS::MetricRuleTemplate": spec("Id"),
  "ALIYUN::CMS::MonitorGroup": spec("GroupId", "GroupName"),

  // DMS / DNS
  "ALIYUN::DMS::Instance": spec("Host InstanceId Port"),
  "ALIYUN::DNS::AccessStrategy": spec("StrategyId"),
  "ALIYUN::DNS::AddressPool": spec("AddrPoolId"),
  "ALIYUN::DNS::CustomLine": spec("LineId"),
  "ALIYUN::DNS::Domain": spec("DnsServers DomainId DomainName GroupId GroupName PunyCode", "DomainName"),
  "ALIYUN::DNS::DomainAttachment": spec(""),
  "ALIYUN::DNS::DomainGroup": spec("GroupId", "GroupName"),
  "ALIYUN::DNS::DomainRecord": spec("RecordId", "DomainName RR Type Value"),
  "ALIYUN::DNS::Instance": spec("InstanceId"),

  // ECS
  "ALIYUN::ECS::AutoSnapshotPolicy": spec("AutoSnapshotPolicyId"),
  "ALIYUN::ECS::BandwidthPackage": spec("BandwidthPackageId BandwidthPackageIps"),
  "ALIYUN::ECS::CapacityReservation": spec("PrivatePoolOptionsId"),
  "ALIYUN::ECS::CloneDisks": spec("DiskIds"),
  "ALIYUN::ECS::Command": spec("CommandId", "Type"),
  "ALIYUN::ECS::CopyImage": spec("DestinationRegionId ImageId SourceRegionId"),
  "ALIYUN::ECS::CustomImage": spec("ImageId SourceRegionId"),
  "ALIYUN::ECS::DedicatedHost": spec("DedicatedHostIds OrderId"),
  "ALIYUN::ECS::DedicatedHostCluster": spec(
    "DedicatedHostClusterId DedicatedHostClusterName Description ResourceGroupId Tags ZoneId",
  ),
  "ALIYUN::ECS::DeploymentSet": spec("DeploymentSetId"),
  "ALIYUN::ECS::Disk": spec("DiskId Status"),
  "ALIYUN::ECS::DiskAttachment": spec("Device DiskId Status", "DiskId InstanceId"),
  "ALIYUN::ECS::ElasticityAssurance": spec("PrivatePoolOptionsId"),
  "ALIYUN::ECS::ForwardEntry": spec("ForwardEntryId", "ExternalIp ExternalPort ForwardTableId InternalIp InternalPort IpProtocol"),
  "ALIYUN::ECS::HpcCluster": spec("HpcClusterId Name", "Name"),
  "ALIYUN::ECS::ImageComponent": spec("ImageComponentId"),
  "ALIYUN::ECS::ImagePipeline": spec("ImagePipelineId"),
  "ALIYUN::ECS::ImageSharePermission": spec("ImageId"),
  "ALIYUN::ECS::InstanceClone": spec(ECS_INSTANCE_ATTRIBUTES),
  "ALIYUN::ECS::InstanceGroup": spec(
    "HostNames InnerIps InstanceIds Ipv6AddressIds PrivateIps PublicIps ZoneIds",
    "InstanceType MaxAmount",
    ["ImageId ImageFamily"],
  ),
  "ALIYUN::ECS::InstanceGroupClone": spec(ECS_INSTANCE_ATTRIBUTES),
  "ALIYUN::ECS::Invocation": spec("InvokeId InvokeInstances", "CommandId InstanceIds"),
  "ALIYUN::ECS::JoinSecurityGroup": spec("", "SecurityGroupId"),
  "ALIYUN::ECS::LaunchTemplate": spec(
    "DefaultVersionNumber LatestVersionNumber LaunchTemplateId LaunchTemplateName",
    "LaunchTemplateName",
  ),
  "ALIYUN::ECS::NatGateway": spec(
    "BandwidthPackageIds BandwidthPackageIps ForwardTableId NatGatewayId SNatTableId",
    "VpcId VSwitchId",
  ),
  "ALIYUN::ECS::NetworkInterface": spec(
    "MacAddress NetworkInterfaceId PrivateIpAddress SecondaryPrivateIpAddresses",
    "SecurityGroupId VSwitchId",
  ),
  "ALIYUN::ECS::NetworkInterfaceAttachment": spec(
    "InstanceId NetworkInterfaceId TrunkNetworkInstanceId",
    "InstanceId NetworkInterfaceId",
  ),
  "ALIYUN::ECS::NetworkInterfacePermission": spec(
    "NetworkInterfacePermissionId"),
  "ALIYUN::ECS::PrefixList": spec("PrefixListId"),
  "ALIYUN::ECS::PrepayInstance": spec("RelatedOrderIds"),
  "ALIYUN::ECS::RamRoleAttachment": spec("InstanceIds RamRoleName", "InstanceIds RamRoleName"),
  "ALIYUN::ECS::Route": spec("RouteEntryId"),
  "ALIYUN::ECS::RunCommand": spec(
    "ErrorCode ErrorInfo ExitCode InvokeId InvokeInstances InvokeResults Output",
    "CommandContent InstanceIds Type",
  ),
  "ALIYUN::ECS::SNatEntry": spec("SNatEntryId", "SNatIp SNatTableId"),
  "ALIYUN::ECS::SSHKeyPair": spec("KeyPairFingerPrint KeyPairName PrivateKeyBody", "KeyPairName"),
  "ALIYUN::ECS::SSHKeyPairAttachment": spec("", "InstanceIds KeyPairName"),
  "ALIYUN::ECS::SecurityGroupClone": spec("SecurityGroupId"),
  "ALIYUN::ECS::SecurityGroupEgress": spec("", "IpProtocol PortRange SecurityGroupId"),
  "ALIYUN::ECS::SecurityGroupEgresses": spec("", "Permissions SecurityGroupId"),
  "ALIYUN::ECS::SecurityGroupIngresses": spec("", "Permissions SecurityGroupId"),
  "ALIYUN::ECS::Snapshot": spec("SnapshotId", "DiskId"),
  "ALIYUN::ECS::SnapshotGroup": spec("SnapshotGroupId"),

  // EDAS / Elasticsearch / EventBridge
  "ALIYUN::EDAS::Application": spec("AppId Port"),
  "ALIYUN::EDAS::Cluster": spec("ClusterId ClusterName ClusterType IaasProvider"),
  "ALIYUN::ElasticSearch::Instance": spec(
    "Domain InstanceChargeType InstanceId KibanaDomain KibanaPort Port PublicDomain Status VSwitchId Version",
  ),
  "ALIYUN::EventBridge::Connection": spec("AuthParameters ConnectionName CreateTime Description NetworkParameters"),
  "ALIYUN::EventBridge::Rule": spec("EventBusName RuleARN RuleName"),

  // ESS (Auto Scaling)
  "ALIYUN::ESS::AlarmTask": spec("AlarmTaskId"),
  "ALIYUN::ESS::AlarmTaskEnable": spec(""),
  "ALIYUN::ESS::EciScalingConfiguration": spec("ScalingConfigurationId"),
  "ALIYUN::ESS::LifecycleHook": spec("LifecycleHookId ScalingGroupId"),
  "ALIYUN::ESS::LoadBalancerAttachment": spec("ScalingActivityId", "ScalingGroupId"),
  "ALIYUN::ESS::ScalingConfiguration": spec("ScalingConfigurationId ScalingGroupId", "ScalingGroupId"),
  "ALIYUN::ESS::ScalingGroup": spec("ScalingGroupId ScalingGroupName", "MaxSize MinSize"),
  "ALIYUN::ESS::ScalingGroupEnable": spec(
    "LifecycleState ScalingGroupId ScalingInstanceDetails ScalingInstances ScalingRuleArisExecuteErrorInfo ScalingRuleArisExecuteResultInstancesAdded ScalingRuleArisExecuteResultInstancesRemoved ScalingRuleArisExecuteResultNumberOfAddedInstances",
    "ScalingGroupId",
  ),
  "ALIYUN::ESS::ScalingRule": spec("ScalingRuleAri ScalingRuleId", "ScalingGroupId"),
  "ALIYUN::ESS::ScheduledTask": spec("ScheduledTaskId"),
  "ALIYUN::ESS::ServerGroupAttachment": spec("ScalingActivityId"),
  "ALIYUN::ESS::VServerGroupAttachment": spec("ScalingGroupId"),

  // FC (Function Compute 2.0 and 3.0)
  "ALIYUN::FC::CustomDomain": spec("Domain DomainName"),
  "ALIYUN::FC::Function": spec(
    "ARN FunctionId FunctionName ServiceId ServiceName",
    "FunctionName Handler Runtime ServiceName",
  ),
  "ALIYUN::FC::FunctionInvoker": spec("Result ResultType"),
  "ALIYUN::FC::Layer": spec("Arn LayerName Version"),
  "ALIYUN::FC::ProvisionConfig": spec("FunctionName Qualifier Resource ServiceName Target"),
  "ALIYUN::FC::Service": spec("InternetAccess LogProject Logstore Role ServiceId ServiceName Tags VpcId", "ServiceName"),
  "ALIYUN::FC::Trigger": spec(
    "FunctionName ServiceName TriggerId TriggerName UrlInternet UrlIntranet",
    "FunctionName ServiceName TriggerConfig TriggerName TriggerType",
  ),
  "ALIYUN::FC::Version": spec("ServiceName VersionId", "ServiceName"),
  "ALIYUN::FC3::AsyncInvokeConfig": spec(""),
  "ALIYUN::FC3::ConcurrencyConfig": spec(""),
  "ALIYUN::FC3::CustomDomain": spec("DomainName"),
  "ALIYUN::FC3::Function": spec("ARN FunctionId FunctionName"),
  "ALIYUN::FC3::FunctionInvoker": spec("Events Result ResultType TaskId"),
  "ALIYUN::FNF::Flow": spec("CreatedTime Id LastModifiedTime Name"),
  "ALIYUN::FNF::Schedule": spec("FlowName ScheduleId ScheduleName"),

  // GA (Global Accelerator)
  "ALIYUN::GA::Accelerator": spec("AcceleratorId OrderId"),
  "ALIYUN::GA::Acl": spec("AclId"),
  "ALIYUN::GA::AclsListenerAssociation": spec("AclIds ListenerId"),
  "ALIYUN::GA::BandwidthPackage": spec(
    "AutoPay AutoUseCoupon Bandwidth BandwidthPackageId BandwidthPackageName BandwidthType BillingType CbnGeographicRegionIdA CbnGeographicRegionIdB ChargeType PaymentType Ratio Type"),
  "ALIYUN::GA::BandwidthPackageAcceleratorAddition": spec(
    "AcceleratorId BandwidthPackageId"),
  "ALIYUN::GA::BasicAccelerator": spec("AcceleratorId"),
  "ALIYUN::GA::BasicEndpointGroup": spec("EndpointGroupId"),
  "ALIYUN::GA::BasicIpSet": spec("IpSetId"),
  "ALIYUN::GA::Domain": spec("AcceleratorIds Domain"),
  "ALIYUN::GA::EndpointGroup": spec("EndpointGroupId"),
  "ALIYUN::GA::EndpointGroups": spec("EndpointGroupIds"),
  "ALIYUN::GA::ForwardingRules": spec("ForwardingRuleIds"),
  "ALIYUN::GA::IpSets": spec("AccelerateRegionIds IpSetIds IpVersions"),
  "ALIYUN::GA::Listener": spec("ListenerId"),

  // GPDB (AnalyticDB for PostgreSQL)
  "ALIYUN::GPDB::Account": spec("AccountName DBInstanceId"),
  "ALIYUN::GPDB::DBInstance": spec("ConnectionString DBInstanceId OrderId Port"),
  "ALIYUN::GPDB::Database": spec(
    "AccessPrivilege CharacterSetName Collate ConnLimit Ctype DBInstanceId DatabaseName Description Owner Size TableSpace",
  ),
  "ALIYUN::GPDB::ElasticDBInstance": spec("ConnectionString DBInstanceId OrderId Port"),

  // Kafka / KMS / Lindorm / Memcache / MNS / MongoDB / MSE
  "ALIYUN::KAFKA::ConsumerGroup": spec("ConsumerId"),
  "ALIYUN::KAFKA::Instance": spec(
    "DomainEndpoint Endpoint InstanceId Name OrderId SaslDomainEndpoint SslDomainEndpoint SslEndpoint"),
  "ALIYUN::KAFKA::Topic": spec("InstanceId Topic"),
  "ALIYUN::KMS::Alias": spec("", "AliasName KeyId"),
  "ALIYUN::KMS::Instance": spec("InstanceId"),
  "ALIYUN::KMS::Key": spec("KeyId"),
  "ALIYUN::KMS::Policy": spec("AccessControlRules Description KmsInstanceId Permissions PolicyName Resources"),
  "ALIYUN::KMS::Secret": spec("Arn SecretName", "SecretData SecretName VersionId"),
  "ALIYUN::Lindorm::Instance": spec("AuthInfos InstanceId JdbcUrlList"),
  "ALIYUN::MEMCACHE::Instance": spec("ConnectionDomain InstanceId InstanceName InstanceStatus PrivateIpAddress QPS"),
  "ALIYUN::MNS::Queue": spec("ARN ARN.WithSlash QueueName QueueUrl", "QueueName"),
  "ALIYUN::MNS::Subscription": spec("SubscriptionName SubscriptionUrl TopicName"),
  "ALIYUN::MNS::Topic": spec("ARN ARN.WithSlash TopicName TopicUrl", "TopicName"),
  "ALIYUN::MONGODB::AuditPolicy": spec("AuditStatus"),
  "ALIYUN::MONGODB::Instance": spec(MONGODB_INSTANCE_ATTRIBUTES, "DBInstanceClass DBInstanceStorage"),
  "ALIYUN::MONGODB::PrepayInstance": spec(MONGODB_INSTANCE_ATTRIBUTES),
  "ALIYUN::MONGODB::ShardingInstance": spec("ConnectionURI DBInstanceId OrderId"),
  "ALIYUN::MONGODB::ShardingNetworkPrivateAddress": spec("CompatibleConnections NetworkAddresses"),
  "ALIYUN::MONGODB::ShardingNetworkPublicAddress": spec("NetworkAddresses"),
  "ALIYUN::MSE::Cluster": spec(
    "AclEntryList AclId AppVersion ClusterAliasName ClusterId ClusterName ClusterSpecification ClusterType ClusterVersion ConfigAuthEnabled ConfigSecretEnabled ConnectionType Cpu DiskCapacity DiskType HealthStatus InstanceCount InstanceId InternetAddress InternetDomain InternetPort IntranetAddress IntranetDomain IntranetPort MCPEnabled MemoryCapacity MseVersion NetType PayInfo PubNetworkFlow VSwitchId VpcId",
  ),
  "ALIYUN::MSE::EngineNamespace": spec("NamespaceId"),
  "ALIYUN::MSE::Gateway": spec("BackupVSwitchId GatewayUniqueId PaymentType Replica Spec VSwitchId VpcId"),

  // NAS
  "ALIYUN::NAS::AccessGroup": spec("AccessGroupName", "AccessGroupName"),
  "ALIYUN::NAS::AccessRule": spec("AccessRuleId", "AccessGroupName"),
  "ALIYUN::NAS::DataFlow": spec("DataFlowId FileSystemId"),
  "ALIYUN::NAS::FileSystem": spec("FileSystemId", "ProtocolType StorageType"),
  "ALIYUN::NAS::Fileset": spec("FileSystemId FileSystemPath FsetId"),
  "ALIYUN::NAS::MountTarget": spec("MountTargetDomain", "AccessGroupName FileSystemId NetworkType"),
  "ALIYUN::NAS::ProtocolMountTarget": spec("ExportId FileSystemId ProtocolMountTargetDomain ProtocolServiceId"),
  "ALIYUN::NAS::ProtocolService": spec("FileSystemId ProtocolServiceId"),

  // NLB
  "ALIYUN::NLB::BackendServerAttachment": spec("ServerGroupId", "ServerGroupId Servers"),
  "ALIYUN::NLB::Listener": spec("ListenerId ListenerPort", "ListenerProtocol LoadBalancerId ServerGroupId"),
  "ALIYUN::NLB::LoadBalancer": spec(
    "AddressIpVersion AddressType DNSName LoadBalancerId LoadBalancerType VpcId ZoneMappings",
    "AddressType VpcId ZoneMappings",
  ),
  "ALIYUN::NLB::SecurityGroupAttachment": spec(""),
  "ALIYUN::NLB::SecurityPolicy": spec("SecurityPolicyId"),
  "ALIYUN::NLB::ServerGroup": spec("ServerGroupId", "ServerGroupName"),

  // OSS / OTS
  "ALIYUN::OSS::BucketLogging": spec("LoggingRole TargetBucket TargetPrefix"),
  "ALIYUN::OSS::BucketPublicAccessBlock": spec("BlockPublicAccess"),
  "ALIYUN::OSS::BucketReplication": spec(""),
  "ALIYUN::OSS::BucketWorm": spec("CreateTime ExpirationDate RetentionPeriodInDays WormId"),
  "ALIYUN::OSS::Directory": spec("BucketName DirectoryName"),
  "ALIYUN::OSS::Domain": spec("BucketName DomainName"),
  "ALIYUN::OSS::ObjectAcl": spec(""),
  "ALIYUN::OSS::Website": spec(""),
  "ALIYUN::OTS::Instance": spec("InstanceName PrivateEndpoint PublicEndpoint VpcEndpoint", "InstanceName"),
  "ALIYUN::OTS::SearchIndex": spec("IndexName"),
  "ALIYUN::OTS::Table": spec("TableName"),

  // PolarDB / PrivateZone
  "ALIYUN::POLARDB::Account": spec("", "AccountName AccountPassword DBClusterId"),
  "ALIYUN::POLARDB::AccountPrivilege": spec(""),
  "ALIYUN::POLARDB::Backup": spec("BackupJobId DBClusterId"),
  "ALIYUN::POLARDB::DBCluster": spec(
    "ClusterConnectionString ClusterEndpointId ColdStorageInstanceId CustomConnectionStrings CustomEndpointIds DBClusterDescription DBClusterId DBNodeIds OrderId PrimaryConnectionString PrimaryConnectionStrings PrimaryEndpointId PrimaryEndpointIds",
    "DBNodeClass DBType DBVersion PayType",
  ),
  "ALIYUN::POLARDB::DBClusterAccessWhiteList": spec("DBClusterId"),
  "ALIYUN::POLARDB::DBClusterEndpoint": spec("Addresses ConnectionString DBEndpointId"),
  "ALIYUN::POLARDB::DBClusterEndpointAddress": spec("Address ConnectionString"),
  "ALIYUN::POLARDB::DBInstance": spec(""),
  "ALIYUN::POLARDB::DBNodes": spec("DBNodeIds OrderIds"),
  "ALIYUN::POLARDB::ParameterGroup": spec(
    "CreateTime DbType DbVersion ForceRestart ParameterCounts ParameterGroupDesc ParameterGroupId ParameterGroupName ParameterGroupType Parameters",
  ),
  "ALIYUN::PVTZ::Rule": spec("CreateTime EndpointId EndpointName ForwardIp RuleName Type Vpcs ZoneName"),
  "ALIYUN::PVTZ::Zone": spec("ZoneId ZoneName ZoneTag ZoneType", "ZoneName"),

  // RAM
  "ALIYUN::RAM::AccessKey": spec("AccessKeyId AccessKeySecret Status", "UserName"),
  "ALIYUN::RAM::AttachPolicyToGroup": spec("GroupName PolicyName", "GroupName PolicyName PolicyType"),
  "ALIYUN::RAM::AttachPolicyToRole": spec("", "PolicyName PolicyType RoleName"),
  "ALIYUN::RAM::AttachPolicyToUser": spec("", "PolicyName PolicyType UserName"),
  "ALIYUN::RAM::Group": spec("GroupName", "GroupName"),
  "ALIYUN::RAM::LoginProfile": spec("Password"),
  "ALIYUN::RAM::ManagedPolicy": spec("PolicyName", "PolicyName"),
  "ALIYUN::RAM::OIDCProvider": spec("OIDCProviderName"),
  "ALIYUN::RAM::RamAccountAlias": spec("AccountAlias", "AccountAlias"),
  "ALIYUN::RAM::Role": spec("Arn RoleId RoleName", "AssumeRolePolicyDocument RoleName"),
  "ALIYUN::RAM::SAMLProvider": spec("Arn SAMLProviderName"),
  "ALIYUN::RAM::User": spec("CreateDate LastLoginDate UserId UserName", "UserName"),
  "ALIYUN::RAM::UserToGroupAddition": spec(""),

  // RDS
  "ALIYUN::RDS::Account": spec("AccountName", "AccountName AccountPassword DBInstanceId"),
  "ALIYUN::RDS::AccountPrivilege": spec("", "AccountName AccountPrivilege DBInstanceId DBName"),
  "ALIYUN::RDS::Connection": spec("BabelfishPort ConnectionString DBInstanceId Port"),
  "ALIYUN::RDS::DBInstanceClone": spec("DBInstanceId InnerConnectionString InnerPort"),
  "ALIYUN::RDS::DBInstanceParameterGroup": spec(""),
  "ALIYUN::RDS::DBInstanceSecurityIps": spec("SecurityIps"),
  "ALIYUN::RDS::Database": spec("DBInstanceId DBName", "CharacterSetName DBInstanceId DBName"),
  "ALIYUN::RDS::MigrateTask": spec("DBName MigrateTaskId"),
  "ALIYUN::RDS::PrepayDBInstance": spec(
    "DBInstanceId InnerConnectionString InnerPort OrderId"),
  "ALIYUN::RDS::ReadOnlyDBInstance": spec(
    "ConnectionString DBInstanceId Port"),

  // Redis (Tair)
  "ALIYUN::REDIS::Account": spec("AccountName InstanceId"),
  "ALIYUN::REDIS::AuditLogConfig": spec("InstanceId"),
  "ALIYUN::REDIS::Connection": spec("ConnectionString"),
  "ALIYUN::REDIS::PrepayInstance": spec(REDIS_INSTANCE_ATTRIBUTES),
  "ALIYUN::REDIS::Whitelist": spec("SecurityIpGroupAttribute SecurityIpGroupName SecurityIps"),

  // RocketMQ
  "ALIYUN::ROCKETMQ::Group": spec("GroupId GroupType InstanceId"),
  "ALIYUN::ROCKETMQ::Instance": spec(
    "HttpInternalEndpoint HttpInternetEndpoint HttpInternetSecureEndpoint InstanceId InstanceName InstanceType TcpEndpoint"),
  "ALIYUN::ROCKETMQ::Topic": spec("InstanceId MessageType Topic"),
  "ALIYUN::ROCKETMQ5::ConsumerGroup": spec("ConsumerGroupId DeliveryOrderType InstanceId"),
  "ALIYUN::ROCKETMQ5::Instance": spec(
    "InstanceId InstanceName InternetEndpoint Password UserName VpcEndpoint"),
  "ALIYUN::ROCKETMQ5::Topic": spec("InstanceId MessageType TopicName"),

  // ROS
  "ALIYUN::ROS::Assert": spec("FailureCause Result"),
  "ALIYUN::ROS::AutoEnableService": spec(""),
  "ALIYUN::ROS::CustomResource": { attributes: ["Outputs"], required: ["ServiceToken", "Timeout"], dynamicAttributes: true },
  "ALIYUN::ROS::ResourceCleaner": spec(
    "CleanResult NoCleanupResourceDetails NoCleanupResourcePartialDetails ResourceDetails ResourcePartialDetails ResourceSummary ScanErrors",
  ),
  "ALIYUN::ROS::Sleep": spec(""),
  "ALIYUN::ROS::Stack": { attributes: [], dynamicAttributes: true },
  "ALIYUN::ROS::StackGroup": spec("StackGroupId"),
  "ALIYUN::ROS::StackInstances": spec("LastOperationId Stacks"),
  "ALIYUN::ROS::WaitCondition": spec(
    "Data ErrorData JoinedErrorData JoinedLastErrorData LastData LastErrorData",
    "Handle Timeout",
  ),
  "ALIYUN::ROS::WaitConditionHandle": spec("CurlCli Headers PowerShellCurlCli URL WindowsCurlCli"),

  // SLB (CLB)
  "ALIYUN::SLB::AccessControl": spec("AclId", "AclName"),
  "ALIYUN::SLB::BackendServerToVServerGroupAddition": spec("", "BackendServers VServerGroupId"),
  "ALIYUN::SLB::CaCertificate": spec(
    "CaCertificateId CaCertificateName CommonName CreateTime CreatedTimestamp ExpiredTime ExpiredTimestamp Fingerprint ResourceGroupId Tags"),
  "ALIYUN::SLB::Certificate": spec("CertificateId Fingerprint"),
  "ALIYUN::SLB::DomainExtension": spec("DomainExtensionId ListenerPort"),
  "ALIYUN::SLB::LoadBalancerClone": spec("LoadBalancerId"),
  "ALIYUN::SLB::MasterSlaveServerGroup": spec(
    "MasterSlaveServerGroupId"),
  "ALIYUN::SLB::Rule": spec("Rules"),
  "ALIYUN::SLB::TLSPolicy": spec("Ciphers CreateTime InstanceId TLSPolicyName TlsVersions"),
  "ALIYUN::SLB::VServerGroup": spec("BackendServers LoadBalancerId VServerGroupId", "LoadBalancerId VServerGroupName"),

  // SLS (Log Service)
  "ALIYUN::SLS::Alert": spec("Name"),
  "ALIYUN::SLS::ApplyConfigToMachineGroup": spec(""),
  "ALIYUN::SLS::Audit": spec("DisplayName"),
  "ALIYUN::SLS::ConsumerGroup": spec("ConsumerGroup Logstore Project"),
  "ALIYUN::SLS::Dashboard": spec("DashboardName DisplayName"),
  "ALIYUN::SLS::Etl": spec("Name"),
  "ALIYUN::SLS::Index": spec(""),
  "ALIYUN::SLS::Logstore": spec("LogstoreName ProjectName", "LogstoreName ProjectName"),
  "ALIYUN::SLS::LogtailConfig": spec("AppliedMachineGroups Endpoint LogtailConfigName"),
  "ALIYUN::SLS::MachineGroup": spec("GroupName ProjectName"),
  "ALIYUN::SLS::MetricStore": spec("LogstoreName"),
  "ALIYUN::SLS::Project": spec("Name", "Name"),
  "ALIYUN::SLS::Savedsearch": spec("SavedsearchName"),

  // SWAS (Simple Application Server)
  "ALIYUN::SWAS::Instance": spec("InnerIpAddress InstanceId PublicIpAddress"),

  // VPC
  "ALIYUN::VPC::AnycastEIP": spec("AnycastId IpAddress Name OrderId"),
  "ALIYUN::VPC::AnycastEIPAssociation": spec(
    "AnycastId BindInstanceId BindInstanceRegionId BindInstanceType"),
  "ALIYUN::VPC::BgpGroup": spec("BgpGroupId Name"),
  "ALIYUN::VPC::BgpNetwork": spec("DstCidrBlock RouterId"),
  "ALIYUN::VPC::BgpPeer": spec("BgpPeerId"),
  "ALIYUN::VPC::CommonBandwidthPackage": spec("BandwidthPackageId", "Bandwidth"),
  "ALIYUN::VPC::CommonBandwidthPackageIp": spec("AllocationIds IpAddresses"),
  "ALIYUN::VPC::CustomerGateway": spec("CustomerGatewayId"),
  "ALIYUN::VPC::DhcpOptionsSet": spec("DhcpOptionsSetId"),
  "ALIYUN::VPC::DhcpOptionsSetAttachment": spec("DhcpOptionsSetId VpcId"),
  "ALIYUN::VPC::EIPPro": spec("ISP"),
  "ALIYUN::VPC::EIPSegment": spec("EipAddresses EipSegmentInstanceId"),
  "ALIYUN::VPC::FlowLog": spec(
    "Description FlowLogId FlowLogName LogStoreName ProjectName ResourceId ResourceType TrafficType"),
  "ALIYUN::VPC::ForwardEntry": spec("ForwardEntryId", "ExternalIp ExternalPort ForwardTableId InternalIp InternalPort IpProtocol"),
  "ALIYUN::VPC::FullNatEntry": spec("FullNatEntryId"),
  "ALIYUN::VPC::GrantInstanceToCen": spec("CenId InstanceId"),
  "ALIYUN::VPC::HaVip": spec("HaVipId IpAddress"),
  "ALIYUN::VPC::HaVipAssociation": spec(""),
  "ALIYUN::VPC::IpamPool": spec("IpamPoolId"),
  "ALIYUN::VPC::IpsecServer": spec("IpsecServerId IpsecServerName"),
  "ALIYUN::VPC::Ipv4Gateway": spec(
    "CreateTime Ipv4GatewayDescription Ipv4GatewayId Ipv4GatewayName Ipv4GatewayRouteTableId VpcId"),
  "ALIYUN::VPC::Ipv6Gateway": spec("Ipv6GatewayId"),
  "ALIYUN::VPC::Ipv6InternetBandwidth": spec("InternetBandwidthId"),
  "ALIYUN::VPC::NatIp": spec("NatIp NatIpId"),
  "ALIYUN::VPC::NetworkAcl": spec("NetworkAclEntryName NetworkAclId"),
  "ALIYUN::VPC::NetworkAclAssociation": spec("NetworkAclId"),
  "ALIYUN::VPC::PeeringRouterInterfaceBinding": spec("RouterInterfaceId"),
  "ALIYUN::VPC::PeeringRouterInterfaceConnection": spec("OppositeInterfaceId RouterInterfaceId"),
  "ALIYUN::VPC::PrefixList": spec(
    "CreateTime Entries IpVersion MaxEntries OwnerId PrefixListDescription PrefixListId PrefixListName ResourceGroupId ShareType Tags",
  ),
  "ALIYUN::VPC::PublicIpAddressPool": spec("PublicIpAddressPoolId"),
  "ALIYUN::VPC::RouteTable": spec("RouteTableId RouteTableName RouteTableType VSwitchIds VpcId", "VpcId"),
  "ALIYUN::VPC::RouteTableAssociation": spec("RouteTableId VSwitchId", "RouteTableId VSwitchId"),
  "ALIYUN::VPC::RouteTableAttachment": spec("RouteTableId VSwitchId"),
  "ALIYUN::VPC::RouterInterface": spec("RouterInterfaceId"),
  "ALIYUN::VPC::SslVpnClientCert": spec("SslVpnClientCertId"),
  "ALIYUN::VPC::SslVpnServer": spec("SslVpnServerId"),
  "ALIYUN::VPC::VSwitchCidrReservation": spec("VSwitchCidrReservationId"),
  "ALIYUN::VPC::VirtualBorderRouter": spec("Name RouteTableId VbrId VlanInterfaceId"),
  "ALIYUN::VPC::VpcCidrBlockAssociation": spec("VpcId"),
  "ALIYUN::VPC::VpcGatewayEndpoint": spec("EndpointId"),
  "ALIYUN::VPC::VpcPeerConnection": spec("InstanceId", "AcceptingAliUid AcceptingRegionId AcceptingVpcId VpcId"),
  "ALIYUN::VPC::VpnAttachment": spec("InternetIp PeerVpnAttachmentConfig VpnAttachmentId"),
  "ALIYUN::VPC::VpnConnection": spec(
    "PeerVpnConnectionConfig Status VpnConnectionId"),
  "ALIYUN::VPC::VpnGateway": spec(
    "DisasterRecoveryInternetIp DisasterRecoveryVSwitchId InternetIp OrderId Spec SslMaxConnections SslVpnInternetIp VSwitchId VpcId VpnGatewayId VpnType",
    "VpcId",
  ),
  "ALIYUN::VPC::VpnPbrRouteEntry": spec(""),
  "ALIYUN::VPC::VpnRouteEntry": spec("NextHop RouteDest VpnGatewayId"),
};

/** Product namespaces (the middle part of `ALIYUN::<Product>::<Type>`) present in the catalogue. */
export const ROS_RESOURCE_TYPES: Readonly<Record<string, RosResourceTypeSpec>> = {
  ...OTHER_TYPES,
  ...Object.fromEntries(RESOURCE_KINDS.flatMap((kind) => Object.entries(KINDS[kind].rosResourceTypes))),
};

export const KNOWN_ROS_PRODUCTS: ReadonlySet<string> = new Set(
  Object.keys(ROS_RESOURCE_TYPES).map((type) => type.split("::")[1] ?? ""),
);
