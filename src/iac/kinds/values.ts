/**
 * The values a request states, as every kind's value grammar (`readValues` in kinds/<kind>.ts)
 * writes them: one record per request, a field per value, read by the appliers and the editor.
 *
 * Why here and not in request-values.ts: the kinds write it, and request-values.ts runs the kinds'
 * grammars, so the shape sits below both (the import rules forbid a cycle of files).
 */
import type { Phrase } from "../read/request-language";
import type { SourceRule } from "../read/source-rules";
import type { RdsEngine } from "../read/infrastructure-request";
import type { RdsEdition } from "./rds/instance-class";
import type { StorageAutoScale } from "./rds/storage-autoscale";
import type { LifecycleRule } from "./oss/lifecycle";
import type { WebsiteValue } from "./oss/website";
import type { CorsValue } from "./oss/cors";

export interface DiskValue {
  size?: number;
  category?: string;
  /** "two 200G data disks", "两块数据盘": how many such disks each server gets (data disks only). */
  count?: number;
  /** "2 data disks: 100G and 500G": each disk's own size, in order (data disks only); `count` and `size` then follow it. */
  sizes?: number[];
  /** "ESSD PL1": an ESSD's performance level, PL0 to PL3 ("40G system disk ESSD PL1" pins the system disk's category selector to ESSD). */
  performanceLevel?: string;
}

/** The settings one bucket of several may have of its own. */
export type BucketSettings = Pick<RequestedValues, "bucketAcl" | "versioning" | "encryption" | "lifecycleDays" | "lifecycleRules" | "bucketName" | "website">;

