/**
 * Cloudflare Workers AI text generation with tools, over either transport:
 *
 * - the `AI` binding: `env.AI.run(model, { messages, tools, max_tokens, stream: true }, { signal })`;
 * - the REST API: `POST {baseUrl}/accounts/{accountId}/ai/run/{model}` with
 *   `Authorization: Bearer <token>` and the same body (base URL default
 *   `https://api.cloudflare.com/client/v4`).
 *
 * Both answer with the same SSE stream, parsed by the same code here: `data: {"response": "…"}`
 * lines (text), `tool_calls` (whole calls, `{name, arguments}` or `{id, type, function: {name,
 * arguments}}`, arguments an object or JSON text; indexed fragments are accepted too), `usage`
 * (`prompt_tokens`, `completion_tokens`), then `data: [DONE]`. Newer models stream OpenAI
 * `chat.completion.chunk` objects instead; those go through the Chat Completions parser. Calls
 * without an id get `call_<n>_<random>`. A model that answers without streaming (a whole result
 * object, or JSON from the REST API) is accepted as one record.
 *
 * Without a `finish_reason` the stop reason is `tool_calls` when the model called tools, else
 * `max_tokens` when it used all of `max_tokens`, else `end`. Workers AI's own default `max_tokens` is
 * 256, far too few for an agent, so this provider always sends one (`defaultMaxTokens`, 4096).
 */
import { ProviderError, type ModelEvent, type ModelProvider, type ModelRequest } from "../model";
import { cleanErrorText, malformedStream, providerErrorFromStream } from "./errors";
import { ModelCall, type TimeoutOptions } from "./model-call";
import { ChatCompletionChunks, parseDataJson, parseDataJsonLenient, toOpenAIMessages, toOpenAITools } from "./openai-compatible";
import { parseSse } from "./sse-lines";
import { argumentsText } from "./tool-calls";
import { trimEnd } from "../../a2a/trim-end";

export const WORKERS_AI_BASE_URL = "https://api.cloudflare.com/client/v4";
export const DEFAULT_WORKERS_AI_MODEL = "@cf/meta/llama-3.3-70b-instruct-fp8-fast";
export const DEFAULT_WORKERS_AI_MAX_TOKENS = 4096;

/** The part of the Workers AI binding (`env.AI`) used here. */
export interface AiBinding {
  run(model: string, input: unknown, options?: unknown): Promise<unknown>;
}

/** The body of a Workers AI text-generation request. */
export interface WorkersAIInput {
  messages: ReturnType<typeof toOpenAIMessages>;
  tools?: ReturnType<typeof toOpenAITools>;
  max_tokens: number;
  stream: true;
}

/** A response: an SSE byte stream, or a whole result when the model did not stream. */
export type WorkersAIResponse = { stream: ReadableStream<Uint8Array> } | { result: unknown };

/** How a request reaches Workers AI. */
export interface WorkersAITransport {
  readonly kind: "binding" | "rest";
  /** Values no error message may contain. */
  readonly secrets: readonly string[];
  open(model: string, input: WorkersAIInput, call: ModelCall): Promise<WorkersAIResponse>;
}

/**
 * The kind of an error the binding threw. It has no status, only a message such as
 * "InferenceUpstreamError: 3040: Capacity temporarily exceeded" or "5007: No such model".
 */
export function bindingErrorKind(text: string): ProviderError["kind"] {
  if (/\b(401|403)\b|unauthori[sz]ed|forbidden|authenticat|not entitled/i.test(text)) return "auth";
  if (/invalid|incomplete input|not found|no such model|unknown model|bad input|\b(3010|5007)\b/i.test(text)) return "fatal";
  if (/\b(408|409|429|5\d\d|3040)\b|capacity|rate.?limit|too many|time.?out|timed out|temporar|overload|unavailable|upstream|network|connection/i.test(text))
    return "retryable";
  return "fatal";
}

export class AiBindingTransport implements WorkersAITransport {
  readonly kind = "binding";
  readonly secrets: readonly string[] = [];

  constructor(private readonly ai: AiBinding) {}

