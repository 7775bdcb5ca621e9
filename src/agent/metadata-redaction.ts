/**
 * Secrets a caller passes in `metadata.iac_code` (a per-turn model key, Alibaba Cloud credentials)
 * are for the turn only: the copy of the message kept in the task's history — and so echoed by
 * GetTask, ListTasks, streams and push notifications — has them replaced, as the original's
 * metadata echo redactor does.
 */
import type { JsonObject } from "../a2a/types";

export const REDACTED = "[REDACTED]";
const SECRET_KEY = /api_key|secret|security_token|password|credential|token/i;

function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value === null || typeof value !== "object") return value;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) && typeof v === "string" ? REDACTED : redact(v);
  return out;
}

/** A copy of `metadata` with every secret-named string field replaced, at any depth. */
export function redactMetadata(metadata: JsonObject | undefined): JsonObject | undefined {
  return metadata === undefined ? undefined : (redact(metadata) as JsonObject);
}
