/** The Redis (Tair) instance: billed by the hour; inside the VPC only. */
import { type Phrase, phrase } from "../../read/request-language";
import { spec } from "../../template/data/ros-resource-type-spec";
import type { KindDefinition, ValueReading } from "../kind";
import { buildRedis as buildRos } from "./ros";
import { buildRedis as buildTerraform } from "./terraform";
import { protocolMention } from "../protocol-mention";
import type { RequestedValues } from "../values";
import { detachedVersion } from "../stated-version";
import { redisClassOf } from "./capacity-classes";
import { loneRedisVersion, majorAfterRedis, REDIS_VERSIONS } from "./bare-version";

const CACHE = "ALIYUN::REDIS::Instance";

/**
 * "Redis 6.0", "Redis 版本 5", "Tair v7.0", "加一个 Redis，版本 6.0", "redis 5", "Redis 4GB, 6.0" (bare-version.ts):
 * the version, or a named miss when ROS does not offer it (the catalogue also lists 2.8, retired).
 */
function redisEngineVersion(text: string, unsupported: Phrase[], tokens: ValueReading["tokens"]): string | undefined {
  // A bare number after "Redis" may be a count or a port ("Redis 2 nodes", "Redis 6379"): a version has a dot or says so.
  // "upgrade redis to 7.0", "Redis 升级到 7.0": a change word between the name and a dotted version.
  const match =
    /\b(?:redis|tair)\s{0,3}(?:(?:version|版本|v)\s{0,3}(\d{1,2}(?:\.\d{1,2})?)|(?:(?:to|→|->|升级到|改成|改为|换成)\s{0,3})?(\d{1,2}\.\d{1,2}))(?!\.?\d)/i.exec(
      text,
    );
  const named = match?.[1] ?? match?.[2] ?? detachedVersion(text, "redis") ?? majorAfterRedis(text) ?? loneRedisVersion(tokens);
  if (!named) return undefined;
  const version = named.includes(".") ? named : `${named}.0`;
  if (REDIS_VERSIONS.includes(version)) return version;
  unsupported.push(phrase(`Redis ${named} (ROS offers ${REDIS_VERSIONS.join(", ")})`, `Redis ${named}（ROS 支持 ${REDIS_VERSIONS.join("、")}）`));
  return undefined;
}

/** "Redis 8GB memory", "Redis 内存 8G", "8 GB 的 Redis", "Redis 升级到 7.0，内存扩到 8G": a memory size written against Redis (sizeForKind leaves memory out). */
const REDIS_MEMORY =
  /\b(?:redis|tair)\b[^\d\n,，;；]{0,24}?(?:\d{1,2}\.\d{1,2}[^\d\n,，;；]{0,24}?)?(\d{1,3})\s{0,2}(g|gb|gib)\b|(\d{1,3})\s{0,2}(?:g|gb|gib)\s{0,3}(?:of\s{1,2})?(?:memory\s{1,2}|ram\s{1,2}|内存\s{0,2}|的\s{0,2})?(?:redis|tair)\b|\b(?:redis|tair)\b[^\n;；]{0,32}?(?:内存|memory)\s{0,2}(?:扩到|扩容到|扩至|改成|改为|调到|升到|调整为|to|为|是)?\s{0,2}(\d{1,3})\s{0,2}(?:g|gb|gib)\b/i;

/** The memory the request gives Redis, in GiB. */
function redisMemory(text: string, reading: ValueReading): number | undefined {
  const free = reading.sizeForKind("redis");
  if (free !== undefined) return free;
  const match = REDIS_MEMORY.exec(text);
  const amount = match?.[1] ?? match?.[3] ?? match?.[4];
  return amount ? Number(amount) : undefined;
}

