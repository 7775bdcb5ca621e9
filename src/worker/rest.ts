/**
 * The HTTP+JSON binding (spec §11): the same methods at REST paths under the interface URL, with
 * `google.rpc.Status` errors and bare `StreamResponse` SSE events. Every route parses with the same
 * schemas and calls the same method handlers as JSON-RPC; only the shapes at the edge differ.
 *
 * Subscribe accepts GET and POST (the spec and the proto disagree, and both SDKs serve both).
 * Responses are `application/json`, which the conformance kit checks for (the spec's examples use
 * `application/a2a+json`; both are accepted on input).
 */
import { A2AError, errors, restError } from "../a2a/errors";
import { SSE_HEADERS, parseLastEventId } from "../a2a/sse";
import type { Config } from "../config/config";
import { callMethod, type CallContext, type MethodName } from "./methods";
import { readBody } from "./read-body";
import { checkJsonStructure } from "./json-limits";
import { checkServiceParameters, extensionHeaders } from "./service-parameters";

type Query = URLSearchParams;
type Route = {
  method: "GET" | "POST" | "DELETE";
  pattern: RegExp;
  name: MethodName;
  /** The method's params from the path captures, the query and the JSON body. */
  params: (captures: string[], query: Query, body: Record<string, unknown>) => Record<string, unknown>;
};

const JSON_HEADERS = { "Content-Type": "application/json" };
const ACCEPTED_CONTENT_TYPES = ["application/json", "application/a2a+json"];

/** Query values as ProtoJSON would read them: integers stay decimal strings (the schemas accept both). */
function listQuery(query: Query, names: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const value = query.get(name);
    if (value === null) continue;
    out[name] = name === "includeArtifacts" ? (value === "true" ? true : value === "false" ? false : value) : value;
  }
  return out;
}

const subscribe = (captures: string[]) => ({ id: captures[0] });

/** More specific paths first: `/tasks/{id}:cancel` must not be read as a task id (a2a-1.0.md §7.1). */
const ROUTES: readonly Route[] = [
  { method: "POST", pattern: /^\/message:send$/, name: "SendMessage", params: (_c, _q, body) => body },
  { method: "POST", pattern: /^\/message:stream$/, name: "SendStreamingMessage", params: (_c, _q, body) => body },
  { method: "POST", pattern: /^\/tasks\/([^/]+):cancel$/, name: "CancelTask", params: ([id], _q, body) => ({ ...body, id }) },
  { method: "GET", pattern: /^\/tasks\/([^/]+):subscribe$/, name: "SubscribeToTask", params: subscribe },
  { method: "POST", pattern: /^\/tasks\/([^/]+):subscribe$/, name: "SubscribeToTask", params: subscribe },
  {
    method: "GET",
    pattern: /^\/tasks\/([^/]+)\/pushNotificationConfigs\/([^/]+)$/,
    name: "GetTaskPushNotificationConfig",
    params: ([taskId, id]) => ({ taskId, id }),
  },
  {
    method: "DELETE",
    pattern: /^\/tasks\/([^/]+)\/pushNotificationConfigs\/([^/]+)$/,
    name: "DeleteTaskPushNotificationConfig",
    params: ([taskId, id]) => ({ taskId, id }),
  },
  {
    method: "GET",
    pattern: /^\/tasks\/([^/]+)\/pushNotificationConfigs$/,
    name: "ListTaskPushNotificationConfigs",
    params: ([taskId], query) => ({ taskId, ...listQuery(query, ["pageSize", "pageToken"]) }),
  },
  {
    method: "POST",
    pattern: /^\/tasks\/([^/]+)\/pushNotificationConfigs$/,
    name: "CreateTaskPushNotificationConfig",
    params: ([taskId], _q, body) => ({ ...body, taskId }),
  },
  { method: "GET", pattern: /^\/tasks\/([^/]+)$/, name: "GetTask", params: ([id], query) => ({ id, ...listQuery(query, ["historyLength"]) }) },
  {
    method: "GET",
    pattern: /^\/tasks$/,
    name: "ListTasks",
    params: (_c, query) =>
      listQuery(query, ["contextId", "status", "pageSize", "pageToken", "historyLength", "statusTimestampAfter", "includeArtifacts"]),
  },
  { method: "GET", pattern: /^\/extendedAgentCard$/, name: "GetExtendedAgentCard", params: () => ({}) },
];

