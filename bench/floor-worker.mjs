/**
 * The floor: a Worker that answers every request with a constant response and does no other work
 * than reading the request body (an unread body costs the client its keep-alive connection).
 * JSON for everything, except a request that accepts
 * `text/event-stream` gets a constant four-event SSE body shaped like a tck-stream-001 stream.
 * Served by Miniflare/workerd exactly like the real Worker, it is the cost of the platform itself.
 */
const JSON_BODY = '{"jsonrpc":"2.0","id":1,"result":{}}';
const SSE_BODY = [
  '{"task":{"id":"t","contextId":"c","status":{"state":"TASK_STATE_SUBMITTED"}}}',
  '{"statusUpdate":{"taskId":"t","contextId":"c","status":{"state":"TASK_STATE_WORKING"}}}',
  '{"artifactUpdate":{"taskId":"t","contextId":"c","artifact":{"artifactId":"a","parts":[{"text":"x"}]},"lastChunk":true}}',
  '{"statusUpdate":{"taskId":"t","contextId":"c","status":{"state":"TASK_STATE_COMPLETED"}}}',
]
  .map((result, i) => `id: ${i + 1}\ndata: {"jsonrpc":"2.0","id":1,"result":${result}}\n\n`)
  .join("");

export default {
  async fetch(request) {
    if (request.body) await request.arrayBuffer();
    if ((request.headers.get("Accept") ?? "").includes("text/event-stream")) {
      return new Response(SSE_BODY, { headers: { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" } });
    }
    return new Response(JSON_BODY, { headers: { "Content-Type": "application/json" } });
  },
};
