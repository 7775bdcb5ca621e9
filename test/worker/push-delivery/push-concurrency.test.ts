/**
 * Issue 23 item 7: push without head-of-line blocking. Each delivery attempt runs in its task's own
 * object with its own time-out and retry decision (issue 30 item 4: the consumer only hands jobs
 * over), so a receiver that takes seconds to answer never delays the notifications of other tasks
 * queued with it. Real queue, real consumer from wrangler.toml, real local receiver (one slow path,
 * several fast ones).
 */
import { describe, expect, inject, it } from "vitest";
import { BASE, send, sleep, userMessage, worker } from "../helpers/rpc";
import { firstArrival, received } from "../helpers/receiver-log";

const receiver = inject("receiverUrl");
const SLOW_MS = 6_000;

const key = () => `k${crypto.randomUUID().slice(0, 8)}`;

async function deliveryStates(taskId: string): Promise<string[]> {
  const res = await worker().fetch(`${BASE}/iac-code/tasks/${taskId}/push-deliveries`);
  return ((await res.json()) as { deliveries: Array<{ state: string }> }).deliveries.map((d) => d.state);
}

describe("push deliveries of a batch run concurrently (issue 23 item 7)", () => {
  it("a receiver that answers after 6 s does not delay the fast receivers queued right after it", async () => {
    const slowKey = key();
    const fastKeys = [key(), key(), key(), key()];
    // The slow task's notification is queued first, the fast ones right after it (one batch: 1 s window).
    const slow = await send(userMessage("slow"), { taskPushNotificationConfig: { url: `${receiver}/hook/slow/${slowKey}/${SLOW_MS}` } });
    const fast = await Promise.all(fastKeys.map((k) => send(userMessage("fast"), { taskPushNotificationConfig: { url: `${receiver}/hook/ok/${k}` } })));
    const slowAt = await firstArrival(receiver, slowKey, 20_000);
    expect(slowAt).toBeDefined();
    const fastAt = await Promise.all(fastKeys.map((k) => firstArrival(receiver, k, 20_000)));
    for (const at of fastAt) {
      expect(at).toBeDefined();
      // Sequential delivery would post each fast one only after the slow receiver answered (≥ 6 s).
      expect((at ?? Number.POSITIVE_INFINITY) - (slowAt ?? 0)).toBeLessThan(SLOW_MS / 2);
    }
    // Each delivery keeps its own outcome: the slow one is delivered too, once, when it answers.
    const deadline = Date.now() + 20_000;
    let states = await deliveryStates(slow.task?.id ?? "");
    while (!states.includes("delivered") && Date.now() < deadline) {
      await sleep(250);
      states = await deliveryStates(slow.task?.id ?? "");
    }
    expect(states).toEqual(["delivered"]);
    expect(await received(receiver, slowKey)).toHaveLength(1);
    for (const task of fast) expect(await deliveryStates(task.task?.id ?? "")).toEqual(["delivered"]);
  });
});
