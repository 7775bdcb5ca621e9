/**
 * The tool-using turn loop: the provider streams text and tool calls, the tools run, their
 * results go back to the provider, until it answers without calling a tool. Everything becomes
 * agent events (text, thinking, tool trace, permission denials, files, usage, errors) for the
 * event mapper. Provider failures map to the contract: credentials → the sanitized authentication
 * message (FAILED), time-outs / 429 / 5xx → retryable (INPUT_REQUIRED, "please retry").
 */
import type { JsonObject, Message } from "../a2a/types";
import type { AgentEvent, TurnInput, TurnUsage } from "./runtime";
import { ProviderError, type ChatMessage, type ModelProvider, type ToolCall } from "./model";
import type { Tool, ToolContext, ToolResult } from "./tools/tool";
import { turnRequestCheck, writtenTemplate } from "./turn-request-check";
import { replyWithCheck } from "./reply-check";
import { detectLanguage } from "../iac";

export const AUTH_TEXT = "Authentication required. Please configure your API credentials.";
const INTERNAL_TEXT = "An internal error occurred.";
/** Tool steps one turn may take before it stops and hands back to the user. */
export const MAX_TOOL_STEPS = 12;
/** What a tool result may add to a model's context (unless its provider says otherwise). */
const MAX_TOOL_RESULT_CHARS = 20_000;

export interface TurnLoopOptions {
  provider: ModelProvider;
  model: string;
  tools: readonly Tool[];
  systemPrompt: string;
}

function textOf(message: Message): string {
  return message.parts
    .map((p) => (typeof p.text === "string" ? p.text : p.data !== undefined ? JSON.stringify(p.data) : ""))
    .filter((t) => t !== "")
    .join("\n");
}

