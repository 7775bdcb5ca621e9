/**
 * The A2A 1.0 methods (spec §5.3): each parses its params with the zod schema of `src/a2a` and
 * either answers JSON or hands back an SSE stream from the Durable Object. Bindings (JSON-RPC,
 * and any later REST binding) call these, never the objects directly.
 */
import type { z } from "zod";
import {
  cancelTaskRequestSchema,
  getExtendedAgentCardRequestSchema,
  getTaskRequestSchema,
  listPushConfigsRequestSchema,
  listTasksRequestSchema,
  pushConfigSchema,
  sendMessageRequestSchema,
  subscribeToTaskRequestSchema,
  taskPushConfigRefSchema,
  type PushConfigInput,
  type PushPayloadVersion,
} from "../a2a/schemas";
import { A2AError, errors } from "../a2a/errors";
import { echoId, isValidId } from "../a2a/ids";
import type { StreamFraming } from "../a2a/sse";
import type { Config } from "../config/config";
import type { Outcome } from "../durable/outcome";
import type { SendResult } from "../durable/context/context-agent";
import { contextAgentFor, contextAgentForTask } from "../durable/stubs";
import { listTasks, pageCursor } from "../durable/task-index/list-tasks";
import { isAuthConfigured } from "./auth";
import { cardCacheOf } from "./card-cache";
import { checkSendMessage } from "./send-checks";
import { checkPushConfig, pushPolicyOf } from "../push/push-config-checks";
import { idempotencyKeyOf, keyedContextId } from "./idempotency-key";
import { currentRequest, noteCall, noteCode, noteContext, streamEndLogOf } from "./request-scope";

export interface CallContext {
  env: Env;
  config: Config;
  owner: string;
  framing: StreamFraming;
  lastEventId: number | undefined;
  baseUrl: string;
  /** Set by the 0.3 layer: push configs registered in this call are notified in the 0.3 shape. */
  payloadVersion?: PushPayloadVersion;
  /** The raw `Idempotency-Key` header, if any (checked by idempotency-key.ts where a method uses it). */
  idempotencyKey?: string | undefined;
  /** Set when the request activated the generation extension (a2a/generation.ts). */
  generation?: true;
}

/**
 * A push config as this call registers it: marked with the call's protocol version when not 1.0,
 * else with the generation extension when the call activated it (its notifications then carry
 * generations; a 0.3 notification is a Task of 0.3, which has none).
 */
function asRegistered(ctx: CallContext, config: PushConfigInput): PushConfigInput {
  if (ctx.payloadVersion) return { ...config, payloadVersion: ctx.payloadVersion };
  return ctx.generation ? { ...config, generation: true } : config;
}

/**
 * A method's answer: a value to serialize, JSON text a Durable Object already composed from its
 * stored rows (passed through without a parse, see task-records.ts), or an SSE stream.
 */
export type MethodResult = { kind: "json"; result: unknown } | { kind: "raw"; json: string } | { kind: "stream"; stream: ReadableStream<Uint8Array> };

/**
 * One method: its params' schema, the checks of its params that need no stored state (`validate`,
 * run once the schema parsed them, before any Durable Object is reached: issue 22 item 4), and
 * the call itself. A request `validate` refuses costs no RPC; the objects keep only the checks on
 * what they store (an unknown or terminal task, a busy context, a bound workspace, …).
 */
interface Method<S extends z.ZodType> {
  schema: S;
  validate?(ctx: CallContext, params: z.output<S>): void | Promise<void>;
  run(ctx: CallContext, params: z.output<S>): Promise<MethodResult>;
}

function unwrap<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new A2AError(outcome.error);
  return outcome.value;
}

const json = (result: unknown): MethodResult => ({ kind: "json", result });

/** The JSON text of a result that is not a stream: passed through when the object composed it. */
export function resultJson(result: Exclude<MethodResult, { kind: "stream" }>): string {
  return result.kind === "raw" ? result.json : JSON.stringify(result.result);
}
const raw = (text: string): MethodResult => ({ kind: "raw", json: text });

function taskAgent(ctx: CallContext, taskId: string) {
  const stub = isValidId(taskId) ? contextAgentForTask(ctx.env, taskId) : undefined;
  if (!stub) throw errors.taskNotFound(`Task ${echoId(taskId)} not found`, echoId(taskId));
  return stub;
}

