/**
 * OpenAI Chat Completions streaming (`POST {baseUrl}/chat/completions`, `stream: true`), as served
 * by DashScope's compatible mode (Qwen, the default), OpenAI, DeepSeek and every other server that
 * copies it.
 *
 * Stream: `data: {chat.completion.chunk}` lines, then `data: [DONE]`. `choices[0].delta.content` is
 * text; `delta.reasoning_content` (DashScope, DeepSeek) or `delta.reasoning` (OpenRouter, vLLM) is
 * thinking; `delta.tool_calls[]` are indexed fragments; `finish_reason` ends the choice (open tool
 * calls end there); the last chunk, with `choices: []`, has `usage` (asked for with
 * `stream_options.include_usage`). `usage` and `done` are emitted once, at the end. A stream that
 * ends with neither `[DONE]` nor a `finish_reason` was cut off: retryable.
 */
import { ProviderError, type ChatMessage, type ModelEvent, type ModelProvider, type ModelRequest, type ToolSpec } from "../model";
import { malformedStream, providerErrorFromStream } from "./errors";
import { ModelCall, type TimeoutOptions } from "./model-call";
import { parseSse } from "./sse-lines";
import { ToolCallAssembler, argumentsText } from "./tool-calls";
import { trimEnd } from "../../a2a/trim-end";

export const DASHSCOPE_COMPATIBLE_BASE_URL = "https://dashscope.aliyuncs.com/compatible-mode/v1";
export const DEFAULT_OPENAI_COMPATIBLE_MODEL = "qwen3-max";

export interface OpenAICompatibleOptions extends TimeoutOptions {
  /** Sent as `Authorization: Bearer <apiKey>`; omitted (no header) for local servers that need none. */
  apiKey?: string;
  /** Default DashScope's compatible mode; e.g. `https://api.openai.com/v1`. No trailing `/chat/completions`. */
  baseUrl?: string;
  /** Model used when a request's `model` is empty (default `qwen3-max`). */
  defaultModel?: string;
  /**
   * Field that carries `ModelRequest.maxTokens`: `max_tokens` (default; DashScope, DeepSeek, most
   * servers) or `max_completion_tokens` (OpenAI's reasoning models refuse `max_tokens`).
   */
  maxTokensField?: "max_tokens" | "max_completion_tokens";
}

export interface OpenAIToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

export type OpenAIMessage =
  | { role: "system" | "user"; content: string }
  | { role: "assistant"; content: string; tool_calls?: OpenAIToolCall[] }
  | { role: "tool"; tool_call_id: string; content: string; name?: string };

export interface OpenAITool {
  type: "function";
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

/** Our messages in the Chat Completions shape; `toolNames` adds `name` to tool messages (Workers AI wants it). */
export function toOpenAIMessages(messages: readonly ChatMessage[], toolNames = false): OpenAIMessage[] {
  return messages.map((message): OpenAIMessage => {
    switch (message.role) {
      case "system":
      case "user":
        return { role: message.role, content: message.content };
      case "assistant":
        return message.toolCalls && message.toolCalls.length > 0
          ? {
              role: "assistant",
              content: message.content,
              tool_calls: message.toolCalls.map((call) => ({
                id: call.id,
                type: "function",
                function: { name: call.name, arguments: call.arguments === "" ? "{}" : call.arguments },
              })),
            }
          : { role: "assistant", content: message.content };
      case "tool":
        return toolNames
          ? { role: "tool", tool_call_id: message.toolCallId, name: message.name, content: message.content }
          : { role: "tool", tool_call_id: message.toolCallId, content: message.content };
    }
  });
}

export function toOpenAITools(tools: readonly ToolSpec[]): OpenAITool[] {
  return tools.map((tool) => ({ type: "function", function: { name: tool.name, description: tool.description, parameters: tool.inputSchema } }));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

function tokens(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : 0;
}

/** `finish_reason` → our stop reason; a stream that produced tool calls stopped for them unless cut by length. */
export function openAIStopReason(reason: string | undefined, hadToolCalls: boolean): "end" | "tool_calls" | "max_tokens" {
  if (reason === "length") return "max_tokens";
  if (reason === "tool_calls" || reason === "function_call" || hadToolCalls) return "tool_calls";
  return "end";
}

/**
 * The state of one Chat Completions stream: feed it chunk objects, then `end()`. Shared with the
 * Workers AI provider, whose newer models stream the same chunks.
 */
export class ChatCompletionChunks {
  private readonly tools = new ToolCallAssembler();
  private finishReason: string | undefined;
  private finished = false;
  private usage: { inputTokens: number; outputTokens: number } | undefined;

  constructor(
    private readonly label: string,
    private readonly secrets: readonly string[],
  ) {}

  /** The chunk's events; throws the error a chunk reports. */
  chunk(chunk: unknown): ModelEvent[] {
    if (!isRecord(chunk)) throw malformedStream(this.label, "a data line is not a JSON object");
    if (chunk.error !== undefined && chunk.error !== null) throw providerErrorFromStream(this.label, chunk, this.secrets);
    if (isRecord(chunk.usage)) {
      this.usage = { inputTokens: tokens(chunk.usage.prompt_tokens), outputTokens: tokens(chunk.usage.completion_tokens) };
    }
    const out: ModelEvent[] = [];
    const choice: unknown = Array.isArray(chunk.choices) ? chunk.choices[0] : undefined;
    if (!isRecord(choice)) return out;
    const delta = isRecord(choice.delta) ? choice.delta : {};
    const reasoning = nonEmpty(delta.reasoning_content) ?? nonEmpty(delta.reasoning);
    if (reasoning !== undefined) out.push({ type: "thinking", text: reasoning });
    const content = nonEmpty(delta.content);
    if (content !== undefined) out.push({ type: "text", text: content });
    if (Array.isArray(delta.tool_calls)) {
      delta.tool_calls.forEach((call: unknown, position) => {
        if (!isRecord(call)) return;
        const fn = isRecord(call.function) ? call.function : {};
        const index = typeof call.index === "number" ? call.index : position;
        const id = nonEmpty(call.id);
        const name = nonEmpty(fn.name);
        out.push(
          ...this.tools.fragment(index, { ...(id !== undefined && { id }), ...(name !== undefined && { name }), arguments: argumentsText(fn.arguments) }),
        );
      });
    }
    const reason = nonEmpty(choice.finish_reason);
    if (reason !== undefined && reason !== "null" && !this.finished) {
      this.finished = true;
      this.finishReason = reason;
      out.push(...this.finishTools());
    }
    return out;
  }

  /** Whether the choice has finished (`finish_reason` seen). */
  get hasFinished(): boolean {
    return this.finished;
  }

  /** Calls seen so far. */
  get toolCallCount(): number {
    return this.tools.count;
  }

  /**
   * The closing events: open tool calls end, then `usage` (when reported), then `done`.
   * `completed` says the stream was complete (`[DONE]` or an end of stream after `finish_reason`);
   * without it and without a `finish_reason` the stream was cut off.
   */
  end(completed: boolean, stopOverride?: "max_tokens"): ModelEvent[] {
    if (!completed && !this.finished) throw new ProviderError("retryable", `${this.label}: the stream ended before the response was complete`);
    const out = this.finishTools();
    if (this.usage) out.push({ type: "usage", ...this.usage });
    const stopReason = stopOverride ?? openAIStopReason(this.finishReason, this.tools.count > 0);
    out.push({ type: "done", stopReason });
    return out;
  }

  /** Output tokens reported so far. */
  get outputTokens(): number | undefined {
    return this.usage?.outputTokens;
  }

  /** Whether a finish reason was given by the server. */
  get reportedFinishReason(): string | undefined {
    return this.finishReason;
  }

  private finishTools(): ModelEvent[] {
    return this.tools.finish(() => malformedStream(this.label, "a tool call without a function name"));
  }
}

/** Parses one `data:` payload as JSON; a payload that is not JSON is a malformed stream. */
export function parseDataJson(label: string, data: string): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    throw malformedStream(label, "a data line is not JSON");
  }
}

