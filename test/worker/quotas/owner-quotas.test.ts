/**
 * Issue 30 item 5: per-owner quotas. The project sets them small (vitest.config.ts, "quotas"): 3
 * contexts, 4 push configs, 3 workspace files, 6 MiB stored per owner. Over one: a precise error
 * naming the limit and its variable (JSON-RPC -32602, HTTP 400 on REST and the upload route),
 * nothing of the refused request written, and the other owner unaffected. Real Worker, real
 * OwnerQuota and ContextAgent objects, real R2; the tests of this file run in order and share
 * the two owners' counters.
 */
import { describe, expect, inject, it } from "vitest";
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { contextAgentFor } from "../../../src/durable/stubs";
import type { ContextAgent } from "../../../src/durable/context/context-agent";
import { BASE, post, rpc, userMessage, worker } from "../helpers/rpc";
import { ownerQuotaFor } from "../../../src/durable/stubs";
import { DEFAULT_QUOTAS, quotaExceededText } from "../../../src/config/quota-config";
import { parseConfig } from "../../../src/config/config";
import { ConfigError } from "../../../src/config/config-error";
import { OWNER_A, OWNER_B, sendAs } from "../owner-limits/owners";

const receiver = inject("receiverUrl");
const MiB = 1024 * 1024;
const A_PRINCIPAL = "bearer";
const B_PRINCIPAL = "api-key:X-API-Key";

const usage = (principal: string) => ownerQuotaFor(env, principal).usage();

async function listTaskCount(owner: Record<string, string>): Promise<number> {
  const res = await rpc<{ tasks: unknown[] }>("ListTasks", { pageSize: 100 }, owner);
  return res.result?.tasks.length ?? -1;
}

function upload(owner: Record<string, string>, path: string, bytes: number): Promise<Response> {
  return worker().fetch(`${BASE}/iac-code/workspace${path}`, {
    method: "PUT",
    headers: { ...owner, "Content-Type": "text/plain", "Content-Length": String(bytes) },
    body: "x".repeat(bytes),
  });
}

const contextsText = quotaExceededText("contexts", 3);
const pushText = quotaExceededText("pushConfigs", 4);
const uploadsText = quotaExceededText("uploads", 3);
const bytesText = quotaExceededText("bytes", 6 * MiB);

describe("the quota settings (issue 30 item 5; docs/configuration.md)", () => {
  it("default to limits no person meets, and a bad value is a ConfigError naming the variable", () => {
    expect(parseConfig({}).quotas).toEqual({ contexts: 10_000, pushConfigs: 10_000, uploads: 10_000, bytes: 10 * 1024 ** 3 });
    expect(parseConfig({}).quotas).toEqual(DEFAULT_QUOTAS);
    expect(parseConfig({ IACCODE_A2A_QUOTA_UPLOADS: "7" }).quotas.uploads).toBe(7);
    for (const [name, value] of [
      ["IACCODE_A2A_QUOTA_CONTEXTS", "0"],
      ["IACCODE_A2A_QUOTA_PUSH_CONFIGS", "many"],
      ["IACCODE_A2A_QUOTA_UPLOADS", "-1"],
      ["IACCODE_A2A_QUOTA_BYTES", "12"],
    ] as const) {
      expect(() => parseConfig({ [name]: value })).toThrow(ConfigError);
      expect(() => parseConfig({ [name]: value })).toThrow(name);
    }
  });
});

