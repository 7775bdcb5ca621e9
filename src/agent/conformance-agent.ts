/**
 * The conformance agent: implements the messageId-prefix scenarios the official A2A conformance
 * kit (a2a-tck 1.0-dev) drives a server with (../shared/spec/conformance-scenarios.md §3.1).
 * Messages that are not kit messages get a short text answer and end INPUT_REQUIRED, like the
 * product's normal turn.
 */
import type { AgentEvent, AgentRuntime, AgentTurn, TurnInput } from "./runtime";
import type { Artifact } from "../a2a/types";

const RESUBSCRIBE_STEP_MS = 2_000;

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

const KIT_PREFIXES = ["tck-", "test-"];

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
    const scenario = SCENARIOS.find(([prefix]) => id.startsWith(prefix))?.[1];
    if (scenario) return { kind: "task", events: scenario(input) };
    if (KIT_PREFIXES.some((p) => id.startsWith(p))) return { kind: "task", events: unhandledKitMessage(input) };
    return { kind: "task", events: ordinaryAnswer(input) };
  }
}
