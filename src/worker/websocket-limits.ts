/**
 * The limits of one JSON-RPC WebSocket session, shared by the session object and the extended
 * card that lists them.
 */

/**
 * The largest message a session reads: the HTTP body limit's order of magnitude, far below the
 * runtime's own per-message cap (32 MiB) and the 128 MB of an isolate, which many sockets share.
 */
export const MAX_WS_MESSAGE_BYTES = 1024 * 1024;

/**
 * Requests one socket may have unanswered at once (a stream counts until it ends): each holds a
 * Durable Object call and, for a stream, its buffered events in the session object's memory.
 */
export const MAX_WS_IN_FLIGHT = 16;

/**
 * The most a socket's attachment (owner, base URL, rate key, credential headers) may take, as UTF-8
 * JSON: workerd refuses an attachment over 16 KiB (its MAX_ATTACHMENT_SIZE); 15 KiB of JSON, which
 * counts at least as many bytes as the runtime's clone of the same strings, leaves it room for its
 * own framing. A JWT near its 16 KiB limit does not fit: such an upgrade gets 431.
 */
export const MAX_WS_ATTACHMENT_BYTES = 15 * 1024;

/** The text message the runtime answers with `pong` without waking the object. */
export const WS_PING = "ping";
export const WS_PONG = "pong";

/**
 * Close codes of a session the server ends (RFC 6455 §7.4.2: 4000–4999 are the application's),
 * named after the HTTP status a request would get in the same case.
 */
/** The credential of the upgrade has expired or is no longer accepted: reconnect with a fresh one. */
export const CLOSE_CREDENTIAL_INVALID = 4401;
/** The credential no longer carries a required scope (`IACCODE_A2A_JWT_REQUIRED_SCOPES`). */
export const CLOSE_SCOPE_LOST = 4403;

/**
 * The `Retry-After` of an upgrade refused because the caller holds `IACCODE_A2A_WS_MAX_SOCKETS_PER_CALLER`
 * sockets (issue 30 item 2): a place frees up only when one of them closes, which the server cannot
 * foresee, so this is a polite pause for a reconnect loop, short enough for an interactive client.
 */
export const WS_CAP_RETRY_AFTER_SECONDS = 10;
