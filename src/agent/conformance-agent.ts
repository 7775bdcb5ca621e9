/**
 * The conformance agent: implements the messageId-prefix scenarios the official A2A conformance
 * kit (a2a-tck 1.0-dev, its newest files included) drives a server with
 * (../shared/spec/conformance-scenarios.md §3.1). An unknown scenario of that kit (a messageId of
 * its exact form `tck-<name>-<8 hex>`) completes with "Unhandled messageId prefix", as the kit's
 * reference server answers; every other message, another kit's ordinary `test-…` ones included,
 * gets a short text answer and ends INPUT_REQUIRED, like the product's normal turn, so it can be
 * followed up.
 */
import type { AgentEvent, AgentRuntime, AgentTurn, TurnInput } from "./runtime";
import type { Artifact, Message } from "../a2a/types";

const RESUBSCRIBE_STEP_MS = 2_000;
/** `tck-delayed-complete` works for one kit streaming timeout (`_STREAMING_TIMEOUT_S = 2` in the kit's reference server). */
export const DELAYED_COMPLETE_MS = 2_000;
export const AUTH_REQUIRED_TEXT = "Authorization required: reply to this task with your credential as a text part to continue.";
export const AUTHORIZED_TEXT = "Authorization received; the task is complete.";
const AUTH_REQUIRED_PREFIX = "tck-auth-required";

function textArtifact(artifactId: string, text: string): Artifact {
  return { artifactId, parts: [{ text }] };
}

/** Waits `ms` unless the turn is canceled first. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

type Scenario = (input: TurnInput) => AsyncGenerator<AgentEvent>;

const completed = (text?: string): AgentEvent => ({ type: "end", state: "completed", ...(text ? { text } : {}) });

async function* streamWithArtifact(text: string): AsyncGenerator<AgentEvent> {
  yield { type: "artifact", artifact: textArtifact("stream-artifact", text), lastChunk: true };
  yield completed();
}

/** Longer prefixes first: `tck-artifact-file-url` must win over `tck-artifact-file`. */
const SCENARIOS: ReadonlyArray<[string, Scenario]> = [
  [
    "tck-stream-artifact-chunked",
    async function* () {
      yield { type: "artifact", artifact: textArtifact("chunked-artifact", "chunk-1 "), append: true };
      yield { type: "artifact", artifact: textArtifact("chunked-artifact", "chunk-2"), append: true, lastChunk: true };
      yield completed();
    },
  ],
  ["tck-stream-artifact-text", () => streamWithArtifact("Stream artifact text")],
  [
    "tck-stream-artifact-file",
    async function* () {
      yield {
        type: "artifact",
        artifact: { artifactId: "stream-file", parts: [{ raw: btoa("Stream file content"), filename: "output.txt", mediaType: "text/plain" }] },
        lastChunk: true,
      };
      yield completed();
    },
  ],
  ["tck-stream-ordering-001", () => streamWithArtifact("Ordered output")],
  ["tck-stream-001", () => streamWithArtifact("Stream hello from TCK")],
  [
    "tck-stream-002",
    async function* () {
      yield completed();
    },
  ],
  ["tck-stream-003", () => streamWithArtifact("Stream task lifecycle")],
  [
    "tck-complete-task",
    async function* () {
      yield completed("Hello from TCK");
    },
  ],
  [
    "tck-delayed-complete",
    async function* (input) {
      // The turn is WORKING from its start; a non-blocking send returns before this ends.
      await pause(DELAYED_COMPLETE_MS, input.signal);
      yield completed("Done after delay");
    },
  ],
  [
    AUTH_REQUIRED_PREFIX,
    async function* () {
      yield { type: "end", state: "auth-required", text: AUTH_REQUIRED_TEXT };
    },
  ],
  [
    "tck-input-required",
    async function* () {
      yield { type: "end", state: "input-required", text: "Please provide more input." };
    },
  ],
  [
    "tck-artifact-text",
    async function* () {
      yield { type: "artifact", artifact: textArtifact("text-artifact", "Generated text content"), lastChunk: true };
      yield completed();
    },
  ],
  [
    "tck-artifact-file-url",
    async function* () {
      yield {
        type: "artifact",
        artifact: { artifactId: "file-url-artifact", parts: [{ url: "https://example.com/output.txt", filename: "output.txt", mediaType: "text/plain" }] },
        lastChunk: true,
      };
      yield completed();
    },
  ],
  [
    "tck-artifact-file",
    async function* () {
      yield {
        type: "artifact",
        artifact: { artifactId: "file-artifact", parts: [{ raw: btoa("Generated file content"), filename: "output.txt", mediaType: "text/plain" }] },
        lastChunk: true,
      };
      yield completed();
    },
  ],
  [
    "tck-artifact-data",
    async function* () {
      yield {
        type: "artifact",
        artifact: { artifactId: "data-artifact", parts: [{ data: { key: "value", count: 42 }, mediaType: "application/json" }] },
        lastChunk: true,
      };
      yield completed();
    },
  ],
  [
    "tck-reject-task",
    async function* () {
      yield { type: "end", state: "rejected", text: "rejected" };
    },
  ],
  [
    "test-resubscribe-message-id",
    async function* (input) {
      await pause(RESUBSCRIBE_STEP_MS, input.signal);
      await pause(RESUBSCRIBE_STEP_MS, input.signal);
      yield completed();
    },
  ],
];

