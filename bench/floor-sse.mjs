/**
 * The constant four-event SSE body of the floors (floor-worker.mjs, durable-floor-worker.mjs),
 * shaped like a tck-stream-001 stream: a task, WORKING, an artifact, COMPLETED.
 */
export const SSE_BODY = [
  '{"task":{"id":"t","contextId":"c","status":{"state":"TASK_STATE_SUBMITTED"}}}',
  '{"statusUpdate":{"taskId":"t","contextId":"c","status":{"state":"TASK_STATE_WORKING"}}}',
  '{"artifactUpdate":{"taskId":"t","contextId":"c","artifact":{"artifactId":"a","parts":[{"text":"x"}]},"lastChunk":true}}',
  '{"statusUpdate":{"taskId":"t","contextId":"c","status":{"state":"TASK_STATE_COMPLETED"}}}',
]
  .map((result, i) => `id: ${i + 1}\ndata: {"jsonrpc":"2.0","id":1,"result":${result}}\n\n`)
  .join("");