  async open(model: string, input: WorkersAIInput, call: ModelCall): Promise<WorkersAIResponse> {
    const running = this.ai.run(model, input, { signal: call.signal }).catch((error: unknown) => {
      if (error instanceof ProviderError || call.outer.aborted) throw error;
      const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      throw new ProviderError(bindingErrorKind(text), `${call.label}: ${cleanErrorText(text, this.secrets)}`);
    });
    const result = await call.start(running);
    if (result instanceof ReadableStream) return { stream: call.guard(result as ReadableStream<Uint8Array>) };
    return { result };
  }
}

/** A model name in a URL path: `@cf/meta/x` stays readable, anything else is escaped. */
function modelPath(model: string): string {
  return model
    .split("/")
    .map((segment) => encodeURIComponent(segment).replace(/%40/g, "@"))
    .join("/");
}

export class WorkersAIRestTransport implements WorkersAITransport {
  readonly kind = "rest";
  readonly baseUrl: string;
  readonly #accountId: string;
  readonly #apiToken: string;

  constructor(options: { accountId: string; apiToken: string; baseUrl?: string }) {
    this.#accountId = options.accountId;
    this.#apiToken = options.apiToken;
    this.baseUrl = trimEnd(options.baseUrl ?? WORKERS_AI_BASE_URL, "/");
  }

  /** A getter, so the token is in no enumerable field (logs, JSON). */
  get secrets(): readonly string[] {
    return [this.#apiToken];
  }

  async open(model: string, input: WorkersAIInput, call: ModelCall): Promise<WorkersAIResponse> {
    const url = `${this.baseUrl}/accounts/${encodeURIComponent(this.#accountId)}/ai/run/${modelPath(model)}`;
    const response = await call.postForStream(url, { authorization: `Bearer ${this.#apiToken}` }, input);
    if (!response.contentType.includes("application/json")) return { stream: response.body };
    // A model that does not stream answers `{"result": {...}, "success": true}`.
    const envelope = parseDataJson(call.label, await new Response(response.body).text());
    const result = typeof envelope === "object" && envelope !== null && "result" in envelope ? (envelope as { result: unknown }).result : envelope;
    return { result };
  }
}

export interface WorkersAIOptions extends TimeoutOptions {
  /** The `AI` binding; used when given. */
  ai?: AiBinding;
  /** REST transport: account id and API token (both needed when there is no binding). */
  accountId?: string;
  apiToken?: string;
  /** REST base URL (default `https://api.cloudflare.com/client/v4`). */
  baseUrl?: string;
  /** Another transport altogether (tests, AI Gateway). */
  transport?: WorkersAITransport;
  /** Model used when a request's `model` is empty (default `@cf/meta/llama-3.3-70b-instruct-fp8-fast`). */
  defaultModel?: string;
  /** `max_tokens` when the request sets none (default 4096). */
  defaultMaxTokens?: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Turns a Workers AI record (`{response, tool_calls, usage}`) into a Chat Completions chunk, so one
 * parser handles both shapes. Whole calls without an index get indices from `nextWhole`.
 */
function recordToChunk(record: Record<string, unknown>, nextWhole: () => number): Record<string, unknown> {
  const delta: Record<string, unknown> = {};
  if (typeof record.response === "string") delta.content = record.response;
  if (typeof record.reasoning_content === "string") delta.reasoning_content = record.reasoning_content;
  if (Array.isArray(record.tool_calls)) {
    delta.tool_calls = record.tool_calls.filter(isRecord).map((call) => {
      const fn = isRecord(call.function) ? call.function : {};
      const name = typeof call.name === "string" ? call.name : fn.name;
      const args = call.arguments !== undefined ? call.arguments : fn.arguments;
      return {
        index: typeof call.index === "number" ? call.index : nextWhole(),
        ...(typeof call.id === "string" && { id: call.id }),
        function: { ...(typeof name === "string" && { name }), arguments: argumentsText(args) },
      };
    });
  }
  return {
    choices: [{ index: 0, delta, finish_reason: typeof record.finish_reason === "string" ? record.finish_reason : null }],
    ...(isRecord(record.usage) && { usage: record.usage }),
  };
}

export class WorkersAIProvider implements ModelProvider {
  readonly name = "workers-ai";
  readonly transport: WorkersAITransport;
  readonly defaultModel: string;
  readonly defaultMaxTokens: number;
  readonly #timeouts: TimeoutOptions;

