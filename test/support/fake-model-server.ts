/**
 * A fake model server for provider tests (Node http on 127.0.0.1, an ephemeral port). It speaks each
 * provider's documented streaming format:
 *
 *   POST /openai/v1/chat/completions                     OpenAI Chat Completions chunks, `data: [DONE]`
 *   POST /anthropic/v1/messages                          Anthropic Messages events with `event:` lines
 *   POST /workers-ai/client/v4/accounts/<id>/ai/run/<m>  Workers AI `data: {"response": …}` lines
 *
 * The model name picks the scenario and a log key: `<scenario>/<key>` in the body (OpenAI,
 * Anthropic) or `@cf/<scenario>/<key>` in the path (Workers AI); the `x-fake-scenario` header, when
 * present, overrides the scenario. An unknown scenario plays `text` and logs under the whole model
 * name. Scenarios:
 *
 *   text          a short answer with usage
 *   split         multi-byte text, CRLF lines and comments, written in odd byte slices
 *   tools         tool calls with arguments split across chunks (two parallel ones for OpenAI)
 *   reasoning     reasoning (OpenAI `reasoning_content`, Anthropic thinking) then text
 *   length        stops for the token limit
 *   no-done       (OpenAI) a finish_reason, then the end of the stream without `[DONE]`
 *   chunks        (Workers AI) OpenAI-style chunks, as newer Workers AI models stream
 *   json          (Workers AI) a non-streamed JSON result
 *   stream-error  some text, then an error event (fatal kind)
 *   overloaded    (Anthropic) an `overloaded_error` event
 *   status-<n>    HTTP <n> with the provider's error body; 401 echoes the presented key
 *   stall-headers never answers
 *   stall-body    sends the headers, then nothing
 *   stall-mid     sends some events, then nothing
 *   slow          a healthy answer in chunks 150 ms apart (about 1.2 s in all)
 *   truncated     some events, then closes without finishing
 *   malformed     a data line that is not JSON
 *   nameless-tool (Anthropic) a tool_use block without a name
 *   stray-json    (Anthropic) an input_json_delta in a text block
 *   not-object    (Anthropic) an event whose data is JSON but not an object
 *   agent-write, agent-check, agent-claims, agent-create-stack
 *                 (OpenAI) two-step agent turns: a tool call, then an answer (see each script)
 *
 * GET /log/<key> returns every request logged under <key>: method, path, headers, raw body, and
 * whether the client went away before the answer ended (`closedEarly`).
 */
import { createServer, type Server, type ServerResponse } from "node:http";
import { readRequestText } from "./read-request.ts";
import { AGENT_CLAIMS_TEMPLATE, AGENT_CLAIMS_TEXT } from "./agent-claims.ts";

export interface RecordedModelRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  closedEarly: boolean;
  at: number;
}

export interface FakeModelServer {
  url: string;
  requests: (key: string) => RecordedModelRequest[];
  close: () => Promise<void>;
}

type Provider = "openai" | "anthropic" | "workers-ai";

