/**
 * A2A 0.3 requests read as 1.0 (the 0.3 JSON schema beside `a2a.proto`): `kind`-tagged parts with
 * `file: {bytes|uri, mimeType, name}`, `user`/`agent` roles, `pushNotificationConfig` with
 * `authentication.schemes`, `blocking`, and the 0.3 params of each method. The result is plain 1.0
 * params that the 1.0 schemas then validate, so a 0.3 client gets exactly the checks a 1.0 client
 * gets. Anything this module does not recognise is passed on unchanged for those schemas to refuse.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

const ROLES: Readonly<Record<string, string>> = { user: "ROLE_USER", agent: "ROLE_AGENT" };

/** Copies the keys of `from` that are defined, in order. */
function defined(from: Json, keys: readonly string[]): Json {
  const out: Json = {};
  for (const key of keys) if (from[key] !== undefined) out[key] = from[key];
  return out;
}

export function partToV1(part: unknown): unknown {
  if (!isObject(part)) return part;
  const common = defined(part, ["metadata"]);
  switch (part.kind) {
    case "text":
      return { ...common, text: part.text };
    case "data":
      return { ...common, data: part.data, mediaType: "application/json" };
    case "file": {
      const file = isObject(part.file) ? part.file : {};
      const naming = { ...(file.mimeType !== undefined ? { mediaType: file.mimeType } : {}), ...(file.name !== undefined ? { filename: file.name } : {}) };
      if (file.bytes !== undefined) return { ...common, raw: file.bytes, ...naming };
      return { ...common, url: file.uri, ...naming };
    }
    default:
      return part;
  }
}

export function messageToV1(message: unknown): unknown {
  if (!isObject(message)) return message;
  const role = typeof message.role === "string" ? (ROLES[message.role] ?? message.role) : message.role;
  return {
    ...defined(message, ["messageId", "contextId", "taskId", "metadata", "extensions", "referenceTaskIds"]),
    role,
    parts: Array.isArray(message.parts) ? message.parts.map(partToV1) : message.parts,
  };
}

/** 0.3 `PushNotificationConfig` → 1.0 push config fields (`schemes[0]` is the scheme). */
export function pushConfigToV1(config: unknown): Json {
  if (!isObject(config)) return {};
  const auth = isObject(config.authentication) ? config.authentication : undefined;
  const schemes = auth && Array.isArray(auth.schemes) ? auth.schemes : [];
  return {
    ...defined(config, ["id", "url", "token"]),
    ...(auth ? { authentication: { scheme: schemes[0] ?? "", ...defined(auth, ["credentials"]) } } : {}),
  };
}

/** 0.3 `MessageSendParams` → 1.0 `SendMessageRequest`; `blocking: false` is `returnImmediately`. */
export function sendParamsToV1(params: unknown): unknown {
  if (!isObject(params)) return params;
  const config = isObject(params.configuration) ? params.configuration : undefined;
  return {
    ...defined(params, ["metadata"]),
    message: messageToV1(params.message),
    ...(config
      ? {
          configuration: {
            ...defined(config, ["acceptedOutputModes", "historyLength"]),
            ...(config.pushNotificationConfig !== undefined ? { taskPushNotificationConfig: pushConfigToV1(config.pushNotificationConfig) } : {}),
            ...(config.blocking === false ? { returnImmediately: true } : {}),
          },
        }
      : {}),
  };
}

/** `tasks/pushNotificationConfig/set`: `{taskId, pushNotificationConfig}`. */
export function setPushParamsToV1(params: unknown): unknown {
  if (!isObject(params)) return params;
  return { ...pushConfigToV1(params.pushNotificationConfig), ...defined(params, ["taskId"]) };
}

/** `tasks/pushNotificationConfig/get|delete`: `{id: taskId, pushNotificationConfigId}` (default: the task's id). */
export function pushRefParamsToV1(params: unknown): unknown {
  if (!isObject(params)) return params;
  return { taskId: params.id, id: params.pushNotificationConfigId ?? params.id };
}

/** `tasks/pushNotificationConfig/list`: `{id: taskId}`. */
export function listPushParamsToV1(params: unknown): unknown {
  return isObject(params) ? { taskId: params.id } : params;
}
