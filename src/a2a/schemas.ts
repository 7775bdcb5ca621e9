/**
 * Zod schemas of the A2A 1.0 request messages (ProtoJSON of `a2a.proto`): what a client may send.
 * Unknown fields are dropped (spec §5.7: implementations SHOULD ignore unrecognized fields); enums
 * accept the proto name or its number, and are normalized to the name.
 *
 * Field names: a ProtoJSON parser accepts the proto's original `snake_case` name as well as its
 * `lowerCamelCase` JSON name (protobuf's JSON mapping; both official SDKs do, and the conformance
 * kit sends `history_length`, `task_id`, `page_size`). Every request object here is a
 * `protoObject`, which renames the snake_case spelling of each of its own fields before validation
 * (camelCase wins when both are present), so the rest of the server only ever sees camelCase.
 * Free-form values (`metadata`, `data`) are left exactly as sent.
 */
import { z } from "zod";
import { TASK_STATES, type TaskState } from "./states";

/** The lowerCamelCase JSON name of a proto field name (`history_length` → `historyLength`). */
export function lowerCamelName(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
}

/** The proto's original (snake_case) name of a lowerCamelCase JSON name (`pageSize` → `page_size`). */
export function protoFieldName(jsonName: string): string {
  return jsonName.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** Renames the snake_case keys of `value` that spell a field of `fields`; camelCase wins. */
export function acceptProtoNames(value: unknown, fields: ReadonlySet<string>): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const input = value as Record<string, unknown>;
  let renamed: Record<string, unknown> | undefined;
  for (const key of Object.keys(input)) {
    if (!key.includes("_")) continue;
    const camel = lowerCamelName(key);
    if (camel === key || !fields.has(camel)) continue;
    renamed ??= { ...input };
    if (!Object.hasOwn(input, camel)) renamed[camel] = input[key];
    delete renamed[key];
  }
  return renamed ?? value;
}

/** A request message: a zod object that also accepts its fields' proto (snake_case) names. */
function protoObject<T extends z.ZodRawShape>(shape: T) {
  const fields = new Set(Object.keys(shape));
  return z.preprocess((value) => acceptProtoNames(value, fields), z.object(shape));
}

const jsonObject = z.record(z.string(), z.unknown());

const ROLES = ["ROLE_UNSPECIFIED", "ROLE_USER", "ROLE_AGENT"] as const;

const role = z.union([
  z.enum(ROLES),
  z
    .int()
    .min(0)
    .max(2)
    .transform((n) => ROLES[n] ?? "ROLE_UNSPECIFIED"),
]);

const taskState = z.union([
  z.enum(TASK_STATES),
  z
    .int()
    .min(0)
    .max(TASK_STATES.length - 1)
    .transform((n): TaskState => TASK_STATES[n] ?? "TASK_STATE_UNSPECIFIED"),
]);

/** proto3 int32 in JSON: a number, or a decimal string. */
const int32 = z
  .union([
    z.int(),
    z
      .string()
      .regex(/^-?\d{1,10}$/)
      .transform(Number),
  ])
  .pipe(z.int().min(-2147483648).max(2147483647));

export const partSchema = protoObject({
  text: z.string().optional(),
  raw: z.string().optional(),
  url: z.string().optional(),
  data: z.unknown().optional(),
  metadata: jsonObject.optional(),
  filename: z.string().optional(),
  mediaType: z.string().optional(),
}).superRefine((part, ctx) => {
  const present = (["text", "raw", "url", "data"] as const).filter((k) => part[k] !== undefined);
  if (present.length !== 1) {
    ctx.addIssue({ code: "custom", message: "A part must contain exactly one of text, raw, url or data" });
  }
});

export const messageSchema = protoObject({
  messageId: z.string().min(1, "messageId is required"),
  contextId: z.string().optional(),
  taskId: z.string().optional(),
  role: role.refine((r) => r !== "ROLE_UNSPECIFIED", "role must be ROLE_USER or ROLE_AGENT"),
  parts: z.array(partSchema).min(1, "At least one part is required"),
  metadata: jsonObject.optional(),
  extensions: z.array(z.string()).optional(),
  referenceTaskIds: z.array(z.string()).optional(),
});

export const authenticationInfoSchema = protoObject({
  scheme: z.string().min(1, "authentication.scheme is required"),
  credentials: z.string().optional(),
});

export const pushConfigSchema = protoObject({
  tenant: z.string().optional(),
  id: z.string().optional(),
  taskId: z.string().optional(),
  url: z.string().min(1, "url is required"),
  token: z.string().optional(),
  authentication: authenticationInfoSchema.optional(),
});

