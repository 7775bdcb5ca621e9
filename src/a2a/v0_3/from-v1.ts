/**
 * A2A 1.0 answers written as 0.3: `kind` discriminators, `"input-required"`-style states,
 * `user`/`agent` roles, `file: {bytes|uri, mimeType, name}` parts, status updates with `final`, push
 * configs as `{taskId, pushNotificationConfig}`. The same task reads the same in both versions;
 * only the shape differs.
 */
import type { TaskState } from "../states";
import type {
  Artifact,
  Message,
  Part,
  StreamResponse,
  Task,
  TaskArtifactUpdateEvent,
  TaskPushNotificationConfig,
  TaskStatus,
  TaskStatusUpdateEvent,
} from "../types";

type Json = Record<string, unknown>;

/** 0.3 `TaskState`: the 1.0 name without its prefix, lowercase, `-` for `_`; UNSPECIFIED is `unknown`. */
export function stateToV03(state: TaskState): string {
  return state === "TASK_STATE_UNSPECIFIED" ? "unknown" : state.slice("TASK_STATE_".length).toLowerCase().replace(/_/g, "-");
}

/** A 0.3 stream ends on any state that is not SUBMITTED or WORKING (`final: true`). */
function isFinal(state: TaskState): boolean {
  return state !== "TASK_STATE_SUBMITTED" && state !== "TASK_STATE_WORKING";
}

const withMetadata = (metadata: Json | undefined): Json => (metadata ? { metadata } : {});

export function partToV03(part: Part): Json {
  const file = (source: Json): Json => ({
    kind: "file",
    file: { ...source, ...(part.mediaType ? { mimeType: part.mediaType } : {}), ...(part.filename ? { name: part.filename } : {}) },
    ...withMetadata(part.metadata),
  });
  if (part.text !== undefined) return { kind: "text", text: part.text, ...withMetadata(part.metadata) };
  if (part.raw !== undefined) return file({ bytes: part.raw });
  if (part.url !== undefined) return file({ uri: part.url });
  // 0.3 `DataPart.data` is an object; any other JSON value is wrapped, never dropped.
  const data = typeof part.data === "object" && part.data !== null && !Array.isArray(part.data) ? part.data : { value: part.data ?? null };
  return { kind: "data", data, ...withMetadata(part.metadata) };
}

export function messageToV03(message: Message): Json {
  const { role, parts, ...rest } = message;
  return { kind: "message", ...rest, role: role === "ROLE_AGENT" ? "agent" : "user", parts: parts.map(partToV03) };
}

function statusToV03(status: TaskStatus): Json {
  return { state: stateToV03(status.state), ...(status.message ? { message: messageToV03(status.message) } : {}), timestamp: status.timestamp };
}

function artifactToV03(artifact: Artifact): Json {
  return { ...artifact, parts: artifact.parts.map(partToV03) };
}

export function taskToV03(task: Task): Json {
  return {
    kind: "task",
    id: task.id,
    contextId: task.contextId,
    status: statusToV03(task.status),
    ...(task.history ? { history: task.history.map(messageToV03) } : {}),
    ...(task.artifacts ? { artifacts: task.artifacts.map(artifactToV03) } : {}),
    ...withMetadata(task.metadata),
  };
}

function statusUpdateToV03(event: TaskStatusUpdateEvent): Json {
  return {
    kind: "status-update",
    taskId: event.taskId,
    contextId: event.contextId,
    status: statusToV03(event.status),
    final: isFinal(event.status.state),
    ...withMetadata(event.metadata),
  };
}

function artifactUpdateToV03(event: TaskArtifactUpdateEvent): Json {
  return { kind: "artifact-update", ...event, artifact: artifactToV03(event.artifact) };
}

/** A 1.0 `StreamResponse` (or `SendMessageResponse`) as the 0.3 object it wraps. */
export function streamResponseToV03(response: StreamResponse): Json {
  if ("task" in response) return taskToV03(response.task);
  if ("message" in response) return messageToV03(response.message);
  if ("statusUpdate" in response) return statusUpdateToV03(response.statusUpdate);
  return artifactUpdateToV03(response.artifactUpdate);
}

/**
 * The 0.3 body of a push notification: the Task (as the 0.3 SDKs post it), built from the status
 * update the notification is about, so every retry of one notification posts the same bytes.
 */
export function pushBodyToV03(response: StreamResponse): Json {
  if ("statusUpdate" in response) {
    const { taskId, contextId, status } = response.statusUpdate;
    return taskToV03({ id: taskId, contextId, status });
  }
  return streamResponseToV03(response);
}

/** 1.0 push config → 0.3 `TaskPushNotificationConfig` (secrets are never in it: write-only). */
export function pushConfigToV03(config: TaskPushNotificationConfig): Json {
  const { taskId, authentication, ...rest } = config;
  return {
    taskId,
    pushNotificationConfig: { ...rest, ...(authentication ? { authentication: { schemes: [authentication.scheme] } } : {}) },
  };
}
