import { describe, expect, it } from "vitest";
import type { ProviderError, ModelEvent } from "../../../src/agent/model";
import { WorkersAIProvider, bindingErrorKind, type AiBinding } from "../../../src/agent/providers/workers-ai";
import { CONVERSATION, TOOLS, closedEarly, collect, failure, logged, modelServer, newKey, request, text } from "./helpers";

const TOKEN = "cf-token-ABCDEFGHIJKLMNOPQRSTUVWXYZ012345";
const ACCOUNT = "0123456789abcdef0123456789abcdef";
const rest = (options: Partial<ConstructorParameters<typeof WorkersAIProvider>[0]> = {}) =>
  new WorkersAIProvider({ accountId: ACCOUNT, apiToken: TOKEN, baseUrl: `${modelServer}/workers-ai/client/v4`, ...options });

/** A stand-in for `env.AI` that relays to the fake server's REST endpoint, so the binding gets the same bytes. */
function relayBinding(calls: { model: string; input: unknown; options: unknown }[]): AiBinding {
  return {
    async run(model, input, options) {
      calls.push({ model, input, options });
      const response = await fetch(`${modelServer}/workers-ai/client/v4/accounts/binding/ai/run/${model}`, {
        method: "POST",
        body: JSON.stringify(input),
        signal: (options as { signal?: AbortSignal } | undefined)?.signal ?? null,
      });
      return response.body;
    },
  };
}

describe("WorkersAIProvider over REST", () => {
  it("streams response text and usage, then done", async () => {
    const events = await collect(rest().stream(request(`@cf/text/${newKey()}`)));
    expect(events).toEqual([
      { type: "text", text: "Hello" },
      { type: "text", text: ", world" },
      { type: "usage", inputTokens: 18, outputTokens: 2 },
      { type: "done", stopReason: "end" },
    ]);
  });

  it("reassembles records split at odd byte boundaries with CRLF lines", async () => {
    const events = await collect(rest().stream(request(`@cf/split/${newKey()}`)));
    expect(text(events)).toBe("Héllo, 世界 🌍!");
  });

  it("normalizes whole tool calls: generated call_<n> ids, object arguments stringified, nested function form", async () => {
    const events = await collect(rest().stream(request(`@cf/tools/${newKey()}`, { tools: TOOLS })));
    const ends = events.filter((e): e is Extract<ModelEvent, { type: "tool_call_end" }> => e.type === "tool_call_end");
    expect(ends).toHaveLength(2);
    expect(ends[0]).toMatchObject({ name: "read_file", arguments: '{"path":"main.tf"}' });
    expect(ends[0]?.id).toMatch(/^call_1_[a-z0-9]{9}$/);
    expect(ends[1]).toEqual({ type: "tool_call_end", id: "chatcmpl-tool-7f3a", name: "list_files", arguments: '{"dir": "."}' });
    const starts = events.filter((e) => e.type === "tool_call_start");
    expect(starts).toEqual([
      { type: "tool_call_start", id: ends[0]?.id, name: "read_file" },
      { type: "tool_call_start", id: "chatcmpl-tool-7f3a", name: "list_files" },
    ]);
    expect(events.slice(-2)).toEqual([
      { type: "usage", inputTokens: 300, outputTokens: 31 },
      { type: "done", stopReason: "tool_calls" },
    ]);
  });

  it("parses OpenAI-style chunks that newer Workers AI models stream", async () => {
    const events = await collect(rest().stream(request(`@cf/chunks/${newKey()}`, { tools: TOOLS })));
    expect(text(events)).toBe("Sure");
    expect(events.filter((e) => e.type === "tool_call_end")).toEqual([
      { type: "tool_call_end", id: "chatcmpl-tool-1", name: "read_file", arguments: '{"path": "a.tf"}' },
    ]);
    expect(events.at(-1)).toEqual({ type: "done", stopReason: "tool_calls" });
  });

  it("accepts a non-streamed JSON result", async () => {
    const events = await collect(rest().stream(request(`@cf/json/${newKey()}`)));
    expect(events).toEqual([
      { type: "text", text: "Hi there" },
      { type: "usage", inputTokens: 9, outputTokens: 3 },
      { type: "done", stopReason: "end" },
    ]);
  });

  it("reports max_tokens when the answer used the whole token budget", async () => {
    const events = await collect(rest().stream(request(`@cf/length/${newKey()}`, { maxTokens: 64 })));
    expect(events.at(-1)).toEqual({ type: "done", stopReason: "max_tokens" });
  });

  it("posts to /accounts/{id}/ai/run/{model} with Bearer auth, OpenAI-shaped messages and tools, and always a max_tokens", async () => {
    const k = newKey();
    await collect(rest().stream(request(`@cf/text/${k}`, { messages: CONVERSATION, tools: TOOLS })));
    const [entry] = await logged(k);
    expect(entry?.path).toBe(`/workers-ai/client/v4/accounts/${ACCOUNT}/ai/run/@cf/text/${k}`);
    expect(entry?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(entry?.body).not.toContain(TOKEN);
    const body = JSON.parse(entry?.body ?? "") as Record<string, unknown>;
    expect(body).toEqual({
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
        { role: "tool", tool_call_id: "call_1", name: "read_file", content: 'resource "x" {}' },
        { role: "tool", tool_call_id: "call_2", name: "list_files", content: "main.tf" },
        { role: "user", content: "Go on" },
      ],
      tools: [
        { type: "function", function: { name: "read_file", description: "Read a workspace file", parameters: TOOLS[0]?.inputSchema } },
        { type: "function", function: { name: "list_files", description: "List a directory", parameters: TOOLS[1]?.inputSchema } },
      ],
      max_tokens: 4096,
      stream: true,
    });
  });

  it.each([
    [401, "auth"],
    [429, "retryable"],
    [500, "retryable"],
    [400, "fatal"],
  ] as const)("maps HTTP %i to %s without the token in the message", async (status, kind) => {
    const { error } = await failure(rest().stream(request(`@cf/status-${status}/${newKey()}`)));
    expect(error).toMatchObject({ name: "ProviderError", kind, status });
    expect((error as Error).message).not.toContain(TOKEN);
  });

  it("maps an error event in the stream to fatal", async () => {
    const { events, error } = await failure(rest().stream(request(`@cf/stream-error/${newKey()}`)));
    expect(text(events)).toBe("Partial");
    expect(error).toMatchObject({ kind: "fatal" });
  });

  it("treats a stream that ends without [DONE] as retryable and a non-JSON record as fatal", async () => {
    expect((await failure(rest().stream(request(`@cf/truncated/${newKey()}`)))).error).toMatchObject({ kind: "retryable" });
    expect((await failure(rest().stream(request(`@cf/malformed/${newKey()}`)))).error).toMatchObject({ kind: "fatal" });
  });

  it("times out as retryable when the stream stalls, and ends with the abort reason on abort", async () => {
    expect((await failure(rest({ idleTimeoutMs: 300 }).stream(request(`@cf/stall-mid/${newKey()}`)))).error).toMatchObject({ kind: "retryable" });
    const k = newKey();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const { error } = await failure(rest().stream(request(`@cf/stall-mid/${k}`, { signal: controller.signal })));
    expect(error).toBe(controller.signal.reason);
    expect(await closedEarly(k)).toBe(true);
  });

  it("needs the binding or an account id and token", () => {
    expect(() => new WorkersAIProvider({ accountId: ACCOUNT })).toThrow(/binding, or an account id and an API token/);
  });
});

