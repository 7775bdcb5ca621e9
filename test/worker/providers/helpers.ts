/** Shared helpers of the provider tests: requests, collecting events, reading the fake server's log. */
import { inject } from "vitest";
import type { ChatMessage, ModelEvent, ModelRequest, ToolSpec } from "../../../src/agent/model";

export const modelServer = inject("modelServerUrl");

export interface LoggedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  closedEarly: boolean;
}

/** A fresh log key, so tests never read each other's requests. */
export const newKey = () => `k${crypto.randomUUID().slice(0, 8)}`;

export const TOOLS: ToolSpec[] = [
  {
    name: "read_file",
    description: "Read a workspace file",
    inputSchema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
  },
  { name: "list_files", description: "List a directory", inputSchema: { type: "object", properties: { dir: { type: "string" } } } },
];

export const CONVERSATION: ChatMessage[] = [
  { role: "system", content: "You are iac-code." },
  { role: "user", content: "Fix main.tf" },
  {
    role: "assistant",
    content: "Reading both.",
    toolCalls: [
      { id: "call_1", name: "read_file", arguments: '{"path":"main.tf"}' },
      { id: "call_2", name: "list_files", arguments: '{"dir":"."}' },
    ],
  },
  { role: "tool", toolCallId: "call_1", name: "read_file", content: 'resource "x" {}' },
  { role: "tool", toolCallId: "call_2", name: "list_files", content: "main.tf" },
  { role: "user", content: "Go on" },
];

export function request(model: string, extra: Partial<ModelRequest> = {}): ModelRequest {
  return {
    model,
    messages: [{ role: "user", content: "Say hello" }],
    tools: [],
    signal: new AbortController().signal,
    ...extra,
  };
}

export async function collect(events: AsyncIterable<ModelEvent>): Promise<ModelEvent[]> {
  const out: ModelEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

/** The events before the failure and the error; fails the test when the stream does not throw. */
export async function failure(events: AsyncIterable<ModelEvent>): Promise<{ events: ModelEvent[]; error: unknown }> {
  const out: ModelEvent[] = [];
  try {
    for await (const event of events) out.push(event);
  } catch (error) {
    return { events: out, error };
  }
  throw new Error(`expected the stream to fail, it yielded ${JSON.stringify(out)}`);
}

export const text = (events: ModelEvent[]) =>
  events
    .filter((e): e is Extract<ModelEvent, { type: "text" }> => e.type === "text")
    .map((e) => e.text)
    .join("");

export const thinking = (events: ModelEvent[]) =>
  events
    .filter((e): e is Extract<ModelEvent, { type: "thinking" }> => e.type === "thinking")
    .map((e) => e.text)
    .join("");

export async function logged(key: string, atLeast = 1): Promise<LoggedRequest[]> {
  for (let i = 0; i < 50; i++) {
    const entries = (await (await fetch(`${modelServer}/log/${key}`)).json()) as LoggedRequest[];
    if (entries.length >= atLeast) return entries;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no request logged under ${key}`);
}

/** Waits until the server saw the client go away from the request logged under `key`. */
export async function closedEarly(key: string): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    const entries = (await (await fetch(`${modelServer}/log/${key}`)).json()) as LoggedRequest[];
    if (entries[0]?.closedEarly) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}
