/**
 * A2A 0.3 over JSON-RPC, next to 1.0 on the same endpoint (spec §3.6.2: a request without
 * `A2A-Version`, or `0.3`, is 0.3). Each 0.3 method is a 1.0 method with its params read from the
 * 0.3 shape and its answer (JSON, or each SSE event) written in the 0.3 shape, so both versions
 * serve the same tasks through the same handlers and the same binding front.
 */
import { type JsonRpcId, jsonRpcResultJson } from "../a2a/sse";
import type { StreamResponse, TaskPushNotificationConfig } from "../a2a/types";
import { pushConfigToV03, streamResponseToV03 } from "../a2a/v0_3/from-v1";
import { listPushParamsToV1, pushRefParamsToV1, sendParamsToV1, setPushParamsToV1 } from "../a2a/v0_3/to-v1";
import type { Translation } from "./jsonrpc-envelope";
import type { MethodName } from "./methods";

interface V03Method {
  v1: MethodName;
  /** A streaming method: its errors are SSE `error` events, as the 0.3 SDK server sends them. */
  stream?: true;
  params: (params: unknown) => unknown;
  result: (result: unknown) => unknown;
}

const same = (value: unknown) => value;
const asEvent = (result: unknown) => streamResponseToV03(result as StreamResponse);
const asTask = (result: unknown) => streamResponseToV03({ task: result } as StreamResponse);

/** The 0.3 JSON-RPC methods and the 1.0 method each one is. */
export const V03_METHOD_TABLE: Readonly<Record<string, V03Method>> = {
  "message/send": { v1: "SendMessage", params: sendParamsToV1, result: asEvent },
  "message/stream": { v1: "SendStreamingMessage", params: sendParamsToV1, result: asEvent, stream: true },
  "tasks/get": { v1: "GetTask", params: same, result: asTask },
  "tasks/cancel": { v1: "CancelTask", params: same, result: asTask },
  "tasks/resubscribe": { v1: "SubscribeToTask", params: same, result: asEvent, stream: true },
  "tasks/pushNotificationConfig/set": {
    v1: "CreateTaskPushNotificationConfig",
    params: setPushParamsToV1,
    result: (r) => pushConfigToV03(r as TaskPushNotificationConfig),
  },
  "tasks/pushNotificationConfig/get": {
    v1: "GetTaskPushNotificationConfig",
    params: pushRefParamsToV1,
    result: (r) => pushConfigToV03(r as TaskPushNotificationConfig),
  },
  "tasks/pushNotificationConfig/list": {
    v1: "ListTaskPushNotificationConfigs",
    params: listPushParamsToV1,
    result: (r) => (r as { configs: TaskPushNotificationConfig[] }).configs.map(pushConfigToV03),
  },
  // 0.3 answers `null` for a deleted config.
  "tasks/pushNotificationConfig/delete": { v1: "DeleteTaskPushNotificationConfig", params: pushRefParamsToV1, result: () => null },
  // GetExtendedAgentCard answers a 0.3 call (ctx.payloadVersion) the extended card with its 0.3 fields.
  "agent/getAuthenticatedExtendedCard": { v1: "GetExtendedAgentCard", params: same, result: same },
};

export function v03Method(name: string): V03Method | undefined {
  return Object.hasOwn(V03_METHOD_TABLE, name) ? V03_METHOD_TABLE[name] : undefined;
}

/** Is this request 0.3? No `A2A-Version` (or an empty one), or `0.3[.x]`. */
export function isV03Version(value: string | null): boolean {
  const version = (value ?? "").trim();
  return version === "" || /^0\.3(\.\d+)?$/.test(version);
}

/** Rewrites one SSE block: its `data:` JSON-RPC response gets a 0.3 result; ids and comments stay. */
function rewriteBlock(block: string): string {
  return block
    .split("\n")
    .map((line) => {
      if (!line.startsWith("data: ")) return line;
      const response = JSON.parse(line.slice(6)) as { id: JsonRpcId; result?: StreamResponse; error?: unknown };
      if (response.result === undefined) return line;
      return `data: ${jsonRpcResultJson(response.id, JSON.stringify(streamResponseToV03(response.result)))}`;
    })
    .join("\n");
}

/** An SSE byte stream of 1.0 JSON-RPC events as 0.3 events, block by block. */
export function v03EventStream(stream: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let buffer = "";
  return stream.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.indexOf("\n\n");
        while (end !== -1) {
          controller.enqueue(encoder.encode(`${rewriteBlock(buffer.slice(0, end))}\n\n`));
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf("\n\n");
        }
      },
      flush(controller) {
        if (buffer !== "") controller.enqueue(encoder.encode(rewriteBlock(buffer)));
      },
    }),
  );
}

/** The translation of a 0.3 method's answers: its own result shape, 0.3 stream events. */
export function v03Translation(method: V03Method): Translation {
  return { result: method.result, stream: v03EventStream };
}
