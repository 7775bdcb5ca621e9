/**
 * End to end: A2A 0.3 clients against `wrangler dev` over real HTTP: the last 0.3 release of the
 * official SDK (`a2a-sdk-v03`, an npm alias of `@a2a-js/sdk` 0.3.14) and the 1.x SDK's own 0.3
 * transport (`@a2a-js/sdk/compat/v0_3`): discovery, send, stream, get, cancel, resubscribe, push
 * config, and a task shared with a 1.0 client.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ClientFactory as ClientFactoryV03,
  ClientFactoryOptions as ClientFactoryOptionsV03,
  DefaultAgentCardResolver as DefaultAgentCardResolverV03,
  JsonRpcTransportFactory as JsonRpcTransportFactoryV03,
  type Client as ClientV03,
} from "a2a-sdk-v03/client";
import type { Message as MessageV03, Task as TaskV03 } from "a2a-sdk-v03";
import { LegacyJsonRpcTransport } from "@a2a-js/sdk/compat/v0_3/client";
import { ClientFactory } from "@a2a-js/sdk/client";
import { CancelTaskRequest, GetTaskRequest, SendMessageRequest, TaskState, type Task } from "@a2a-js/sdk";
import { startWranglerDev, type DevServer } from "./wrangler-dev.ts";

let server: DevServer;
let client: ClientV03;

const hex = () => Math.random().toString(16).slice(2, 10);

const message = (messageId: string, extra: Partial<MessageV03> = {}): MessageV03 => ({
  kind: "message",
  messageId,
  role: "user",
  parts: [{ kind: "text", text: "Create a VPC with two vSwitches in cn-hangzhou" }],
  ...extra,
});

beforeAll(async () => {
  server = await startWranglerDev({ IACCODE_A2A_AGENT: "conformance", IACCODE_A2A_PUSH_NOTIFICATIONS: "true" });
  client = await new ClientFactoryV03().createFromUrl(server.base);
});

afterAll(async () => {
  await server?.stop();
});

describe("@a2a-js/sdk 0.3.14 client against wrangler dev", () => {
  it("discovers the 0.3 card fields and the JSON-RPC interface", async () => {
    const card = await client.getAgentCard();
    expect(card).toMatchObject({ name: "iac-code", protocolVersion: "0.3.0", url: `${server.base}/`, preferredTransport: "JSONRPC" });
  });

  it("sends a blocking message and gets a 0.3 task at input-required", async () => {
    const task = (await client.sendMessage({ message: message(`m-${hex()}`) })) as TaskV03;
    expect(task.kind).toBe("task");
    expect(task.status.state).toBe("input-required");
    expect(task.history?.map((m) => m.role)).toEqual(["user", "agent"]);
  });

  it("streams a conformance scenario as 0.3 events, the last one final", async () => {
    const events: Array<{ kind: string; final?: boolean }> = [];
    for await (const event of client.sendMessageStream({ message: message(`tck-stream-001-${hex()}`) }))
      events.push(event as { kind: string; final?: boolean });
    expect(events.map((e) => e.kind)).toEqual(["task", "status-update", "artifact-update", "status-update"]);
    expect(events.at(-1)?.final).toBe(true);
  });

  it("a resubscribe to an unknown task reaches the client as the server's -32001 (an SSE error event, issue 20 item 3)", async () => {
    const drain = async () => {
      for await (const _event of client.resubscribeTask({ id: "no-such-task" })) {
        // no event precedes the error
      }
    };
    await expect(drain()).rejects.toThrow(/Task no-such-task not found \(Code: -32001\)/);
  });

  it("gets, resubscribes and cancels", async () => {
    const started = (await client.sendMessage({ message: message(`test-resubscribe-message-id-${hex()}`), configuration: { blocking: false } })) as TaskV03;
    expect(started.status.state).toBe("submitted");
    expect(["submitted", "working"]).toContain((await client.getTask({ id: started.id })).status.state);
    const kinds: string[] = [];
    for await (const event of client.resubscribeTask({ id: started.id })) kinds.push(event.kind);
    expect(kinds[0]).toBe("task");
    expect(kinds.at(-1)).toBe("status-update");
    expect((await client.getTask({ id: started.id })).status.state).toBe("completed");

    const open = (await client.sendMessage({ message: message(`m-${hex()}`) })) as TaskV03;
    expect((await client.cancelTask({ id: open.id })).status.state).toBe("canceled");
    await expect(client.cancelTask({ id: open.id })).rejects.toThrow();
    await expect(client.getTask({ id: "no-such-task" })).rejects.toThrow();
  });

  it("sets, gets, lists and deletes a push config in the 0.3 shape", async () => {
    const task = (await client.sendMessage({ message: message(`m-${hex()}`) })) as TaskV03;
    const set = await client.setTaskPushNotificationConfig({
      taskId: task.id,
      pushNotificationConfig: { id: "e2e-03", url: "https://hooks.example.com/a2a", authentication: { schemes: ["Bearer"], credentials: "secret-03" } },
    });
    expect(set).toEqual({
      taskId: task.id,
      pushNotificationConfig: { id: "e2e-03", url: "https://hooks.example.com/a2a", authentication: { schemes: ["Bearer"] } },
    });
    // The 0.3.14 typings name only `id`; the 0.3 schema's GetTaskPushNotificationConfigParams has `pushNotificationConfigId` too.
    const ref = { id: task.id, pushNotificationConfigId: "e2e-03" } as Parameters<ClientV03["getTaskPushNotificationConfig"]>[0];
    expect(await client.getTaskPushNotificationConfig(ref)).toEqual(set);
    expect(await client.listTaskPushNotificationConfig({ id: task.id })).toEqual([set]);
    await client.deleteTaskPushNotificationConfig({ id: task.id, pushNotificationConfigId: "e2e-03" });
    expect(await client.listTaskPushNotificationConfig({ id: task.id })).toEqual([]);
  });
});

describe("@a2a-js/sdk 1.x compat/v0_3 transport against wrangler dev", () => {
  it("speaks 0.3 on the wire to the same tasks a 1.0 client sees", async () => {
    const legacy = new LegacyJsonRpcTransport({ endpoint: `${server.base}/` });
    const v1 = await new ClientFactory().createFromUrl(server.base);
    const contextId = `compat-${hex()}`;
    const request = SendMessageRequest.fromJSON({ message: { messageId: `m-${hex()}`, role: "ROLE_USER", contextId, parts: [{ text: "hello over 0.3" }] } });
    const sent = (await legacy.sendMessage(request)) as Task;
    expect(sent.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    const seen = await v1.getTask(GetTaskRequest.fromJSON({ id: sent.id }));
    expect(seen.contextId).toBe(contextId);
    const cases: string[] = [];
    for await (const event of legacy.sendMessageStream(
      SendMessageRequest.fromJSON({ message: { messageId: `tck-stream-001-${hex()}`, role: "ROLE_USER", parts: [{ text: "x" }] } }),
    )) {
      cases.push(event.payload?.$case ?? "none");
    }
    expect(cases).toEqual(["task", "statusUpdate", "artifactUpdate", "statusUpdate"]);
    const canceled = await v1.cancelTask(CancelTaskRequest.fromJSON({ id: sent.id }));
    expect(canceled.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
    expect((await legacy.getTask(GetTaskRequest.fromJSON({ id: sent.id }))).status?.state).toBe(TaskState.TASK_STATE_CANCELED);
  });
});

describe("@a2a-js/sdk 0.3.14 client with a bearer token (issue 20 remainder item 4: the 0.3 shape of security schemes)", () => {
  const TOKEN = "e2e-v03-token";
  let authed: DevServer;
  beforeAll(async () => {
    authed = await startWranglerDev({ IACCODE_A2A_AGENT: "conformance", IACCODE_A2A_HTTP_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await authed?.stop();
  });

  it("reads type/scheme and security from the card and from agent/getAuthenticatedExtendedCard, and works with the token", async () => {
    const fetchImpl: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set("Authorization", `Bearer ${TOKEN}`);
      return fetch(input, { ...init, headers });
    };
    const factory = new ClientFactoryV03(
      ClientFactoryOptionsV03.createFrom(ClientFactoryOptionsV03.default, {
        transports: [new JsonRpcTransportFactoryV03({ fetchImpl })],
        cardResolver: new DefaultAgentCardResolverV03({ fetchImpl }),
      }),
    );
    const authedClient = await factory.createFromUrl(authed.base);
    // getAgentCard fetches the extended card (supportsAuthenticatedExtendedCard): the 0.3 view, as sent.
    const card = await authedClient.getAgentCard();
    expect(card.securitySchemes?.bearerAuth).toMatchObject({ type: "http", scheme: "bearer" });
    expect(card.security).toEqual([{ bearerAuth: [] }]);
    const task = (await authedClient.sendMessage({ message: message(`m-${hex()}`) })) as TaskV03;
    expect(task.status.state).toBe("input-required");
  });
});
