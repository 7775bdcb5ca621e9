/**
 * Issue 30 item 4, the hand-off's guarantees (docs/push.md, "At least once, still"): the consumer
 * hands a job to the task's object, which runs the attempt after answering. A queue message that
 * repeats while the attempt is in flight starts no second one, and one that repeats after the
 * notification was delivered does nothing; the receiver sees one request either way. Real
 * objects, real queue and consumer, real local receiver.
 */
import { describe, expect, inject, it } from "vitest";
import { env } from "cloudflare:workers";
import { BASE, send, sleep, userMessage, worker } from "../helpers/rpc";
import { firstArrival, received } from "../helpers/receiver-log";
import { contextAgentForTask } from "../../../src/durable/stubs";
import { contextObjectIdOf } from "../../../src/a2a/ids";
import type { PushJob } from "../../../src/push/push-job";

const receiver = inject("receiverUrl");

interface Delivery {
  notificationId: string;
  configId: string;
  seq: number;
  state: string;
}

async function deliveries(taskId: string): Promise<Delivery[]> {
  const res = await worker().fetch(`${BASE}/iac-code/tasks/${taskId}/push-deliveries`);
  return ((await res.json()) as { deliveries: Delivery[] }).deliveries;
}

async function jobOf(taskId: string): Promise<PushJob> {
  const [delivery] = await deliveries(taskId);
  if (!delivery) throw new Error("no delivery recorded");
  return { contextObjectId: contextObjectIdOf(taskId) ?? "", taskId, configId: delivery.configId, seq: delivery.seq, notificationId: delivery.notificationId };
}

describe("the hand-off to the task's object (issue 30 item 4)", () => {
  it("a job repeated while its attempt is in flight starts none, and one repeated after delivery does nothing", async () => {
    const k = `h${crypto.randomUUID().slice(0, 8)}`;
    const { task } = await send(userMessage("slow"), { taskPushNotificationConfig: { url: `${receiver}/hook/slow/${k}/3000` } });
    const taskId = task?.id ?? "";
    expect(await firstArrival(receiver, k, 20_000)).toBeDefined();
    const job = await jobOf(taskId);
    const agent = contextAgentForTask(env, taskId);
    // The receiver has the request and has not answered yet: the attempt is in flight.
    expect(await agent?.dispatchPush(job)).toBe("started");
    const deadline = Date.now() + 20_000;
    while ((await deliveries(taskId))[0]?.state !== "delivered" && Date.now() < deadline) await sleep(200);
    expect((await deliveries(taskId))[0]?.state).toBe("delivered");
    // Settled: a late repeat of the queue message has nothing left to do.
    expect(await agent?.dispatchPush(job)).toBe("gone");
    await sleep(500);
    expect(await received(receiver, k)).toHaveLength(1);
  });
});
