/**
 * Two owners of the owner-limits project (vitest.config.ts): the static bearer token and the API
 * key are two principals, so the same Worker serves two owners whose limits must not touch.
 */
import { V1, ok, type TaskLike } from "../helpers/rpc";

export const OWNER_A = { ...V1, Authorization: "Bearer owner-a-token-0001" };
export const OWNER_B = { ...V1, "X-API-Key": "owner-b-key-0001" };

/** SendMessage as one owner. */
export function sendAs(owner: Record<string, string>, message: Record<string, unknown>, configuration?: Record<string, unknown>): Promise<{ task?: TaskLike }> {
  return ok("SendMessage", { message, ...(configuration ? { configuration } : {}) }, owner);
}
