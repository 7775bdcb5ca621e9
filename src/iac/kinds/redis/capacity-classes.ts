/**
 * "Redis 8 GB", "4G 的 Redis", "a 16 GB cache": the memory a Redis instance is asked for, as the
 * standard (master-replica) community-edition class of that capacity. Engineers size a cache by its
 * memory, and ROS and Terraform take a class, not a capacity (the current `ALIYUN::REDIS::Instance`
 * has no `Capacity` property). A capacity this table does not hold gets no guessed class: the
 * reply names it as not expressed, and the class selector stays open.
 */

/** Memory (GiB) → the standard master-replica class of that capacity. */
const STANDARD_CLASSES: ReadonlyMap<number, string> = new Map([
  [1, "redis.master.small.default"],
  [2, "redis.master.mid.default"],
  [4, "redis.master.stand.default"],
  [8, "redis.master.large.default"],
  [16, "redis.master.2xlarge.default"],
  [32, "redis.master.4xlarge.default"],
  [64, "redis.master.8xlarge.default"],
]);

/** The class of a capacity in GiB, if the table holds one. */
export function redisClassOf(gib: number): string | undefined {
  return STANDARD_CLASSES.get(gib);
}

/** The capacity (GiB) of a standard class, so the request check can read "8 GB" in `redis.master.large.default`. */
export function capacityOfRedisClass(instanceClass: string): number | undefined {
  for (const [gib, name] of STANDARD_CLASSES) if (name === instanceClass) return gib;
  return undefined;
}
