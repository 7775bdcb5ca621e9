/**
 * The IaC agent with a model provider (OpenAI-compatible) through the real Durable Object turn
 * loop, against a fake model server speaking the provider's streaming format: text, reasoning,
 * tool calls, usage, per-turn overrides, provider failures and cancellation (contract §7, §10).
 */
import { describe, expect, inject, it } from "vitest";
import { BASE, V1, kinds, ok, readSse, send, sleep, stream, userMessage, worker, type SseEvent, type TaskLike } from "../helpers/rpc";

const modelServer = inject("modelServerUrl");

interface Logged {
  headers: Record<string, string>;
  body: string;
  closedEarly: boolean;
}

const key = () => `a${crypto.randomUUID().slice(0, 8)}`;
const withModel = (text: string, model: string, extra: Record<string, unknown> = {}) =>
  userMessage(text, { metadata: { iac_code: { iac_code_model: model, ...extra } } });

async function modelLog(k: string): Promise<Logged[]> {
  return (await (await fetch(`${modelServer}/log/${k}`)).json()) as Logged[];
}

function metadataOf(events: SseEvent[]): Array<Record<string, any>> {
  return events
    .map((e) => (e.data.result?.statusUpdate as { metadata?: { iac_code?: Record<string, any> } } | undefined)?.metadata?.iac_code)
    .filter((m): m is Record<string, any> => m !== undefined);
}

const reply = (task: TaskLike | undefined) => task?.status.message?.parts[0]?.text;

