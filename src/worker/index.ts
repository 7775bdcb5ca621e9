/** The Worker's entry: the HTTP app, the Durable Object classes and the queue consumer. */
import { app } from "./app";

export { ContextAgent } from "../durable/context-agent";
export { TaskIndex } from "../durable/task-index";

export default {
  fetch: app.fetch,
} satisfies ExportedHandler<Env>;
