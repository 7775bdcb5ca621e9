/** The Worker's entry: the HTTP app, the Durable Object classes and the queue consumer. */
import { app } from "./app";
import { handlePushBatch } from "../queues/push-consumer";
import type { PushJob } from "../push/push-job";

export { ContextAgent } from "../durable/context-agent";
export { TaskIndex } from "../durable/task-index";
export { WebSocketSession } from "./websocket-session";

export default {
  fetch: app.fetch,
  queue: handlePushBatch,
} satisfies ExportedHandler<Env, PushJob>;
