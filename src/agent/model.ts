/**
 * The model side of a turn: a provider streams text, reasoning and tool calls for a conversation
 * and a set of tools. Providers (offline, OpenAI-compatible, Anthropic, Workers AI) all speak this,
 * all honour the AbortSignal, and all report failures as a `ProviderError` of a known kind, so the
 * turn loop can map them to the contract's messages without knowing any provider.
 */
import type { TraceContext } from "../a2a/trace-context";
import type { JsonObject } from "../a2a/types";

export interface ToolSpec {
  name: string;
  description: string;
  /** JSON Schema of the tool's input object. */
  inputSchema: JsonObject;
}

export interface ToolCall {
  id: string;
  name: string;
  /** The input as JSON text, exactly as the model produced it. */
  arguments: string;
}

export type ChatMessage =
  | { role: "system"; content: string }
  | { role: "user"; content: string }
  | { role: "assistant"; content: string; toolCalls?: ToolCall[] }
  | { role: "tool"; toolCallId: string; name: string; content: string };

export interface ModelRequest {
  model: string;
  messages: ChatMessage[];
  tools: ToolSpec[];
  signal: AbortSignal;
  maxTokens?: number;
  /** The turn's trace context; each HTTP call to the model is a new child span of it. */
  trace?: TraceContext | undefined;
}

export type ModelEvent =
  | { type: "text"; text: string }
  | { type: "thinking"; text: string }
  | { type: "tool_call_start"; id: string; name: string }
  | { type: "tool_call_delta"; id: string; argumentsDelta: string }
  | { type: "tool_call_end"; id: string; name: string; arguments: string }
  | { type: "usage"; inputTokens: number; outputTokens: number }
  | { type: "done"; stopReason: "end" | "tool_calls" | "max_tokens" };

export interface ModelProvider {
  readonly name: string;
  /**
   * What one tool result may add to this provider's context, in characters; unset, the turn loop's
   * bound for a model's context window. The offline engine reads whole files (issue 30 item 6).
   */
  readonly maxToolResultChars?: number;
  stream(request: ModelRequest): AsyncIterable<ModelEvent>;
}

/**
 * `auth`: missing or rejected credentials (401/403); `retryable`: time-outs, network errors, 429
 * and 5xx; `fatal`: anything else (bad request, unparsable stream). `message` is for the log only
 * and must already be free of secrets, except for `refused`: the provider declined a request the
 * caller can change (the offline engine's CPU budget), and `message` is the public answer that
 * says what to change; the turn ends FAILED with it.
 */
export class ProviderError extends Error {
  constructor(
    readonly kind: "auth" | "retryable" | "fatal" | "refused",
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}
