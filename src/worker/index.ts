/** The Worker's entry: the HTTP app, the Durable Object classes and the queue consumer. */
import { app } from "./app";
import { publicFront } from "./public-front";
import { handlePushBatch } from "../queues/push-consumer";
import type { PushJob } from "../push/push-job";

export { ContextAgent } from "../durable/context/context-agent";
export { TaskIndex } from "../durable/task-index/task-index";
export { OwnerQuota } from "../durable/owner-quota/owner-quota";
export { WebSocketSession } from "./websocket-session";

export default {
  fetch: (request: Request, env: Env, ctx: ExecutionContext) => publicFront(request, env) ?? app.fetch(request, env, ctx),
  queue: handlePushBatch,
} satisfies ExportedHandler<Env, PushJob>;
