/**
 * The product families the check knows: the words people use for each (English and Chinese), the
 * ROS and Terraform types that carry it, and whether it is billed. A count ("3 servers") lands on a
 * family's resources; a billable resource whose family the conversation never named is reported as
 * unrequested. Words for a protocol or a port ("MySQL port 3306", "allow Redis traffic") and the
 * word "storage" name no product.
 *
 * For the kinds the offline engine builds, the types, parts, billing and needs come from the kinds
 * registry (src/iac/kinds), so a kind added there is checked too; the check keeps its own words,
 * since it must read a request independently of the generator, and its own list of products the
 * engine does not build (a model may write them: disks, PolarDB, MongoDB, NAS, ALB/NLB…).
 */
import { KINDS, type ResourceKind } from "../kinds";
import { EVERY_OWN_PUBLIC_IP } from "../kinds/eip";

export interface Family {
  id: string;
  nouns: readonly string[];
  /** Types of the product itself: counted, and billed when the family is billable. */
  ros: readonly string[];
  terraform: readonly string[];
  /** Types that belong to the product but are neither counted nor billed on their own (listeners, ACLs, SNAT entries). */
  parts?: readonly string[];
  billable: boolean;
  /** Billable families this one needs, so having it explains them (a NAT gateway's SNAT needs an EIP). */
  needs?: readonly string[];
}

const unique = (items: readonly string[]) => [...new Set(items)];

/** A family the registry knows: its types, parts, billing and needs from there, its words and extra types from here. */
function fromRegistry(family: Family): Family {
  const kind = KINDS[family.id as ResourceKind];
  if (!kind) return family;
  const billableNeeds = kind.needs.filter((need) => KINDS[need].billable);
  return {
    ...family,
    ros: unique([kind.rosType, ...family.ros]),
    terraform: unique([kind.terraformType, ...family.terraform]),
    parts: unique([...kind.rosParts, ...kind.terraformParts, ...(family.parts ?? [])]),
    billable: kind.billable,
    ...(billableNeeds.length > 0 ? { needs: billableNeeds } : {}),
  };
}

