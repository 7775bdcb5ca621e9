/**
 * The HTTP+JSON binding (spec §11): the same methods at REST paths under the interface URL, with
 * `google.rpc.Status` errors and bare `StreamResponse` SSE events. Every route parses with the same
 * schemas and calls the same method handlers as JSON-RPC; only the shapes at the edge differ.
 *
 * Subscribe accepts GET and POST (the spec and the proto disagree, and both SDKs serve both).
 * Responses are `application/json`, which the conformance kit checks for (the spec's examples use
 * `application/a2a+json`; both are accepted on input).
 */
import { type A2AError, errors, restError } from "../a2a/errors";
import { protoFieldName } from "../a2a/schemas";
import type { StreamFraming } from "../a2a/sse";
import {
  type BindingEnvelope,
  EdgeError,
  type FrontRequest,
  JSON_HEADERS,
  checkService,
  invoke,
  isJsonContentType,
  readJsonBody,
  respond,
} from "./binding-front";
import type { MethodName } from "./methods";

type Query = URLSearchParams;
type Route = {
  method: "GET" | "POST" | "DELETE";
  pattern: RegExp;
  name: MethodName;
  /** The method's params from the path captures, the query and the JSON body. */
  params: (captures: string[], query: Query, body: Record<string, unknown>) => Record<string, unknown>;
};

/**
 * Query values as ProtoJSON would read them: integers stay decimal strings (the schemas accept
 * both); each field under its JSON name or its proto name (`pageSize` or `page_size`), the JSON
 * name winning when both are given.
 */
function listQuery(query: Query, names: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const value = query.get(name) ?? query.get(protoFieldName(name));
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
  {
    method: "GET",
    pattern: /^\/tasks\/([^/]+)$/,
    name: "GetTask",
    params: ([id], query) => ({ id, ...listQuery(query, ["historyLength", "currentGeneration"]) }),
  },
  {
    method: "GET",
    pattern: /^\/tasks$/,
    name: "ListTasks",
    params: (_c, query) => listQuery(query, ["contextId", "status", "pageSize", "pageToken", "historyLength", "statusTimestampAfter", "includeArtifacts"]),
  },
  { method: "GET", pattern: /^\/extendedAgentCard$/, name: "GetExtendedAgentCard", params: () => ({}) },
];

function errorResponse(error: A2AError, headers: Record<string, string>, status?: number): Response {
  const { status: mapped, body } = restError(error.toShape());
  if (status !== undefined) body.error.code = status;
  return new Response(JSON.stringify(body), { status: status ?? mapped, headers: { ...JSON_HEADERS, ...headers } });
}

const FRAMING: StreamFraming = { binding: "rest" };

/** HTTP+JSON answers: the bare result, `google.rpc.Status` errors, bare `StreamResponse` events. */
const REST_ENVELOPE: BindingEnvelope = { framing: FRAMING, encodeResult: (resultJson) => resultJson, errorResponse };

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

export interface RestRequest extends FrontRequest {
  route: Route;
  captures: string[];
}

/** The JSON object of a POST body; no body (or `null`, a2a-1.0.md §7.1 cancel) is `{}`. */
async function jsonBody(front: FrontRequest): Promise<Record<string, unknown>> {
  const { request } = front;
  if (!request.body || request.headers.get("Content-Length") === "0") return {};
  if (!isJsonContentType(request.headers)) {
    throw new EdgeError(errors.contentTypeNotSupported("Content-Type must be application/json or application/a2a+json"), 415);
  }
  const body = await readJsonBody(front);
  if (body.kind === "empty") return {};
  if (body.kind === "not-json") throw errors.parse();
  if (body.value === null) return {};
  if (typeof body.value !== "object" || Array.isArray(body.value)) throw errors.invalidParams("Invalid parameters: the body must be a JSON object");
  return body.value as Record<string, unknown>;
}

export function handleRest(rest: RestRequest): Promise<Response> {
  const { request, route, captures } = rest;
  return respond(rest, REST_ENVELOPE, route.name, async () => {
    checkService(rest);
    const body = route.method === "POST" ? await jsonBody(rest) : {};
    return invoke(rest, FRAMING, route.name, route.params(captures, new URL(request.url).searchParams, body));
  });
}
