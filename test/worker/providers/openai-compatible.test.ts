import { describe, expect, it } from "vitest";
import { ProviderError, type ModelEvent } from "../../../src/agent/model";
import { DASHSCOPE_COMPATIBLE_BASE_URL, OpenAICompatibleProvider } from "../../../src/agent/providers/openai-compatible";
import { CONVERSATION, TOOLS, closedEarly, collect, failure, logged, modelServer, newKey, request, text, thinking } from "./helpers";

const KEY = "sk-test-0123456789abcdefXYZ";
const provider = (options: Partial<ConstructorParameters<typeof OpenAICompatibleProvider>[0]> = {}) =>
  new OpenAICompatibleProvider({ apiKey: KEY, baseUrl: `${modelServer}/openai/v1`, ...options });

describe("OpenAICompatibleProvider", () => {
  it("streams plain text, then usage from the final chunk, then done", async () => {
    const k = newKey();
    const events = await collect(provider().stream(request(`text/${k}`)));
    expect(events).toEqual([
      { type: "text", text: "Hello" },
      { type: "text", text: ", world" },
      { type: "usage", inputTokens: 21, outputTokens: 2 },
      { type: "done", stopReason: "end" },
    ]);
  });

  it("reassembles text split at odd byte boundaries, CRLF lines, comments and multi-byte characters", async () => {
    const events = await collect(provider().stream(request(`split/${newKey()}`)));
    expect(text(events)).toBe("Héllo, 世界 🌍!");
    expect(events.at(-1)).toEqual({ type: "done", stopReason: "end" });
  });

  it("turns two parallel tool calls with split arguments into start, delta and end events", async () => {
    const events = await collect(provider().stream(request(`tools/${newKey()}`, { tools: TOOLS })));
    const tools = events.filter((e) => e.type.startsWith("tool_call"));
    expect(tools[0]).toEqual({ type: "tool_call_start", id: "call_aaa", name: "read_file" });
    expect(events.filter((e) => e.type === "tool_call_end")).toEqual([
      { type: "tool_call_end", id: "call_aaa", name: "read_file", arguments: '{"path": "main.tf"}' },
      { type: "tool_call_end", id: "call_bbb", name: "list_files", arguments: '{"dir": "."}' },
    ]);
    const deltas = (id: string) =>
      events.filter((e): e is Extract<ModelEvent, { type: "tool_call_delta" }> => e.type === "tool_call_delta" && e.id === id).map((e) => e.argumentsDelta);
    expect(deltas("call_aaa")).toEqual(['{"pa', 'th": "ma', 'in.tf"}']);
    expect(deltas("call_bbb")).toEqual(['{"di', 'r": "."}']);
    expect(events.slice(-2)).toEqual([
      { type: "usage", inputTokens: 120, outputTokens: 40 },
      { type: "done", stopReason: "tool_calls" },
    ]);
    // Each call starts before its deltas, and no delta follows its end.
    for (const id of ["call_aaa", "call_bbb"]) {
      const mine = events.filter((e) => "id" in e && e.id === id).map((e) => e.type);
      expect(mine[0]).toBe("tool_call_start");
      expect(mine.at(-1)).toBe("tool_call_end");
    }
  });

  it("reports reasoning_content as thinking, separately from the text", async () => {
    const events = await collect(provider().stream(request(`reasoning/${newKey()}`)));
    expect(thinking(events)).toBe("The user wants a greeting.");
    expect(text(events)).toBe("Hi!");
    expect(events.findIndex((e) => e.type === "thinking")).toBeLessThan(events.findIndex((e) => e.type === "text"));
  });

  it("maps finish_reason length to max_tokens", async () => {
    const events = await collect(provider().stream(request(`length/${newKey()}`)));
    expect(events.at(-1)).toEqual({ type: "done", stopReason: "max_tokens" });
  });

  it("accepts a stream that ends after finish_reason without [DONE]", async () => {
    const events = await collect(provider().stream(request(`no-done/${newKey()}`)));
    expect(events).toEqual([
      { type: "text", text: "Bye" },
      { type: "done", stopReason: "end" },
    ]);
  });

  it("maps our messages and tools to the Chat Completions request, with stream_options.include_usage", async () => {
    const k = newKey();
    await collect(provider().stream(request(`text/${k}`, { messages: CONVERSATION, tools: TOOLS, maxTokens: 1000 })));
    const [entry] = await logged(k);
    expect(entry?.path).toBe("/openai/v1/chat/completions");
    expect(JSON.parse(entry?.body ?? "")).toEqual({
      model: `text/${k}`,
      messages: [
        { role: "system", content: "You are iac-code." },
        { role: "user", content: "Fix main.tf" },
        {
          role: "assistant",
          content: "Reading both.",
          tool_calls: [
            { id: "call_1", type: "function", function: { name: "read_file", arguments: '{"path":"main.tf"}' } },
            { id: "call_2", type: "function", function: { name: "list_files", arguments: '{"dir":"."}' } },
          ],
        },
        { role: "tool", tool_call_id: "call_1", content: 'resource "x" {}' },
        { role: "tool", tool_call_id: "call_2", content: "main.tf" },
        { role: "user", content: "Go on" },
      ],
      tools: [
        { type: "function", function: { name: "read_file", description: "Read a workspace file", parameters: TOOLS[0]?.inputSchema } },
        { type: "function", function: { name: "list_files", description: "List a directory", parameters: TOOLS[1]?.inputSchema } },
      ],
      max_tokens: 1000,
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it("sends the key only as Authorization: Bearer, never in the body or the URL", async () => {
    const k = newKey();
    await collect(provider().stream(request(`text/${k}`)));
    const [entry] = await logged(k);
    expect(entry?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(entry?.body).not.toContain(KEY);
    expect(entry?.path).not.toContain(KEY);
    const others = Object.entries(entry?.headers ?? {}).filter(([name]) => name !== "authorization");
    expect(JSON.stringify(others)).not.toContain(KEY);
  });

  it("omits tools when there are none and can name the token limit max_completion_tokens", async () => {
    const k = newKey();
    await collect(provider({ maxTokensField: "max_completion_tokens" }).stream(request(`text/${k}`, { maxTokens: 50 })));
    const body = JSON.parse((await logged(k))[0]?.body ?? "") as Record<string, unknown>;
    expect(body).not.toHaveProperty("tools");
    expect(body).not.toHaveProperty("max_tokens");
    expect(body.max_completion_tokens).toBe(50);
  });

  it("uses its default model (qwen3-max unless configured) for a request without one", async () => {
    expect(new OpenAICompatibleProvider({ apiKey: KEY }).defaultModel).toBe("qwen3-max");
    expect(new OpenAICompatibleProvider({ apiKey: KEY }).baseUrl).toBe(DASHSCOPE_COMPATIBLE_BASE_URL);
    const k = newKey();
    await collect(provider({ defaultModel: `text/${k}` }).stream(request("")));
    expect(JSON.parse((await logged(k))[0]?.body ?? "").model).toBe(`text/${k}`);
  });

  it("maps 401 to auth without the key in the message, even when the server echoes it", async () => {
    const { error } = await failure(provider().stream(request(`status-401/${newKey()}`)));
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: "auth", status: 401 });
    expect((error as Error).message).toContain("HTTP 401");
    expect((error as Error).message).not.toContain(KEY);
  });

  it("removes a key that matches no known secret pattern from error messages", async () => {
    const plain = "plainvalue-without-any-prefix-42";
    const { error } = await failure(provider({ apiKey: plain }).stream(request(`status-401/${newKey()}`)));
    expect((error as Error).message).not.toContain(plain);
    expect((error as Error).message).toContain("[REDACTED]");
  });

  it.each([
    [403, "auth"],
    [429, "retryable"],
    [500, "retryable"],
    [503, "retryable"],
    [408, "retryable"],
    [409, "retryable"],
    [400, "fatal"],
    [404, "fatal"],
    [422, "fatal"],
  ] as const)("maps HTTP %i to %s", async (status, kind) => {
    const { error } = await failure(provider().stream(request(`status-${status}/${newKey()}`)));
    expect(error).toMatchObject({ name: "ProviderError", kind, status });
  });

  it("mentions Retry-After of a 429 in the message", async () => {
    const { error } = await failure(provider().stream(request(`status-429/${newKey()}`)));
    expect((error as Error).message).toContain("retry after 7 s");
  });

  it("fails fatally on an error object in the stream, after the text before it", async () => {
    const { events, error } = await failure(provider().stream(request(`stream-error/${newKey()}`)));
    expect(text(events)).toBe("Partial");
    expect(error).toMatchObject({ kind: "fatal" });
    expect((error as Error).message).toContain("Invalid value");
  });

  it("fails fatally on a data line that is not JSON", async () => {
    const { error } = await failure(provider().stream(request(`malformed/${newKey()}`)));
    expect(error).toMatchObject({ kind: "fatal" });
    expect((error as Error).message).toContain("malformed stream");
  });

  it("treats a stream cut off before finish_reason and [DONE] as retryable", async () => {
    const { events, error } = await failure(provider().stream(request(`truncated/${newKey()}`)));
    expect(text(events)).toBe("Cut off");
    expect(error).toMatchObject({ kind: "retryable" });
  });

  it("maps a refused connection to retryable", async () => {
    const { error } = await failure(new OpenAICompatibleProvider({ apiKey: KEY, baseUrl: "http://127.0.0.1:1/v1" }).stream(request("text")));
    expect(error).toMatchObject({ name: "ProviderError", kind: "retryable" });
    expect((error as Error).message).not.toContain(KEY);
  });

  it("times out as retryable when the server never answers", async () => {
    const k = newKey();
    const started = Date.now();
    const { error } = await failure(provider({ timeoutMs: 300 }).stream(request(`stall-headers/${k}`)));
    expect(error).toMatchObject({ kind: "retryable" });
    expect((error as Error).message).toContain("timed out after 300 ms");
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await closedEarly(k)).toBe(true);
  });

  it("times out as retryable when the headers come but no body byte follows", async () => {
    const { error } = await failure(provider({ timeoutMs: 300 }).stream(request(`stall-body/${newKey()}`)));
    expect(error).toMatchObject({ kind: "retryable" });
    expect((error as Error).message).toContain("timed out");
  });

  it("times out as retryable when the stream stalls half-way (idle time-out)", async () => {
    const { events, error } = await failure(provider({ idleTimeoutMs: 300 }).stream(request(`stall-mid/${newKey()}`)));
    expect(text(events)).toBe("Thinking...");
    expect(error).toMatchObject({ kind: "retryable" });
    expect((error as Error).message).toContain("next chunk");
  });

  it("does not cut a healthy stream that lasts longer than the time-outs", async () => {
    const started = Date.now();
    const events = await collect(provider({ timeoutMs: 400, idleTimeoutMs: 400 }).stream(request(`slow/${newKey()}`)));
    expect(Date.now() - started).toBeGreaterThan(800);
    expect(text(events)).toBe("abcdef");
    expect(events.at(-1)).toEqual({ type: "done", stopReason: "end" });
  });

  it("ends promptly with the abort reason when aborted mid-stream, and closes the connection", async () => {
    const k = newKey();
    const controller = new AbortController();
    const seen: ModelEvent[] = [];
    let caught: unknown;
    const started = Date.now();
    try {
      for await (const event of provider().stream(request(`stall-mid/${k}`, { signal: controller.signal }))) {
        seen.push(event);
        if (seen.length === 1) setTimeout(() => controller.abort(), 50);
      }
    } catch (error) {
      caught = error;
    }
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(caught).toBe(controller.signal.reason);
    expect((caught as Error).name).toBe("AbortError");
    expect(await closedEarly(k)).toBe(true);
  });

  it("ends with the abort reason while waiting for the response headers", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("cancelled by user")), 100);
    const { error } = await failure(provider().stream(request(`stall-headers/${newKey()}`, { signal: controller.signal })));
    expect(error).toBe(controller.signal.reason);
  });

  it("makes no request at all when the signal is already aborted", async () => {
    const k = newKey();
    const controller = new AbortController();
    controller.abort();
    const { error, events } = await failure(provider().stream(request(`text/${k}`, { signal: controller.signal })));
    expect(events).toEqual([]);
    expect((error as Error).name).toBe("AbortError");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await (await fetch(`${modelServer}/log/${k}`)).json()).toEqual([]);
  });

  it("closes the connection when the consumer stops iterating early", async () => {
    const k = newKey();
    for await (const event of provider().stream(request(`stall-mid/${k}`))) {
      expect(event.type).toBe("text");
      break;
    }
    expect(await closedEarly(k)).toBe(true);
  });
});
