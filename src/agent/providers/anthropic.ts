/**
 * Anthropic Messages streaming (`POST {baseUrl}/v1/messages`, `stream: true`; headers `x-api-key`
 * and `anthropic-version: 2023-06-01`).
 *
 * Request: system messages become the top-level `system`; assistant tool calls are `tool_use`
 * blocks; tool results are `tool_result` blocks of a `user` message (consecutive ones share one);
 * adjacent messages of one role are merged, as the API wants alternating turns. `max_tokens` is
 * required: `ModelRequest.maxTokens`, else the provider's `defaultMaxTokens` (8192).
 *
 * Stream: `message_start` (input tokens, cache reads and writes included), `content_block_start`
 * (text, `tool_use` with id and name → `tool_call_start`, thinking), `content_block_delta`
 * (`text_delta`, `input_json_delta` → `tool_call_delta`, `thinking_delta`; `signature_delta` and
 * others ignored), `content_block_stop` (a tool block → `tool_call_end` with its JSON),
 * `message_delta` (stop reason, output tokens), `message_stop` (end), `ping`, `error`.
 *
 * Extended thinking is not requested: replaying a thinking turn with tool calls needs the thinking
 * blocks' signatures, which `ChatMessage` does not carry. Thinking blocks a model sends anyway are
 * reported as `thinking` events.
 */
import { ProviderError, type ChatMessage, type ModelEvent, type ModelProvider, type ModelRequest, type ToolSpec } from "../model";
import { malformedStream, providerErrorFromStream } from "./errors";
import { ModelCall, type TimeoutOptions } from "./model-call";
import { parseDataJson } from "./openai-compatible";
import { parseSse } from "./sse-lines";
import { generatedToolCallId } from "./tool-calls";
import { trimEnd } from "../../a2a/trim-end";

export const ANTHROPIC_BASE_URL = "https://api.anthropic.com";
export const ANTHROPIC_VERSION = "2023-06-01";
export const DEFAULT_ANTHROPIC_MODEL = "claude-sonnet-4-5";
export const DEFAULT_ANTHROPIC_MAX_TOKENS = 8192;

export interface AnthropicOptions extends TimeoutOptions {
  apiKey: string;
  /** Default `https://api.anthropic.com` (the path `/v1/messages` is appended). */
  baseUrl?: string;
  /** Model used when a request's `model` is empty (default `claude-sonnet-4-5`). */
  defaultModel?: string;
  /** `max_tokens` when the request sets none (default 8192). */
  defaultMaxTokens?: number;
}

export type AnthropicBlock =
  | { type: "text"; text: string }
  | { type: "tool_use"; id: string; name: string; input: Record<string, unknown> }
  | { type: "tool_result"; tool_use_id: string; content?: string };

export interface AnthropicMessage {
  role: "user" | "assistant";
  content: AnthropicBlock[];
}

/** Tool use ids must match `^[a-zA-Z0-9_-]+$`; ids from other providers are mapped the same way on both sides. */
export function anthropicToolId(id: string): string {
  const mapped = id.replace(/[^a-zA-Z0-9_-]/g, "_");
  return mapped === "" ? "_" : mapped;
}

function toolInput(argumentsText: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(argumentsText === "" ? "{}" : argumentsText);
    if (typeof value === "object" && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // The model produced arguments that are not JSON; the turn loop has reported that as the tool's result.
  }
  return {};
}

/** The `system` text and the alternating `messages` of a Messages request. */
export function toAnthropicMessages(messages: readonly ChatMessage[]): { system: string; messages: AnthropicMessage[] } {
  const system: string[] = [];
  const out: AnthropicMessage[] = [];
  const add = (role: "user" | "assistant", blocks: AnthropicBlock[]) => {
    if (blocks.length === 0) return;
    const last = out[out.length - 1];
    if (last && last.role === role) last.content.push(...blocks);
    else out.push({ role, content: blocks });
  };
  for (const message of messages) {
    switch (message.role) {
      case "system":
        if (message.content !== "") system.push(message.content);
        break;
      case "user":
        add("user", message.content === "" ? [] : [{ type: "text", text: message.content }]);
        break;
      case "assistant": {
        const blocks: AnthropicBlock[] = message.content === "" ? [] : [{ type: "text", text: message.content }];
        for (const call of message.toolCalls ?? [])
          blocks.push({ type: "tool_use", id: anthropicToolId(call.id), name: call.name, input: toolInput(call.arguments) });
        add("assistant", blocks);
        break;
      }
      case "tool":
        add("user", [{ type: "tool_result", tool_use_id: anthropicToolId(message.toolCallId), ...(message.content !== "" && { content: message.content }) }]);
        break;
    }
  }
  // In a user turn, tool results come before any text.
  for (const message of out) {
    if (message.role === "user")
      message.content = [...message.content.filter((b) => b.type === "tool_result"), ...message.content.filter((b) => b.type !== "tool_result")];
  }
  return { system: system.join("\n\n"), messages: out };
}

