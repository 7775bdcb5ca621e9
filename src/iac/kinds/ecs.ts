/** The ECS instance: a virtual server, billed by the hour (and by traffic with a public IP). */
import { phrase } from "../request-language";
import type { KindDefinition } from "./kind";

const INSTANCE = "ALIYUN::ECS::Instance";

/**
 * ECS named by a word that means a server, not the generic "instance" other products share: a bare
 * "instance" next to a database or cache names that product, not a server, and a "database
 * server" is the database.
 */
export const SERVER_WORDS =
  /\becs\b|\b(?:virtual machines?|vms?|(?<!(?:database|db|mysql|postgres|postgresql|redis|cache|sql) )servers?(?!-side|less)|compute instances?|machines?|hosts?)\b|云服务器|(?<!数据库|缓存)服务器|虚拟机|主机/i;

/**
 * The 7th-generation type an Alibaba Cloud engineer picks for a vCPU / memory size ("4核8G",
 * "4 vCPU 16 GiB"): the family by memory per vCPU (c7 1:2 compute-optimised, g7 1:4 general
 * purpose, r7 1:8 memory-optimised), the size by vCPUs (large = 2, xlarge = 4, Nxlarge = 4N, the
 * sizes those families are sold in). Undefined for a size outside them (1 vCPU, 6 vCPU, 1:3…).
 */
const FAMILY_BY_RATIO: Readonly<Record<number, string>> = { 2: "c7", 4: "g7", 8: "r7" };
const SIZE_BY_VCPUS: Readonly<Record<number, string>> = {
  2: "large",
  4: "xlarge",
  8: "2xlarge",
  12: "3xlarge",
  16: "4xlarge",
  24: "6xlarge",
  32: "8xlarge",
  64: "16xlarge",
};

export function instanceTypeForSize(vcpus: number, memoryGib: number): string | undefined {
  const family = memoryGib % vcpus === 0 ? FAMILY_BY_RATIO[memoryGib / vcpus] : undefined;
  const size = SIZE_BY_VCPUS[vcpus];
  return family && size ? `ecs.${family}.${size}` : undefined;
}

export const ecs: KindDefinition = {
  kind: "ecs",
  label: phrase("ECS instance", "ECS 实例"),
  catalogueName: phrase("ECS", "ECS"),
  rosType: INSTANCE,
  rosParts: [],
  terraformType: "alicloud_instance",
  terraformParts: [],
  nouns:
    /\becs(?: instances?| servers?| vms?| hosts?)?\b|\b(?:virtual machines?|vms?|(?<!(?:database|db|mysql|postgres|postgresql|redis|cache|sql) )(?:web |app |application |compute |cloud |linux |windows )?servers?(?!-side|less)|compute instances?|machines?|hosts?)\b|(?<!(?:rds|db|database|redis|mysql|postgresql|cache|slb|nat)\s)\binstances?\b|\bbastion\b|\bjump ?box\b|云服务器|(?<!数据库|缓存)服务器|虚拟机|主机|堡垒机|跳板机|(?<!(?:数据库|rds|redis|负载均衡|缓存|nat)\s?)实例/gi,
  billable: true,
  maxCount: 20,
  needs: ["vpc", "vswitch", "securityGroup"],
  takesAlong: [],
  values: [
    {
      sort: "instanceType",
      label: phrase("instance type", "实例规格"),
      rosType: INSTANCE,
      rosProperty: "InstanceType",
      rosParameter: "EcsInstanceType",
      terraformType: "alicloud_instance",
      terraformArgument: "instance_type",
    },
    { sort: "image", label: phrase("image", "镜像"), rosType: INSTANCE, rosProperty: "ImageId", rosParameter: "EcsImageId" },
    {
      sort: "size",
      label: phrase("system disk size", "系统盘大小"),
      rosType: INSTANCE,
      rosProperty: "SystemDiskSize",
      terraformType: "alicloud_instance",
      terraformArgument: "system_disk_size",
    },
    { sort: "size", label: phrase("data disk size", "数据盘大小"), rosType: INSTANCE, rosProperty: "DiskMappings[].Size" },
    {
      sort: "diskCategory",
      label: phrase("system disk category", "系统盘类型"),
      rosType: INSTANCE,
      rosProperty: "SystemDiskCategory",
      rosParameter: "EcsSystemDiskCategory",
    },
    { sort: "diskCategory", label: phrase("data disk category", "数据盘类型"), rosType: INSTANCE, rosProperty: "DiskMappings[].Category" },
    {
      sort: "bandwidth",
      label: phrase("public bandwidth", "公网带宽"),
      rosType: INSTANCE,
      rosProperty: "InternetMaxBandwidthOut",
      terraformType: "alicloud_instance",
      terraformArgument: "internet_max_bandwidth_out",
    },
  ],
};
