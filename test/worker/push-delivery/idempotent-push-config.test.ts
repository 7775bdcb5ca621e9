/**
 * Issue 20 item 7: `Idempotency-Key` on CreateTaskPushNotificationConfig. A retry with the same key
 * answers the config the first request stored (even when the first had no id and the server chose
 * none it could find again), concurrent retries store one config, and the key reused for another
 * config is -32602 naming the header.
 */
import { describe, expect, it } from "vitest";
import { V1, ok, rpc, send, userMessage, type TaskLike } from "../helpers/rpc";

interface Config {
  id: string;
  taskId: string;
  url: string;
}

describe("issue 20 item 7: Idempotency-Key on push config creation", () => {
  it("concurrent and later retries with one key store one config and answer it", async () => {
    const task = (await send(userMessage("x"))).task as TaskLike;
    const headers = { ...V1, "Idempotency-Key": `push-${crypto.randomUUID()}` };
    const create = (id: string) => rpc<Config>("CreateTaskPushNotificationConfig", { taskId: task.id, id, url: "https://hooks.example.com/a" }, headers);
    const answers = await Promise.all([create("first"), create("first"), create("first")]);
    expect(answers.map((a) => a.error)).toEqual([undefined, undefined, undefined]);
    expect(new Set(answers.map((a) => JSON.stringify(a.result))).size).toBe(1);
    expect(answers[0]?.result).toMatchObject({ id: "first", taskId: task.id, url: "https://hooks.example.com/a" });
    const later = await create("first");
    expect(later.result).toEqual(answers[0]?.result);
    const listed = await ok<{ configs: Config[] }>("ListTaskPushNotificationConfigs", { taskId: task.id });
    expect(listed.configs.map((c) => c.id)).toEqual(["first"]);
  });

  it("the key reused for a different config is -32602 naming the header; nothing is stored", async () => {
    const task = (await send(userMessage("x"))).task as TaskLike;
    const headers = { ...V1, "Idempotency-Key": `push-${crypto.randomUUID()}` };
    await ok("CreateTaskPushNotificationConfig", { taskId: task.id, id: "one", url: "https://hooks.example.com/one" }, headers);
    const reused = await rpc("CreateTaskPushNotificationConfig", { taskId: task.id, id: "two", url: "https://hooks.example.com/two" }, headers);
    expect(reused.error).toMatchObject({ code: -32602, message: "Idempotency-Key was already used for a different request" });
    const listed = await ok<{ configs: Config[] }>("ListTaskPushNotificationConfigs", { taskId: task.id });
    expect(listed.configs.map((c) => c.id)).toEqual(["one"]);
    const bad = await rpc("CreateTaskPushNotificationConfig", { taskId: task.id, url: "https://hooks.example.com/x" }, { ...V1, "Idempotency-Key": "" });
    expect(bad.error?.code).toBe(-32602);
  });
});