export class OpenAICompatibleProvider implements ModelProvider {
  readonly name = "openai-compatible";
  readonly baseUrl: string;
  readonly defaultModel: string;
  readonly #apiKey: string | undefined;
  readonly #timeouts: TimeoutOptions;
  readonly #maxTokensField: "max_tokens" | "max_completion_tokens";

  constructor(options: OpenAICompatibleOptions = {}) {
    this.#apiKey = options.apiKey === "" ? undefined : options.apiKey;
    this.baseUrl = trimEnd(options.baseUrl ?? DASHSCOPE_COMPATIBLE_BASE_URL, "/");
    this.defaultModel = options.defaultModel || DEFAULT_OPENAI_COMPATIBLE_MODEL;
    this.#timeouts = {
      ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
      ...(options.idleTimeoutMs !== undefined && { idleTimeoutMs: options.idleTimeoutMs }),
    };
    this.#maxTokensField = options.maxTokensField ?? "max_tokens";
  }

  /** The JSON body of a request (exported for tests and logs; it holds no credentials). */
  requestBody(request: Omit<ModelRequest, "signal">): Record<string, unknown> {
    return {
      model: request.model || this.defaultModel,
      messages: toOpenAIMessages(request.messages),
      ...(request.tools.length > 0 && { tools: toOpenAITools(request.tools) }),
      ...(request.maxTokens !== undefined && { [this.#maxTokensField]: request.maxTokens }),
      stream: true,
      stream_options: { include_usage: true },
    };
  }

  stream(request: ModelRequest): AsyncIterable<ModelEvent> {
    const secrets = this.#apiKey ? [this.#apiKey] : [];
    const call = new ModelCall(this.name, request.signal, this.#timeouts, secrets, request.trace);
    return call.run(this.events(call, request));
  }

  private async *events(call: ModelCall, request: ModelRequest): AsyncGenerator<ModelEvent, void, undefined> {
    const headers: Record<string, string> = this.#apiKey ? { authorization: `Bearer ${this.#apiKey}` } : {};
    const { body } = await call.postForStream(`${this.baseUrl}/chat/completions`, headers, this.requestBody(request));
    const chunks = new ChatCompletionChunks(this.name, call.secrets);
    let completed = false;
    for await (const event of parseSse(body)) {
      if (event.event === "error") throw providerErrorFromStream(this.name, parseDataJsonLenient(event.data), call.secrets);
      if (event.data.trim() === "[DONE]") {
        completed = true;
        break;
      }
      yield* chunks.chunk(parseDataJson(this.name, event.data));
    }
    yield* chunks.end(completed);
  }
}

/** An error event's payload: JSON when it is, else the text as the message. */
export function parseDataJsonLenient(data: string): unknown {
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return { message: data };
  }
}