const historyLength = int32.pipe(z.int().min(0, "historyLength must be a non-negative integer"));
/**
 * The A2A 1.1 draft's generations are proto `int64` (PR a2aproject/A2A#1810: `Task.generation`,
 * `GetTaskRequest.current_generation`, `SendMessageConfiguration.if_generation_match`): in ProtoJSON
 * a decimal string, and parsers accept a number too. A value past 2^53 is taken as its nearest
 * double: no task reaches that many changes, so it stays above every generation there is.
 */
const INT64_MAX = 9223372036854775807n;
const isInt64Text = (text: string) => /^-?\d{1,19}$/.test(text) && BigInt(text) <= INT64_MAX;
const generation = z
  .union([z.int(), z.string().refine(isInt64Text, "generation must be an int64: a number or a decimal string").transform(Number)])
  .pipe(z.number().min(0, "generation must be a non-negative integer"));

export const sendMessageRequestSchema = protoObject({
  tenant: z.string().optional(),
  message: messageSchema,
  configuration: protoObject({
    acceptedOutputModes: z.array(z.string()).optional(),
    taskPushNotificationConfig: pushConfigSchema.optional(),
    historyLength: historyLength.optional(),
    returnImmediately: z.boolean().optional(),
    /** The A2A 1.1 draft's optimistic concurrency (generation extension only). */
    ifGenerationMatch: generation.optional(),
  }).optional(),
  metadata: jsonObject.optional(),
});

const taskIdField = z.string().min(1, "id is required");

export const getTaskRequestSchema = protoObject({
  tenant: z.string().optional(),
  id: taskIdField,
  historyLength: historyLength.optional(),
  /** The A2A 1.1 draft's long poll: wait until the task moves past this generation (generation extension only). */
  currentGeneration: generation.optional(),
});

export const cancelTaskRequestSchema = protoObject({
  tenant: z.string().optional(),
  id: taskIdField,
  metadata: jsonObject.optional(),
});

export const subscribeToTaskRequestSchema = protoObject({
  tenant: z.string().optional(),
  id: taskIdField,
});

export const listTasksRequestSchema = protoObject({
  tenant: z.string().optional(),
  contextId: z.string().optional(),
  status: taskState.optional(),
  pageSize: int32.pipe(z.int().min(1, "pageSize must be between 1 and 100").max(100, "pageSize must be between 1 and 100")).optional(),
  pageToken: z.string().optional(),
  historyLength: historyLength.optional(),
  statusTimestampAfter: z.iso.datetime({ offset: false, message: "statusTimestampAfter must be an RFC 3339 UTC timestamp" }).optional(),
  includeArtifacts: z.boolean().optional(),
});

export const taskPushConfigRefSchema = protoObject({
  tenant: z.string().optional(),
  taskId: z.string().min(1, "taskId is required"),
  id: z.string().min(1, "id is required"),
});

export const listPushConfigsRequestSchema = protoObject({
  tenant: z.string().optional(),
  taskId: z.string().min(1, "taskId is required"),
  pageSize: int32.pipe(z.int().min(0)).optional(),
  pageToken: z.string().optional(),
});

export const getExtendedAgentCardRequestSchema = protoObject({ tenant: z.string().optional() });

export type SendMessageRequest = z.output<typeof sendMessageRequestSchema>;
export type GetTaskRequest = z.output<typeof getTaskRequestSchema>;
export type CancelTaskRequest = z.output<typeof cancelTaskRequestSchema>;
export type SubscribeToTaskRequest = z.output<typeof subscribeToTaskRequestSchema>;
export type ListTasksRequest = z.output<typeof listTasksRequestSchema>;
/**
 * A push config as stored: the client's fields, plus the protocol version whose shape its
 * notifications take (set by the server from the binding it came through, never by a client), and
 * whether they carry generations (set when the request that created it activated the generation
 * extension, a2a/generation.ts).
 */
export type PushConfigInput = z.output<typeof pushConfigSchema> & { payloadVersion?: PushPayloadVersion; generation?: true };

/** `"0.3"`: a config registered through A2A 0.3 is notified in the 0.3 shape (a Task). */
export type PushPayloadVersion = "0.3";
export type TaskPushConfigRef = z.output<typeof taskPushConfigRefSchema>;
export type ListPushConfigsRequest = z.output<typeof listPushConfigsRequestSchema>;
