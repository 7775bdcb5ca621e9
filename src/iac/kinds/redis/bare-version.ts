/**
 * A Redis version written without "version" right after the engine (round ten): "Redis 4GB, 6.0,
 * only accessible from 10.0.1.0/24" and "redis 5". The kind's grammar (index.ts) reads "Redis 6.0",
 * "Redis 版本 6.0" and a detached "版本 6.0"; a version a value later, or a major version without a
 * dot, was read by nobody, so the instance kept the default 7.0 while the user asked for 6.0.
 * A bare "6.0" is the cache's only when Redis is the request's only engine: beside an RDS it may be
 * the database's, and the engine does not guess. Linear: one pass over the tokens, one bounded regex.
 */
import type { Token } from "../../read/token";

/** The EngineVersion values of ALIYUN::REDIS::Instance still sold; a bare decimal is read only as one of them. */
export const REDIS_VERSIONS = ["4.0", "5.0", "6.0", "7.0"];

/**
 * "redis 5", "Tair 6": a major version right after the engine, never a count, a size or a port
 * ("Redis 2 nodes", "redis 4 GB", "Redis 6379").
 */
const MAJOR_AFTER_ENGINE =
  /\b(?:redis|tair)\s{1,3}([4-7])(?![\d.]|\s{0,3}(?:nodes?\b|instances?\b|replicas?\b|shards?\b|copies\b|clusters?\b|x\b|[gmt](?:i?b)?\b|个|台|节点|副本|分片|套|组))/i;

/** The major version right after "Redis", as "5.0". */
export function majorAfterRedis(text: string): string | undefined {
  const major = MAJOR_AFTER_ENGINE.exec(text)?.[1];
  return major ? `${major}.0` : undefined;
}

/** True when every engine the request names is Redis and it asks for no RDS instance. */
function redisIsTheOnlyEngine(tokens: readonly Token[]): boolean {
  let redis = false;
  for (const token of tokens) {
    if (token.kind !== "name") continue;
    if (token.of === "engine") {
      if (token.value !== "Redis") return false;
      redis = true;
    } else if (token.of === "product" && token.value === "rds") return false;
  }
  return redis;
}

/** "Redis 4GB, 6.0": a lone decimal that is a sold Redis version, when Redis is the only engine asked for. */
export function loneRedisVersion(tokens: readonly Token[]): string | undefined {
  if (!redisIsTheOnlyEngine(tokens)) return undefined;
  return tokens.find((token) => token.kind === "number" && REDIS_VERSIONS.includes(token.text))?.text;
}