async function sendMessage(ctx: CallContext, params: z.output<typeof sendMessageRequestSchema>, stream: boolean): Promise<MethodResult> {
  const { message } = params;
  const inlinePush = params.configuration?.taskPushNotificationConfig;
  if (params.configuration && inlinePush) params.configuration.taskPushNotificationConfig = asRegistered(ctx, inlinePush);
  const key = idempotencyKeyOf(ctx.idempotencyKey);
  const byTask = message.taskId !== undefined;
  const contextId = byTask ? undefined : (message.contextId ?? (key !== undefined ? await keyedContextId(key) : crypto.randomUUID()));
  const stub = byTask ? taskAgent(ctx, message.taskId ?? "") : contextAgentFor(ctx.env, ctx.owner, contextId ?? "");
  noteContext(contextId);
  const trace = currentRequest()?.trace;
  // RPC type inference loses the stream member of the union; the object returns exactly SendResult.
  const outcome = (await stub.sendMessage({
    owner: ctx.owner,
    contextId,
    request: params,
    stream,
    framing: ctx.framing,
    baseUrl: ctx.baseUrl,
    ...(trace ? { trace } : {}),
    ...(key !== undefined ? { idempotencyKey: key } : {}),
  })) as Outcome<SendResult>;
  const result = unwrap(outcome);
  return result.kind === "stream" ? { kind: "stream", stream: result.stream } : raw(result.json);
}

/** Push config methods answer -32003 while push is off (spec §3.3.4). */
function pushAgent(ctx: CallContext, taskId: string) {
  if (!ctx.config.pushNotifications) throw errors.pushNotSupported();
  return taskAgent(ctx, taskId);
}

export const METHODS = {
  SendMessage: {
    schema: sendMessageRequestSchema,
    validate: (ctx, params) => checkSendMessage(ctx.config, params),
    run: (ctx, params) => sendMessage(ctx, params, false),
  } satisfies Method<typeof sendMessageRequestSchema>,

  SendStreamingMessage: {
    schema: sendMessageRequestSchema,
    validate: (ctx, params) => checkSendMessage(ctx.config, params),
    run: (ctx, params) => sendMessage(ctx, params, true),
  } satisfies Method<typeof sendMessageRequestSchema>,

  GetTask: {
    schema: getTaskRequestSchema,
    run: async (ctx, params) =>
      raw(
        unwrap(
          await taskAgent(ctx, params.id).getTask(
            ctx.owner,
            params.id,
            params.historyLength,
            ctx.generation ? { currentGeneration: params.currentGeneration } : undefined,
          ),
        ),
      ),
  } satisfies Method<typeof getTaskRequestSchema>,

  CancelTask: {
    schema: cancelTaskRequestSchema,
    run: async (ctx, params) => json(unwrap(await taskAgent(ctx, params.id).cancelTask(ctx.owner, params.id))),
  } satisfies Method<typeof cancelTaskRequestSchema>,

  SubscribeToTask: {
    schema: subscribeToTaskRequestSchema,
    run: async (ctx, params) => ({
      kind: "stream",
      stream: unwrap(await taskAgent(ctx, params.id).subscribe(ctx.owner, params.id, ctx.framing, ctx.lastEventId)),
    }),
  } satisfies Method<typeof subscribeToTaskRequestSchema>,

  ListTasks: {
    schema: listTasksRequestSchema,
    validate: (_ctx, params) => void pageCursor(params.pageToken),
    run: async (ctx, params) =>
      raw(
        await listTasks(ctx.env, ctx.owner, ctx.config.indexLayout, {
          contextId: params.contextId,
          status: params.status === "TASK_STATE_UNSPECIFIED" ? undefined : params.status,
          pageSize: params.pageSize ?? 50,
          after: pageCursor(params.pageToken),
          historyLength: params.historyLength,
          statusTimestampAfterMs: params.statusTimestampAfter ? Date.parse(params.statusTimestampAfter) : undefined,
          includeArtifacts: params.includeArtifacts ?? false,
        }),
      ),
  } satisfies Method<typeof listTasksRequestSchema>,

  GetExtendedAgentCard: {
    schema: getExtendedAgentCardRequestSchema,
    run: async (ctx) => {
      // 0.3's is the *authenticated* extended card: with no auth scheme it is not configured (issue 30 item 6).
      if (ctx.payloadVersion === "0.3" && !isAuthConfigured(ctx.config.auth)) throw errors.extendedCardNotConfigured();
      return json((await cardCacheOf(ctx.config).get(ctx.payloadVersion === "0.3" ? "extended-v03" : "extended", ctx.baseUrl)).card);
    },
  } satisfies Method<typeof getExtendedAgentCardRequestSchema>,

  CreateTaskPushNotificationConfig: {
    schema: pushConfigSchema,
    validate: async (ctx, params) => {
      if (!ctx.config.pushNotifications) throw errors.pushNotSupported();
      if (!params.taskId)
        throw errors.invalidParams("Invalid parameters: taskId: taskId is required", [{ field: "taskId", description: "taskId is required" }]);
      await checkPushConfig(params, pushPolicyOf(ctx.config));
    },
    run: async (ctx, params) => {
      const taskId = params.taskId ?? "";
      const key = idempotencyKeyOf(ctx.idempotencyKey);
      return json(unwrap(await pushAgent(ctx, taskId).createPushConfig(ctx.owner, taskId, asRegistered(ctx, params), key)));
    },
  } satisfies Method<typeof pushConfigSchema>,

  GetTaskPushNotificationConfig: {
    schema: taskPushConfigRefSchema,
    run: async (ctx, params) => json(unwrap(await pushAgent(ctx, params.taskId).getPushConfig(ctx.owner, params.taskId, params.id))),
  } satisfies Method<typeof taskPushConfigRefSchema>,

  ListTaskPushNotificationConfigs: {
    schema: listPushConfigsRequestSchema,
    run: async (ctx, params) => json({ configs: unwrap(await pushAgent(ctx, params.taskId).listPushConfigs(ctx.owner, params.taskId)), nextPageToken: "" }),
  } satisfies Method<typeof listPushConfigsRequestSchema>,

  DeleteTaskPushNotificationConfig: {
    schema: taskPushConfigRefSchema,
    // google.protobuf.Empty in ProtoJSON is {} (a2a-1.0.md §2.11).
    run: async (ctx, params) => {
      unwrap(await pushAgent(ctx, params.taskId).deletePushConfig(ctx.owner, params.taskId, params.id));
      return json({});
    },
  } satisfies Method<typeof taskPushConfigRefSchema>,
} as const;