const OWN_FAMILIES: readonly Family[] = [
  {
    id: "ecs",
    nouns: [
      "ecs",
      "server",
      "vm",
      "virtual machine",
      "host",
      "bastion",
      "jump box",
      "jumpbox",
      "box",
      "web node",
      "app node",
      "compute node",
      "control plane node",
      "control-plane node",
      "master node",
      "服务器",
      "主机",
      "虚拟机",
      "跳板机",
      "堡垒机",
      "机器",
      "云服务器",
      "实例组",
    ],
    ros: ["ALIYUN::ECS::Instance", "ALIYUN::ECS::InstanceGroup", "ALIYUN::ECS::InstanceGroupClone"],
    terraform: ["alicloud_instance", "alicloud_ecs_instance_set"],
    billable: true,
  },
  {
    id: "rds",
    nouns: ["rds", "database", "db instance", "db", "mysql", "postgresql", "postgres", "pgsql", "sql server", "sqlserver", "mariadb", "数据库"],
    ros: ["ALIYUN::RDS::DBInstance", "ALIYUN::RDS::PrepayDBInstance"],
    terraform: ["alicloud_db_instance"],
    billable: true,
  },
  {
    id: "redis",
    nouns: ["redis", "tair", "kvstore", "cache", "缓存"],
    ros: ["ALIYUN::REDIS::Instance", "ALIYUN::REDIS::PrepayInstance", "ALIYUN::KVSTORE::Instance"],
    terraform: ["alicloud_kvstore_instance", "alicloud_redis_tair_instance"],
    billable: true,
  },
  {
    id: "oss",
    nouns: ["oss", "bucket", "object storage", "对象存储", "存储桶", "存储空间", "桶"],
    ros: ["ALIYUN::OSS::Bucket"],
    terraform: ["alicloud_oss_bucket"],
    parts: ["alicloud_oss_bucket_acl", "alicloud_oss_bucket_versioning", "alicloud_oss_bucket_server_side_encryption"],
    billable: true,
  },
  {
    id: "slb",
    nouns: ["slb", "clb", "alb", "nlb", "load balancer", "load-balancer", "loadbalancer", "load balancing", "负载均衡"],
    ros: ["ALIYUN::SLB::LoadBalancer", "ALIYUN::ALB::LoadBalancer", "ALIYUN::NLB::LoadBalancer"],
    terraform: ["alicloud_slb_load_balancer", "alicloud_slb", "alicloud_alb_load_balancer", "alicloud_nlb_load_balancer"],
    billable: true,
  },
  {
    id: "eip",
    nouns: ["eip", "elastic ip", "public ip", "公网ip", "公网 ip", "弹性公网", "弹性ip", "弹性 ip"],
    ros: ["ALIYUN::VPC::EIP", "ALIYUN::VPC::EIPPro"],
    terraform: ["alicloud_eip", "alicloud_eip_address"],
    billable: true,
  },
  {
    id: "nat",
    nouns: ["nat", "outbound internet", "internet egress", "出网", "出公网"],
    ros: ["ALIYUN::VPC::NatGateway"],
    terraform: ["alicloud_nat_gateway"],
    billable: true,
    needs: ["eip"],
  },
  {
    id: "disk",
    nouns: ["data disk", "disk", "数据盘", "云盘", "磁盘"],
    ros: ["ALIYUN::ECS::Disk"],
    terraform: ["alicloud_disk", "alicloud_ecs_disk"],
    billable: true,
  },
  { id: "polardb", nouns: ["polardb"], ros: ["ALIYUN::POLARDB::DBCluster"], terraform: ["alicloud_polardb_cluster"], billable: true },
  { id: "alb", nouns: ["alb", "application load balancer"], ros: ["ALIYUN::ALB::LoadBalancer"], terraform: ["alicloud_alb_load_balancer"], billable: true },
  { id: "nlb", nouns: ["nlb", "network load balancer"], ros: ["ALIYUN::NLB::LoadBalancer"], terraform: ["alicloud_nlb_load_balancer"], billable: true },
  {
    id: "ack",
    nouns: ["ack", "kubernetes", "k8s"],
    ros: ["ALIYUN::CS::ManagedKubernetesCluster"],
    terraform: ["alicloud_cs_managed_kubernetes"],
    billable: true,
  },
  // Products the offline engine names as not built (read/request-values.ts): the check names them too, and confirms them in a model's template.
  {
    id: "ess",
    nouns: ["auto scaling", "autoscaling", "scaling group", "弹性伸缩"],
    ros: ["ALIYUN::ESS::ScalingGroup"],
    terraform: ["alicloud_ess_scaling_group"],
    billable: false,
  },
  { id: "kafka", nouns: ["kafka"], ros: ["ALIYUN::KAFKA::Instance"], terraform: ["alicloud_alikafka_instance"], billable: true },
  { id: "cdn", nouns: ["cdn"], ros: ["ALIYUN::CDN::Domain"], terraform: ["alicloud_cdn_domain_new", "alicloud_cdn_domain"], billable: true },
  { id: "waf", nouns: ["waf", "web application firewall"], ros: ["ALIYUN::WAF::Instance"], terraform: ["alicloud_waf_instance"], billable: true },
  {
    id: "fc",
    nouns: ["function compute", "函数计算"],
    ros: ["ALIYUN::FC::Function", "ALIYUN::FC3::Function"],
    terraform: ["alicloud_fc_function", "alicloud_fcv3_function"],
    billable: true,
  },
  {
    id: "readonly",
    nouns: ["read replica", "read-only replica", "只读实例"],
    ros: ["ALIYUN::RDS::ReadOnlyDBInstance"],
    terraform: ["alicloud_db_readonly_instance"],
    billable: true,
  },
  { id: "mongodb", nouns: ["mongodb", "mongo"], ros: ["ALIYUN::MONGODB::Instance"], terraform: ["alicloud_mongodb_instance"], billable: true },
  { id: "nas", nouns: ["nas", "file system", "文件存储"], ros: ["ALIYUN::NAS::FileSystem"], terraform: ["alicloud_nas_file_system"], billable: true },
  // Round ten: what the engine names as not built and the check now reads (kinds/vocabulary.ts), confirmed in a model's template by type.
  {
    id: "deployment-set",
    nouns: ["deployment set", "部署集"],
    ros: ["ALIYUN::ECS::DeploymentSet"],
    terraform: ["alicloud_ecs_deployment_set"],
    billable: false,
  },
  {
    id: "snapshot-policy",
    nouns: ["snapshot policy", "自动快照"],
    ros: ["ALIYUN::ECS::AutoSnapshotPolicy"],
    terraform: ["alicloud_ecs_auto_snapshot_policy"],
    billable: true,
  },
  { id: "domain", nouns: ["custom domain", "自定义域名"], ros: ["ALIYUN::OSS::Domain"], terraform: ["alicloud_oss_bucket_cname"], billable: false },
  { id: "dns", nouns: ["dns", "域名解析"], ros: ["ALIYUN::DNS::DomainRecord"], terraform: ["alicloud_alidns_record"], billable: false },
  { id: "cms", nouns: ["alarm", "告警"], ros: ["ALIYUN::CMS::Alarm"], terraform: ["alicloud_cms_alarm"], billable: false },
  { id: "vpc", nouns: ["vpc", "专有网络", "network"], ros: ["ALIYUN::ECS::VPC"], terraform: ["alicloud_vpc"], billable: false },
  {
    id: "vswitch",
    nouns: ["vswitch", "v-switch", "vsw", "subnet", "交换机", "子网"],
    ros: ["ALIYUN::ECS::VSwitch"],
    terraform: ["alicloud_vswitch"],
    billable: false,
  },
  { id: "securityGroup", nouns: ["security group", "安全组"], ros: ["ALIYUN::ECS::SecurityGroup"], terraform: ["alicloud_security_group"], billable: false },
  { id: "zone", nouns: ["availability zone", "zone", "az", "可用区"], ros: [], terraform: [], billable: false },
];

