/**
 * Which Durable Object holds what. A context lives in the ContextAgent named `owner ⟂ contextId`,
 * so two callers who pick the same contextId never meet. A task id carries its context object's
 * id, so task calls reach it in one hop; a forged id names an empty object and finds nothing.
 */
import { contextObjectIdOf } from "../a2a/ids";

const SEPARATOR = "\u27c2";

export function contextAgentFor(env: Env, owner: string, contextId: string) {
  return env.CONTEXT_AGENT.get(env.CONTEXT_AGENT.idFromName(`${owner}${SEPARATOR}${contextId}`));
}

export function contextAgentForTask(env: Env, taskId: string) {
  const hex = contextObjectIdOf(taskId);
  if (!hex) return undefined;
  try {
    return env.CONTEXT_AGENT.get(env.CONTEXT_AGENT.idFromString(hex));
  } catch {
    return undefined;
  }
}

export function taskIndexFor(env: Env, owner: string) {
  return env.TASK_INDEX.get(env.TASK_INDEX.idFromName(owner));
}
