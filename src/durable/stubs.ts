/**
 * How any caller (the Worker, the queue consumer, another object) addresses a Durable Object,
 * written once. A context lives in the ContextAgent named after `owner ⟂ contextId`, so two callers
 * who pick the same contextId never meet, and no owner can spell another's name (object-names.ts). A task id carries its context object's id (ids.ts), so task
 * calls reach it in one hop; a forged id names an empty object and finds nothing. The TaskIndex
 * is per owner and shard (task-index/index-layout.ts).
 */
import { contextObjectIdOf } from "../a2a/ids";
import { contextObjectName, indexObjectName, quotaObjectName } from "./object-names";

export function contextAgentFor(env: Env, owner: string, contextId: string) {
  return env.CONTEXT_AGENT.get(env.CONTEXT_AGENT.idFromName(contextObjectName(owner, contextId)));
}

/** The ContextAgent of a hex object id; undefined when the id is not one of this namespace's. */
export function contextAgentById(env: Env, hex: string) {
  try {
    return env.CONTEXT_AGENT.get(env.CONTEXT_AGENT.idFromString(hex));
  } catch {
    return undefined;
  }
}

export function contextAgentForTask(env: Env, taskId: string) {
  const hex = contextObjectIdOf(taskId);
  return hex ? contextAgentById(env, hex) : undefined;
}

export function taskIndexFor(env: Env, owner: string, shard = 0, shards = 1) {
  return env.TASK_INDEX.get(env.TASK_INDEX.idFromName(indexObjectName(owner, shard, shards)));
}

/** The owner's quota counters (owner-quota/owner-quota.ts). */
export function ownerQuotaFor(env: Env, owner: string) {
  return env.OWNER_QUOTA.get(env.OWNER_QUOTA.idFromName(quotaObjectName(owner)));
}
