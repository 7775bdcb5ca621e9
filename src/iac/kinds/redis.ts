/** The Redis (Tair) instance: billed by the hour; inside the VPC only. */
import { phrase } from "../request-language";
import type { KindDefinition } from "./kind";
import { protocolMention } from "./protocol-mention";

const CACHE = "ALIYUN::REDIS::Instance";

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
};
