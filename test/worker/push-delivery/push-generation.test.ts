/**
 * Issue 20 item 6 in push notifications (docs/decisions.md "Generations in push notifications"): a
 * push config created by a request that activated the generation extension (`A2A-Extensions`) is
 * notified with the generation after the event, as a stream would show it; one created without it
 * gets the 1.0 payload, unchanged, whatever the request that later moves the task activates. Real
 * queue, consumer and local receiver.
 */
import { describe, expect, inject, it } from "vitest";
import { V1, ok, rpc, sleep, userMessage, type TaskLike } from "../helpers/rpc";

const receiver = inject("receiverUrl");
const GENERATION = "urn:iac-code:a2a:generation:v1";
const WITH = { ...V1, "A2A-Extensions": GENERATION };
const key = () => `gen${crypto.randomUUID().slice(0, 8)}`;

type Notification = { statusUpdate?: { taskId: string; status: { state: string }; generation?: string } };

/** The bodies the receiver logged for `k`, once there are `count` of them. */
async function notifications(k: string, count: number): Promise<Array<{ text: string; json: Notification }>> {
  const deadline = Date.now() + 40_000;
  while (Date.now() < deadline) {
    const log = (await (await fetch(`${receiver}/log/${k}`)).json()) as Array<{ body: string }>;
    if (log.length >= count) return log.map(({ body }) => ({ text: body, json: JSON.parse(body) as Notification }));
    await sleep(200);
  }
  throw new Error(`fewer than ${count} deliveries for ${k}`);
}

describe("issue 20 item 6: generations in push notifications, decided by the request that created the config", () => {
  it("an inline config of a request with the extension: the turn's last status carries the generation after it", async () => {
    const k = key();
    const { task } = await ok<{ task: TaskLike & { generation: string } }>(
      "SendMessage",
      { message: userMessage("notify me"), configuration: { taskPushNotificationConfig: { url: `${receiver}/hook/ok/${k}` } } },
      WITH,
    );
    const [first] = await notifications(k, 1);
    expect(first?.json.statusUpdate).toMatchObject({ taskId: task.id, status: { state: "TASK_STATE_INPUT_REQUIRED" }, generation: task.generation });
    expect(task.generation).toBe("5");
  });

  it("configs with and without it on one task: each keeps its creation's choice across a follow-up sent the other way", async () => {
    const { task } = await ok<{ task: TaskLike }>("SendMessage", { message: userMessage("first") });
    const withKey = key();
    const withoutKey = key();
    await ok("CreateTaskPushNotificationConfig", { taskId: task.id, id: "with", url: `${receiver}/hook/ok/${withKey}` }, WITH);
    await ok("CreateTaskPushNotificationConfig", { taskId: task.id, id: "without", url: `${receiver}/hook/ok/${withoutKey}` });
    // The follow-up itself activates nothing: the config created with the extension still shows it.
    await ok("SendMessage", { message: userMessage("second", { taskId: task.id }) });
    const [shown] = await notifications(withKey, 1);
    expect(shown?.json.statusUpdate?.generation).toBe("10");
    // The follow-up activates it: the config created without the extension still gets plain 1.0.
    await ok("SendMessage", { message: userMessage("third", { taskId: task.id }) }, WITH);
    const plain = await notifications(withoutKey, 2);
    for (const { text, json } of plain) {
      expect(json.statusUpdate?.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
      expect(text).not.toContain('"generation"');
    }
    expect((await notifications(withKey, 2))[1]?.json.statusUpdate?.generation).toBe("15");
    // The config as its owner reads it does not change with the extension.
    expect(await ok("GetTaskPushNotificationConfig", { taskId: task.id, id: "with" }, WITH)).toEqual({
      id: "with",
      taskId: task.id,
      url: `${receiver}/hook/ok/${withKey}`,
    });
  });

  it("the choice is part of the request an Idempotency-Key names: the same key with the other choice is -32602", async () => {
    const { task } = await ok<{ task: TaskLike }>("SendMessage", { message: userMessage("first") });
    const key = { "Idempotency-Key": `gen-push-${crypto.randomUUID()}` };
    const config = { taskId: task.id, id: "keyed", url: "https://hooks.example.com/keyed" };
    const first = await ok("CreateTaskPushNotificationConfig", config, { ...WITH, ...key });
    expect(await ok("CreateTaskPushNotificationConfig", config, { ...WITH, ...key })).toEqual(first);
    const other = await rpc("CreateTaskPushNotificationConfig", config, { ...V1, ...key });
    expect(other.error).toMatchObject({ code: -32602, message: "Idempotency-Key was already used for a different request" });
  });
});