describe("a model-backed turn", () => {
  it("streams the model's text as WORKING messages, reports usage, and sends the key only in Authorization", async () => {
    const k = key();
    const events = await readSse(await stream("SendStreamingMessage", { message: withModel("hello", `text/${k}`) }));
    expect(kinds(events)).toEqual([
      "task",
      "statusUpdate:TASK_STATE_WORKING",
      "statusUpdate:TASK_STATE_WORKING",
      "statusUpdate:TASK_STATE_WORKING",
      "artifactUpdate",
      "statusUpdate:TASK_STATE_INPUT_REQUIRED",
    ]);
    const final = events.at(-1)?.data.result?.statusUpdate as { status: { message: { parts: Array<{ text: string }> } } };
    expect(final.status.message.parts[0]?.text).toBe("Hello, world");
    // Issue 20 item 4: the final reply is also the turn's `response` artifact, right before the end.
    expect(events.at(-2)?.data.result?.artifactUpdate).toMatchObject({
      append: false,
      lastChunk: true,
      artifact: { name: "response", parts: [{ text: "Hello, world" }] },
    });
    // Usage once, on the turn's final status (contract §7 "Message end").
    expect(metadataOf(events).filter((m) => m.usage)).toHaveLength(1);
    expect(metadataOf(events.slice(-1))[0]?.usage).toEqual({ inputTokens: 21, outputTokens: 2, totalTokens: 23 });
    const [request] = await modelLog(k);
    expect(request?.headers["authorization"]).toBe("Bearer sk-test-agent-key-0001");
    const body = JSON.parse(request?.body ?? "{}");
    expect(body.model).toBe(`text/${k}`);
    expect(body.messages[0].role).toBe("system");
    expect(body.messages.at(-1)).toEqual({ role: "user", content: "hello" });
    expect(body.tools.map((t: { function: { name: string } }) => t.function.name)).toEqual([
      "read_file",
      "write_file",
      "list_files",
      "ros_validate_template",
      "iac_request_check",
      "terraform_to_ros",
      "save_artifact",
      "aliyun_ros_api",
    ]);
    expect(JSON.stringify(events)).not.toContain("sk-test-agent-key");
  });

  it("exposes raw thinking when IACCODE_A2A_THINKING_EXPOSURE includes raw-thinking", async () => {
    const events = await readSse(await stream("SendStreamingMessage", { message: withModel("hi", `reasoning/${key()}`) }));
    expect(
      metadataOf(events)
        .filter((m) => m.thinking)
        .map((m) => m.thinking),
    ).toEqual([
      { type: "raw_thinking", text: "The user wants " },
      { type: "raw_thinking", text: "a greeting." },
    ]);
  });

  it("runs the tools the model calls: write_file lands in the workspace and comes back as an artifact", async () => {
    const k = key();
    const { task } = await send(withModel("write a vpc template", `agent-write/${k}`, { cwd: "/workspace/model" }));
    expect(task?.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
    // The request names one product, the VPC the template has: the check's headline opens the
    // model's reply, which follows it unchanged (issue 27 items 1 and 8).
    expect(reply(task)).toBe("**Request check:** all 1 values you gave are in the template.\n\nWrote vpc.yaml.");
    const part = task?.artifacts?.[0]?.parts[0] as { url: string; metadata: { byteSize: number } };
    const file = await (await worker().fetch(part.url)).text();
    expect(file).toContain("ALIYUN::ECS::VPC");
    const requests = await modelLog(k);
    expect(requests).toHaveLength(2);
    const second = JSON.parse(requests[1]?.body ?? "{}") as { messages: Array<{ role: string; content?: string; tool_call_id?: string }> };
    const toolMessage = second.messages.find((m) => m.role === "tool");
    expect(toolMessage?.tool_call_id).toBe("call_write");
    expect(JSON.parse(toolMessage?.content ?? "{}")).toEqual({
      output: { path: "/workspace/model/vpc.yaml", byteSize: file.length },
      artifact: { filename: "vpc.yaml", delivered: true },
    });
  });

  it("issue 19 item 1: the model's iac_request_check tool and the server's own check on the turn's final template", async () => {
    const k = key();
    const message = withModel("Write a VPC with CIDR 10.8.0.0/16", `agent-check/${k}`, { cwd: "/workspace/model-check" });
    const events = await readSse(await stream("SendStreamingMessage", { message }));
    const meta = metadataOf(events);
    // The tool's result, as the model saw it: the CIDR is not in the template; the bucket was never asked for.
    const checked = meta.find((m) => m.tool?.status === "completed" && m.tool.name === "iac_request_check")?.tool.result;
    expect(checked.notExpressed).toEqual([{ kind: "cidr", text: "10.8.0.0/16", target: "network", reason: "missing" }]);
    expect(checked.unrequested).toEqual([{ resource: "Bucket", type: "ALIYUN::OSS::Bucket" }]);
    // The server ran the check once more on the final template: the turn's final status carries it.
    const final = meta.at(-1);
    expect(final?.requestCheck).toEqual(checked);
    expect(final?.usage).toBeDefined();
    const second = JSON.parse((await modelLog(k))[2]?.body ?? "{}") as { messages: Array<{ role: string; content?: string }> };
    expect(second.messages.filter((m) => m.role === "tool").at(-1)?.content).toContain("10.8.0.0/16");
  });

  it("denies a cloud write the model asks for: permission.autoApproved false, the tool fails, the turn goes on", async () => {
    const message = withModel("create the stack", `agent-create-stack/${key()}`, {
      alibaba_cloud_access_key_id: "LTAItestkeyid0001",
      alibaba_cloud_access_key_secret: "test-secret-never-shown",
    });
    const events = await readSse(await stream("SendStreamingMessage", { message }));
    const meta = metadataOf(events);
    expect(meta.find((m) => m.permission)?.permission).toEqual({ autoApproved: false, toolUseId: "call_create", name: "aliyun_ros_api" });
    const failed = meta.find((m) => m.tool?.status === "failed")?.tool;
    expect(failed?.result.error).toMatch(/^Permission denied: ROS CreateStack is not a read-only action/);
    expect(kinds(events).at(-1)).toBe("statusUpdate:TASK_STATE_INPUT_REQUIRED");
    expect(JSON.stringify(events)).not.toContain("test-secret-never-shown");
  });

  it("uses the per-turn API key override", async () => {
    const k = key();
    await send(withModel("hi", `text/${k}`, { iac_code_api_key: "  sk-turn-override-0002 " }));
    expect((await modelLog(k))[0]?.headers["authorization"]).toBe("Bearer sk-turn-override-0002");
  });
});

describe("provider failures (contract §10)", () => {
  it("rejected credentials end FAILED with the sanitized authentication message", async () => {
    const { task } = await send(withModel("hi", `status-401/${key()}`));
    expect(task?.status.state).toBe("TASK_STATE_FAILED");
    expect(reply(task)).toBe("Authentication required. Please configure your API credentials.");
  });

  it("429 and 5xx end the turn INPUT_REQUIRED with `A temporary error occurred. Please retry.`", async () => {
    for (const scenario of ["status-429", "status-503"]) {
      const events = await readSse(await stream("SendStreamingMessage", { message: withModel("hi", `${scenario}/${key()}`) }));
      const final = events.at(-1)?.data.result?.statusUpdate as { status: { state: string; message: { parts: Array<{ text: string }> } }; metadata: unknown };
      expect(final.status.state, scenario).toBe("TASK_STATE_INPUT_REQUIRED");
      expect(final.status.message.parts[0]?.text).toBe("A temporary error occurred. Please retry.");
      expect(final.metadata).toEqual({ iac_code: { error: { retryable: true }, usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0 } } });
    }
  });

  it("a follow-up after a temporary error works", async () => {
    const failed = (await send(withModel("hi", `status-500/${key()}`))).task;
    const again = (await send(withModel("again", `text/${key()}`, {}), undefined)).task;
    expect(failed?.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
    expect(again?.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
  });

  it("CancelTask aborts the provider call in flight", async () => {
    const k = key();
    const { task } = await send(withModel("hi", `stall-body/${k}`), { returnImmediately: true });
    for (let i = 0; i < 50 && (await modelLog(k)).length === 0; i++) await sleep(50);
    const canceled = await ok<TaskLike>("CancelTask", { id: task?.id });
    expect(canceled.status.state).toBe("TASK_STATE_CANCELED");
    let log = await modelLog(k);
    for (let i = 0; i < 50 && !log[0]?.closedEarly; i++) {
      await sleep(50);
      log = await modelLog(k);
    }
    expect(log[0]?.closedEarly).toBe(true);
    const res = await worker().fetch(`${BASE}/`, {
      method: "POST",
      headers: V1,
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "GetTask", params: { id: task?.id } }),
    });
    expect(((await res.json()) as { result: TaskLike }).result.status.state).toBe("TASK_STATE_CANCELED");
  });
});

describe("a follow-up's conversation", () => {
  // Issue 29 item 4: a turn skips the read-back of texts kept in R2 when no message of its
  // conversation keeps one; with one, the model must still be sent the whole text.
  it("carries the text of an earlier part kept in R2 (over 64 KiB), read back, beside the short ones", async () => {
    const k = key();
    const large = `START ${"x".repeat(70 * 1024)} END`;
    const first = await send(withModel("short one", `text/${k}`));
    const contextId = first.task?.contextId;
    await send({ ...withModel(large, `text/${k}`), contextId });
    await send({ ...withModel("and now?", `text/${k}`), contextId });
    const log = await modelLog(k);
    expect(log).toHaveLength(3);
    const sent = JSON.stringify(JSON.parse(log[2]?.body ?? "{}").messages);
    expect(sent).toContain("short one");
    expect(sent).toContain(large);
    expect(sent).toContain("and now?");
  });
});