describe("WorkersAIProvider over the AI binding", () => {
  it("parses the binding's stream with the same code: text, tool calls and usage", async () => {
    const calls: { model: string; input: unknown; options: unknown }[] = [];
    const provider = new WorkersAIProvider({ ai: relayBinding(calls) });
    expect(provider.transport.kind).toBe("binding");
    const k = newKey();
    const events = await collect(provider.stream(request(`@cf/tools/${k}`, { tools: TOOLS, maxTokens: 500 })));
    expect(events.filter((e) => e.type === "tool_call_end").map((e) => (e as { name: string }).name)).toEqual(["read_file", "list_files"]);
    expect(events.at(-1)).toEqual({ type: "done", stopReason: "tool_calls" });
    expect(calls[0]?.model).toBe(`@cf/tools/${k}`);
    expect(calls[0]?.input).toMatchObject({ stream: true, max_tokens: 500, messages: [{ role: "user", content: "Say hello" }] });
    expect((calls[0]?.options as { signal?: unknown }).signal).toBeInstanceOf(AbortSignal);
  });

  it("uses the default model @cf/meta/llama-3.3-70b-instruct-fp8-fast when the request names none", async () => {
    const calls: { model: string; input: unknown; options: unknown }[] = [];
    const binding: AiBinding = {
      run: async (model, input, options) => {
        calls.push({ model, input, options });
        return { response: "ok", usage: { prompt_tokens: 1, completion_tokens: 1 } };
      },
    };
    const events = await collect(new WorkersAIProvider({ ai: binding }).stream(request("")));
    expect(calls[0]?.model).toBe("@cf/meta/llama-3.3-70b-instruct-fp8-fast");
    expect(events).toEqual([
      { type: "text", text: "ok" },
      { type: "usage", inputTokens: 1, outputTokens: 1 },
      { type: "done", stopReason: "end" },
    ]);
  });

  it("accepts a whole result object with tool calls when the binding does not stream", async () => {
    const binding: AiBinding = { run: async () => ({ response: "", tool_calls: [{ name: "list_files", arguments: { dir: "modules" } }] }) };
    const events = await collect(new WorkersAIProvider({ ai: binding }).stream(request("m")));
    expect(events.filter((e) => e.type === "tool_call_end")).toEqual([expect.objectContaining({ name: "list_files", arguments: '{"dir":"modules"}' })]);
    expect(events.at(-1)).toEqual({ type: "done", stopReason: "tool_calls" });
  });

  it("maps errors thrown by the binding by their message", async () => {
    const throwing = (message: string): AiBinding => ({
      run: async () => {
        throw new Error(message);
      },
    });
    const kind = async (message: string) =>
      ((await failure(new WorkersAIProvider({ ai: throwing(message) }).stream(request("m")))).error as ProviderError).kind;
    expect(await kind("InferenceUpstreamError: 3040: Capacity temporarily exceeded, please try again.")).toBe("retryable");
    expect(await kind("AiError: 5007: No such model @cf/nope")).toBe("fatal");
    expect(await kind("Authentication error (401)")).toBe("auth");
    expect(bindingErrorKind("something unexpected")).toBe("fatal");
  });

  it("times out as retryable when the binding never answers, and ends with the abort reason on abort", async () => {
    const never: AiBinding = { run: () => new Promise(() => {}) };
    expect((await failure(new WorkersAIProvider({ ai: never, timeoutMs: 200 }).stream(request("m")))).error).toMatchObject({ kind: "retryable" });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const { error } = await failure(new WorkersAIProvider({ ai: never }).stream(request("m", { signal: controller.signal })));
    expect(error).toBe(controller.signal.reason);
  });
});
