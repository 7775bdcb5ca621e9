/**
 * The `Idempotency-Key` request header (issue 20 item 7; the IETF httpapi draft's header): a
 * client that retries SendMessage or CreateTaskPushNotificationConfig with the same key gets the
 * first request's answer (repeat-requests.ts). A key is 1–255 visible ASCII characters; anything
 * else is -32602 naming the header, before any object is called.
 *
 * A SendMessage that names neither a task nor a context starts a new context; with a key, that
 * context's id is derived from the key, so a retry reaches the same context object and finds its
 * first sending there instead of starting a second conversation.
 */
import { errors } from "../a2a/errors";
import { sha256Hex } from "../a2a/hex";

/** The longest key accepted (a bounded header; stored as its sha256 past STORED_ID_MAX_CHARS). */
export const IDEMPOTENCY_KEY_MAX_CHARS = 255;

const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

/** The request's key, undefined without the header; a malformed one is -32602. */
export function idempotencyKeyOf(header: string | null | undefined): string | undefined {
  if (header === null || header === undefined) return undefined;
  const key = header.trim();
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX_CHARS || !VISIBLE_ASCII.test(key)) {
    const description = `1-${IDEMPOTENCY_KEY_MAX_CHARS} visible ASCII characters`;
    throw errors.invalidParams(`Invalid Idempotency-Key header: ${description}`, [{ field: "Idempotency-Key", description }]);
  }
  return key;
}

/** The new context of a keyed SendMessage that names none: the same for every retry of the key. */
export async function keyedContextId(key: string): Promise<string> {
  return `idem-${(await sha256Hex(key)).slice(0, 40)}`;
}
