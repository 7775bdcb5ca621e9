/**
 * Issue 22 item 1, bytes stored per task: a ContextAgent creates its push tables (configs,
 * deliveries and their indexes: six B-trees of a 4 KiB page each) with its first push config, not
 * at construction. A context that never registers one keeps none and reads nothing for pushes; the
 * first config, by the method or inline in SendMessage, creates them and is delivered as before.
 */
import { describe, expect, inject, it } from "vitest";
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { ok, send, sleep, userMessage } from "../helpers/rpc";
import { contextAgentForTask } from "../../../src/durable/stubs";

const receiver = inject("receiverUrl");
const PUSH_TABLES = ["push_configs", "push_deliveries", "push_deliveries_state", "push_deliveries_task"];

async function pushTablesOf(taskId: string): Promise<string[]> {
  const stub = contextAgentForTask(env, taskId);
  if (!stub) throw new Error("no stub");
  return runInDurableObject(stub, (_instance: unknown, state) =>
    state.storage.sql
      .exec<{ name: string }>("SELECT name FROM sqlite_schema WHERE name LIKE 'push%' ORDER BY name")
      .toArray()
      .map((r) => r.name),
  );
}

async function receivedCount(k: string): Promise<number> {
  for (let tries = 0; tries < 200; tries++) {
    const got = (await (await fetch(`${receiver}/log/${k}`)).json()) as unknown[];
    if (got.length > 0) return got.length;
    await sleep(200);
  }
  return 0;
}

describe("issue 22 item 1: push tables are created with the first config", () => {
  it("a context without push configs keeps no push tables and answers their reads; the first config creates them and is delivered", async () => {
    const { task } = await send(userMessage("no push yet"));
    const taskId = task?.id ?? "";
    expect(await pushTablesOf(taskId)).toEqual([]);
    expect(await ok("ListTaskPushNotificationConfigs", { taskId })).toMatchObject({ configs: [] });
    expect(await pushTablesOf(taskId)).toEqual([]);

    const k = `k${crypto.randomUUID().slice(0, 8)}`;
    await ok("CreateTaskPushNotificationConfig", { taskId, id: "first", url: `${receiver}/hook/ok/${k}` });
    expect(await pushTablesOf(taskId)).toEqual(PUSH_TABLES);
    await send(userMessage("now with push", { taskId }));
    expect(await receivedCount(k)).toBeGreaterThan(0);
  });

  it("an inline config in SendMessage creates them inside the turn's opening commit", async () => {
    const k = `k${crypto.randomUUID().slice(0, 8)}`;
    const { task } = await send(userMessage("inline push"), { taskPushNotificationConfig: { url: `${receiver}/hook/ok/${k}` } });
    const taskId = task?.id ?? "";
    expect(await pushTablesOf(taskId)).toEqual(PUSH_TABLES);
    expect(await receivedCount(k)).toBeGreaterThan(0);
  });
});
