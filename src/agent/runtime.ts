/**
 * The agent runtime seen from the Durable Object: a turn is prompt + history + workspace +
 * AbortSignal in, a stream of agent events out. It knows nothing of HTTP or of A2A framing; the
 * event mapper turns its events into A2A status and artifact updates.
 */
import type { Artifact, JsonObject, Message, Part } from "../a2a/types";
import type { WorkspaceStore } from "./workspace";
import type { TraceContext } from "../a2a/trace-context";

export interface TurnInput {
  taskId: string;
  contextId: string;
  /** The user message of this turn, ids filled in. */
  message: Message;
  /** The text the model sees, built from the message parts. */
  prompt: string;
  /** Earlier messages of this context's conversation, oldest first. */
  history: Message[];
  /** The absolute workspace path (`metadata.iac_code.cwd`), if the caller gave one. */
  cwd: string | undefined;
  /** Aborted when the task is canceled; every provider call and tool honours it. */
  signal: AbortSignal;
  /** The message's `metadata` (per-turn model overrides, cloud credentials). */
  metadata?: JsonObject | undefined;
  /** The owner's workspace files, when the object has storage for them. */
  workspace?: WorkspaceStore | undefined;
  /** The turn's W3C trace context: every model, ROS API call goes out as a new child span of it. */
  trace?: TraceContext | undefined;
}

/** How a turn ends: a terminal state, or an interrupted one (input or authorization required) a follow-up resumes. */
export type EndState = "completed" | "input-required" | "auth-required" | "failed" | "rejected";

export type ToolPhase = "started" | "input_delta" | "input_complete" | "completed" | "failed";

export type AgentEvent =
  /** Assistant text, streamed. */
  | { type: "text"; text: string }
  /** Raw provider reasoning, exposed only when configured. */
  | { type: "thinking"; text: string }
  | { type: "tool"; phase: ToolPhase; toolUseId: string; name?: string; input?: unknown; result?: unknown; partialJsonLength?: number }
  /** The server denied a permission the tool asked for. */
  | { type: "permission"; toolUseId: string; name: string }
  /** An artifact for the task; `append`/`lastChunk` follow `TaskArtifactUpdateEvent`. */
  | { type: "artifact"; artifact: Artifact; append?: boolean; lastChunk?: boolean }
  /** A file for the user (a tool result's artifact): stored once, then announced as an artifact. */
  | { type: "file"; filename: string; mediaType: string; content: string; toolUseId?: string }
  /** Metadata-only working update (e.g. progress), no text. */
  | { type: "progress"; metadata: JsonObject }
  /** Which provider and model answer this turn (for the turn's log line and metrics). */
  | { type: "model"; provider: string; model: string }
  /**
   * The turn's end, with the model tokens the turn used (absent: none, as for the offline engine).
   * Without it, a turn that simply returns ends INPUT_REQUIRED.
   */
  | {
      type: "end";
      state: EndState;
      text?: string;
      usage?: TurnUsage;
      /** The server's request check of the turn's final template (`metadata.iac_code.requestCheck`). */
      requestCheck?: JsonObject;
    }
  /** An error; retryable errors end the turn INPUT_REQUIRED, others FAILED. */
  | { type: "error"; retryable: boolean; message: string; usage?: TurnUsage };

/** Model tokens of one turn, summed over its model calls, as the providers report them. */
export interface TurnUsage {
  inputTokens: number;
  outputTokens: number;
}

/** What an agent does with a message: answer directly with a Message, or run a task. */
export type AgentTurn = { kind: "message"; parts: Part[] } | { kind: "task"; events: AsyncIterable<AgentEvent> };

export interface AgentRuntime {
  start(input: TurnInput): AgentTurn;
}
