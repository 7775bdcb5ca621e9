/**
 * The push delivery log of a task (an iac-code extension, not an A2A method):
 *   GET /iac-code/tasks/:taskId/push-deliveries
 * One row per notification with its state (`pending`, `delivered`, `dead`) and, for dead letters,
 * the sanitized last error. Only the task's owner sees it.
 */
import { Hono } from "hono";
import { isValidId } from "../a2a/ids";
import { contextAgentForTask } from "../durable/stubs";

export const deliveryLogRoute = new Hono<{ Bindings: Env; Variables: { owner: string } }>();

deliveryLogRoute.get("/iac-code/tasks/:taskId/push-deliveries", async (c) => {
  const taskId = c.req.param("taskId");
  const stub = isValidId(taskId) ? contextAgentForTask(c.env, taskId) : undefined;
  const outcome = stub ? await stub.pushDeliveries(c.var.owner, taskId) : undefined;
  if (!outcome?.ok) return c.json({ error: "Task not found" }, 404);
  return c.json({ taskId, deliveries: outcome.value });
});
