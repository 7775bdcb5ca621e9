/**
 * Issue 30 item 4: push fair across owners. Owner A's receivers answer only after 9 s (a slow
 * receiver, just inside the 10 s delivery time-out); owner B's notification, queued right behind
 * A's dozen, must reach B's receiver within one delivery time-out of B's turn, whatever A's
 * receivers do. Before, the consumer ran the attempts itself and took one batch after another, so
 * B's notification waited for A's: at least one 9 s wave per batch ahead of it. Real queue, real
 * consumer from wrangler.toml, real local receiver (test/support/push-receiver.ts).
 */
import { describe, expect, inject, it } from "vitest";
import { BASE, sleep, userMessage, worker } from "../helpers/rpc";
import { firstArrival, received } from "../helpers/receiver-log";
import { PUSH_DELIVERY_TIMEOUT_MS } from "../../../src/push/delivery-attempt";
import { OWNER_A, OWNER_B, sendAs } from "./owners";

const receiver = inject("receiverUrl");
const SLOW_MS = 9_000;
const SLOW_RECEIVERS = 12;

const key = () => `k${crypto.randomUUID().slice(0, 8)}`;

async function states(owner: Record<string, string>, taskId: string): Promise<string[]> {
  const res = await worker().fetch(`${BASE}/iac-code/tasks/${taskId}/push-deliveries`, { headers: owner });
  return ((await res.json()) as { deliveries: Array<{ state: string }> }).deliveries.map((d) => d.state);
}

describe("push fair across owners (issue 30 item 4)", () => {
  it("another owner's notification arrives within one delivery time-out while a dozen slow receivers of one owner wait", async () => {
    const slowKeys = Array.from({ length: SLOW_RECEIVERS }, key);
    const slow = await Promise.all(
      slowKeys.map((k) => sendAs(OWNER_A, userMessage("slow"), { taskPushNotificationConfig: { url: `${receiver}/hook/slow/${k}/${SLOW_MS}` } })),
    );
    // A's notifications are queued; B's turn ends right after them.
    const fastKey = key();
    const fast = await sendAs(OWNER_B, userMessage("fast"), { taskPushNotificationConfig: { url: `${receiver}/hook/ok/${fastKey}` } });
    const fastTurnEnd = Date.now();
    const fastAt = await firstArrival(receiver, fastKey, 60_000);
    expect(fastAt).toBeDefined();
    expect((fastAt ?? Number.POSITIVE_INFINITY) - fastTurnEnd).toBeLessThan(PUSH_DELIVERY_TIMEOUT_MS);
    expect(await states(OWNER_B, fast.task?.id ?? "")).toEqual(["delivered"]);

    // A's slow receivers are served too, each once, when they answer.
    const deadline = Date.now() + 40_000;
    let slowStates = await Promise.all(slow.map((s) => states(OWNER_A, s.task?.id ?? "")));
    while (slowStates.some((s) => s[0] !== "delivered") && Date.now() < deadline) {
      await sleep(500);
      slowStates = await Promise.all(slow.map((s) => states(OWNER_A, s.task?.id ?? "")));
    }
    expect(slowStates).toEqual(slow.map(() => ["delivered"]));
    for (const k of slowKeys) expect(await received(receiver, k)).toHaveLength(1);
  });
});
