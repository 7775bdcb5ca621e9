/**
 * End to end: `wrangler dev` driven by the official `@a2a-js/sdk` 1.x client over real HTTP:
 * discovery, send, stream, get, list, cancel, subscribe, and typed errors.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClientFactory, ClientFactoryOptions, type Client } from "@a2a-js/sdk/client";
import { CancelTaskRequest, GetTaskRequest, ListTasksRequest, Role, SendMessageRequest, SubscribeToTaskRequest, TaskState, type Task } from "@a2a-js/sdk";
import { startWranglerDev, type DevServer } from "./wrangler-dev.ts";

let server: DevServer;
let client: Client;

const request = (messageId: string, extra: Record<string, unknown> = {}, configuration: Record<string, unknown> = {}) =>
  SendMessageRequest.fromJSON({
    message: { messageId, role: "ROLE_USER", parts: [{ text: "Create a VPC with two vSwitches in cn-hangzhou" }], ...extra },
    configuration,
  });

const hex = () => Math.random().toString(16).slice(2, 10);

beforeAll(async () => {
  server = await startWranglerDev({ IACCODE_A2A_AGENT: "conformance" });
  client = await new ClientFactory().createFromUrl(server.base);
});

afterAll(async () => {
  await server?.stop();
});

describe("@a2a-js/sdk client against wrangler dev", () => {
  it("discovers the card and the JSON-RPC interface", async () => {
    const card = await (await fetch(`${server.base}/.well-known/agent-card.json`)).json();
    expect(card.name).toBe("iac-code");
    expect(card.supportedInterfaces[0].url).toBe(`${server.base}/`);
  });

  it("sends a blocking message and gets the task at INPUT_REQUIRED", async () => {
    const result = await client.sendMessage(request(`m-${hex()}`));
    expect("status" in result).toBe(true);
    const task = result as Task;
    expect(task.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    expect(task.history.map((m) => m.role)).toEqual([Role.ROLE_USER, Role.ROLE_AGENT]);
  });

  it("streams a conformance scenario in order", async () => {
    const cases: string[] = [];
    for await (const event of client.sendMessageStream(request(`tck-stream-001-${hex()}`))) {
      cases.push(event.payload?.$case ?? "none");
    }
    expect(cases).toEqual(["task", "statusUpdate", "artifactUpdate", "statusUpdate"]);
  });

  it("gets, lists, cancels and subscribes", async () => {
    const contextId = `e2e-${hex()}`;
    const started = await client.sendMessage(request(`test-resubscribe-message-id-${hex()}`, { contextId }, { returnImmediately: true }));
    const taskId = (started as Task).id;

    const got = await client.getTask(GetTaskRequest.fromJSON({ id: taskId }));
    expect([TaskState.TASK_STATE_SUBMITTED, TaskState.TASK_STATE_WORKING]).toContain(got.status?.state);

    const states: TaskState[] = [];
    for await (const event of client.resubscribeTask(SubscribeToTaskRequest.fromJSON({ id: taskId }))) {
      if (event.payload?.$case === "task") states.push(event.payload.value.status?.state ?? TaskState.TASK_STATE_UNSPECIFIED);
      if (event.payload?.$case === "statusUpdate") states.push(event.payload.value.status?.state ?? TaskState.TASK_STATE_UNSPECIFIED);
    }
    expect(states.at(0)).toBe(TaskState.TASK_STATE_WORKING);
    expect(states.at(-1)).toBe(TaskState.TASK_STATE_COMPLETED);

    const listed = await client.listTasks(ListTasksRequest.fromJSON({ contextId }));
    expect(listed.tasks.map((t) => t.id)).toEqual([taskId]);
    expect(listed.totalSize).toBe(1);

    const waiting = await client.sendMessage(request(`m-${hex()}`, { contextId }));
    const waitingId = (waiting as Task).id;
    const canceled = await client.cancelTask(CancelTaskRequest.fromJSON({ id: waitingId }));
    expect(canceled.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
  });

  it("gets a direct Message answer", async () => {
    const result = await client.sendMessage(request(`tck-message-response-${hex()}`));
    expect("role" in result && result.role).toBe(Role.ROLE_AGENT);
  });

  it("surfaces typed A2A errors", async () => {
    await expect(client.getTask(GetTaskRequest.fromJSON({ id: "no-such-task" }))).rejects.toMatchObject({ name: expect.stringContaining("TaskNotFound") });
  });

  it("speaks HTTP+JSON too: the SDK's REST transport sends, streams, gets and lists", async () => {
    const rest = await new ClientFactory(ClientFactoryOptions.createFrom(ClientFactoryOptions.default, { preferredTransports: ["HTTP+JSON"] })).createFromUrl(
      server.base,
    );
    const contextId = `rest-${hex()}`;
    const task = (await rest.sendMessage(request(`tck-complete-task-${hex()}`, { contextId }))) as Task;
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    const cases: string[] = [];
    for await (const event of rest.sendMessageStream(request(`tck-stream-001-${hex()}`, { contextId }))) cases.push(event.payload?.$case ?? "none");
    expect(cases).toEqual(["task", "statusUpdate", "artifactUpdate", "statusUpdate"]);
    expect((await rest.getTask(GetTaskRequest.fromJSON({ id: task.id }))).id).toBe(task.id);
    expect((await rest.listTasks(ListTasksRequest.fromJSON({ contextId }))).totalSize).toBe(2);
    await expect(rest.getTask(GetTaskRequest.fromJSON({ id: "no-such-task" }))).rejects.toMatchObject({ name: expect.stringContaining("TaskNotFound") });
  });

  it("issue 20 item 3: resubscribeTask to an input-required task sees one Task, then only the follow-up's updates; the follow-up's stream has its own Task first", async () => {
    const waiting = (await client.sendMessage(request(`m-${hex()}`))) as Task;
    expect(waiting.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    const subscription = client.resubscribeTask(SubscribeToTaskRequest.fromJSON({ id: waiting.id }))[Symbol.asyncIterator]();
    const first = await subscription.next();
    expect(first.value?.payload?.$case).toBe("task");

    const followUp: string[] = [];
    for await (const event of client.sendMessageStream(request(`m-${hex()}`, { taskId: waiting.id }))) followUp.push(event.payload?.$case ?? "none");
    expect(followUp).toEqual(["task", "statusUpdate", "statusUpdate", "artifactUpdate", "statusUpdate"]);

    const rest: string[] = [];
    for (let next = await subscription.next(); !next.done; next = await subscription.next()) rest.push(next.value.payload?.$case ?? "none");
    expect(rest).toEqual(["statusUpdate", "statusUpdate", "artifactUpdate", "statusUpdate"]);
  });
});