/** The conversation so far as chat messages: user messages and the agent's replies. */
export function chatHistory(history: readonly Message[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  for (const message of history) {
    const content = textOf(message);
    if (content === "") continue;
    out.push(message.role === "ROLE_USER" ? { role: "user", content } : { role: "assistant", content });
  }
  return out;
}

function parseInput(text: string): unknown {
  try {
    return text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The tool result as the model sees it: the output or the error, bounded, without artifact bodies. */
function resultForModel(result: ToolResult, maxChars: number): string {
  const view =
    "permissionDenied" in result
      ? { error: `Permission denied: ${result.reason}` }
      : result.ok
        ? { output: result.output, ...(result.artifact ? { artifact: { filename: result.artifact.filename, delivered: true } } : {}) }
        : { error: result.error };
  const json = JSON.stringify(view);
  return json.length > maxChars ? `${json.slice(0, maxChars)}…[truncated]` : json;
}

async function runTool(tools: readonly Tool[], call: ToolCall, ctx: ToolContext): Promise<ToolResult> {
  const tool = tools.find((t) => t.spec.name === call.name);
  if (!tool) return { ok: false, error: `Unknown tool: ${call.name}` };
  const input = parseInput(call.arguments);
  if (input === undefined) return { ok: false, error: "The tool input is not valid JSON." };
  try {
    return await tool.run(input, ctx);
  } catch (error) {
    console.error(`tool ${call.name} failed`, error instanceof Error ? error.name : typeof error);
    return { ok: false, error: "The tool failed unexpectedly." };
  }
}

export async function* runTurnLoop(input: TurnInput, options: TurnLoopOptions): AsyncGenerator<AgentEvent> {
  const earlier = chatHistory(input.history);
  const messages: ChatMessage[] = [{ role: "system", content: options.systemPrompt }, ...earlier, { role: "user", content: input.prompt }];
  const earlierRequests = earlier.flatMap((message) => (message.role === "user" ? [message.content] : []));
  const toolContext: ToolContext = {
    signal: input.signal,
    metadata: input.metadata,
    cwd: input.cwd,
    workspace: input.workspace,
    trace: input.trace,
    request: { prompt: input.prompt, earlierRequests },
  };
  const usage: TurnUsage = { inputTokens: 0, outputTokens: 0 };
  let finalText = "";
  let template: string | undefined;

  for (let step = 0; step < MAX_TOOL_STEPS; step++) {
    const answer = yield* modelStep(input, options, messages, usage);
    if (answer === undefined) return;
    messages.push({ role: "assistant", content: answer.text, ...(answer.calls.length ? { toolCalls: answer.calls } : {}) });
    finalText = answer.text;
    if (answer.calls.length === 0) break;
    const maxChars = options.provider.maxToolResultChars ?? MAX_TOOL_RESULT_CHARS;
    if (!(yield* toolRound(options.tools, answer.calls, toolContext, messages, maxChars))) return;
    template = lastWrittenTemplate(answer.calls, messages) ?? template;
  }
  // The final answer is the last step's text (what the model said after its last tool round), as
  // the original's authoritative final message; the earlier steps' text was streamed already.
  // The server's own request check of the turn's last template (issue 19 item 1), whoever wrote it;
  // the reply's first line says what it says (issue 27 items 1 and 8).
  const checked = turnRequestCheck(input.prompt, earlier, template);
  const text = checked ? replyWithCheck(finalText, checked.check, detectLanguage(input.prompt)) : finalText;
  yield { type: "end", state: "input-required", ...(text.trim() ? { text } : {}), usage, ...(checked ? { requestCheck: checked.metadata } : {}) };
}

/** The template the round's last successful `write_file` / `save_artifact` wrote (a failed write wrote nothing). */
function lastWrittenTemplate(calls: readonly ToolCall[], messages: readonly ChatMessage[]): string | undefined {
  let template: string | undefined;
  for (const call of calls) {
    // The newest result of that id: a provider may reuse ids across rounds.
    const result = [...messages].reverse().find((message) => message.role === "tool" && message.toolCallId === call.id);
    if (result?.content.startsWith('{"output"')) template = writtenTemplate(call.name, parseInput(call.arguments)) ?? template;
  }
  return template;
}

/**
 * One model call: its text, thinking and tool-call trace as events, its usage added up. Returns
 * the text and the tool calls, or undefined when the turn ends here (aborted, or a provider
 * failure, already reported as an error event).
 */
async function* modelStep(
  input: TurnInput,
  options: TurnLoopOptions,
  messages: ChatMessage[],
  usage: TurnUsage,
): AsyncGenerator<AgentEvent, { text: string; calls: ToolCall[] } | undefined> {
  let text = "";
  const calls: ToolCall[] = [];
  const argumentLengths = new Map<string, number>();
  // A provider names the tool when the call starts; every later trace event carries the name too.
  const callNames = new Map<string, string>();
  try {
    for await (const event of options.provider.stream({
      model: options.model,
      messages,
      tools: options.tools.map((t) => t.spec),
      signal: input.signal,
      trace: input.trace,
    })) {
      if (input.signal.aborted) return undefined;
      switch (event.type) {
        case "text":
          text += event.text;
          yield { type: "text", text: event.text };
          break;
        case "thinking":
          yield { type: "thinking", text: event.text };
          break;
        case "tool_call_start":
          callNames.set(event.id, event.name);
          yield { type: "tool", phase: "started", toolUseId: event.id, name: event.name };
          break;
        case "tool_call_delta": {
          const length = (argumentLengths.get(event.id) ?? 0) + event.argumentsDelta.length;
          argumentLengths.set(event.id, length);
          const name = callNames.get(event.id);
          yield { type: "tool", phase: "input_delta", toolUseId: event.id, ...(name !== undefined ? { name } : {}), partialJsonLength: length };
          break;
        }
        case "tool_call_end":
          calls.push({ id: event.id, name: event.name, arguments: event.arguments });
          yield { type: "tool", phase: "input_complete", toolUseId: event.id, name: event.name, input: parseInput(event.arguments) ?? event.arguments };
          break;
        case "usage":
          usage.inputTokens += event.inputTokens;
          usage.outputTokens += event.outputTokens;
          break;
        case "done":
          break;
      }
    }
  } catch (error) {
    if (input.signal.aborted) return undefined;
    if (!(error instanceof ProviderError)) throw error;
    console.error(`provider ${options.provider.name}: ${error.kind}`, error.status ?? "", error.message);
    if (error.kind === "auth") yield { type: "error", retryable: false, message: AUTH_TEXT, usage };
    else if (error.kind === "retryable") yield { type: "error", retryable: true, message: error.message, usage };
    else if (error.kind === "refused") yield { type: "error", retryable: false, message: error.message, usage };
    else yield { type: "error", retryable: false, message: INTERNAL_TEXT, usage };
    return undefined;
  }
  return { text, calls };
}

/** Runs the step's tool calls in order, each traced; their results go back to the model. False when aborted. */
async function* toolRound(
  tools: readonly Tool[],
  calls: readonly ToolCall[],
  ctx: ToolContext,
  messages: ChatMessage[],
  maxChars: number,
): AsyncGenerator<AgentEvent, boolean> {
  for (const call of calls) {
    if (ctx.signal.aborted) return false;
    const result = await runTool(tools, call, ctx);
    if ("permissionDenied" in result) {
      yield { type: "permission", toolUseId: call.id, name: call.name };
      yield { type: "tool", phase: "failed", toolUseId: call.id, name: call.name, result: { error: `Permission denied: ${result.reason}` } };
    } else if (result.ok) {
      yield { type: "tool", phase: "completed", toolUseId: call.id, name: call.name, result: result.output as JsonObject };
      if (result.artifact) yield { type: "file", ...result.artifact, toolUseId: call.id };
    } else {
      yield { type: "tool", phase: "failed", toolUseId: call.id, name: call.name, result: { error: result.error } };
    }
    messages.push({ role: "tool", toolCallId: call.id, name: call.name, content: resultForModel(result, maxChars) });
  }
  return true;
}
