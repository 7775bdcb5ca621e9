/**
 * ProtoJSON field names (decisions.md "Request field names"; protobuf JSON mapping): every request
 * field is accepted under its lowerCamelCase JSON name and its original snake_case proto name, in
 * both bindings and in REST query parameters; camelCase wins when both are given; answers are
 * always camelCase; free-form values (`metadata`) keep their keys.
 */
import { describe, expect, it } from "vitest";
import { acceptProtoNames, lowerCamelName, protoFieldName } from "../../src/a2a/schemas";
import { BASE, type TaskLike, V1, ok, rpc, worker } from "./helpers/rpc";

const snakeMessage = (text: string, extra: Record<string, unknown> = {}) => ({
  message_id: `m-${crypto.randomUUID()}`,
  role: "ROLE_USER",
  parts: [{ text, media_type: "text/plain" }],
  ...extra,
});

const rest = async <T>(path: string): Promise<T> => (await (await worker().fetch(`${BASE}${path}`, { headers: V1 })).json()) as T;

describe("name mapping (protobuf JSON mapping: json_name is lowerCamelCase)", () => {
  it("maps each proto name to its JSON name and back", () => {
    expect(lowerCamelName("history_length")).toBe("historyLength");
    expect(lowerCamelName("task_push_notification_config")).toBe("taskPushNotificationConfig");
    expect(protoFieldName("statusTimestampAfter")).toBe("status_timestamp_after");
  });

  it("renames only the object's own fields, camelCase winning, other keys untouched", () => {
    const fields = new Set(["pageSize", "contextId"]);
    expect(acceptProtoNames({ page_size: 1, context_id: "a", contextId: "b", other_key: 1 }, fields)).toEqual({ pageSize: 1, contextId: "b", other_key: 1 });
    expect(acceptProtoNames("not an object", fields)).toBe("not an object");
  });
});

describe("JSON-RPC requests in snake_case (kit: history_length, task_id, page_size, context_id)", () => {
  it("SendMessage, GetTask, ListTasks and a follow-up by task_id, answered in camelCase", async () => {
    const contextId = `snake-${crypto.randomUUID()}`;
    const first = await ok<{ task: TaskLike }>("SendMessage", {
      message: snakeMessage("hello", { context_id: contextId, metadata: { client_key: 1 } }),
      configuration: { history_length: 0, return_immediately: false, accepted_output_modes: ["text/plain"] },
    });
    expect(first.task.contextId).toBe(contextId);
    expect(first.task.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
    expect(first.task.history ?? []).toHaveLength(0);
    expect(JSON.stringify(first)).not.toMatch(/"[a-z]+_[a-z_]+":/);

    const followUp = await ok<{ task: TaskLike }>("SendMessage", { message: snakeMessage("again", { task_id: first.task.id }) });
    expect(followUp.task.id).toBe(first.task.id);

    const got = await ok<TaskLike & { history: Array<{ metadata?: Record<string, unknown> }> }>("GetTask", { id: first.task.id, history_length: 1 });
    expect(got.history).toHaveLength(1);
    const full = await ok<{ history: Array<{ metadata?: Record<string, unknown> }> }>("GetTask", { id: first.task.id });
    expect(full.history[0]?.metadata).toMatchObject({ client_key: 1 });

    await ok("SendMessage", { message: snakeMessage("second task", { context_id: contextId }) });
    const page = await ok<{ tasks: TaskLike[]; pageSize: number; totalSize: number; nextPageToken: string }>("ListTasks", {
      context_id: contextId,
      page_size: 1,
      history_length: 0,
      include_artifacts: false,
    });
    expect(page).toMatchObject({ pageSize: 1, totalSize: 2 });
    expect(page.tasks).toHaveLength(1);
    expect(page.nextPageToken).not.toBe("");
    const next = await ok<{ tasks: TaskLike[] }>("ListTasks", { context_id: contextId, page_size: 1, page_token: page.nextPageToken });
    expect(next.tasks).toHaveLength(1);
    expect(next.tasks[0]?.id).not.toBe(page.tasks[0]?.id);
  });

  it("camelCase wins when both spellings are present", async () => {
    const contextId = `camel-${crypto.randomUUID()}`;
    const sent = await ok<{ task: TaskLike }>("SendMessage", { message: snakeMessage("hi", { contextId, context_id: "the-other-one" }) });
    expect(sent.task.contextId).toBe(contextId);
    const got = await ok<{ history: unknown[] }>("GetTask", { id: sent.task.id, historyLength: 1, history_length: 0 });
    expect(got.history).toHaveLength(1);
  });

  it("a required field under its proto name is not reported missing; a wrong value still is", async () => {
    const res = await rpc("GetTask", { id: "x", history_length: -1 });
    expect(res.error?.code).toBe(-32602);
    expect(res.error?.message).toContain("historyLength");
    const missing = await rpc("ListTaskPushNotificationConfigs", { task_id: "" });
    expect(missing.error?.message).toContain("taskId");
  });
});

describe("HTTP+JSON query parameters in snake_case", () => {
  it("GET /tasks/{id}?history_length= and GET /tasks?context_id=&page_size=, camelCase winning", async () => {
    const contextId = `rest-snake-${crypto.randomUUID()}`;
    const res = await worker().fetch(`${BASE}/message:send`, {
      method: "POST",
      headers: V1,
      body: JSON.stringify({ message: snakeMessage("rest", { context_id: contextId }) }),
    });
    const { task } = (await res.json()) as { task: TaskLike };
    expect(task.contextId).toBe(contextId);
    await worker().fetch(`${BASE}/message:send`, {
      method: "POST",
      headers: V1,
      body: JSON.stringify({ message: snakeMessage("rest 2", { context_id: contextId }) }),
    });

    expect((await rest<{ history: unknown[] }>(`/tasks/${task.id}?history_length=1`)).history).toHaveLength(1);
    const list = await rest<{ tasks: unknown[]; pageSize: number }>(`/tasks?context_id=${contextId}&page_size=1&include_artifacts=true`);
    expect(list.pageSize).toBe(1);
    expect(list.tasks).toHaveLength(1);
    const both = await rest<{ tasks: unknown[]; pageSize: number }>(`/tasks?context_id=${contextId}&pageSize=2&page_size=1`);
    expect(both.pageSize).toBe(2);
    expect(both.tasks).toHaveLength(2);
  });
});
