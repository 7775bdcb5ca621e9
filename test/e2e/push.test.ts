/**
 * End to end: push notifications from `wrangler dev` (local Queues and dead-letter queue) to a
 * real webhook receiver on 127.0.0.1, as a deployed server would deliver them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWranglerDev, type DevServer } from "./wrangler-dev.ts";
import { startPushReceiver, type PushReceiver } from "../support/push-receiver.ts";

let server: DevServer;
let receiver: PushReceiver;

const headers = { "Content-Type": "application/json", "A2A-Version": "1.0" };

async function rpc(method: string, params: unknown): Promise<any> {
  const res = await fetch(`${server.base}/`, { method: "POST", headers, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  return res.json();
}

async function waitFor<T>(probe: () => T | Promise<T>, done: (v: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await probe();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    value = await probe();
  }
  return value;
}

beforeAll(async () => {
  receiver = await startPushReceiver();
  server = await startWranglerDev({ IACCODE_A2A_AGENT: "conformance", IACCODE_A2A_PUSH_NOTIFICATIONS: "true", IACCODE_A2A_PUSH_ALLOW_PRIVATE: "true" });
});

afterAll(async () => {
  await server?.stop();
  await receiver?.close();
});

describe("push notifications on wrangler dev", () => {
  it("delivers once with the configured Authorization, retries a flaky receiver, dead-letters a gone one", async () => {
    const card = await (await fetch(`${server.base}/.well-known/agent-card.json`)).json();
    expect(card.capabilities.pushNotifications).toBe(true);

    const sent = await rpc("SendMessage", {
      message: { messageId: "e2e-push-1", role: "ROLE_USER", parts: [{ text: "notify me" }] },
      configuration: { taskPushNotificationConfig: { url: `${receiver.url}/hook/ok/e2e-ok`, authentication: { scheme: "Bearer", credentials: "e2e-cred" } } },
    });
    const taskId = sent.result.task.id;
    const ok = await waitFor(
      () => receiver.requests("e2e-ok"),
      (r) => r.length > 0,
    );
    expect(ok).toHaveLength(1);
    expect(ok[0]?.headers["authorization"]).toBe("Bearer e2e-cred");
    expect(JSON.parse(ok[0]?.body ?? "{}").statusUpdate.taskId).toBe(taskId);

    await rpc("CreateTaskPushNotificationConfig", { taskId, id: "flaky", url: `${receiver.url}/hook/flaky/e2e-flaky/1` });
    await rpc("CreateTaskPushNotificationConfig", { taskId, id: "gone", url: `${receiver.url}/hook/gone/e2e-gone` });
    await rpc("SendMessage", { message: { messageId: "e2e-push-2", taskId, role: "ROLE_USER", parts: [{ text: "again" }] } });

    const flaky = await waitFor(
      () => receiver.requests("e2e-flaky"),
      (r) => r.some((x) => x.status === 200),
    );
    expect(flaky.map((r) => r.status)).toEqual([503, 200]);
    expect(flaky[0]?.headers["x-a2a-notification-id"]).toBe(flaky[1]?.headers["x-a2a-notification-id"]);

    const log = await waitFor(
      async () =>
        (await (await fetch(`${server.base}/iac-code/tasks/${taskId}/push-deliveries`)).json()).deliveries as Array<{
          configId: string;
          state: string;
          lastError?: string;
        }>,
      (d) => d.some((x) => x.configId === "gone" && x.state === "dead"),
    );
    expect(log.find((d) => d.configId === "gone")).toMatchObject({ state: "dead", lastError: "The receiver answered HTTP 410." });
    expect(log.filter((d) => d.configId === "flaky").map((d) => d.state)).toEqual(["delivered"]);
  });
});
