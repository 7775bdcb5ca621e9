/**
 * What the request log learns while a request runs, kept in an AsyncLocalStorage scope (the
 * `nodejs_als` compatibility flag) so the method layer can note the JSON-RPC method, its ids and
 * its outcome without every binding passing a record along. Outside a request (tests calling a
 * handler directly) there is no scope and every note is a no-op.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { TraceContext } from "../a2a/trace-context";
import type { StreamEndLog } from "../a2a/sse";

export interface RequestRecord {
  requestId: string;
  /** When the Worker received the request (Date.now()). */
  startedMs: number;
  /** This server's span of the request: the parent of every call made for it. */
  trace: TraceContext;
  binding?: string;
  method?: string;
  /** JSON-RPC / A2A error code, 0 for success; unset until the method layer knows. */
  code?: number;
  contextId?: string;
  taskId?: string;
}

const scope = new AsyncLocalStorage<RequestRecord>();

export function runInRequestScope<T>(record: RequestRecord, fn: () => T): T {
  return scope.run(record, fn);
}

export function currentRequest(): RequestRecord | undefined {
  return scope.getStore();
}

const idField = (value: unknown): string | undefined => (typeof value === "string" && value !== "" ? value : undefined);

/** The current request, for the end line of the stream that answers it (written by the stream's object). */
export function streamEndLogOf(method: string, binding: string): StreamEndLog | undefined {
  const record = scope.getStore();
  return record ? { requestId: record.requestId, binding: record.binding ?? binding, method, startedMs: record.startedMs } : undefined;
}

/** Notes the method and the task and context ids its params name (as typed by the caller). */
export function noteCall(method: string, binding: string, params: unknown): void {
  const record = scope.getStore();
  if (!record) return;
  record.method = method;
  record.binding = binding;
  if (params === null || typeof params !== "object") return;
  const p = params as Record<string, unknown>;
  const message = (typeof p["message"] === "object" && p["message"] !== null ? p["message"] : {}) as Record<string, unknown>;
  record.taskId =
    idField(p["taskId"]) ?? idField(message["taskId"]) ?? (method.endsWith("Task") || method === "SubscribeToTask" ? idField(p["id"]) : undefined);
  record.contextId = idField(p["contextId"]) ?? idField(message["contextId"]);
}

export function noteContext(contextId: string | undefined): void {
  const record = scope.getStore();
  if (record && contextId) record.contextId = contextId;
}

export function noteCode(code: number): void {
  const record = scope.getStore();
  if (record) record.code = code;
}
