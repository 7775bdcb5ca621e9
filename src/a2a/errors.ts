/**
 * JSON-RPC and A2A errors (spec §5.1, §5.2). An `A2AError` carries its code; the binding turns it
 * into `{code, message, data}` where `data` is an array holding a `google.rpc.ErrorInfo` for the
 * A2A codes (kit JSONRPC-ERR-001..003) and a `google.rpc.BadRequest` for invalid params.
 */

export const ERROR_DOMAIN = "a2a-protocol.org";

export const ErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  Internal: -32603,
  TaskNotFound: -32001,
  TaskNotCancelable: -32002,
  PushNotificationNotSupported: -32003,
  UnsupportedOperation: -32004,
  ContentTypeNotSupported: -32005,
  InvalidAgentResponse: -32006,
  ExtendedAgentCardNotConfigured: -32007,
  ExtensionSupportRequired: -32008,
  VersionNotSupported: -32009,
  /** The A2A 1.1 draft's TaskGenerationMismatchError (§5.4), offered by the generation extension. */
  TaskGenerationMismatch: -32010,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

const REASONS: Partial<Record<ErrorCodeValue, string>> = {
  [ErrorCode.TaskNotFound]: "TASK_NOT_FOUND",
  [ErrorCode.TaskNotCancelable]: "TASK_NOT_CANCELABLE",
  [ErrorCode.PushNotificationNotSupported]: "PUSH_NOTIFICATION_NOT_SUPPORTED",
  [ErrorCode.UnsupportedOperation]: "UNSUPPORTED_OPERATION",
  [ErrorCode.ContentTypeNotSupported]: "CONTENT_TYPE_NOT_SUPPORTED",
  [ErrorCode.InvalidAgentResponse]: "INVALID_AGENT_RESPONSE",
  [ErrorCode.ExtendedAgentCardNotConfigured]: "EXTENDED_AGENT_CARD_NOT_CONFIGURED",
  [ErrorCode.ExtensionSupportRequired]: "EXTENSION_SUPPORT_REQUIRED",
  [ErrorCode.VersionNotSupported]: "VERSION_NOT_SUPPORTED",
  [ErrorCode.TaskGenerationMismatch]: "TASK_GENERATION_MISMATCH",
  [ErrorCode.InvalidParams]: "INVALID_PARAMS",
};

export interface FieldViolation {
  field: string;
  description: string;
}

/** The plain, serializable form of an error: what crosses Durable Object RPC and the wire. */
export interface ErrorShape {
  code: ErrorCodeValue;
  message: string;
  metadata?: Record<string, string>;
  fieldViolations?: FieldViolation[];
}

export class A2AError extends Error {
  readonly code: ErrorCodeValue;
  readonly metadata: Record<string, string> | undefined;
  readonly fieldViolations: FieldViolation[] | undefined;

  constructor(shape: ErrorShape) {
    super(shape.message);
    this.name = "A2AError";
    this.code = shape.code;
    this.metadata = shape.metadata;
    this.fieldViolations = shape.fieldViolations;
  }

  toShape(): ErrorShape {
    return {
      code: this.code,
      message: this.message,
      ...(this.metadata ? { metadata: this.metadata } : {}),
      ...(this.fieldViolations ? { fieldViolations: this.fieldViolations } : {}),
    };
  }
}

export const errors = {
  parse: () => new A2AError({ code: ErrorCode.ParseError, message: "Invalid JSON payload" }),
  invalidRequest: (message = "Request payload validation error") => new A2AError({ code: ErrorCode.InvalidRequest, message }),
  methodNotFound: (method: string) => new A2AError({ code: ErrorCode.MethodNotFound, message: `Method not found: ${method.slice(0, 100)}` }),
  invalidParams: (message: string, fieldViolations?: FieldViolation[]) =>
    new A2AError({ code: ErrorCode.InvalidParams, message, ...(fieldViolations ? { fieldViolations } : {}) }),
  internal: () => new A2AError({ code: ErrorCode.Internal, message: "An internal error occurred." }),
  taskNotFound: (message: string, taskId?: string) => new A2AError({ code: ErrorCode.TaskNotFound, message, ...(taskId ? { metadata: { taskId } } : {}) }),
  taskNotCancelable: (taskId: string) => new A2AError({ code: ErrorCode.TaskNotCancelable, message: "Task cannot be canceled", metadata: { taskId } }),
  pushNotSupported: () =>
    new A2AError({
      code: ErrorCode.PushNotificationNotSupported,
      message: "Push notifications are not supported by this server",
    }),
  unsupported: (message: string) => new A2AError({ code: ErrorCode.UnsupportedOperation, message }),
  contentTypeNotSupported: (message: string) => new A2AError({ code: ErrorCode.ContentTypeNotSupported, message }),
  extendedCardNotConfigured: () => new A2AError({ code: ErrorCode.ExtendedAgentCardNotConfigured, message: "Extended agent card is not configured" }),
  generationMismatch: (taskId: string, current: number, expected: number) =>
    new A2AError({
      code: ErrorCode.TaskGenerationMismatch,
      message: `Task ${taskId} is at generation ${current}, not ${expected}`,
      metadata: { taskId, currentGeneration: String(current) },
    }),
  extensionRequired: (missing: string[]) =>
    new A2AError({
      code: ErrorCode.ExtensionSupportRequired,
      message: `Required A2A extensions were not requested: ${missing.join(",")}`,
    }),
  versionNotSupported: (version: string) =>
    new A2AError({
      code: ErrorCode.VersionNotSupported,
      message: `A2A version '${version.slice(0, 32)}' is not supported. Supported versions: 1.0`,
    }),
};

