/**
 * A Redis version the request writes as a bare decimal (round ten): "Redis 4GB, 6.0, only accessible
 * from 10.0.1.0/24". The engine families (engine-values.ts) bind a version written after its engine
 * or after "version"; a decimal a value later was only looked for as a number anywhere in the
 * template, so a template with the cache left at 7.0 was "could not confirm" rather than a miss.
 * When Redis is the only engine the request names (and it asks for no RDS instance), such a decimal
 * is the cache's version and is looked for on the Redis instance alone; beside another engine it
 * stays a number, as the generator leaves it. The check's own reading of the tokens: it never calls
 * the generator's (kinds/redis/bare-version.ts). Linear: one pass over the tokens per request.
 */
import type { Token } from "../read/token";

/** "6.0", "7.0", "2.8": a decimal shaped like a Redis release. */
const RELEASE = /^\d\.\d$/;

/** Whether Redis is the request's only engine and no RDS instance is asked for. */
export function redisOnlyEngine(tokens: readonly Token[]): boolean {
  let redis = false;
  for (const token of tokens) {
    if (token.kind !== "name") continue;
    if (token.of === "engine" && token.value !== "Redis") return false;
    if (token.of === "product" && token.value === "rds") return false;
    if (token.of === "engine") redis = true;
  }
  return redis;
}

/** True when the number token is a bare decimal that can only be the Redis version (`onlyRedis`: redisOnlyEngine of the request, read once). */
export const isCacheVersion = (token: Token, onlyRedis: boolean): boolean => onlyRedis && token.kind === "number" && RELEASE.test(token.text);
