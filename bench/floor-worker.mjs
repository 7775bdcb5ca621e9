/**
 * The floor: a Worker that answers every request with a constant response and does no other work
 * than reading the request body (an unread body costs the client its keep-alive connection).
 * JSON for everything, except a request that accepts
 * `text/event-stream` gets a constant four-event SSE body shaped like a tck-stream-001 stream.
 * Served by Miniflare/workerd exactly like the real Worker, it is the cost of the platform itself.
 */
import { SSE_BODY } from "./floor-sse.mjs";

const JSON_BODY = '{"jsonrpc":"2.0","id":1,"result":{}}';

export default {
  async fetch(request) {
    if (request.body) await request.arrayBuffer();
    if ((request.headers.get("Accept") ?? "").includes("text/event-stream")) {
      return new Response(SSE_BODY, { headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" } });
    }
    return new Response(JSON_BODY, { headers: { "Content-Type": "application/json" } });
  },
};
