/**
 * Push notifications through Cloudflare Queues (spec §3.1.7–§3.1.10, §4.3.3; contract §8), with
 * the real queue, dead-letter queue and consumer of wrangler.toml and a real local receiver.
 */
import { describe, expect, inject, it } from "vitest";
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { BASE, ok, rpc, send, sleep, userMessage, worker } from "../helpers/rpc";
import { parseKeyring } from "../../../src/push/secret-box";
import { contextAgentForTask } from "../../../src/durable/stubs";
import type { ContextAgent } from "../../../src/durable/context/context-agent";
import { PUSH_LOST_TEXT, PUSH_MAX_REQUEUES, PUSH_REQUEUE_AFTER_MS } from "../../../src/durable/context/lifecycle";

const receiver = inject("receiverUrl");

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
  status: number;
  at: number;
}

interface Delivery {
  notificationId: string;
  configId: string;
  seq: number;
  state: string;
  lastError?: string;
}

const key = () => `k${crypto.randomUUID().slice(0, 8)}`;

async function received(k: string): Promise<Received[]> {
  return (await (await fetch(`${receiver}/log/${k}`)).json()) as Received[];
}

async function deliveries(taskId: string): Promise<Delivery[]> {
  const res = await worker().fetch(`${BASE}/iac-code/tasks/${taskId}/push-deliveries`);
  return ((await res.json()) as { deliveries: Delivery[] }).deliveries;
}

async function until<T>(probe: () => Promise<T>, done: (v: T) => boolean, ms = 40_000): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await probe();
  while (!done(value) && Date.now() < deadline) {
    await sleep(200);
    value = await probe();
  }
  return value;
}

const pushConfig = (url: string, extra: Record<string, unknown> = {}) => ({ url, ...extra });