/** The JSON-RPC `error` object: exactly `{code, message, data?}` (kit JSONRPC-ERR-001). */
export function jsonRpcError(shape: ErrorShape): { code: number; message: string; data?: unknown[] } {
  const data: unknown[] = [];
  const reason = REASONS[shape.code];
  if (reason && shape.code !== ErrorCode.InvalidParams) {
    data.push({
      "@type": "type.googleapis.com/google.rpc.ErrorInfo",
      reason,
      domain: ERROR_DOMAIN,
      ...(shape.metadata ? { metadata: shape.metadata } : {}),
    });
  }
  if (shape.code === ErrorCode.InvalidParams) {
    data.push({ "@type": "type.googleapis.com/google.rpc.ErrorInfo", reason: "INVALID_PARAMS", domain: ERROR_DOMAIN });
    if (shape.fieldViolations?.length) {
      data.push({ "@type": "type.googleapis.com/google.rpc.BadRequest", fieldViolations: shape.fieldViolations });
    }
  }
  return { code: shape.code, message: shape.message, ...(data.length ? { data } : {}) };
}

/** HTTP status and `google.rpc.Code` name of each error on the HTTP+JSON binding (spec v1.0.1 §5.4). */
const REST_STATUS: Record<ErrorCodeValue, [number, string]> = {
  [ErrorCode.ParseError]: [400, "INVALID_ARGUMENT"],
  [ErrorCode.InvalidRequest]: [400, "INVALID_ARGUMENT"],
  [ErrorCode.MethodNotFound]: [404, "NOT_FOUND"],
  [ErrorCode.InvalidParams]: [400, "INVALID_ARGUMENT"],
  [ErrorCode.Internal]: [500, "INTERNAL"],
  [ErrorCode.TaskNotFound]: [404, "NOT_FOUND"],
  [ErrorCode.TaskNotCancelable]: [400, "FAILED_PRECONDITION"],
  [ErrorCode.PushNotificationNotSupported]: [400, "FAILED_PRECONDITION"],
  [ErrorCode.UnsupportedOperation]: [400, "FAILED_PRECONDITION"],
  [ErrorCode.ContentTypeNotSupported]: [400, "INVALID_ARGUMENT"],
  [ErrorCode.InvalidAgentResponse]: [500, "INTERNAL"],
  [ErrorCode.ExtendedAgentCardNotConfigured]: [400, "FAILED_PRECONDITION"],
  [ErrorCode.ExtensionSupportRequired]: [400, "FAILED_PRECONDITION"],
  [ErrorCode.VersionNotSupported]: [400, "FAILED_PRECONDITION"],
  [ErrorCode.TaskGenerationMismatch]: [409, "ABORTED"],
};

const REST_REASONS: Partial<Record<ErrorCodeValue, string>> = {
  [ErrorCode.ParseError]: "INVALID_JSON",
  [ErrorCode.InvalidRequest]: "INVALID_REQUEST",
  [ErrorCode.MethodNotFound]: "METHOD_NOT_FOUND",
  [ErrorCode.Internal]: "INTERNAL",
};

/** The HTTP+JSON error (spec §11.6): a `google.rpc.Status` under `error`, details with an ErrorInfo. */
export function restError(shape: ErrorShape): { status: number; body: { error: Record<string, unknown> } } {
  const [status, name] = REST_STATUS[shape.code];
  const details: unknown[] = [
    {
      "@type": "type.googleapis.com/google.rpc.ErrorInfo",
      reason: REASONS[shape.code] ?? REST_REASONS[shape.code] ?? "UNKNOWN",
      domain: ERROR_DOMAIN,
      ...(shape.metadata ? { metadata: shape.metadata } : {}),
    },
  ];
  if (shape.fieldViolations?.length) {
    details.push({ "@type": "type.googleapis.com/google.rpc.BadRequest", fieldViolations: shape.fieldViolations });
  }
  return { status, body: { error: { code: status, status: name, message: shape.message, details } } };
}