/** The 1.0 kit's messageId form, `tck-<name>-<8 hex>` (its `tck_id`): only those are the kit's own. */
export function isKitMessageId(id: string): boolean {
  const segments = id.split("-");
  const suffix = segments.at(-1) ?? "";
  return (
    segments.length >= 3 &&
    segments[0] === "tck" &&
    suffix.length === 8 &&
    /^[0-9a-f]+$/.test(suffix) &&
    segments.slice(1, -1).every((segment) => /^[a-z0-9]+$/.test(segment))
  );
}

/** Was this task opened by `tck-auth-required`? Its first user message says so (follow-ups carry any messageId). */
function awaitsAuthorization(input: TurnInput): boolean {
  const opening = input.history.find((m: Message) => m.role === "ROLE_USER" && m.taskId === input.taskId);
  return opening !== undefined && opening.messageId !== input.message.messageId && opening.messageId.startsWith(AUTH_REQUIRED_PREFIX);
}

/** The follow-up of `tck-auth-required`: a text part supplies the credential (never echoed); without one, it asks again. */
async function* authorizationFollowUp(input: TurnInput): AsyncGenerator<AgentEvent> {
  const supplied = input.message.parts.some((part) => typeof part.text === "string" && part.text.trim() !== "");
  yield supplied ? completed(AUTHORIZED_TEXT) : { type: "end", state: "auth-required", text: AUTH_REQUIRED_TEXT };
}

async function* unhandledKitMessage(input: TurnInput): AsyncGenerator<AgentEvent> {
  yield completed(`Unhandled messageId prefix: ${input.message.messageId}`);
}

async function* ordinaryAnswer(input: TurnInput): AsyncGenerator<AgentEvent> {
  const preview = input.prompt.length > 200 ? `${input.prompt.slice(0, 200)}…` : input.prompt;
  const turn = input.history.filter((m) => m.role === "ROLE_USER").length + 1;
  yield { type: "text", text: `Received: ${preview} (message ${turn} of this conversation)` };
  yield { type: "end", state: "input-required" };
}

export class ConformanceAgent implements AgentRuntime {
  start(input: TurnInput): AgentTurn {
    const id = input.message.messageId;
    if (id.startsWith("tck-message-response")) {
      return { kind: "message", parts: [{ text: "Direct message response" }] };
    }
    if (awaitsAuthorization(input)) return { kind: "task", events: authorizationFollowUp(input) };
    const scenario = SCENARIOS.find(([prefix]) => id.startsWith(prefix))?.[1];
    if (scenario) return { kind: "task", events: scenario(input) };
    if (isKitMessageId(id)) return { kind: "task", events: unhandledKitMessage(input) };
    return { kind: "task", events: ordinaryAnswer(input) };
  }
}
