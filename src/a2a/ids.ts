/**
 * Protocol id rules of the original (`types.py`): task and context ids are non-empty, at most
 * 128 characters, letters, digits, `_`, `.`, `:` and `-` only.
 */

import { randomHex } from "./random-hex";

export const MAX_ID_LENGTH = 128;
const ID_PATTERN = /^[A-Za-z0-9_.:-]+$/;

export function isValidId(value: string): boolean {
  return value.length > 0 && value.length <= MAX_ID_LENGTH && ID_PATTERN.test(value);
}

/**
 * Server task ids carry the id of the Durable Object that holds the task (`<64 hex>.<16 hex>`),
 * so a call that names only a task reaches its context in one hop, with no lookup table.
 */
export function newTaskId(contextObjectId: string): string {
  return `${contextObjectId}.${randomHex(8)}`;
}

const TASK_ID_PATTERN = /^([0-9a-f]{64})\.[0-9a-f]{16}$/;

/** The context object id inside a server task id, or undefined for an id we never issued. */
export function contextObjectIdOf(taskId: string): string | undefined {
  return TASK_ID_PATTERN.exec(taskId)?.[1];
}

/** Shortens an untrusted id before it is echoed in an error message. */
export function echoId(value: string): string {
  return value.length > MAX_ID_LENGTH ? `${value.slice(0, MAX_ID_LENGTH)}…` : value;
}