describe("per-owner quotas (issue 30 item 5)", () => {
  let aTask = "";
  let bPushTask = "";

  it("contexts: the fourth context is refused with -32602 naming IACCODE_A2A_QUOTA_CONTEXTS, nothing of it is written, follow-ups and the other owner go on", async () => {
    for (let i = 0; i < 3; i++) {
      const { task } = await sendAs(OWNER_A, userMessage(`context ${i}`));
      aTask ||= task?.id ?? "";
    }
    expect(await usage(A_PRINCIPAL)).toMatchObject({ contexts: 3 });
    const refused = await rpc("SendMessage", { message: userMessage("one more", { contextId: "ctx-over-quota" }) }, OWNER_A);
    expect(refused.error?.code).toBe(-32602);
    expect(refused.error?.message).toBe(contextsText);
    expect(refused.error?.data).toContainEqual(
      expect.objectContaining({ fieldViolations: [{ field: "IACCODE_A2A_QUOTA_CONTEXTS", description: contextsText }] }),
    );
    expect(contextsText).toBe("Quota exceeded: this owner may keep at most 3 contexts (IACCODE_A2A_QUOTA_CONTEXTS).");
    // Nothing of it: no task listed, no context counted, the context id still free.
    expect(await listTaskCount(OWNER_A)).toBe(3);
    expect(await usage(A_PRINCIPAL)).toMatchObject({ contexts: 3 });
    const listed = await rpc<{ tasks: unknown[] }>("ListTasks", { contextId: "ctx-over-quota" }, OWNER_A);
    expect(listed.result?.tasks).toEqual([]);
    // The REST binding answers the same refusal as HTTP 400.
    const rest = await worker().fetch(`${BASE}/message:send`, { method: "POST", headers: OWNER_A, body: JSON.stringify({ message: userMessage("rest") }) });
    expect(rest.status).toBe(400);
    expect(await rest.text()).toContain("IACCODE_A2A_QUOTA_CONTEXTS");
    // So does A2A 0.3's message/send (-32602 with the same text).
    const v03 = await post(
      {
        jsonrpc: "2.0",
        id: 3,
        method: "message/send",
        params: { message: { kind: "message", messageId: "m03-quota", role: "user", parts: [{ kind: "text", text: "0.3" }] } },
      },
      { "Content-Type": "application/json", Authorization: OWNER_A.Authorization },
    );
    expect(((await v03.json()) as { error?: { code: number; message: string } }).error).toMatchObject({ code: -32602, message: contextsText });
    // A follow-up in a context the owner has is no new context.
    const followUp = await rpc<{ task: { id: string } }>("SendMessage", { message: userMessage("again", { taskId: aTask }) }, OWNER_A);
    expect(followUp.error).toBeUndefined();
    // The other owner is untouched.
    const other = await rpc("SendMessage", { message: userMessage("owner b") }, OWNER_B);
    expect(other.error).toBeUndefined();
    expect(await usage(B_PRINCIPAL)).toMatchObject({ contexts: 1 });
  });

  it("push configs: the fifth config of an owner (inline ones included) is refused naming IACCODE_A2A_QUOTA_PUSH_CONFIGS; a deleted one frees its place; a replaced one costs nothing", async () => {
    const hook = (n: string) => `${receiver}/hook/ok/q${n}`;
    const { task } = await sendAs(OWNER_B, userMessage("with a config"), { taskPushNotificationConfig: { url: hook("inline"), id: "inline" } });
    const taskId = task?.id ?? "";
    bPushTask = taskId;
    for (const id of ["c2", "c3", "c4"]) {
      expect((await rpc("CreateTaskPushNotificationConfig", { taskId, id, url: hook(id) }, OWNER_B)).error).toBeUndefined();
    }
    expect(await usage(B_PRINCIPAL)).toMatchObject({ pushConfigs: 4 });
    const refused = await rpc("CreateTaskPushNotificationConfig", { taskId, id: "c5", url: hook("c5") }, OWNER_B);
    expect(refused.error?.code).toBe(-32602);
    expect(refused.error?.message).toBe(pushText);
    const listed = await rpc<{ configs: Array<{ id: string }> }>("ListTaskPushNotificationConfigs", { taskId }, OWNER_B);
    expect(listed.result?.configs.map((c) => c.id).sort()).toEqual(["c2", "c3", "c4", "inline"]);
    // Replacing a config (same id) stores no new one.
    expect((await rpc("CreateTaskPushNotificationConfig", { taskId, id: "c4", url: hook("c4b") }, OWNER_B)).error).toBeUndefined();
    // A deleted config gives its place back.
    expect((await rpc("DeleteTaskPushNotificationConfig", { taskId, id: "c2" }, OWNER_B)).error).toBeUndefined();
    expect(await usage(B_PRINCIPAL)).toMatchObject({ pushConfigs: 3 });
    expect((await rpc("CreateTaskPushNotificationConfig", { taskId, id: "c5", url: hook("c5") }, OWNER_B)).error).toBeUndefined();
    // The other owner still stores configs.
    expect((await rpc("CreateTaskPushNotificationConfig", { taskId: aTask, id: "a1", url: hook("a1") }, OWNER_A)).error).toBeUndefined();
  });

  it("uploads: the fourth workspace file is refused with HTTP 400 naming IACCODE_A2A_QUOTA_UPLOADS and is not stored; replacing a file is no new file", async () => {
    for (const name of ["a", "b", "c"]) expect((await upload(OWNER_B, `/workspace/q/${name}.txt`, 10)).status).toBe(201);
    const refused = await upload(OWNER_B, "/workspace/q/d.txt", 10);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: uploadsText, limit: "IACCODE_A2A_QUOTA_UPLOADS" });
    expect((await worker().fetch(`${BASE}/iac-code/workspace/workspace/q/d.txt`, { headers: OWNER_B })).status).toBe(404);
    expect((await upload(OWNER_B, "/workspace/q/a.txt", 20)).status).toBe(201);
    expect(await usage(B_PRINCIPAL)).toMatchObject({ uploads: 3 });
    // The other owner's files are its own count.
    expect((await upload(OWNER_A, "/workspace/q/d.txt", 10)).status).toBe(201);
  });

  it("bytes: an upload or a message that would pass IACCODE_A2A_QUOTA_BYTES is refused whole, and the owner's other work goes on", async () => {
    // Owner A holds 3 contexts (a 1 MiB reserve each) and a small file: about 3 MiB of 6.
    expect((await upload(OWNER_A, "/workspace/q/big.bin", 2 * MiB)).status).toBe(201);
    const before = await usage(A_PRINCIPAL);
    const refused = await upload(OWNER_A, "/workspace/q/bigger.bin", 2 * MiB);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: bytesText, limit: "IACCODE_A2A_QUOTA_BYTES" });
    expect((await worker().fetch(`${BASE}/iac-code/workspace/workspace/q/bigger.bin`, { headers: OWNER_A })).status).toBe(404);
    // A message whose content would pass it: -32602, and the task is not continued.
    const tasksBefore = await listTaskCount(OWNER_A);
    const big = await rpc("SendMessage", { message: userMessage("y".repeat(2 * MiB), { taskId: aTask }) }, OWNER_A);
    expect(big.error?.code).toBe(-32602);
    expect(big.error?.message).toBe(bytesText);
    expect(await listTaskCount(OWNER_A)).toBe(tasksBefore);
    expect(await usage(A_PRINCIPAL)).toEqual(before);
    // Small turns still fit in the context's reserve; the other owner uploads as before.
    expect((await rpc("SendMessage", { message: userMessage("small", { taskId: aTask }) }, OWNER_A)).error).toBeUndefined();
    expect((await upload(OWNER_B, "/workspace/q/b.txt", 1 * MiB)).status).toBe(201);
  });

  it("a context whose last task passed retention gives its context, its bytes and its configs back", async () => {
    const contextId = "quota-retention";
    expect((await rpc("DeleteTaskPushNotificationConfig", { taskId: bPushTask, id: "c3" }, OWNER_B)).error).toBeUndefined();
    const { task } = await sendAs(OWNER_B, userMessage("short-lived", { contextId }), {
      taskPushNotificationConfig: { url: `${receiver}/hook/ok/qr`, id: "r1" },
    });
    const held = await usage(B_PRINCIPAL);
    const stub = contextAgentFor(env, B_PRINCIPAL, contextId);
    await runInDurableObject(stub, (_instance: ContextAgent, state) => {
      state.storage.sql.exec("UPDATE tasks SET updated_ms = ? WHERE id = ?", Date.now() - 31 * 86_400_000, task?.id ?? "");
    });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    const after = await usage(B_PRINCIPAL);
    expect(after.contexts).toBe(held.contexts - 1);
    expect(after.pushConfigs).toBe(held.pushConfigs - 1);
    expect(after.bytes).toBeLessThanOrEqual(held.bytes - 1024 * 1024);
    expect(after.uploads).toBe(held.uploads);
  });

  it("GET /iac-code/quota shows the caller its own counters and limits, never another owner's", async () => {
    const res = await worker().fetch(`${BASE}/iac-code/quota`, { headers: OWNER_B });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ usage: await usage(B_PRINCIPAL), limits: { contexts: 3, pushConfigs: 4, uploads: 3, bytes: 6 * MiB } });
    const a = (await (await worker().fetch(`${BASE}/iac-code/quota`, { headers: OWNER_A })).json()) as { usage: unknown };
    expect(a.usage).toEqual(await usage(A_PRINCIPAL));
    expect((await worker().fetch(`${BASE}/iac-code/quota`)).status).toBe(401);
  });

  it("two first messages of one new context at once count one context", async () => {
    const before = await usage(B_PRINCIPAL);
    // One may be refused as busy (the other's turn runs); neither charges a second context.
    await Promise.all([1, 2].map((n) => rpc("SendMessage", { message: userMessage(`race ${n}`, { contextId: "quota-race" }) }, OWNER_B)));
    const after = await usage(B_PRINCIPAL);
    expect(after.contexts).toBe(before.contexts + 1);
    expect(after.bytes).toBe(before.bytes + MiB);
  });

  it("two creations of one new config at once count one config", async () => {
    expect((await rpc("DeleteTaskPushNotificationConfig", { taskId: bPushTask, id: "c4" }, OWNER_B)).error).toBeUndefined();
    const before = await usage(B_PRINCIPAL);
    const made = await Promise.all(
      [1, 2].map(() => rpc("CreateTaskPushNotificationConfig", { taskId: bPushTask, id: "race", url: `${receiver}/hook/ok/qrace` }, OWNER_B)),
    );
    for (const res of made) expect(res.error).toBeUndefined();
    expect((await usage(B_PRINCIPAL)).pushConfigs).toBe(before.pushConfigs + 1);
  });
});
