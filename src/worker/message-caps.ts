/**
 * Caps on the lists of a message (issue 10, abuse limits): a message with more parts, extensions or
 * reference task ids, or metadata with more entries, than any real client sends is refused with
 * -32602 naming the field, before a Durable Object is woken. The byte limit alone would let a body
 * carry a hundred thousand empty parts, each of which costs work and storage downstream.
 */
import { errors } from "../a2a/errors";

/** Parts of one message: far above what an agent sends (a prompt and a few files). */
export const MAX_MESSAGE_PARTS = 1000;
/** Extension URIs a message may name, and task ids it may reference. */
export const MAX_MESSAGE_EXTENSIONS = 64;
export const MAX_REFERENCE_TASK_IDS = 64;
/** Entries (object members and array elements, at every depth) of one metadata object. */
export const MAX_METADATA_ENTRIES = 1000;

function entriesOf(value: unknown, budget: number): number {
  if (value === null || typeof value !== "object") return 0;
  let count = 0;
  for (const child of Array.isArray(value) ? value : Object.values(value)) {
    count += 1 + entriesOf(child, budget - count);
    if (count > budget) return count; // stop early: the cap is exceeded already
  }
  return count;
}

function refuse(field: string, description: string): never {
  throw errors.invalidParams(`Invalid parameters: ${field}: ${description}`, [{ field, description }]);
}

interface MessageLike {
  parts?: readonly unknown[];
  extensions?: readonly unknown[];
  referenceTaskIds?: readonly unknown[];
  metadata?: unknown;
}

/** Throws -32602 when a SendMessage request's lists exceed their caps. */
export function checkMessageCaps(params: { message: MessageLike; metadata?: unknown }): void {
  const { message } = params;
  if ((message.parts?.length ?? 0) > MAX_MESSAGE_PARTS) refuse("message.parts", `at most ${MAX_MESSAGE_PARTS} parts`);
  if ((message.extensions?.length ?? 0) > MAX_MESSAGE_EXTENSIONS) refuse("message.extensions", `at most ${MAX_MESSAGE_EXTENSIONS} extensions`);
  if ((message.referenceTaskIds?.length ?? 0) > MAX_REFERENCE_TASK_IDS) refuse("message.referenceTaskIds", `at most ${MAX_REFERENCE_TASK_IDS} task ids`);
  for (const [field, metadata] of [
    ["message.metadata", message.metadata],
    ["metadata", params.metadata],
  ] as const) {
    if (entriesOf(metadata, MAX_METADATA_ENTRIES) > MAX_METADATA_ENTRIES) refuse(field, `at most ${MAX_METADATA_ENTRIES} entries`);
  }
}
