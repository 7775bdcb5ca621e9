import { describe, expect, it } from "vitest";
import { ProviderError, type ModelEvent } from "../../../src/agent/model";
import { AnthropicProvider, toAnthropicMessages } from "../../../src/agent/providers/anthropic";
import { CONVERSATION, TOOLS, closedEarly, collect, failure, logged, modelServer, newKey, request, text, thinking } from "./helpers";

const KEY = "sk-ant-api03-test-KEY-0123456789";
const provider = (options: Partial<ConstructorParameters<typeof AnthropicProvider>[0]> = {}) =>
  new AnthropicProvider({ apiKey: KEY, baseUrl: `${modelServer}/anthropic`, ...options });

describe("AnthropicProvider", () => {
  it("streams text, ignores ping, and reports input (cache reads included) and output tokens", async () => {
    const events = await collect(provider().stream(request(`text/${newKey()}`)));
    expect(events).toEqual([
      { type: "text", text: "Hello" },
      { type: "text", text: ", world" },
      { type: "usage", inputTokens: 30, outputTokens: 12 },
      { type: "done", stopReason: "end" },
    ]);
  });

  it("reassembles events split at odd byte boundaries with CRLF lines", async () => {
    const events = await collect(provider().stream(request(`split/${newKey()}`)));
    expect(text(events)).toBe("Héllo, 世界 🌍!");
    expect(events.at(-1)).toEqual({ type: "done", stopReason: "end" });
  });

  it("turns tool_use blocks and input_json_delta fragments into tool call events, ending each at content_block_stop", async () => {
    const events = await collect(provider().stream(request(`tools/${newKey()}`, { tools: TOOLS })));
    expect(events).toEqual([
      { type: "text", text: "Let me look." },
      { type: "tool_call_start", id: "toolu_01A", name: "read_file" },
      { type: "tool_call_delta", id: "toolu_01A", argumentsDelta: '{"path": "ma' },
      { type: "tool_call_delta", id: "toolu_01A", argumentsDelta: 'in.tf"}' },
      { type: "tool_call_end", id: "toolu_01A", name: "read_file", arguments: '{"path": "main.tf"}' },
      { type: "tool_call_start", id: "toolu_01B", name: "list_files" },
      { type: "tool_call_end", id: "toolu_01B", name: "list_files", arguments: "{}" },
      { type: "usage", inputTokens: 30, outputTokens: 57 },
      { type: "done", stopReason: "tool_calls" },
    ]);
  });

  it("reports thinking blocks as thinking and ignores their signature", async () => {
    const events = await collect(provider().stream(request(`reasoning/${newKey()}`)));
    expect(thinking(events)).toBe("The user wants a greeting.");
    expect(text(events)).toBe("Hi!");
    expect(JSON.stringify(events)).not.toContain("EqQB");
  });

  it("maps stop_reason max_tokens to max_tokens", async () => {
    const events = await collect(provider().stream(request(`length/${newKey()}`)));
    expect(events.at(-1)).toEqual({ type: "done", stopReason: "max_tokens" });
  });

  it("sends system at the top level, tool calls as tool_use, tool results as one user message of tool_result blocks", async () => {
    const k = newKey();
    await collect(provider().stream(request(`text/${k}`, { messages: CONVERSATION, tools: TOOLS, maxTokens: 2048 })));
    const [entry] = await logged(k);
    expect(entry?.path).toBe("/anthropic/v1/messages");
    expect(JSON.parse(entry?.body ?? "")).toEqual({
      model: `text/${k}`,
      max_tokens: 2048,
      system: "You are iac-code.",
      messages: [
        { role: "user", content: [{ type: "text", text: "Fix main.tf" }] },
        {
          role: "assistant",
          content: [
            { type: "text", text: "Reading both." },
            { type: "tool_use", id: "call_1", name: "read_file", input: { path: "main.tf" } },
            { type: "tool_use", id: "call_2", name: "list_files", input: { dir: "." } },
          ],
        },
        {
          role: "user",
          content: [
            { type: "tool_result", tool_use_id: "call_1", content: 'resource "x" {}' },
            { type: "tool_result", tool_use_id: "call_2", content: "main.tf" },
            { type: "text", text: "Go on" },
          ],
        },
      ],
      tools: [
        { name: "read_file", description: "Read a workspace file", input_schema: TOOLS[0]?.inputSchema },
        { name: "list_files", description: "List a directory", input_schema: TOOLS[1]?.inputSchema },
      ],
      stream: true,
    });
  });

  it("sends the key only in x-api-key, with anthropic-version 2023-06-01, and no Authorization header", async () => {
    const k = newKey();
    await collect(provider().stream(request(`text/${k}`)));
    const [entry] = await logged(k);
    expect(entry?.headers["x-api-key"]).toBe(KEY);
    expect(entry?.headers["anthropic-version"]).toBe("2023-06-01");
    expect(entry?.headers.authorization).toBeUndefined();
    expect(entry?.body).not.toContain(KEY);
    expect(entry?.path).not.toContain(KEY);
  });

  it("uses a default max_tokens and model when the request has none", async () => {
    const k = newKey();
    await collect(provider({ defaultModel: `text/${k}` }).stream(request("")));
    const body = JSON.parse((await logged(k))[0]?.body ?? "") as Record<string, unknown>;
    expect(body.model).toBe(`text/${k}`);
    expect(body.max_tokens).toBe(8192);
    expect(body).not.toHaveProperty("system");
    expect(body).not.toHaveProperty("tools");
    expect(new AnthropicProvider({ apiKey: KEY }).defaultModel).toBe("claude-sonnet-4-5");
  });

  it("maps an overloaded_error event to retryable", async () => {
    const { error } = await failure(provider().stream(request(`overloaded/${newKey()}`)));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: "retryable" });
    expect((error as Error).message).toContain("overloaded_error");
  });

  it("maps another error event to fatal, after the text before it", async () => {
    const { events, error } = await failure(provider().stream(request(`stream-error/${newKey()}`)));
    expect(text(events)).toBe("Partial");
    expect(error).toMatchObject({ kind: "fatal" });
    expect((error as Error).message).toContain("invalid_request_error");
  });

  it.each([
    [401, "auth"],
    [403, "auth"],
    [429, "retryable"],
    [500, "retryable"],
    [529, "retryable"],
    [400, "fatal"],
  ] as const)("maps HTTP %i to %s without the key in the message", async (status, kind) => {
    const { error } = await failure(provider().stream(request(`status-${status}/${newKey()}`)));
    expect(error).toMatchObject({ name: "ProviderError", kind, status });
    expect((error as Error).message).not.toContain(KEY);
  });

  it("fails fatally on an event that is not JSON", async () => {
    const { error } = await failure(provider().stream(request(`malformed/${newKey()}`)));
    expect(error).toMatchObject({ kind: "fatal" });
  });

  it("fails fatally on a malformed stream: a nameless tool_use, tool JSON in a text block, a non-object event", async () => {
    const messages = {
      "nameless-tool": "a tool_use block without a name",
      "stray-json": "input_json_delta outside a tool_use block",
      "not-object": "an event is not a JSON object",
    };
    for (const [scenario, message] of Object.entries(messages)) {
      const { events, error } = await failure(provider().stream(request(`${scenario}/${newKey()}`)));
      expect(events).toEqual([]);
      expect(error).toMatchObject({ kind: "fatal" });
      expect((error as Error).message).toContain(message);
    }
  });

  it("treats a stream that ends before message_stop as retryable", async () => {
    const { events, error } = await failure(provider().stream(request(`truncated/${newKey()}`)));
    expect(text(events)).toBe("Cut off");
    expect(error).toMatchObject({ kind: "retryable" });
  });

  it("times out as retryable when the stream stalls", async () => {
    const { error } = await failure(provider({ idleTimeoutMs: 300 }).stream(request(`stall-mid/${newKey()}`)));
    expect(error).toMatchObject({ kind: "retryable" });
  });

  it("does not cut a healthy stream that lasts longer than the time-outs", async () => {
    const events = await collect(provider({ timeoutMs: 300, idleTimeoutMs: 300 }).stream(request(`slow/${newKey()}`)));
    expect(text(events)).toBe("abcd");
  });

  it("ends promptly with the abort reason when aborted mid-stream, and closes the connection", async () => {
    const k = newKey();
    const controller = new AbortController();
    const seen: ModelEvent[] = [];
    const reason = new Error("turn cancelled");
    let caught: unknown;
    try {
      for await (const event of provider().stream(request(`stall-mid/${k}`, { signal: controller.signal }))) {
        seen.push(event);
        controller.abort(reason);
      }
    } catch (error) {
      caught = error;
    }
    expect(caught).toBe(reason);
    expect(seen).toEqual([{ type: "text", text: "Thinking" }]);
    expect(await closedEarly(k)).toBe(true);
  });
});

describe("toAnthropicMessages", () => {
  it("merges adjacent turns of one role, drops empty text, and maps foreign tool ids to Anthropic's alphabet", () => {
    const { system, messages } = toAnthropicMessages([
      { role: "system", content: "A" },
      { role: "system", content: "B" },
      { role: "user", content: "one" },
      { role: "user", content: "two" },
      { role: "assistant", content: "", toolCalls: [{ id: "fc:1/x", name: "t", arguments: "not json" }] },
      { role: "tool", toolCallId: "fc:1/x", name: "t", content: "" },
    ]);
    expect(system).toBe("A\n\nB");
    expect(messages).toEqual([
      {
        role: "user",
        content: [
          { type: "text", text: "one" },
          { type: "text", text: "two" },
        ],
      },
      { role: "assistant", content: [{ type: "tool_use", id: "fc_1_x", name: "t", input: {} }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "fc_1_x" }] },
    ]);
  });
});
