/**
 * Issue 22 item 4 for push configs: a config's own rules (its id, the callback URL's SSRF guard,
 * its authentication and token) need no stored state, so CreateTaskPushNotificationConfig and a
 * SendMessage's inline config are refused in the Worker (push-config-checks.ts) before any Durable
 * Object is reached, with the error the object answered before: the same code and message on
 * JSON-RPC 1.0, HTTP+JSON, 0.3 JSON-RPC and WebSocket, and zero RPC into a ContextAgent or a
 * TaskIndex (counted, helpers/object-hops.ts). A good config is stored afterwards. Push is on here
 * with the production setting (private hosts refused).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { BASE, V1, type RpcResponse, post, rpc, send, userMessage, worker } from "../helpers/rpc";
import { countHops, openSocket } from "../helpers/object-hops";
import { CALLBACK_URL_MESSAGES } from "../../../src/push/callback-url";
import { PUSH_HEADER_MESSAGES } from "../../../src/push/push-headers";

interface Refusal {
  name: string;
  /** The config's fields (1.0 shape), without its taskId. */
  config: Record<string, unknown>;
  message: string;
}

const HOOK = "https://hooks.example.com/a2a";

const REFUSALS: readonly Refusal[] = [
  { name: "a loopback callback", config: { url: "http://127.0.0.1/hook" }, message: CALLBACK_URL_MESSAGES.privateHost },
  { name: "a metadata-service callback", config: { url: "http://169.254.169.254/latest/meta-data" }, message: CALLBACK_URL_MESSAGES.privateHost },
  { name: "credentials in the URL", config: { url: "https://user:pw@hooks.example.com/a2a" }, message: CALLBACK_URL_MESSAGES.credentials },
  { name: "a config id that is no A2A id", config: { id: "bad id!", url: HOOK }, message: "Invalid A2A id" },
  { name: "a scheme of two words", config: { url: HOOK, authentication: { scheme: "two words" } }, message: PUSH_HEADER_MESSAGES.schemeToken },
  { name: "a token with a control character", config: { url: HOOK, token: "a\u0001b" }, message: PUSH_HEADER_MESSAGES.tokenControl },
];

/** The same config as 0.3 `tasks/pushNotificationConfig/set` params (`authentication.schemes`). */
function v03Set(taskId: string, config: Record<string, unknown>): Record<string, unknown> {
  const { authentication, ...rest } = config as { authentication?: { scheme: string } };
  return { taskId, pushNotificationConfig: { ...rest, ...(authentication ? { authentication: { schemes: [authentication.scheme] } } : {}) } };
}

let hops: Awaited<ReturnType<typeof countHops>>;
let taskId: string;

beforeAll(async () => {
  hops = await countHops();
  taskId = (await send(userMessage("a task to configure"))).task?.id ?? "";
});

describe("issue 22 item 4: a malformed push config is refused in the Worker, before any Durable Object", () => {
  it("CreateTaskPushNotificationConfig over JSON-RPC 1.0, HTTP+JSON, 0.3 and WebSocket: the same error, zero RPC", async () => {
    const { ws, call } = await openSocket();
    for (const [index, refusal] of REFUSALS.entries()) {
      const expected = { kind: refusal.name, code: -32602, message: refusal.message };
      hops.reset();
      const v1 = await rpc("CreateTaskPushNotificationConfig", { taskId, ...refusal.config });
      expect({ kind: refusal.name, code: v1.error?.code, message: v1.error?.message }).toEqual(expected);
      const rest = await worker().fetch(`${BASE}/tasks/${taskId}/pushNotificationConfigs`, {
        method: "POST",
        headers: V1,
        body: JSON.stringify(refusal.config),
      });
      const restBody = (await rest.json()) as { error?: { message: string } };
      expect({ kind: refusal.name, status: rest.status, message: restBody.error?.message }).toEqual({
        kind: refusal.name,
        status: 400,
        message: refusal.message,
      });
      const v03 = (await (
        await post(
          { jsonrpc: "2.0", id: 1, method: "tasks/pushNotificationConfig/set", params: v03Set(taskId, refusal.config) },
          { "Content-Type": "application/json" },
        )
      ).json()) as RpcResponse;
      expect({ kind: refusal.name, code: v03.error?.code, message: v03.error?.message }).toEqual(expected);
      const socket = await call(`p-${index}`, "CreateTaskPushNotificationConfig", { taskId, ...refusal.config });
      expect({ kind: refusal.name, code: socket.error?.code, message: socket.error?.message }).toEqual(expected);
      expect(hops.since(refusal.name)).toEqual({ kind: refusal.name, agent: 0, index: 0 });
    }
    ws.close(1000, "done");
  });

  it("an inline config of SendMessage, for a new context and a follow-up: the same error, zero RPC", async () => {
    for (const refusal of REFUSALS) {
      for (const route of [{ contextId: `push-refused-${crypto.randomUUID().slice(0, 8)}` }, { taskId }]) {
        hops.reset();
        const res = await rpc("SendMessage", { message: userMessage("x", route), configuration: { taskPushNotificationConfig: refusal.config } });
        expect({ kind: refusal.name, code: res.error?.code, message: res.error?.message }).toEqual({
          kind: refusal.name,
          code: -32602,
          message: refusal.message,
        });
        expect(hops.since(refusal.name)).toEqual({ kind: refusal.name, agent: 0, index: 0 });
      }
    }
  });

  it("then stores a good config, and lists only it", async () => {
    hops.reset();
    const created = await rpc("CreateTaskPushNotificationConfig", { taskId, url: HOOK, authentication: { scheme: "Bearer", credentials: "s3cret" } });
    expect(created.result).toMatchObject({ taskId, url: HOOK, authentication: { scheme: "Bearer" } });
    expect(hops.agent.count).toBe(1);
    const listed = await rpc<{ configs: unknown[] }>("ListTaskPushNotificationConfigs", { taskId });
    expect(listed.result?.configs).toHaveLength(1);
  });
});