export function toAnthropicTools(tools: readonly ToolSpec[]): { name: string; description: string; input_schema: Record<string, unknown> }[] {
  return tools.map((tool) => ({ name: tool.name, description: tool.description, input_schema: tool.inputSchema }));
}

export function anthropicStopReason(reason: string | undefined, hadToolCalls: boolean): "end" | "tool_calls" | "max_tokens" {
  if (reason === "max_tokens" || reason === "model_context_window_exceeded") return "max_tokens";
  if (reason === "tool_use" || (reason === undefined && hadToolCalls)) return "tool_calls";
  return "end";
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function count(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : 0;
}

/** Input tokens of a usage object: uncached, cache writes and cache reads; undefined when it reports none. */
function inputTokensOf(usage: Record<string, unknown>): number | undefined {
  if (typeof usage.input_tokens !== "number") return undefined;
  return count(usage.input_tokens) + count(usage.cache_creation_input_tokens) + count(usage.cache_read_input_tokens);
}

interface OpenBlock {
  type: string;
  id: string;
  name: string;
  json: string;
}

/**
 * One response stream's state: the open content blocks, the usage and the stop reason. `read`
 * turns one SSE event into the ModelEvents it means; `end` closes what is left.
 */
class AnthropicStreamReader {
  private readonly blocks = new Map<number, OpenBlock>();
  private inputTokens: number | undefined;
  private outputTokens: number | undefined;
  private stopReason: string | undefined;
  private toolCalls = 0;
  private generated = 0;
  private stopped = false;

  constructor(
    private readonly provider: string,
    private readonly secrets: readonly string[],
  ) {}

  /** `message_stop` has arrived: nothing after it is read. */
  get completed(): boolean {
    return this.stopped;
  }

  read(data: unknown, eventName: string | undefined): ModelEvent[] {
    if (!isRecord(data)) throw malformedStream(this.provider, "an event is not a JSON object");
    const type = typeof data.type === "string" ? data.type : eventName;
    const index = typeof data.index === "number" ? data.index : -1;
    switch (type) {
      case "message_start":
        this.usage(isRecord(data.message) && isRecord(data.message.usage) ? data.message.usage : {});
        return [];
      case "content_block_start":
        return this.blockStart(index, isRecord(data.content_block) ? data.content_block : {});
      case "content_block_delta":
        return this.blockDelta(index, isRecord(data.delta) ? data.delta : {});
      case "content_block_stop":
        return this.endBlock(index);
      case "message_delta": {
        const delta = isRecord(data.delta) ? data.delta : {};
        if (typeof delta.stop_reason === "string") this.stopReason = delta.stop_reason;
        if (isRecord(data.usage)) this.usage(data.usage);
        return [];
      }
      case "message_stop":
        this.stopped = true;
        return [];
      case "error":
        throw providerErrorFromStream(this.provider, data, this.secrets);
      default:
        // `ping` and event types added after this was written.
        return [];
    }
  }

  /** After the last event: the blocks still open, the usage, and the end. */
  end(): ModelEvent[] {
    if (!this.stopped) throw new ProviderError("retryable", `${this.provider}: the stream ended before message_stop`);
    const events = [...this.blocks.keys()].flatMap((index) => this.endBlock(index));
    if (this.inputTokens !== undefined || this.outputTokens !== undefined) {
      events.push({ type: "usage", inputTokens: this.inputTokens ?? 0, outputTokens: this.outputTokens ?? 0 });
    }
    events.push({ type: "done", stopReason: anthropicStopReason(this.stopReason, this.toolCalls > 0) });
    return events;
  }

  private usage(usage: Record<string, unknown>): void {
    if (typeof usage.output_tokens === "number") this.outputTokens = count(usage.output_tokens);
    this.inputTokens = inputTokensOf(usage) ?? this.inputTokens;
  }

  private blockStart(index: number, block: Record<string, unknown>): ModelEvent[] {
    const blockType = typeof block.type === "string" ? block.type : "unknown";
    if (blockType === "tool_use") {
      const name = typeof block.name === "string" && block.name !== "" ? block.name : undefined;
      if (name === undefined) throw malformedStream(this.provider, "a tool_use block without a name");
      const id = typeof block.id === "string" && block.id !== "" ? block.id : generatedToolCallId(++this.generated);
      this.blocks.set(index, { type: blockType, id, name, json: "" });
      this.toolCalls++;
      return [{ type: "tool_call_start", id, name }];
    }
    this.blocks.set(index, { type: blockType, id: "", name: "", json: "" });
    if (blockType === "text" && typeof block.text === "string" && block.text !== "") return [{ type: "text", text: block.text }];
    if (blockType === "thinking" && typeof block.thinking === "string" && block.thinking !== "") return [{ type: "thinking", text: block.thinking }];
    return [];
  }

  private blockDelta(index: number, delta: Record<string, unknown>): ModelEvent[] {
    if (delta.type === "text_delta" && typeof delta.text === "string" && delta.text !== "") return [{ type: "text", text: delta.text }];
    if (delta.type === "thinking_delta" && typeof delta.thinking === "string" && delta.thinking !== "") return [{ type: "thinking", text: delta.thinking }];
    if (delta.type !== "input_json_delta" || typeof delta.partial_json !== "string") return [];
    const block = this.blocks.get(index);
    if (!block || block.type !== "tool_use") throw malformedStream(this.provider, "input_json_delta outside a tool_use block");
    if (delta.partial_json === "") return [];
    block.json += delta.partial_json;
    return [{ type: "tool_call_delta", id: block.id, argumentsDelta: delta.partial_json }];
  }

  private endBlock(index: number): ModelEvent[] {
    const block = this.blocks.get(index);
    this.blocks.delete(index);
    if (!block || block.type !== "tool_use") return [];
    return [{ type: "tool_call_end", id: block.id, name: block.name, arguments: block.json === "" ? "{}" : block.json }];
  }
}

export class AnthropicProvider implements ModelProvider {
  readonly name = "anthropic";
  readonly baseUrl: string;
  readonly defaultModel: string;
  readonly defaultMaxTokens: number;
  readonly #apiKey: string;
  readonly #timeouts: TimeoutOptions;

  constructor(options: AnthropicOptions) {
    this.#apiKey = options.apiKey;
    this.baseUrl = trimEnd(options.baseUrl ?? ANTHROPIC_BASE_URL, "/");
    this.defaultModel = options.defaultModel || DEFAULT_ANTHROPIC_MODEL;
    this.defaultMaxTokens = options.defaultMaxTokens ?? DEFAULT_ANTHROPIC_MAX_TOKENS;
    this.#timeouts = {
      ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
      ...(options.idleTimeoutMs !== undefined && { idleTimeoutMs: options.idleTimeoutMs }),
    };
  }

  /** The JSON body of a request (it holds no credentials). */
  requestBody(request: Omit<ModelRequest, "signal">): Record<string, unknown> {
    const { system, messages } = toAnthropicMessages(request.messages);
    return {
      model: request.model || this.defaultModel,
      max_tokens: request.maxTokens ?? this.defaultMaxTokens,
      ...(system !== "" && { system }),
      messages,
      ...(request.tools.length > 0 && { tools: toAnthropicTools(request.tools) }),
      stream: true,
    };
  }

  stream(request: ModelRequest): AsyncIterable<ModelEvent> {
    const call = new ModelCall(this.name, request.signal, this.#timeouts, [this.#apiKey], request.trace);
    return call.run(this.events(call, request));
  }

  private async *events(call: ModelCall, request: ModelRequest): AsyncGenerator<ModelEvent, void, undefined> {
    const { body } = await call.postForStream(
      `${this.baseUrl}/v1/messages`,
      { "x-api-key": this.#apiKey, "anthropic-version": ANTHROPIC_VERSION },
      this.requestBody(request),
    );
    const reader = new AnthropicStreamReader(this.name, call.secrets);
    for await (const event of parseSse(body)) {
      yield* reader.read(parseDataJson(this.name, event.data), event.event);
      if (reader.completed) break;
    }
    yield* reader.end();
  }
}