describe("push config methods (spec §3.1.7–§3.1.10)", () => {
  it("the card advertises pushNotifications", async () => {
    const card = (await (await worker().fetch(`${BASE}/.well-known/agent-card.json`)).json()) as { capabilities: { pushNotifications: boolean } };
    expect(card.capabilities.pushNotifications).toBe(true);
  });

  it("accepts the proto (snake_case) field names of every push config method (decisions.md: request field names)", async () => {
    const k = key();
    const { task } = await send(userMessage("x"), { task_push_notification_config: { url: `${receiver}/hook/ok/${k}`, id: "inline" } });
    const taskId = task?.id ?? "";
    expect(
      await until(
        () => received(k),
        (r) => r.length > 0,
      ),
    ).toHaveLength(1);
    const created = await ok("CreateTaskPushNotificationConfig", { task_id: taskId, id: "snake", url: "https://hooks.example.com/snake" });
    expect(created).toEqual({ id: "snake", taskId, url: "https://hooks.example.com/snake" });
    expect(await ok("GetTaskPushNotificationConfig", { task_id: taskId, id: "snake" })).toEqual(created);
    const list = await ok<{ configs: Array<{ id: string }> }>("ListTaskPushNotificationConfigs", { task_id: taskId, page_size: 10 });
    expect(list.configs.map((c) => c.id).sort()).toEqual(["inline", "snake"]);
    expect(await ok("DeleteTaskPushNotificationConfig", { task_id: taskId, id: "snake" })).toEqual({});
  });

  it("the A2A 0.3 methods: set, get, list, delete in the 0.3 shapes, on the same configs as 1.0", async () => {
    const { task } = await send(userMessage("x"));
    const taskId = task?.id ?? "";
    const v03 = async (method: string, params: unknown) => {
      const res = await worker().fetch(`${BASE}/`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
      });
      return (await res.json()) as { result?: any; error?: { code: number } };
    };
    const set = await v03("tasks/pushNotificationConfig/set", {
      taskId,
      pushNotificationConfig: {
        id: "hook-03",
        url: "https://hooks.example.com/v03",
        token: "tok",
        authentication: { schemes: ["Bearer"], credentials: "c-03" },
      },
    });
    expect(set.result).toEqual({
      taskId,
      pushNotificationConfig: { id: "hook-03", url: "https://hooks.example.com/v03", authentication: { schemes: ["Bearer"] } },
    });
    expect((await v03("tasks/pushNotificationConfig/get", { id: taskId, pushNotificationConfigId: "hook-03" })).result).toEqual(set.result);
    expect(await ok("GetTaskPushNotificationConfig", { taskId, id: "hook-03" })).toMatchObject({ id: "hook-03", authentication: { scheme: "Bearer" } });
    expect((await v03("tasks/pushNotificationConfig/list", { id: taskId })).result).toEqual([set.result]);
    expect((await v03("tasks/pushNotificationConfig/delete", { id: taskId, pushNotificationConfigId: "hook-03" })).result).toBeNull();
    expect((await v03("tasks/pushNotificationConfig/get", { id: taskId, pushNotificationConfigId: "hook-03" })).error?.code).toBe(-32001);
  });

  it("create, get, list, delete round trip, secrets never echoed, delete idempotent", async () => {
    const { task } = await send({ ...userMessage("x"), messageId: "tck-complete-task-p1" });
    const taskId = task?.id ?? "";
    const created = await ok("CreateTaskPushNotificationConfig", {
      taskId,
      id: "hook-1",
      url: "https://hooks.example.com/a2a",
      token: "notify-token",
      authentication: { scheme: "Bearer", credentials: "callback-secret" },
    });
    expect(created).toEqual({ id: "hook-1", taskId, url: "https://hooks.example.com/a2a", authentication: { scheme: "Bearer" } });
    const defaulted = await ok<{ id: string }>("CreateTaskPushNotificationConfig", { taskId, url: "https://hooks.example.com/other" });
    expect(defaulted.id).toBe(taskId);
    expect(await ok("GetTaskPushNotificationConfig", { taskId, id: "hook-1" })).toEqual(created);
    const list = await ok<{ configs: Array<{ id: string }>; nextPageToken: string }>("ListTaskPushNotificationConfigs", { taskId });
    expect(list.configs.map((c) => c.id).sort()).toEqual(["hook-1", taskId].sort());
    expect(list.nextPageToken).toBe("");
    expect(JSON.stringify(list)).not.toContain("callback-secret");
    expect(await ok("DeleteTaskPushNotificationConfig", { taskId, id: "hook-1" })).toEqual({});
    expect(await ok("DeleteTaskPushNotificationConfig", { taskId, id: "hook-1" })).toEqual({});
    const gone = await rpc("GetTaskPushNotificationConfig", { taskId, id: "hook-1" });
    expect(gone.error).toMatchObject({ code: -32001, message: `Push notification config hook-1 not found for task ${taskId}` });
  });

  it("stores secrets sealed, never in the clear", async () => {
    const { task } = await send(userMessage("x"));
    const taskId = task?.id ?? "";
    await ok("CreateTaskPushNotificationConfig", {
      taskId,
      id: "sealed",
      url: "https://hooks.example.com/a2a",
      token: "plain-token-value",
      authentication: { scheme: "Bearer", credentials: "plain-credential-value" },
    });
    const stub = contextAgentForTask(env, taskId);
    if (!stub) throw new Error("no stub");
    const rows = await runInDurableObject(stub, (_i: ContextAgent, state) => state.storage.sql.exec("SELECT * FROM push_configs").toArray());
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain("plain-token-value");
    expect(dump).not.toContain("plain-credential-value");
    expect(dump).toMatch(/v1\.k2\./);
  });

  it("-32001 for an unknown task, -32602 for bad URLs, bad auth and past the cap", async () => {
    expect((await rpc("CreateTaskPushNotificationConfig", { taskId: "nope", url: "https://hooks.example.com/a2a" })).error?.code).toBe(-32001);
    expect((await rpc("ListTaskPushNotificationConfigs", { taskId: "nope" })).error?.code).toBe(-32001);
    const { task } = await send(userMessage("x"));
    const taskId = task?.id ?? "";
    const refusals: Array<[unknown, string]> = [
      [{ url: "ftp://hooks.example.com/a2a" }, "A2A push callback URL must be http or https"],
      [{ url: "https://user:pw@hooks.example.com/a2a" }, "A2A push callback URL must not contain credentials"],
      [{ url: "https://hooks.example.com/a\r\nX-Evil: 1" }, "A2A push callback URL must not contain control characters"],
      [
        { url: "https://hooks.example.com/a2a", authentication: { scheme: "Bearer", credentials: "x\r\nX-Evil: 1" } },
        "A2A push authentication credentials must not contain control characters",
      ],
      [{ url: "https://hooks.example.com/a2a", id: "../bad" }, "Invalid A2A id"],
    ];
    for (const [params, message] of refusals) {
      const res = await rpc("CreateTaskPushNotificationConfig", { taskId, ...(params as object) });
      expect(res.error, message).toMatchObject({ code: -32602, message });
    }
    for (const id of ["a", "b", "c"]) await ok("CreateTaskPushNotificationConfig", { taskId, id, url: "https://hooks.example.com/a2a" });
    const capped = await rpc("CreateTaskPushNotificationConfig", { taskId, id: "d", url: "https://hooks.example.com/a2a" });
    expect(capped.error).toMatchObject({ code: -32602, message: "A2A task already has the maximum of 3 push notification configs" });
    expect(await ok("CreateTaskPushNotificationConfig", { taskId, id: "a", url: "https://hooks.example.com/replaced" })).toMatchObject({
      url: "https://hooks.example.com/replaced",
    });
  });

  it("an invalid inline config refuses the message before any task exists", async () => {
    const res = await rpc("SendMessage", {
      message: userMessage("x", { contextId: "inline-bad" }),
      configuration: { taskPushNotificationConfig: { url: "gopher://x" } },
    });
    expect(res.error).toMatchObject({ code: -32602, message: "A2A push callback URL must be http or https" });
    expect((await ok<{ totalSize: number }>("ListTasks", { contextId: "inline-bad" })).totalSize).toBe(0);
  });
});

