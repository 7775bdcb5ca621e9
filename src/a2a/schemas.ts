/**
 * Zod schemas of the A2A 1.0 request messages (ProtoJSON of `a2a.proto`): what a client may send.
 * Unknown fields are dropped (spec §5.7: implementations SHOULD ignore unrecognized fields); enums
 * accept the proto name or its number, and are normalized to the name.
 */
import { z } from "zod";
import { TASK_STATES, type TaskState } from "./states";

const jsonObject = z.record(z.string(), z.unknown());

const ROLES = ["ROLE_UNSPECIFIED", "ROLE_USER", "ROLE_AGENT"] as const;

const role = z.union([z.enum(ROLES), z.int().min(0).max(2).transform((n) => ROLES[n] ?? "ROLE_UNSPECIFIED")]);

const taskState = z.union([
  z.enum(TASK_STATES),
  z
    .int()
    .min(0)
    .max(TASK_STATES.length - 1)
    .transform((n): TaskState => TASK_STATES[n] ?? "TASK_STATE_UNSPECIFIED"),
]);

/** proto3 int32 in JSON: a number, or a decimal string. */
const int32 = z.union([z.int(), z.string().regex(/^-?\d{1,10}$/).transform(Number)]).pipe(z.int().min(-2147483648).max(2147483647));

export const partSchema = z
  .object({
    text: z.string().optional(),
    raw: z.string().optional(),
    url: z.string().optional(),
    data: z.unknown().optional(),
    metadata: jsonObject.optional(),
    filename: z.string().optional(),
    mediaType: z.string().optional(),
  })
  .superRefine((part, ctx) => {
    const present = (["text", "raw", "url", "data"] as const).filter((k) => part[k] !== undefined);
    if (present.length !== 1) {
      ctx.addIssue({ code: "custom", message: "A part must contain exactly one of text, raw, url or data" });
    }
  });

export const messageSchema = z.object({
  messageId: z.string().min(1, "messageId is required"),
  contextId: z.string().optional(),
  taskId: z.string().optional(),
  role: role.refine((r) => r !== "ROLE_UNSPECIFIED", "role must be ROLE_USER or ROLE_AGENT"),
  parts: z.array(partSchema).min(1, "At least one part is required"),
  metadata: jsonObject.optional(),
  extensions: z.array(z.string()).optional(),
  referenceTaskIds: z.array(z.string()).optional(),
});

export const authenticationInfoSchema = z.object({
  scheme: z.string().min(1, "authentication.scheme is required"),
  credentials: z.string().optional(),
});

export const pushConfigSchema = z.object({
  tenant: z.string().optional(),
  id: z.string().optional(),
  taskId: z.string().optional(),
  url: z.string().min(1, "url is required"),
  token: z.string().optional(),
  authentication: authenticationInfoSchema.optional(),
});

const historyLength = int32.pipe(z.int().min(0, "historyLength must be a non-negative integer"));

export const sendMessageRequestSchema = z.object({
  tenant: z.string().optional(),
  message: messageSchema,
  configuration: z
    .object({
      acceptedOutputModes: z.array(z.string()).optional(),
      taskPushNotificationConfig: pushConfigSchema.optional(),
      historyLength: historyLength.optional(),
      returnImmediately: z.boolean().optional(),
    })
    .optional(),
  metadata: jsonObject.optional(),
});

const taskIdField = z.string().min(1, "id is required");

export const getTaskRequestSchema = z.object({
  tenant: z.string().optional(),
  id: taskIdField,
  historyLength: historyLength.optional(),
});

export const cancelTaskRequestSchema = z.object({
  tenant: z.string().optional(),
  id: taskIdField,
  metadata: jsonObject.optional(),
});

export const subscribeToTaskRequestSchema = z.object({
  tenant: z.string().optional(),
  id: taskIdField,
});

export const listTasksRequestSchema = z.object({
  tenant: z.string().optional(),
  contextId: z.string().optional(),
  status: taskState.optional(),
  pageSize: int32.pipe(z.int().min(1, "pageSize must be between 1 and 100").max(100, "pageSize must be between 1 and 100")).optional(),
  pageToken: z.string().optional(),
  historyLength: historyLength.optional(),
  statusTimestampAfter: z.iso.datetime({ offset: false, message: "statusTimestampAfter must be an RFC 3339 UTC timestamp" }).optional(),
  includeArtifacts: z.boolean().optional(),
});

export const taskPushConfigRefSchema = z.object({
  tenant: z.string().optional(),
  taskId: z.string().min(1, "taskId is required"),
  id: z.string().min(1, "id is required"),
});

export const listPushConfigsRequestSchema = z.object({
  tenant: z.string().optional(),
  taskId: z.string().min(1, "taskId is required"),
  pageSize: int32.pipe(z.int().min(0)).optional(),
  pageToken: z.string().optional(),
});

export const getExtendedAgentCardRequestSchema = z.object({ tenant: z.string().optional() });

export type SendMessageRequest = z.output<typeof sendMessageRequestSchema>;
export type GetTaskRequest = z.output<typeof getTaskRequestSchema>;
export type CancelTaskRequest = z.output<typeof cancelTaskRequestSchema>;
export type SubscribeToTaskRequest = z.output<typeof subscribeToTaskRequestSchema>;
export type ListTasksRequest = z.output<typeof listTasksRequestSchema>;
export type PushConfigInput = z.output<typeof pushConfigSchema>;
export type TaskPushConfigRef = z.output<typeof taskPushConfigRefSchema>;
export type ListPushConfigsRequest = z.output<typeof listPushConfigsRequestSchema>;