/** What the server writes: status and headers, then parts with a pause before each. */
interface Script {
  status: number;
  headers: Record<string, string>;
  parts: (string | Buffer)[];
  pauseMs: number;
  /** After the parts: end the response, or keep it open (a stall). */
  end: boolean;
  /** Never even send the headers. */
  silent?: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const SSE_HEADERS = { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache", connection: "keep-alive" };

function sse(parts: string[], extra: Partial<Script> = {}): Script {
  return { status: 200, headers: SSE_HEADERS, parts, pauseMs: 2, end: true, ...extra };
}

/** The bytes of `text` cut into slices of 1, 5, 2, 11, 3 and 17 bytes, over and over: lines, CRLF pairs and UTF-8 sequences are split. */
function oddSlices(text: string): Buffer[] {
  const bytes = Buffer.from(text, "utf8");
  const sizes = [1, 5, 2, 11, 3, 17];
  const out: Buffer[] = [];
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const size = sizes[i % sizes.length] ?? 1;
    out.push(bytes.subarray(at, at + size));
    at += size;
  }
  return out;
}

// ---- OpenAI Chat Completions -------------------------------------------------------------------

function openAIChunk(model: string, delta: Record<string, unknown>, finishReason: string | null = null): string {
  const chunk = {
    id: "chatcmpl-fake1",
    object: "chat.completion.chunk",
    created: 1_760_000_000,
    model,
    system_fingerprint: null,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    usage: null,
  };
  return `data: ${JSON.stringify(chunk)}\n\n`;
}

function openAIUsage(model: string, prompt: number, completion: number): string {
  const chunk = {
    id: "chatcmpl-fake1",
    object: "chat.completion.chunk",
    created: 1_760_000_000,
    model,
    system_fingerprint: null,
    choices: [],
    usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
  };
  return `data: ${JSON.stringify(chunk)}\n\n`;
}

const DONE = "data: [DONE]\n\n";

function openAIText(model: string, pieces: string[], finish = "stop"): string[] {
  return [
    openAIChunk(model, { role: "assistant", content: "" }),
    ...pieces.map((piece) => openAIChunk(model, { content: piece })),
    openAIChunk(model, {}, finish),
    openAIUsage(model, 21, pieces.length),
    DONE,
  ];
}

function openAIScript(scenario: string, model: string): Script {
  switch (scenario) {
    case "split": {
      const text = [": keep-alive comment\r\n\r\n", ...openAIText(model, ["Héllo, ", "世界 ", "🌍!"]).map((event) => event.replace(/\n/g, "\r\n"))].join("");
      return { ...sse([]), parts: oddSlices(text) };
    }
    case "tools":
      return sse([
        openAIChunk(model, {
          role: "assistant",
          content: null,
          tool_calls: [{ index: 0, id: "call_aaa", type: "function", function: { name: "read_file", arguments: "" } }],
        }),
        openAIChunk(model, { tool_calls: [{ index: 0, function: { arguments: '{"pa' } }] }),
        openAIChunk(model, { tool_calls: [{ index: 0, function: { arguments: 'th": "ma' } }] }),
        openAIChunk(model, { tool_calls: [{ index: 0, function: { arguments: 'in.tf"}' } }] }),
        openAIChunk(model, { tool_calls: [{ index: 1, id: "call_bbb", type: "function", function: { name: "list_files", arguments: '{"di' } }] }),
        // DashScope repeats an empty id and name on later fragments.
        openAIChunk(model, { tool_calls: [{ index: 1, id: "", type: "function", function: { name: "", arguments: 'r": "."}' } }] }),
        openAIChunk(model, {}, "tool_calls"),
        openAIUsage(model, 120, 40),
        DONE,
      ]);
    case "reasoning":
      return sse([
        openAIChunk(model, { role: "assistant", content: null, reasoning_content: "" }),
        openAIChunk(model, { content: null, reasoning_content: "The user wants " }),
        openAIChunk(model, { content: null, reasoning_content: "a greeting." }),
        openAIChunk(model, { content: "Hi!", reasoning_content: null }),
        openAIChunk(model, {}, "stop"),
        openAIUsage(model, 10, 9),
        DONE,
      ]);
    case "length":
      return sse(openAIText(model, ["Once upon", " a time"], "length"));
    case "no-done":
      return sse([openAIChunk(model, { content: "Bye" }), openAIChunk(model, {}, "stop")]);
    case "stream-error":
      return sse([
        openAIChunk(model, { role: "assistant", content: "Partial" }),
        `data: ${JSON.stringify({ error: { message: "Invalid value for 'tool_choice'", type: "invalid_request_error", param: null, code: null } })}\n\n`,
      ]);
    case "stall-mid":
      return sse([openAIChunk(model, { role: "assistant", content: "Thinking" }), openAIChunk(model, { content: "..." })], { end: false });
    case "slow":
      return sse(openAIText(model, ["a", "b", "c", "d", "e", "f"]), { pauseMs: 150 });
    case "truncated":
      return sse([openAIChunk(model, { role: "assistant", content: "Cut" }), openAIChunk(model, { content: " off" })]);
    case "malformed":
      return sse([openAIChunk(model, { content: "ok" }), "data: {not json\n\n"]);
    default:
      return sse(openAIText(model, ["Hello", ", world"]));
  }
}

/**
 * A two-step agent turn, decided by the conversation like a model would: without a tool result
 * yet, call `write_file` with a small template; once the result is there, answer with text.
 */
export const AGENT_WRITE_TEMPLATE = "ROSTemplateFormatVersion: '2015-09-01'\nResources:\n  Vpc:\n    Type: ALIYUN::ECS::VPC\n";

function agentWriteScript(model: string, body: Record<string, unknown>): Script {
  const messages = Array.isArray(body.messages) ? (body.messages as Array<{ role?: string }>) : [];
  if (messages.some((m) => m.role === "tool")) return sse(openAIText(model, ["Wrote ", "vpc.yaml."]));
  const args = JSON.stringify({ path: "vpc.yaml", content: AGENT_WRITE_TEMPLATE });
  return sse([
    openAIChunk(model, { role: "assistant", content: "Writing the template. " }),
    openAIChunk(model, { tool_calls: [{ index: 0, id: "call_write", type: "function", function: { name: "write_file", arguments: args.slice(0, 20) } }] }),
    openAIChunk(model, { tool_calls: [{ index: 0, function: { arguments: args.slice(20) } }] }),
    openAIChunk(model, {}, "tool_calls"),
    openAIUsage(model, 300, 50),
    DONE,
  ]);
}

/**
 * Issue 19 item 1: a model that writes a template, calls `iac_request_check` on it, then answers.
 * Its template keeps the VPC at 192.168.0.0/16 whatever the request says, so the check has a miss.
 */
export const AGENT_CHECK_TEMPLATE =
  "ROSTemplateFormatVersion: '2015-09-01'\nResources:\n  Vpc:\n    Type: ALIYUN::ECS::VPC\n    Properties:\n      CidrBlock: 192.168.0.0/16\n  Bucket:\n    Type: ALIYUN::OSS::Bucket\n";

function agentCheckScript(model: string, body: Record<string, unknown>): Script {
  const messages = Array.isArray(body.messages) ? (body.messages as Array<{ role?: string }>) : [];
  const results = messages.filter((m) => m.role === "tool").length;
  if (results >= 2) return sse(openAIText(model, ["Checked vpc.yaml."]));
  const [id, name, args] =
    results === 0
      ? ["call_write", "write_file", JSON.stringify({ path: "vpc.yaml", content: AGENT_CHECK_TEMPLATE })]
      : ["call_check", "iac_request_check", JSON.stringify({ path: "vpc.yaml" })];
  return sse([
    openAIChunk(model, { tool_calls: [{ index: 0, id, type: "function", function: { name, arguments: args } }] }),
    openAIChunk(model, {}, "tool_calls"),
    DONE,
  ]);
}

/**
 * Issue 27 items 1 and 8: a model that writes AGENT_CLAIMS_TEMPLATE, then claims AGENT_CLAIMS_TEXT
 * (agent-claims.ts): in Chinese when the request is, in English otherwise.
 */
function agentClaimsScript(model: string, body: Record<string, unknown>): Script {
  const messages = Array.isArray(body.messages) ? (body.messages as Array<{ role?: string; content?: string }>) : [];
  if (messages.some((m) => m.role === "tool")) {
    const ask = [...messages].reverse().find((m) => m.role === "user")?.content ?? "";
    return sse(openAIText(model, /[\u4e00-\u9fff]/.test(ask) ? AGENT_CLAIMS_TEXT.zh : AGENT_CLAIMS_TEXT.en));
  }
  const args = JSON.stringify({ path: "network.yaml", content: AGENT_CLAIMS_TEMPLATE });
  return sse([
    openAIChunk(model, { tool_calls: [{ index: 0, id: "call_write", type: "function", function: { name: "write_file", arguments: args } }] }),
    openAIChunk(model, {}, "tool_calls"),
    DONE,
  ]);
}

/** A turn whose model asks for a write operation on the cloud, which the server must deny. */
function agentCreateStackScript(model: string, body: Record<string, unknown>): Script {
  const messages = Array.isArray(body.messages) ? (body.messages as Array<{ role?: string }>) : [];
  if (messages.some((m) => m.role === "tool")) return sse(openAIText(model, ["I may not create stacks here."]));
  const args = JSON.stringify({ action: "CreateStack", parameters: { StackName: "demo", TemplateBody: AGENT_WRITE_TEMPLATE } });
  return sse([
    openAIChunk(model, { tool_calls: [{ index: 0, id: "call_create", type: "function", function: { name: "aliyun_ros_api", arguments: args } }] }),
    openAIChunk(model, {}, "tool_calls"),
    DONE,
  ]);
}

// ---- Anthropic Messages ------------------------------------------------------------------------

function anthropicEvent(type: string, data: Record<string, unknown>): string {
  return `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
}

function messageStart(model: string): string {
  return anthropicEvent("message_start", {
    message: {
      id: "msg_fake01",
      type: "message",
      role: "assistant",
      content: [],
      model,
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 25, cache_creation_input_tokens: 0, cache_read_input_tokens: 5, output_tokens: 1 },
    },
  });
}

function anthropicText(model: string, pieces: string[], stopReason = "end_turn", outputTokens = 12): string[] {
  return [
    messageStart(model),
    anthropicEvent("content_block_start", { index: 0, content_block: { type: "text", text: "" } }),
    anthropicEvent("ping", {}),
    ...pieces.map((text) => anthropicEvent("content_block_delta", { index: 0, delta: { type: "text_delta", text } })),
    anthropicEvent("content_block_stop", { index: 0 }),
    anthropicEvent("message_delta", { delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: outputTokens } }),
    anthropicEvent("message_stop", {}),
  ];
}

function anthropicScript(scenario: string, model: string): Script {
  switch (scenario) {
    case "split": {
      const text = [": comment\r\n", ...anthropicText(model, ["Héllo, ", "世界 ", "🌍!"]).map((event) => event.replace(/\n/g, "\r\n"))].join("");
      return { ...sse([]), parts: oddSlices(text) };
    }
    case "tools":
      return sse([
        messageStart(model),
        anthropicEvent("content_block_start", { index: 0, content_block: { type: "text", text: "" } }),
        anthropicEvent("content_block_delta", { index: 0, delta: { type: "text_delta", text: "Let me look." } }),
        anthropicEvent("content_block_stop", { index: 0 }),
        anthropicEvent("content_block_start", { index: 1, content_block: { type: "tool_use", id: "toolu_01A", name: "read_file", input: {} } }),
        anthropicEvent("content_block_delta", { index: 1, delta: { type: "input_json_delta", partial_json: "" } }),
        anthropicEvent("content_block_delta", { index: 1, delta: { type: "input_json_delta", partial_json: '{"path": "ma' } }),
        anthropicEvent("content_block_delta", { index: 1, delta: { type: "input_json_delta", partial_json: 'in.tf"}' } }),
        anthropicEvent("content_block_stop", { index: 1 }),
        anthropicEvent("content_block_start", { index: 2, content_block: { type: "tool_use", id: "toolu_01B", name: "list_files", input: {} } }),
        anthropicEvent("content_block_stop", { index: 2 }),
        anthropicEvent("message_delta", { delta: { stop_reason: "tool_use", stop_sequence: null }, usage: { output_tokens: 57 } }),
        anthropicEvent("message_stop", {}),
      ]);
    case "reasoning":
      return sse([
        messageStart(model),
        anthropicEvent("content_block_start", { index: 0, content_block: { type: "thinking", thinking: "" } }),
        anthropicEvent("content_block_delta", { index: 0, delta: { type: "thinking_delta", thinking: "The user wants " } }),
        anthropicEvent("content_block_delta", { index: 0, delta: { type: "thinking_delta", thinking: "a greeting." } }),
        anthropicEvent("content_block_delta", { index: 0, delta: { type: "signature_delta", signature: "EqQBCgIYAhIM1gbcDa9GJwZA2b3h" } }),
        anthropicEvent("content_block_stop", { index: 0 }),
        anthropicEvent("content_block_start", { index: 1, content_block: { type: "text", text: "" } }),
        anthropicEvent("content_block_delta", { index: 1, delta: { type: "text_delta", text: "Hi!" } }),
        anthropicEvent("content_block_stop", { index: 1 }),
        anthropicEvent("message_delta", { delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: 30 } }),
        anthropicEvent("message_stop", {}),
      ]);
    case "length":
      return sse(anthropicText(model, ["Once upon", " a time"], "max_tokens", 2));
    case "overloaded":
      return sse([messageStart(model), anthropicEvent("error", { error: { type: "overloaded_error", message: "Overloaded" } })]);
    case "stream-error":
      return sse([
        messageStart(model),
        anthropicEvent("content_block_start", { index: 0, content_block: { type: "text", text: "" } }),
        anthropicEvent("content_block_delta", { index: 0, delta: { type: "text_delta", text: "Partial" } }),
        anthropicEvent("error", { error: { type: "invalid_request_error", message: "messages: text content blocks must be non-empty" } }),
      ]);
    case "stall-mid":
      return sse(anthropicText(model, ["Thinking"]).slice(0, 4), { end: false });
    case "slow":
      return sse(anthropicText(model, ["a", "b", "c", "d"]), { pauseMs: 150 });
    case "truncated":
      return sse(anthropicText(model, ["Cut", " off"]).slice(0, 5));
    case "malformed":
      return sse([messageStart(model), "event: content_block_start\ndata: {not json\n\n"]);
    case "nameless-tool":
      return sse([messageStart(model), anthropicEvent("content_block_start", { index: 0, content_block: { type: "tool_use", id: "toolu_01C", input: {} } })]);
    case "stray-json":
      return sse([
        messageStart(model),
        anthropicEvent("content_block_start", { index: 0, content_block: { type: "text", text: "" } }),
        anthropicEvent("content_block_delta", { index: 0, delta: { type: "input_json_delta", partial_json: '{"a":' } }),
      ]);
    case "not-object":
      return sse([messageStart(model), "event: content_block_start\ndata: [1, 2]\n\n"]);
    default:
      return sse(anthropicText(model, ["Hello", ", world"]));
  }
}

// ---- Workers AI --------------------------------------------------------------------------------

function workersRecord(record: Record<string, unknown>): string {
  return `data: ${JSON.stringify(record)}\n\n`;
}

function workersText(pieces: string[], prompt = 18, completion = pieces.length): string[] {
  return [
    ...pieces.map((response) => workersRecord({ response, p: "abcdefghij" })),
    workersRecord({ response: "", usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion } }),
    DONE,
  ];
}

function workersScript(scenario: string, model: string, body: Record<string, unknown>): Script {
  switch (scenario) {
    case "split": {
      const text = [": comment\r\n", ...workersText(["Héllo, ", "世界 ", "🌍!"]).map((event) => event.replace(/\n/g, "\r\n"))].join("");
      return { ...sse([]), parts: oddSlices(text) };
    }
    case "tools":
      return sse([
        workersRecord({ response: "", tool_calls: [{ name: "read_file", arguments: { path: "main.tf" } }] }),
        workersRecord({
          response: "",
          tool_calls: [{ id: "chatcmpl-tool-7f3a", type: "function", function: { name: "list_files", arguments: '{"dir": "."}' } }],
        }),
        workersRecord({ response: "", usage: { prompt_tokens: 300, completion_tokens: 31, total_tokens: 331 } }),
        DONE,
      ]);
    case "chunks":
      return sse([
        openAIChunk(model, { role: "assistant", content: "Sure" }),
        openAIChunk(model, { tool_calls: [{ index: 0, id: "chatcmpl-tool-1", type: "function", function: { name: "read_file", arguments: '{"path"' } }] }),
        openAIChunk(model, { tool_calls: [{ index: 0, function: { arguments: ': "a.tf"}' } }] }),
        openAIChunk(model, {}, "tool_calls"),
        openAIUsage(model, 50, 20),
        DONE,
      ]);
    case "json":
      return {
        status: 200,
        headers: { "content-type": "application/json" },
        parts: [
          JSON.stringify({
            result: { response: "Hi there", tool_calls: [], usage: { prompt_tokens: 9, completion_tokens: 3, total_tokens: 12 } },
            success: true,
            errors: [],
            messages: [],
          }),
        ],
        pauseMs: 0,
        end: true,
      };
    case "length": {
      const max = typeof body.max_tokens === "number" ? body.max_tokens : 256;
      return sse(workersText(["Once upon", " a time"], 18, max));
    }
    case "stream-error":
      return sse([workersRecord({ response: "Partial" }), `event: error\ndata: ${JSON.stringify({ error: "InferenceUpstreamError: invalid input" })}\n\n`]);
    case "stall-mid":
      return sse(workersText(["Thinking", "..."]).slice(0, 2), { end: false });
    case "slow":
      return sse(workersText(["a", "b", "c", "d", "e", "f"]), { pauseMs: 150 });
    case "truncated":
      return sse(workersText(["Cut", " off"]).slice(0, 2));
    case "malformed":
      return sse([workersRecord({ response: "ok" }), "data: {not json\n\n"]);
    default:
      return sse(workersText(["Hello", ", world"]));
  }
}

// ---- Errors, stalls, routing -------------------------------------------------------------------

function errorBody(provider: Provider, status: number, presentedKey: string): string {
  const message =
    status === 401
      ? `Incorrect API key provided: ${presentedKey}. You can find your API key in the console.`
      : status === 429
        ? "Rate limit reached, please retry later"
        : status >= 500
          ? "The server had an error while processing your request"
          : "Bad request";
  if (provider === "anthropic") {
    const type =
      status === 401
        ? "authentication_error"
        : status === 429
          ? "rate_limit_error"
          : status === 529
            ? "overloaded_error"
            : status >= 500
              ? "api_error"
              : "invalid_request_error";
    return JSON.stringify({ type: "error", error: { type, message }, request_id: "req_fake01" });
  }
  if (provider === "workers-ai") return JSON.stringify({ success: false, errors: [{ code: 10000 + status, message }], messages: [], result: null });
  return JSON.stringify({
    error: { message, type: status === 401 ? "invalid_request_error" : "server_error", param: null, code: status === 401 ? "invalid_api_key" : null },
  });
}

function commonScript(provider: Provider, scenario: string, presentedKey: string): Script | undefined {
  const status = /^status-(\d{3})$/.exec(scenario)?.[1];
  if (status !== undefined) {
    const code = Number(status);
    return {
      status: code,
      headers: { "content-type": "application/json", ...(code === 429 && { "retry-after": "7" }) },
      parts: [errorBody(provider, code, presentedKey)],
      pauseMs: 0,
      end: true,
    };
  }
  if (scenario === "stall-headers") return { status: 200, headers: SSE_HEADERS, parts: [], pauseMs: 0, end: false, silent: true };
  if (scenario === "stall-body") return { status: 200, headers: SSE_HEADERS, parts: [], pauseMs: 0, end: false };
  return undefined;
}

function presentedKey(headers: Record<string, string>): string {
  return headers["x-api-key"] ?? (headers.authorization ?? "").replace(/^Bearer\s+/i, "");
}

async function play(res: ServerResponse, script: Script): Promise<void> {
  if (script.silent) return;
  res.writeHead(script.status, script.headers);
  res.flushHeaders();
  for (const part of script.parts) {
    if (script.pauseMs > 0) await sleep(script.pauseMs);
    if (res.destroyed) return;
    res.write(part);
  }
  if (script.end && !res.destroyed) res.end();
}

export async function startFakeModelServer(listenPort = 0): Promise<FakeModelServer> {
  const log = new Map<string, RecordedModelRequest[]>();
  const server: Server = createServer(async (req, res) => {
    const path = req.url ?? "/";
    const logMatch = /^\/log\/([^/?]+)$/.exec(path);
    if (req.method === "GET" && logMatch?.[1]) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(log.get(decodeURIComponent(logMatch[1])) ?? []));
      return;
    }
    const raw = await readRequestText(req);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers[name] = value;
    let body: Record<string, unknown> = {};
    try {
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed === "object" && parsed !== null) body = parsed as Record<string, unknown>;
    } catch {
      // Logged as it came; the scenario decides the answer.
    }

    let provider: Provider | undefined;
    let model = typeof body.model === "string" ? body.model : "";
    if (req.method === "POST" && path === "/openai/v1/chat/completions") provider = "openai";
    else if (req.method === "POST" && path === "/anthropic/v1/messages") provider = "anthropic";
    else {
      const run = /^\/workers-ai\/client\/v4\/accounts\/[^/]+\/ai\/run\/(.+)$/.exec(path);
      if (req.method === "POST" && run?.[1]) {
        provider = "workers-ai";
        model = decodeURIComponent(run[1]);
      }
    }
    if (!provider) {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not found");
      return;
    }
    const parts = model.replace(/^@cf\//, "").split("/");
    const known = parts.length === 2;
    const scenario = headers["x-fake-scenario"] ?? (known ? (parts[0] ?? "text") : "text");
    const key = known ? (parts[1] ?? model) : model;

    const entry: RecordedModelRequest = { method: req.method ?? "", path, headers, body: raw, closedEarly: false, at: Date.now() };
    log.set(key, [...(log.get(key) ?? []), entry]);
    res.on("close", () => {
      if (!res.writableFinished) entry.closedEarly = true;
    });

    const script =
      commonScript(provider, scenario, presentedKey(headers)) ??
      (provider === "openai" && scenario === "agent-write" ? agentWriteScript(model, body) : undefined) ??
      (provider === "openai" && scenario === "agent-create-stack" ? agentCreateStackScript(model, body) : undefined) ??
      (provider === "openai" && scenario === "agent-check" ? agentCheckScript(model, body) : undefined) ??
      (provider === "openai" && scenario === "agent-claims" ? agentClaimsScript(model, body) : undefined) ??
      (provider === "openai"
        ? openAIScript(scenario, model)
        : provider === "anthropic"
          ? anthropicScript(scenario, model)
          : workersScript(scenario, model, body));
    await play(res, script);
  });
  await new Promise<void>((resolve) => server.listen(listenPort, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: (key) => log.get(key) ?? [],
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