describe("delivery through the queue (spec §4.3.3)", () => {
  it("delivers at the end of a turn: StreamResponse JSON, a2a+json, Authorization, token and a notification id", async () => {
    const k = key();
    const { task } = await send(userMessage("push me"), {
      taskPushNotificationConfig: pushConfig(`${receiver}/hook/ok/${k}`, { token: "tok-1", authentication: { scheme: "Bearer", credentials: "cred-1" } }),
    });
    const got = await until(
      () => received(k),
      (r) => r.length > 0,
    );
    expect(got).toHaveLength(1);
    const [request] = got;
    expect(request?.headers["content-type"]).toBe("application/a2a+json");
    expect(request?.headers["authorization"]).toBe("Bearer cred-1");
    expect(request?.headers["x-a2a-notification-token"]).toBe("tok-1");
    expect(request?.headers["x-a2a-notification-id"]).toMatch(new RegExp(`^${task?.id}:\\d+:${task?.id}$`));
    const body = JSON.parse(request?.body ?? "{}");
    expect(body.statusUpdate).toMatchObject({ taskId: task?.id, contextId: task?.contextId, status: { state: "TASK_STATE_INPUT_REQUIRED" } });
    const log = await until(
      () => deliveries(task?.id ?? ""),
      (d) => d[0]?.state === "delivered",
    );
    expect(log).toEqual([expect.objectContaining({ state: "delivered", configId: task?.id })]);
  });

  it("a config registered through A2A 0.3 (inline or set) is notified in the 0.3 shape: the Task; a 1.0 config on the same task stays 1.0", async () => {
    const k03 = key();
    const kSet = key();
    const k10 = key();
    const v03 = async (method: string, params: unknown) => {
      const res = await worker().fetch(`${BASE}/`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
      });
      return ((await res.json()) as { result?: any; error?: { code: number } }).result;
    };
    const task = await v03("message/send", {
      message: { kind: "message", messageId: `m03-${k03}`, role: "user", parts: [{ kind: "text", text: "notify me in 0.3" }] },
      configuration: { pushNotificationConfig: { url: `${receiver}/hook/ok/${k03}`, token: "tok-03" } },
    });
    expect(task.status.state).toBe("input-required");
    const inline = await until(
      () => received(k03),
      (r) => r.length > 0,
    );
    expect(JSON.parse(inline[0]?.body ?? "{}")).toEqual({
      kind: "task",
      id: task.id,
      contextId: task.contextId,
      status: { state: "input-required", message: expect.objectContaining({ kind: "message", role: "agent" }), timestamp: expect.any(String) },
    });
    expect(inline[0]?.headers["x-a2a-notification-token"]).toBe("tok-03");

    await v03("tasks/pushNotificationConfig/set", { taskId: task.id, pushNotificationConfig: { id: "set-03", url: `${receiver}/hook/ok/${kSet}` } });
    await ok("CreateTaskPushNotificationConfig", { taskId: task.id, id: "v1", url: `${receiver}/hook/ok/${k10}` });
    await ok("CancelTask", { id: task.id });
    const viaSet = await until(
      () => received(kSet),
      (r) => r.length > 0,
    );
    expect(JSON.parse(viaSet[0]?.body ?? "{}")).toMatchObject({ kind: "task", id: task.id, status: { state: "canceled" } });
    const viaV1 = await until(
      () => received(k10),
      (r) => r.length > 0,
    );
    expect(JSON.parse(viaV1[0]?.body ?? "{}").statusUpdate).toMatchObject({ taskId: task.id, status: { state: "TASK_STATE_CANCELED" } });
  });

  it("retries transient failures with backoff and the same notification id, then delivers", async () => {
    const k = key();
    const { task } = await send(userMessage("flaky"), { taskPushNotificationConfig: pushConfig(`${receiver}/hook/flaky/${k}/2`) });
    const got = await until(
      () => received(k),
      (r) => r.some((x) => x.status === 200),
    );
    expect(got.map((r) => r.status)).toEqual([503, 503, 200]);
    expect(new Set(got.map((r) => r.headers["x-a2a-notification-id"])).size).toBe(1);
    expect((got[1]?.at ?? 0) - (got[0]?.at ?? 0)).toBeGreaterThanOrEqual(900);
    expect((got[2]?.at ?? 0) - (got[1]?.at ?? 0)).toBeGreaterThanOrEqual(1800);
    expect(
      await until(
        () => deliveries(task?.id ?? ""),
        (d) => d[0]?.state === "delivered",
      ),
    ).toMatchObject([{ state: "delivered" }]);
  });

  it("a permanent failure goes to the dead-letter queue and is recorded for the owner", async () => {
    const k = key();
    const { task } = await send(userMessage("gone"), { taskPushNotificationConfig: pushConfig(`${receiver}/hook/gone/${k}`) });
    const log = await until(
      () => deliveries(task?.id ?? ""),
      (d) => d[0]?.state === "dead",
    );
    expect(log[0]).toMatchObject({ state: "dead", lastError: "The receiver answered HTTP 410." });
    expect((await received(k)).map((r) => r.status)).toEqual([410]);
  });

  it("does not follow redirects", async () => {
    const k = key();
    const { task } = await send(userMessage("redirect"), { taskPushNotificationConfig: pushConfig(`${receiver}/hook/redirect/${k}`) });
    const log = await until(
      () => deliveries(task?.id ?? ""),
      (d) => d[0]?.state === "dead",
    );
    expect(log[0]?.lastError).toBe("The receiver answered HTTP 302.");
    expect((await received(k)).map((r) => r.path)).toEqual([`/hook/redirect/${k}`]);
  });

  it("gives up after 5 attempts and records the last error", async () => {
    const k = key();
    const { task } = await send(userMessage("down"), { taskPushNotificationConfig: pushConfig(`${receiver}/hook/down/${k}`) });
    const log = await until(
      () => deliveries(task?.id ?? ""),
      (d) => d[0]?.state === "dead",
      55_000,
    );
    expect(log[0]?.lastError).toBe("Delivery failed after all attempts. The receiver answered HTTP 500.");
    expect((await received(k)).length).toBe(5);
  }, 60_000);

  it("keeps configs sealed with an older key working after rotation", async () => {
    const k = key();
    const { task } = await send(userMessage("rotate me"));
    const taskId = task?.id ?? "";
    const oldRing = parseKeyring("k1:AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE=");
    if (!oldRing) throw new Error("no keyring");
    const sealed = await oldRing.encrypt("rotated-credential", `${taskId}/old-config`);
    const stub = contextAgentForTask(env, taskId);
    if (!stub) throw new Error("no stub");
    // The config is stored as usual (a context creates its push tables with its first config),
    // then its credentials are replaced by the older key's sealing, as a config stored before the
    // rotation holds them.
    await ok("CreateTaskPushNotificationConfig", {
      taskId,
      id: "old-config",
      url: `${receiver}/hook/ok/${k}`,
      authentication: { scheme: "Bearer", credentials: "current-credential" },
    });
    await runInDurableObject(stub, (_i: ContextAgent, state) => {
      state.storage.sql.exec("UPDATE push_configs SET sealed_credentials = ? WHERE task_id = ? AND id = 'old-config'", sealed, taskId);
    });
    await send(userMessage("again", { taskId }));
    const got = await until(
      () => received(k),
      (r) => r.length > 0,
    );
    expect(got[0]?.headers["authorization"]).toBe("Bearer rotated-credential");
  });

  it("a failure to enqueue never fails the task; the delivery stays pending, and the alarm re-sends it with the same notification id", async () => {
    const k = key();
    const { task } = await send(userMessage("queue down"));
    const taskId = task?.id ?? "";
    await ok("CreateTaskPushNotificationConfig", { taskId, id: "q", url: `${receiver}/hook/ok/${k}` });
    const stub = contextAgentForTask(env, taskId);
    if (!stub) throw new Error("no stub");
    // Fault injection: the platform's queue binding refuses every send for this object.
    let objectEnv: Env | undefined;
    await runInDurableObject(stub, (instance: ContextAgent) => {
      const holder = (instance as unknown as { state: { env: Env } }).state;
      objectEnv = holder.env;
      (holder as { env: Env }).env = {
        ...objectEnv,
        PUSH_QUEUE: {
          send: () => Promise.reject(new Error("Queue unavailable")),
          sendBatch: () => Promise.reject(new Error("Queue unavailable")),
        } as unknown as Queue,
      };
    });
    const again = (await send(userMessage("next", { taskId }))).task;
    expect(again?.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
    const pending = (await deliveries(taskId)).at(-1);
    expect(pending).toMatchObject({ configId: "q", state: "pending" });
    expect(await received(k)).toHaveLength(0);

    // The queue is back; the delivery is older than the retry window: its message was lost.
    await runInDurableObject(stub, (instance: ContextAgent, state) => {
      (instance as unknown as { state: { env: Env } }).state.env = objectEnv as Env;
      state.storage.sql.exec("UPDATE push_deliveries SET updated_ms = updated_ms - ?", PUSH_REQUEUE_AFTER_MS + 1000);
    });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const got = await until(
      () => received(k),
      (r) => r.length > 0,
    );
    expect(got).toHaveLength(1);
    expect(got[0]?.headers["x-a2a-notification-id"]).toBe(pending?.notificationId);
    const done = await until(
      () => deliveries(taskId),
      (log) => log.at(-1)?.state === "delivered",
    );
    expect(done.at(-1)).toMatchObject({ notificationId: pending?.notificationId, state: "delivered" });
  });

  it("a delivery whose queue message is lost again and again ends dead with a clear error once its re-sends are spent", async () => {
    const { task } = await send(userMessage("lost"));
    const taskId = task?.id ?? "";
    const k = key();
    await ok("CreateTaskPushNotificationConfig", { taskId, id: "lost", url: `${receiver}/hook/ok/${k}` });
    const stub = contextAgentForTask(env, taskId);
    if (!stub) throw new Error("no stub");
    // A pending delivery whose message was lost PUSH_MAX_REQUEUES times already.
    await runInDurableObject(stub, (_instance: ContextAgent, state) => {
      state.storage.sql.exec(
        "INSERT INTO push_deliveries (notification_id, task_id, config_id, seq, state, updated_ms, requeues) VALUES (?, ?, 'lost', 1, 'pending', ?, ?)",
        `${taskId}:1:lost`,
        taskId,
        Date.now() - PUSH_REQUEUE_AFTER_MS - 1000,
        PUSH_MAX_REQUEUES,
      );
    });
    await runDurableObjectAlarm(stub);
    const log = await deliveries(taskId);
    expect(log.find((d) => d.notificationId === `${taskId}:1:lost`)).toMatchObject({ state: "dead", lastError: PUSH_LOST_TEXT });
    expect(await received(k)).toHaveLength(0);
  });

  it("notifies every config of the task, once each", async () => {
    const [a, b] = [key(), key()];
    const { task } = await send(userMessage("two hooks"));
    const taskId = task?.id ?? "";
    await ok("CreateTaskPushNotificationConfig", { taskId, id: "a", url: `${receiver}/hook/ok/${a}` });
    await ok("CreateTaskPushNotificationConfig", { taskId, id: "b", url: `${receiver}/hook/ok/${b}` });
    await send(userMessage("next turn", { taskId }));
    const [gotA, gotB] = [
      await until(
        () => received(a),
        (r) => r.length > 0,
      ),
      await until(
        () => received(b),
        (r) => r.length > 0,
      ),
    ];
    expect(gotA).toHaveLength(1);
    expect(gotB).toHaveLength(1);
  });
});