export interface RequestedValues {
  ecsInstanceType?: string;
  ecsImageId?: string;
  /** An operating system named without an image id ("Ubuntu 22.04"): a hint, not a value ROS accepts. */
  imageHint?: string;
  /** vCPU / memory named instead of an instance type ("4 vCPU 8 GiB"). */
  sizeHint?: string;
  /** The same size as numbers, when both are given: the instance type is then the 7th-generation one of that size. */
  /** `burstable`: "t6 burstable 2c4g" picked the t6 type of that size (kinds/ecs BURSTABLE). */
  sizeSpec?: { vcpus: number; memoryGib: number; instanceType: string; burstable?: boolean };
  systemDisk: DiskValue;
  dataDisk?: DiskValue;
  /** "get rid of the data disks", "去掉数据盘": the servers' data disks are removed. */
  removeDataDisks?: boolean;
  /** "remove one of the data disks", "去掉一块数据盘": that many fewer data disks on each server. */
  removeDataDiskCount?: number;
  /** The engine the request asks for ("use PostgreSQL 15 instead of MySQL": PostgreSQL), kinds/rds/engine.ts. */
  rdsEngine?: RdsEngine;
  rdsEngineVersion?: string;
  rdsStorage?: number;
  rdsInstanceClass?: string;
  /** "high availability", "basic edition": the database's edition (rds/instance-class.ts). */
  rdsEdition?: RdsEdition;
  /** "MySQL on port 3307", "数据库端口 3307": the port the database listens on, when not its engine's own. */
  rdsPort?: number;
  /** "with 2 databases: app_db and report_db": the databases inside the instance (rds/schemas.ts). */
  rdsDatabases?: string[];
  /** "account admin_user", "账号 admin_user": the administrator account's name. */
  rdsAccount?: string;
  /** "deletion protection on", "开启删除保护": the databases and servers cannot be released until it is turned off. */
  deletionProtection?: boolean;
  /** "a 7 day backup retention", "备份保留7天": days RDS keeps data backups. */
  backupRetentionDays?: number;
  /** "autoscale up to 1000GB", "开启存储自动扩容，上限 2000G": the database's storage grows by itself (rds/storage-autoscale.ts). */
  rdsStorageAutoScale?: StorageAutoScale;
  redisInstanceClass?: string;
  bucketName?: string;
  bucketAcl?: "private" | "public-read" | "public-read-write";
  versioning?: boolean;
  encryption?: "AES256" | "KMS";
  lifecycleDays?: number;
  /** Lifecycle rules scoped to a prefix or with transitions ("logs/ after 30 days", "IA after 30 days"), one per prefix named: kinds/oss/lifecycle.ts. */
  lifecycleRules?: LifecycleRule[];
  /** The static website the bucket hosts (index and error documents): kinds/oss/website.ts. */
  website?: WebsiteValue;
  /** The CORS rule the bucket answers browsers with (origins, methods): kinds/oss/cors.ts. */
  cors?: CorsValue;
  /** "one bucket for logs (private, …) and one for assets (public-read)": each bucket's own settings, in order (kinds/oss/bucket-clauses.ts). */
  bucketSettings?: BucketSettings[];
  zones: string[];
  existingVpcId?: string;
  existingVSwitchId?: string;
  /** "in sg-bp1…": the servers join that security group (a parameter) instead of a new one. */
  existingSecurityGroupId?: string;
  /** "in my existing VPC" without an id: the VPC becomes a parameter. */
  existingVpc: boolean;
  /** The range allowed to reach the opened ports ("from 10.0.0.0/8"). */
  sourceCidr?: string;
  /** The range allowed to reach SSH ("SSH from 198.51.100.0/24"). */
  sshCidr?: string;
  /** More than one range for SSH ("SSH only from 203.0.113.0/24 and 198.51.100.7"): every one, the first being `sshCidr`. */
  sshCidrs?: string[];
  /** "ICMP from anywhere", "allow ping from 10.0.0.0/8": ICMP's sources; empty when none is written (the VPC's range then): read/icmp-rules.ts. */
  icmpSources?: string[];
  /** "SSH only from …": the SSH range replaces the default SSH rule. */
  sshOnly?: boolean;
  /** Source ranges other than SSH's, each with the ports its clause names ("3389 from 192.168.1.0/24"). */
  sourceRules?: SourceRule[];
  /** "Redis 6.0": a version ROS offers for ALIYUN::REDIS::Instance. */
  redisEngineVersion?: string;
  bandwidth?: number;
  /** "pay by bandwidth", "按固定带宽计费": public addresses billed by bandwidth (`PayByBandwidth`), not by traffic (kinds/eip/index.ts). */
  billedByBandwidth?: boolean;
  /** "a bastion + 2 app servers": how many of the first servers are bastions, with a security group of their own (kinds/security-group/bastion-design.ts). */
  bastions?: number;
  /** "cert id 1234567890abcdef", "certificate 123-cn-hangzhou": the SLB server certificate the HTTPS listener serves. */
  certificateId?: string;
  /** "one public with 10Mbps, one private": how many of the servers (the first ones) get a public address; the others none (read/server-scopes.ts). */
  publicServers?: number;
  /** "22 from bastion sg-…": ports open to another security group (a rule's `SourceGroupId`), with "only" closing the port's other rules. */
  sourceGroupRules?: { port: number; groupId: string; only: boolean }[];
  /** "8080 only from the bastion": ports the other servers open to the bastion's group alone, beside its login ports. */
  bastionPorts?: number[];
  /** "an ECS named web-01": the servers' name ("web-01", or "web-01-1", "web-01-2"… for several): read/server-roles.ts. */
  ecsInstanceName?: string;
  /** "3 master nodes 4c8g and 5 worker nodes 8c32g": servers counted by role, each role with its own type, in the order written (generate/server-groups.ts). */
  serverGroups?: Array<{ role: string; count: number; instanceType: string }>;
  /** "ecs.t6-c1m2.large for the jump server": the bastion's own instance type (read/server-roles.ts), beside `ecsInstanceType`. */
  bastionInstanceType?: string;
  /** "key pair my-key": the key pair the servers log in with (kinds/ecs/key-pair.ts). */
  keyPairName?: string;
  /** "password login disabled": no password on the servers (only with a key pair). */
  noPassword?: boolean;
  /** "health check on /healthz": the path the load balancer's HTTP(S) listeners probe (kinds/slb/health-check.ts). */
  healthCheckPath?: string;
  /** "slb.s2.small": the load balancers' spec (kinds/slb/load-balancer-spec.ts). */
  slbSpec?: string;
  /** A server's own public bandwidth written beside an EIP's ("ECS with 10 Mbps, EIP 5M for the NAT gateway"). */
  serverBandwidth?: number;
  publicAccess?: boolean;
  unsupported: Phrase[];
  /** The request text, for appliers that narrow by what it names. */
  text: string;
}
