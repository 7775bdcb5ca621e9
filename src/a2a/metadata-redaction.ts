/**
 * Secrets a caller passes in `metadata.iac_code` (a per-turn model key, Alibaba Cloud credentials)
 * are for the turn only: the copy of the message kept in the task's history — and so echoed by
 * GetTask, ListTasks, streams and push notifications — has them replaced, as the original's
 * metadata echo redactor does. Every value under a secret-named key (the shared list of
 * `src/a2a/secret-names.ts`) becomes `[REDACTED]`, whatever it is: a string, a number, an object or
 * an array. Other values are walked to any depth, arrays included.
 */
import type { JsonObject } from "./types";
import { isSecretName } from "./secret-names";
import { REDACTED } from "./sanitize-error";

export { REDACTED };

function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value === null || typeof value !== "object") return value;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(value)) {
    // defineProperty: a `__proto__` key from JSON.parse stays a plain own field of the copy.
    Object.defineProperty(out, k, { value: isSecretName(k) && v !== null ? REDACTED : redact(v), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** A copy of `metadata` with every value under a secret-named key replaced, at any depth. */
export function redactMetadata(metadata: JsonObject | undefined): JsonObject | undefined {
  return metadata === undefined ? undefined : (redact(metadata) as JsonObject);
}