export const FAMILIES: readonly Family[] = OWN_FAMILIES.map(fromRegistry);

/** The family a type belongs to: the product's own types first, then its parts. */
export function familyOfType(type: string): Family | undefined {
  return FAMILIES.find((family) => family.ros.includes(type) || family.terraform.includes(type)) ?? FAMILIES.find((family) => family.parts?.includes(type));
}

/** Whether the type is the product itself (billed when its family is), not a part of it. */
export function isProductType(type: string): boolean {
  return FAMILIES.some((family) => family.ros.includes(type) || family.terraform.includes(type));
}

/** Engine and product words followed by a port or traffic word, or after "port": a protocol, not a product. */
const PROTOCOL_WORDS =
  /(?:mysql|postgresql|postgres|redis|mongodb|sql server)[ ]{0,2}(?:port|端口|traffic|流量|access|访问|client|协议|protocol)|(?:port|端口)[ ]{0,2}\d{1,5}[ ]{0,2}\([a-z ]{2,16}\)|\d{1,5}[ ]{0,2}\((?:mysql|postgresql|postgres|redis|mongodb)\)/g;

/** Whether the text names the family as a product (a word boundary on the Latin side of each noun). */
export function namesFamily(lowerText: string, family: Family): boolean {
  // "the built-in public IP" is the server's own address, no EIP (kinds/eip OWN_PUBLIC_IP).
  const text = lowerText.replace(PROTOCOL_WORDS, " ").replace(EVERY_OWN_PUBLIC_IP, " ");
  return family.nouns.some((noun) => {
    for (let at = text.indexOf(noun); at >= 0; at = text.indexOf(noun, at + 1)) {
      const before = text[at - 1];
      const after = text[at + noun.length];
      const latin = /^[a-z]/.test(noun);
      // A plural in "s" or "es" ("boxes") names the family too.
      const plural = after === "s" || (after === "e" && text[at + noun.length + 1] === "s" && !/[a-z]/.test(text[at + noun.length + 2] ?? ""));
      if (!latin || ((before === undefined || !/[a-z]/.test(before)) && (after === undefined || !/[a-z]/.test(after) || plural))) return true;
    }
    return false;
  });
}
