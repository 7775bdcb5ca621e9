/**
 * Idempotent retries (issue 20 item 7). A client that timed out sends the same request again; it
 * must get the first request's answer, never a second turn. A request is known again by its
 * `messageId` within a context, or by the `Idempotency-Key` header it carried; its digest (the
 * sha256 of what it asked for) tells a true repeat from a different request reusing the id, which
 * is refused with -32602. The ids are stored with the row the first request wrote (the user
 * message, the push config), so they live exactly as long as that row: the retention period.
 *
 * An id or key longer than STORED_ID_MAX_CHARS is stored as its sha256, so the column stays bounded.
 */
import { sha256Hex } from "../../a2a/hex";
import { errors } from "../../a2a/errors";

/** The longest id stored as it is (a bounded column); a longer one is stored as its sha256. */
export const STORED_ID_MAX_CHARS = 128;

/** What identifies a request again: its messageId (SendMessage only) and its Idempotency-Key. */
export interface RepeatKeys {
  messageId?: string | undefined;
  key?: string | undefined;
}

/** A stored request found again: the row it wrote and the digest of what it asked for. */
export interface FoundRequest {
  taskId: string;
  turn: number;
  digest: string | null;
}

/** The stored form of an id: itself when short, else `sha256:<hex>`. */
export async function storedId(id: string | undefined): Promise<string | null> {
  if (id === undefined) return null;
  return id.length <= STORED_ID_MAX_CHARS ? id : `sha256:${await sha256Hex(id)}`;
}

/** The digest of a request's content (JSON of what it asks for, in its own key order). */
export function requestDigest(content: unknown): Promise<string> {
  return sha256Hex(JSON.stringify(content) ?? "");
}

/** The -32602 of an id reused for a different request. */
export function reusedId(field: "message.messageId" | "Idempotency-Key"): Error {
  const message =
    field === "Idempotency-Key"
      ? "Idempotency-Key was already used for a different request"
      : "message.messageId was already used in this context for a message with different parts";
  return errors.invalidParams(message, [{ field, description: "reused with different content" }]);
}