/** The Redis values: instance class (a literal, else the class of the memory asked for) and engine version (or a named miss). */
function readRedisValues(text: string, into: RequestedValues, reading: ValueReading): void {
  const redisClass = /\b(redis\.[a-z0-9]+\.[a-z0-9]+(?:\.[a-z0-9]+)?)\b/i.exec(text)?.[1];
  if (redisClass) into.redisInstanceClass = redisClass.toLowerCase();
  const memory = redisClass ? undefined : redisMemory(text, reading);
  if (memory !== undefined) {
    const byMemory = redisClassOf(memory);
    if (byMemory) into.redisInstanceClass = byMemory;
    else
      into.unsupported.push(
        phrase(
          `a ${memory} GB Redis (standard classes hold 1, 2, 4, 8, 16, 32 or 64 GB; pick a class in the RedisInstanceClass selector)`,
          `${memory} GB 的 Redis（标准版规格为 1、2、4、8、16、32 或 64 GB；请在 RedisInstanceClass 选择器中选择规格）`,
        ),
      );
  }
  const version = redisEngineVersion(text, into.unsupported, reading.tokens);
  if (version) into.redisEngineVersion = version;
}

/** The `Fn::GetAtt` attributes of a Redis instance, shared with the catalogue's prepaid type. */
export const REDIS_INSTANCE_ATTRIBUTES =
  "ArchitectureType Bandwidth Capacity ChargeType ClassicInnerConnectionPort ClassicInnerConnectionString ConnectionDomain Connections DirectConnectionPort DirectConnectionString EngineVersion HasRenewChangeOrder InstanceClass InstanceId InstanceName InstanceType NetworkType NodeType OrderId PackageType Port PrivateIp PublicConnectionPort PublicConnectionString QPS ResourceGroupId VSwitchId VpcId VpcPrivateConnectionPort VpcPrivateConnectionString ZoneId";

export const redis: KindDefinition = {
  kind: "redis",
  label: phrase("Redis instance", "Redis 实例"),
  catalogueName: phrase("Redis", "Redis"),
  rosType: CACHE,
  rosParts: [],
  terraformType: "alicloud_kvstore_instance",
  terraformParts: [],
  nouns: /\bredis\b|\btair\b|\bcache (?:instances?|servers?)\b|缓存/gi,
  // "open the Redis port 6379" on servers opens a port; it does not buy a cache.
  notARequest: protocolMention([6379], /^(?:redis|tair)$/i),
  billable: true,
  maxCount: 3,
  needs: ["vpc", "vswitch"],
  takesAlong: [],
  values: [
    {
      sort: "engineVersion",
      label: phrase("Redis version", "Redis 版本"),
      rosType: CACHE,
      rosProperty: "EngineVersion",
      terraformType: "alicloud_kvstore_instance",
      terraformArgument: "engine_version",
    },
    { sort: "instanceClass", label: phrase("Redis class", "Redis 规格"), rosType: CACHE, rosProperty: "InstanceClass", rosParameter: "RedisInstanceClass" },
    {
      sort: "sourceRange",
      label: phrase("whitelist", "白名单"),
      rosType: CACHE,
      rosProperty: "SecurityIps",
      terraformType: "alicloud_kvstore_instance",
      terraformArgument: "security_ips",
    },
  ],
  readValues: readRedisValues,
  rosProperties: {
    "ALIYUN::REDIS::Instance": [
      "AutoRenewDuration:i BackupPolicy:m Capacity:i ChargeType:s=PrePaid|PostPaid ConnectionStringPrefix:s DeletionForce:b DeletionProtection:b",
      "EngineVersion:s=2.8|4.0|5.0|6.0|7.0 EvictionPolicy:s InstanceClass:s InstanceMaintainTime:m InstanceName:s InstanceType:s NodeType:s",
      "Password:s Period:i Port:i ReadOnlyCount:i ResourceGroupId:s SecondaryZoneId:s SecurityGroupId:s SecurityIps:s ShardCount:i SSLEnabled:s",
      "Tags:l TairMode:s VpcId:s VpcPasswordFree:b VSwitchId:s ZoneId:s",
    ].join(" "),
  },
  rosResourceTypes: {
    "ALIYUN::REDIS::Instance": spec(REDIS_INSTANCE_ATTRIBUTES),
  },
  build: { ros: buildRos, terraform: buildTerraform },
};