  constructor(options: WorkersAIOptions) {
    if (options.transport) this.transport = options.transport;
    else if (options.ai) this.transport = new AiBindingTransport(options.ai);
    else if (options.accountId && options.apiToken) {
      this.transport = new WorkersAIRestTransport({
        accountId: options.accountId,
        apiToken: options.apiToken,
        ...(options.baseUrl !== undefined && { baseUrl: options.baseUrl }),
      });
    } else throw new Error("workers-ai needs the AI binding, or an account id and an API token");
    this.defaultModel = options.defaultModel || DEFAULT_WORKERS_AI_MODEL;
    this.defaultMaxTokens = options.defaultMaxTokens ?? DEFAULT_WORKERS_AI_MAX_TOKENS;
    this.#timeouts = {
      ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
      ...(options.idleTimeoutMs !== undefined && { idleTimeoutMs: options.idleTimeoutMs }),
    };
  }

  /** The input of a request (it holds no credentials). */
  requestInput(request: Omit<ModelRequest, "signal">): WorkersAIInput {
    return {
      messages: toOpenAIMessages(request.messages, true),
      ...(request.tools.length > 0 && { tools: toOpenAITools(request.tools) }),
      max_tokens: request.maxTokens ?? this.defaultMaxTokens,
      stream: true,
    };
  }

  stream(request: ModelRequest): AsyncIterable<ModelEvent> {
    const call = new ModelCall(this.name, request.signal, this.#timeouts, this.transport.secrets, request.trace);
    return call.run(this.events(call, request));
  }

  private async *events(call: ModelCall, request: ModelRequest): AsyncGenerator<ModelEvent, void, undefined> {
    const input = this.requestInput(request);
    const response = await this.transport.open(request.model || this.defaultModel, input, call);
    const chunks = new ChatCompletionChunks(this.name, call.secrets);
    let whole = 0;
    const nextWhole = () => 10_000 + whole++;
    const feed = (value: unknown): ModelEvent[] => {
      if (!isRecord(value)) throw malformedStream(this.name, "a record is not a JSON object");
      if (Array.isArray(value.choices) || value.error !== undefined || (value.success === false && Array.isArray(value.errors))) {
        if (value.success === false) throw providerErrorFromStream(this.name, value, call.secrets);
        return chunks.chunk(normalizeWholeChoice(value));
      }
      return chunks.chunk(recordToChunk(value, nextWhole));
    };
    const stopOverride = (): "max_tokens" | undefined =>
      chunks.reportedFinishReason === undefined && chunks.toolCallCount === 0 && (chunks.outputTokens ?? 0) >= input.max_tokens ? "max_tokens" : undefined;

    if ("result" in response) {
      const result = typeof response.result === "string" ? { response: response.result } : response.result;
      yield* feed(result);
      yield* chunks.end(true, stopOverride());
      return;
    }
    let completed = false;
    for await (const event of parseSse(response.stream)) {
      if (event.event === "error") throw providerErrorFromStream(this.name, parseDataJsonLenient(event.data), call.secrets);
      if (event.data.trim() === "[DONE]") {
        completed = true;
        break;
      }
      yield* feed(parseDataJson(this.name, event.data));
    }
    yield* chunks.end(completed, stopOverride());
  }
}

/** A non-streamed Chat Completions result (`choices[0].message`) as a chunk; chunks pass unchanged. */
function normalizeWholeChoice(value: Record<string, unknown>): Record<string, unknown> {
  const choice: unknown = Array.isArray(value.choices) ? value.choices[0] : undefined;
  if (!isRecord(choice) || isRecord(choice.delta) || !isRecord(choice.message)) return value;
  const message = choice.message;
  const calls = Array.isArray(message.tool_calls) ? message.tool_calls.filter(isRecord).map((call, index) => ({ index, ...call })) : undefined;
  return { ...value, choices: [{ ...choice, delta: { ...message, ...(calls && { tool_calls: calls }) } }] };
}
