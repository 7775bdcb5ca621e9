/**
 * Maps agent events to A2A task effects with the `metadata.iac_code.*` fields of the contract
 * (../shared/spec/iac-code-contract.md §7): assistant text as WORKING status messages, tool trace,
 * permission denials, thinking (only when exposed), artifacts, and the turn's end, whose final
 * status always carries `metadata.iac_code.usage` (contract §7 "Message end"; 0 tokens when the turn
 * used no model, never an estimate). A turn's request check (`metadata.iac_code.requestCheck`) is on
 * that final status update and on its message (issue 27 item 8): the message is what the Task keeps,
 * so a blocking answer, GetTask, ListTasks' history and push carry the check as a stream does.
 */
import type { Artifact, JsonObject } from "../a2a/types";
import type { TaskState } from "../a2a/states";
import type { AgentEvent, EndState, TurnUsage } from "./runtime";
import { truncateText, truncateValue } from "./truncate";
import { sanitizeErrorText } from "../a2a/sanitize-error";

export interface Exposure {
  toolTrace: boolean;
  rawThinking: boolean;
}

export const RETRY_TEXT = "A temporary error occurred. Please retry.";

export type TurnEffect =
  /** A WORKING status update; `text` becomes the status message. */
  | { kind: "status"; text?: string; metadata?: JsonObject }
  | { kind: "artifact"; artifact: Artifact; append?: boolean; lastChunk?: boolean }
  /** The turn's end; `messageMetadata` goes on its final status message (the reply). */
  | { kind: "end"; state: TaskState; text?: string; metadata?: JsonObject; messageMetadata?: JsonObject };

const iacCode = (fields: JsonObject): JsonObject => ({ iac_code: fields });

const NO_TOKENS: TurnUsage = { inputTokens: 0, outputTokens: 0 };

/** `metadata.iac_code.usage` of a turn's end. */
export function usageFields(usage: TurnUsage = NO_TOKENS): JsonObject {
  return { usage: { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens, totalTokens: usage.inputTokens + usage.outputTokens } };
}

/** The metadata of a turn the server ends without a model call (refused input): 0 tokens. */
export const NO_USAGE_METADATA: JsonObject = iacCode(usageFields());

const END_STATES: Record<EndState, TaskState> = {
  completed: "TASK_STATE_COMPLETED",
  "input-required": "TASK_STATE_INPUT_REQUIRED",
  "auth-required": "TASK_STATE_AUTH_REQUIRED",
  failed: "TASK_STATE_FAILED",
  rejected: "TASK_STATE_REJECTED",
};

/** Returns the effect of one agent event, or undefined when the event shows nothing. */
export function mapAgentEvent(event: AgentEvent, exposure: Exposure): TurnEffect | undefined {
  switch (event.type) {
    case "model":
      return undefined;
    case "text":
      return event.text === "" ? undefined : { kind: "status", text: event.text };
    case "thinking":
      if (!exposure.rawThinking || event.text === "") return undefined;
      return { kind: "status", metadata: iacCode({ thinking: { type: "raw_thinking", text: truncateText(event.text) } }) };
    case "tool": {
      if (!exposure.toolTrace) return undefined;
      const tool: JsonObject = { status: event.phase, toolUseId: event.toolUseId };
      if (event.name !== undefined) tool.name = event.name;
      if (event.phase === "input_delta" && event.partialJsonLength !== undefined) tool.partialJsonLength = event.partialJsonLength;
      if (event.input !== undefined && event.phase === "input_complete") tool.input = truncateValue(event.input);
      if (event.result !== undefined && (event.phase === "completed" || event.phase === "failed")) {
        tool.result = truncateValue(event.result);
      }
      return { kind: "status", metadata: iacCode({ tool }) };
    }
    case "permission":
      if (!exposure.toolTrace) return undefined;
      return {
        kind: "status",
        metadata: iacCode({ permission: { autoApproved: false, toolUseId: event.toolUseId, name: event.name } }),
      };
    case "artifact":
      return {
        kind: "artifact",
        artifact: event.artifact,
        ...(event.append !== undefined ? { append: event.append } : {}),
        ...(event.lastChunk !== undefined ? { lastChunk: event.lastChunk } : {}),
      };
    case "file":
      // Files become artifacts only once stored; the Durable Object does that, not the mapper.
      return undefined;
    case "progress":
      return { kind: "status", metadata: event.metadata };
    case "end":
      return {
        kind: "end",
        state: END_STATES[event.state],
        ...(event.text ? { text: event.text } : {}),
        metadata: iacCode({ ...usageFields(event.usage), ...(event.requestCheck ? { requestCheck: event.requestCheck } : {}) }),
        ...(event.requestCheck ? { messageMetadata: iacCode({ requestCheck: event.requestCheck }) } : {}),
      };
    case "error":
      return event.retryable
        ? { kind: "end", state: "TASK_STATE_INPUT_REQUIRED", text: RETRY_TEXT, metadata: iacCode({ error: { retryable: true }, ...usageFields(event.usage) }) }
        : {
            kind: "end",
            state: "TASK_STATE_FAILED",
            text: sanitizeErrorText(event.message, 1000),
            metadata: iacCode({ error: { retryable: false }, ...usageFields(event.usage) }),
          };
  }
}
