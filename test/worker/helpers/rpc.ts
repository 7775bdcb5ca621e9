/** Test helpers: JSON-RPC calls and SSE reading against the real Worker in workerd. */
import { exports } from "cloudflare:workers";

/** A loopback origin: without an auth scheme the server answers only loopback hosts (DNS rebinding guard). */
export const BASE = "http://127.0.0.1:8787";
export const V1 = { "Content-Type": "application/json", "A2A-Version": "1.0" };

export interface RpcError {
  code: number;
  message: string;
  data?: Array<Record<string, unknown>>;
}

export interface RpcResponse<T = unknown> {
  jsonrpc: "2.0";
  id: string | number | null;
  result?: T;
  error?: RpcError;
}

let nextId = 1;

export function worker(): Fetcher {
  return exports.default as unknown as Fetcher;
}

export async function post(body: unknown, headers: Record<string, string> = V1, path = "/"): Promise<Response> {
  return worker().fetch(`${BASE}${path}`, {
    method: "POST",
    headers,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

export async function rpc<T = unknown>(method: string, params?: unknown, headers: Record<string, string> = V1): Promise<RpcResponse<T>> {
  const res = await post({ jsonrpc: "2.0", id: nextId++, method, ...(params === undefined ? {} : { params }) }, headers);
  return (await res.json()) as RpcResponse<T>;
}

export async function ok<T = unknown>(method: string, params?: unknown, headers?: Record<string, string>): Promise<T> {
  const res = await rpc<T>(method, params, headers);
  if (res.error) throw new Error(`${method} failed: ${res.error.code} ${res.error.message}`);
  return res.result as T;
}

export function userMessage(text: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { messageId: `m-${crypto.randomUUID()}`, role: "ROLE_USER", parts: [{ text }], ...extra };
}

export interface TaskLike {
  id: string;
  contextId: string;
  status: { state: string; message?: { parts: Array<{ text?: string }> }; timestamp: string };
  history?: Array<{ role: string; messageId: string; parts: Array<{ text?: string }> }>;
  artifacts?: Array<{ artifactId: string; name?: string; parts: Array<Record<string, unknown>> }>;
}

/** A task's artifacts other than the turns' `response` artifacts (issue 20 item 4): its files. */
export function fileArtifacts(task: TaskLike | undefined): NonNullable<TaskLike["artifacts"]> {
  return (task?.artifacts ?? []).filter((artifact) => artifact.name !== "response");
}

export async function send(
  message: Record<string, unknown>,
  configuration?: Record<string, unknown>,
): Promise<{ task?: TaskLike; message?: Record<string, unknown> }> {
  return ok("SendMessage", { message, ...(configuration ? { configuration } : {}) });
}

export interface SseEvent {
  id?: number;
  data: RpcResponse<Record<string, unknown>>;
}

/**
 * Reads the first `count` events of a stream that stays open; `rest()` reads the others to the
 * stream's end, `reader` is there for a test that reads or cancels by hand.
 */
export async function readFirstEvents(res: Response, count: number) {
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (parseSse(text).length < count) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  const rest = async (): Promise<SseEvent[]> => {
    let more = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return parseSse(more);
      more += decoder.decode(value, { stream: true });
    }
  };
  return { events: parseSse(text), reader, rest, cancel: () => reader.cancel() };
}

/** Reads an SSE response to its end and returns the events (comments dropped). */
export async function readSse(res: Response): Promise<SseEvent[]> {
  const text = await res.text();
  return parseSse(text);
}

export function parseSse(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  for (const block of text.split("\n\n")) {
    let id: number | undefined;
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith("id: ")) id = Number(line.slice(4));
      else if (line.startsWith("data: ")) data.push(line.slice(6));
    }
    if (data.length) events.push({ ...(id === undefined ? {} : { id }), data: JSON.parse(data.join("\n")) as RpcResponse<Record<string, unknown>> });
  }
  return events;
}

/**
 * The stream of the conformance agent's ordinary answer: its Task, WORKING, the text as a WORKING
 * delta, the `response` artifact (issue 20 item 4), INPUT_REQUIRED.
 */
export const ANSWER_TURN_KINDS: readonly string[] = [
  "task",
  "statusUpdate:TASK_STATE_WORKING",
  "statusUpdate:TASK_STATE_WORKING",
  "artifactUpdate",
  "statusUpdate:TASK_STATE_INPUT_REQUIRED",
];

/** The kind of each event: task, message, statusUpdate:<state> or artifactUpdate. */
export function kinds(events: SseEvent[]): string[] {
  return events.map(({ data }) => {
    const result = data.result ?? {};
    if ("statusUpdate" in result) return `statusUpdate:${(result.statusUpdate as { status: { state: string } }).status.state}`;
    return Object.keys(result)[0] ?? "error";
  });
}

export async function stream(method: string, params: unknown, headers: Record<string, string> = V1): Promise<Response> {
  return post({ jsonrpc: "2.0", id: `s-${nextId++}`, method, params }, headers);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The A2A error reason in `error.data`, if any. */
export function reason(error: RpcError | undefined): unknown {
  return error?.data?.find((d) => d["@type"] === "type.googleapis.com/google.rpc.ErrorInfo")?.reason;
}