function errorResponse(error: A2AError, headers: Record<string, string> = {}, status?: number): Response {
  const { status: mapped, body } = restError(error.toShape());
  if (status !== undefined) body.error.code = status;
  return new Response(JSON.stringify(body), { status: status ?? mapped, headers: { ...JSON_HEADERS, ...headers } });
}

/** The route a request names, relative to the interface path, or undefined when it is not REST. */
export function matchRestRoute(method: string, path: string): { route: Route; captures: string[] } | undefined {
  for (const route of ROUTES) {
    if (route.method !== method) continue;
    const match = route.pattern.exec(path);
    if (!match) continue;
    try {
      return { route, captures: match.slice(1).map((c) => decodeURIComponent(c)) };
    } catch {
      return { route, captures: match.slice(1) };
    }
  }
  return undefined;
}

export interface RestRequest {
  request: Request;
  route: Route;
  captures: string[];
  env: Env;
  config: Config;
  owner: string;
  baseUrl: string;
}

async function jsonBody(request: Request, config: Config): Promise<Record<string, unknown> | Response> {
  const length = request.headers.get("Content-Length");
  if (!request.body || length === "0") return {};
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (!ACCEPTED_CONTENT_TYPES.includes(type)) {
    return errorResponse(errors.contentTypeNotSupported("Content-Type must be application/json or application/a2a+json"), {}, 415);
  }
  const body = await readBody(request, config.maxBodyBytes);
  if (!body.ok) return errorResponse(errors.invalidRequest(`Request body exceeds ${config.maxBodyBytes} bytes`), {}, 413);
  if (body.bytes.byteLength === 0) return {};
  let parsed: unknown;
  try {
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(body.bytes);
    const structure = checkJsonStructure(text);
    if (!structure.ok) return errorResponse(errors.invalidRequest(structure.message));
    parsed = JSON.parse(text);
  } catch {
    return errorResponse(errors.parse());
  }
  // Clients may send `null` for an empty body (a2a-1.0.md §7.1, cancel).
  if (parsed === null) return {};
  if (typeof parsed !== "object" || Array.isArray(parsed)) return errorResponse(errors.invalidParams("Invalid parameters: the body must be a JSON object"));
  return parsed as Record<string, unknown>;
}

export async function handleRest({ request, route, captures, env, config, owner, baseUrl }: RestRequest): Promise<Response> {
  const url = new URL(request.url);
  const echoed = extensionHeaders(request.headers, config);
  try {
    checkServiceParameters(request.headers, url, config);
    const body = route.method === "POST" ? await jsonBody(request, config) : {};
    if (body instanceof Response) return body;
    const ctx: CallContext = { env, config, owner, framing: { binding: "rest" }, lastEventId: parseLastEventId(request.headers.get("Last-Event-ID")), baseUrl };
    const result = await callMethod(route.name, route.params(captures, url.searchParams, body), ctx);
    if (result.kind === "stream") return new Response(result.stream, { headers: { ...SSE_HEADERS, ...echoed } });
    return new Response(result.kind === "raw" ? result.json : JSON.stringify(result.result), { headers: { ...JSON_HEADERS, ...echoed } });
  } catch (error) {
    if (error instanceof A2AError) return errorResponse(error, echoed);
    console.error(`${route.name}: unexpected error`, error instanceof Error ? error.name : typeof error);
    return errorResponse(errors.internal(), echoed);
  }
}
