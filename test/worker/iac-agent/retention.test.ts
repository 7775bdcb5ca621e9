/**
 * Retention (design "Idle contexts"; lifecycle.ts): a task past IACCODE_A2A_TASK_RETENTION_DAYS is
 * deleted with everything it left in R2 — its artifacts and its stored large parts — so that no
 * object in the bucket is left without the row that owns it. Listed from the real bucket.
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { ok, rpc, send, userMessage } from "../helpers/rpc";
import { contextAgentFor } from "../../../src/durable/stubs";
import type { ContextAgent } from "../../../src/durable/context/context-agent";
import { ownerKey } from "../../../src/storage/object-keys";

async function keysUnder(prefix: string): Promise<string[]> {
  return (await env.FILES.list({ prefix })).objects.map((o) => o.key);
}

describe("retention deletes a task's R2 objects with the task", () => {
  it("an expired task's artifact and stored part leave the bucket; a newer task of the same context keeps its own", async () => {
    const contextId = `retention-${crypto.randomUUID().slice(0, 8)}`;
    const big = `Review this note:\n${"#".repeat(200_000)}`;
    const old = (await send({ ...userMessage("x", { contextId }), parts: [{ text: "Create a VPC with two vSwitches in cn-hangzhou" }, { text: big }] })).task;
    const young = (await send(userMessage("Create an OSS bucket", { contextId }))).task;
    expect(old?.artifacts?.length).toBeGreaterThan(0);
    const owner = await ownerKey("anonymous");
    const oldKeys = [...(await keysUnder(`artifacts/${owner}/${old?.id}/`)), ...(await keysUnder(`parts/${owner}/${old?.id}/`))];
    expect(oldKeys.some((k) => k.startsWith("parts/"))).toBe(true);
    expect(oldKeys.some((k) => k.startsWith("artifacts/"))).toBe(true);
    const youngKeys = await keysUnder(`artifacts/${owner}/${young?.id}/`);
    expect(youngKeys.length).toBeGreaterThan(0);

    const stub = contextAgentFor(env, "anonymous", contextId);
    await runInDurableObject(stub, (_i: ContextAgent, state) => {
      state.storage.sql.exec("UPDATE tasks SET updated_ms = ? WHERE id = ?", Date.now() - 31 * 86_400_000, old?.id ?? "");
    });
    expect(await runDurableObjectAlarm(stub)).toBe(true);

    expect(await keysUnder(`artifacts/${owner}/${old?.id}/`)).toEqual([]);
    expect(await keysUnder(`parts/${owner}/${old?.id}/`)).toEqual([]);
    expect(await keysUnder(`artifacts/${owner}/${young?.id}/`)).toEqual(youngKeys);
    expect((await rpc("GetTask", { id: old?.id })).error?.code).toBe(-32001);
    const listed = await ok<{ tasks: Array<{ id: string }> }>("ListTasks", { contextId });
    expect(listed.tasks.map((t) => t.id)).toEqual([young?.id]);
  });
});
