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

/** The text message the runtime answers with `pong` without waking the object. */
export const WS_PING = "ping";
export const WS_PONG = "pong";
