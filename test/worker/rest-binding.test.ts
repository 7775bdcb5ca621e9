/**
 * The HTTP+JSON binding (spec §11; a2a-1.0.md §7): the same methods at REST paths, google.rpc.Status
 * errors with the v1.0.1 HTTP statuses, bare StreamResponse SSE events, both subscribe methods.
 */
import { describe, expect, it } from "vitest";
import { BASE, parseSse, sleep, worker } from "./helpers/rpc";

const H = { "Content-Type": "application/json", "A2A-Version": "1.0" };

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = H) {
  const res = await worker().fetch(`${BASE}${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
  });
  return res;
}

const message = (messageId: string, extra: Record<string, unknown> = {}) => ({
  message: { messageId, role: "ROLE_USER", parts: [{ text: "hello" }], ...extra },
});

describe("HTTP+JSON routes (spec §11.3)", () => {
  it("the card names the HTTP+JSON interface after the JSON-RPC one", async () => {
    const card = (await (await worker().fetch(`${BASE}/.well-known/agent-card.json`)).json()) as { supportedInterfaces: unknown[] };
    expect(card.supportedInterfaces).toEqual([
      { url: `${BASE}/`, protocolBinding: "JSONRPC", protocolVersion: "1.0" },
      { url: BASE, protocolBinding: "HTTP+JSON", protocolVersion: "1.0" },
      { url: `${BASE}/`, protocolBinding: "JSONRPC", protocolVersion: "0.3" },
    ]);
  });

  it("POST /message:send, GET /tasks/{id}, GET /tasks, POST /tasks/{id}:cancel", async () => {
    const sent = await call("POST", "/message:send", message("rest-1", { contextId: "rest-ctx" }));
    expect(sent.status).toBe(200);
    expect(sent.headers.get("Content-Type")).toBe("application/json");
    const { task } = (await sent.json()) as { task: { id: string; status: { state: string } } };
    expect(task.status.state).toBe("TASK_STATE_INPUT_REQUIRED");

    const got = (await (await call("GET", `/tasks/${task.id}?historyLength=1`)).json()) as { id: string; history: unknown[] };
    expect(got.id).toBe(task.id);
    expect(got.history).toHaveLength(1);

    const list = (await (await call("GET", "/tasks?contextId=rest-ctx&pageSize=5&includeArtifacts=true")).json()) as {
      tasks: Array<{ id: string }>;
      totalSize: number;
      nextPageToken: string;
    };
    expect(list).toMatchObject({ totalSize: 1, nextPageToken: "", pageSize: 5 });
    expect(list.tasks.map((t) => t.id)).toEqual([task.id]);

    const canceled = (await (await call("POST", `/tasks/${task.id}:cancel`)).json()) as { status: { state: string } };
    expect(canceled.status.state).toBe("TASK_STATE_CANCELED");
    const again = await call("POST", `/tasks/${task.id}:cancel`, "null");
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: { status: string } }).error.status).toBe("FAILED_PRECONDITION");
  });

  it("streams bare StreamResponse events from POST /message:stream", async () => {
    const res = await call("POST", "/message:stream", message("tck-stream-001-rest"));
    expect(res.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    const events = parseSse(await res.text()) as unknown as Array<{ id?: number; data: Record<string, unknown> }>;
    expect(events.map((e) => Object.keys(e.data)[0])).toEqual(["task", "statusUpdate", "artifactUpdate", "statusUpdate"]);
    expect(events.map((e) => e.id)).toEqual([1, 2, 3, 4]);
  });

  it("subscribes with GET or POST /tasks/{id}:subscribe", async () => {
    for (const method of ["GET", "POST"]) {
      const sent = (await (
        await call("POST", "/message:send", { ...message(`test-resubscribe-message-id-${method}`), configuration: { returnImmediately: true } })
      ).json()) as { task: { id: string } };
      await sleep(10);
      const events = parseSse(await (await call(method, `/tasks/${sent.task.id}:subscribe`)).text()) as unknown as Array<{ data: Record<string, unknown> }>;
      expect(Object.keys(events[0]?.data ?? {})).toEqual(["task"]);
      expect(events.at(-1)?.data).toMatchObject({ statusUpdate: { status: { state: "TASK_STATE_COMPLETED" } } });
    }
  });

  it("GET /extendedAgentCard", async () => {
    const card = (await (await call("GET", "/extendedAgentCard")).json()) as { skills: Array<{ id: string }> };
    expect(card.skills.at(-1)?.id).toBe("iac_code_runtime_details");
  });
});

describe("HTTP+JSON errors (spec §11.6)", () => {
  it("404 NOT_FOUND with an ErrorInfo for an unknown task", async () => {
    const res = await call("GET", "/tasks/nope");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: {
        code: 404,
        status: "NOT_FOUND",
        message: "Task nope not found",
        details: [{ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "TASK_NOT_FOUND", domain: "a2a-protocol.org", metadata: { taskId: "nope" } }],
      },
    });
  });

  it("400 INVALID_ARGUMENT with field violations for bad params and bad queries", async () => {
    const res = await call("POST", "/message:send", { message: { messageId: "m", role: "ROLE_USER", parts: [] } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { status: string; details: Array<Record<string, unknown>> } };
    expect(body.error.status).toBe("INVALID_ARGUMENT");
    expect(body.error.details[1]).toEqual({
      "@type": "type.googleapis.com/google.rpc.BadRequest",
      fieldViolations: [{ field: "message.parts", description: "At least one part is required" }],
    });
    for (const query of ["pageSize=0", "pageSize=abc", "includeArtifacts=maybe", "status=NOPE", "historyLength=-1"]) {
      expect((await call("GET", `/tasks?${query}`)).status, query).toBe(400);
    }
  });

  it("400 VERSION_NOT_SUPPORTED without A2A-Version, 415 for a form body, 400 for broken JSON", async () => {
    const noVersion = await call("GET", "/tasks", undefined, {});
    expect(noVersion.status).toBe(400);
    expect(((await noVersion.json()) as { error: { details: Array<{ reason: string }> } }).error.details[0]?.reason).toBe("VERSION_NOT_SUPPORTED");
    const form = await call("POST", "/message:send", "a=b", { ...H, "Content-Type": "application/x-www-form-urlencoded" });
    expect(form.status).toBe(415);
    expect(((await form.json()) as { error: { code: number; details: Array<{ reason: string }> } }).error).toMatchObject({
      code: 415,
      details: [{ reason: "CONTENT_TYPE_NOT_SUPPORTED" }],
    });
    const broken = await call("POST", "/message:send", "{nope");
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { error: { details: Array<{ reason: string }> } }).error.details[0]?.reason).toBe("INVALID_JSON");
  });

  it("push config routes answer PUSH_NOTIFICATION_NOT_SUPPORTED while push is off", async () => {
    const res = await call("POST", "/tasks/x/pushNotificationConfigs", { url: "https://hooks.example.com/a2a" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { details: Array<{ reason: string }> } }).error.details[0]?.reason).toBe("PUSH_NOTIFICATION_NOT_SUPPORTED");
  });
});