export type MethodName = keyof typeof METHODS;

export function isMethodName(name: string): name is MethodName {
  return Object.hasOwn(METHODS, name);
}

function invalidParams(error: z.ZodError): A2AError {
  const list = error.issues.slice(0, 20).map((issue) => ({
    field: issue.path.map(String).join(".") || "params",
    description: issue.message,
  }));
  const first = list[0];
  return errors.invalidParams(first ? `Invalid parameters: ${first.field}: ${first.description}` : "Invalid parameters", list);
}

/** The methods that may answer with a stream: its object writes the request's `stream.end` line. */
const STREAMING_METHODS: ReadonlySet<MethodName> = new Set(["SendStreamingMessage", "SubscribeToTask"]);

/** One method call, its name, ids and outcome noted for the request log. */
export async function callMethod(method: MethodName, rawParams: unknown, ctx: CallContext): Promise<MethodResult> {
  noteCall(method, ctx.framing.binding, rawParams);
  const end = STREAMING_METHODS.has(method) ? streamEndLogOf(method, ctx.framing.binding) : undefined;
  try {
    const result = await dispatch(method, rawParams, end ? { ...ctx, framing: { ...ctx.framing, end } } : ctx);
    noteCode(0);
    return result;
  } catch (error) {
    noteCode(error instanceof A2AError ? error.code : -32603);
    throw error;
  }
}

async function dispatch(method: MethodName, rawParams: unknown, ctx: CallContext): Promise<MethodResult> {
  if (rawParams === undefined || rawParams === null || typeof rawParams !== "object" || Array.isArray(rawParams)) {
    throw errors.invalidParams("Invalid parameters: params must be an object", [{ field: "params", description: "must be an object" }]);
  }
  const handler: Method<z.ZodType> = METHODS[method];
  const parsed = handler.schema.safeParse(rawParams);
  if (!parsed.success) throw invalidParams(parsed.error);
  await handler.validate?.(ctx, parsed.data);
  return handler.run(ctx, parsed.data);
}

/** Methods whose `params` may be omitted (spec §2.12: the GetExtendedAgentCard example has none). */
export const PARAMS_OPTIONAL: ReadonlySet<MethodName> = new Set(["GetExtendedAgentCard"]);
