/**
 * `aliyun_ros_api`: calls one Alibaba Cloud ROS OpenAPI action (version 2019-09-10) with the task's
 * own credentials (`metadata.iac_code.alibaba_cloud_*`, contract §6).
 *
 * Order of checks: the input's shape, then the credentials (without them the tool cannot run at
 * all, which is why the original does not even register its credential-gated tools), then the
 * permission: only the read-only actions of {@link READ_ONLY_ROS_ACTIONS} run; any other action is
 * a permission denial, because the A2A server never approves a permission prompt (the turn maps it
 * to `metadata.iac_code.permission.autoApproved: false`). Then the call; the parsed JSON comes back
 * bounded (long arrays and strings cut, with a note) so a large `ListStackEvents` cannot flood the
 * model's context.
 */
import { AliyunApiError, READ_ONLY_ROS_ACTIONS, RosClient, isReadOnlyRosAction, type RosParams } from "../aliyun/ros-client";
import { REGION_ID_PATTERN, parseCredentialsFromMetadata } from "../aliyun/credentials";
import type { Tool, ToolContext, ToolResult } from "./tool";

export const ROS_API_TOOL_NAME = "aliyun_ros_api";

/** The largest JSON text (characters) the tool hands back as `output.response`. */
export const ROS_TOOL_MAX_OUTPUT_CHARS = 24_000;

const ACTION_PATTERN = /^[A-Z][A-Za-z0-9]{1,63}$/;

/** Signature and protocol parameters of the old V2 scheme; the client signs with V3 headers instead. */
const RESERVED_PARAMETERS: ReadonlySet<string> = new Set([
  "Action",
  "Version",
  "AccessKeyId",
  "Signature",
  "SignatureMethod",
  "SignatureVersion",
  "SignatureNonce",
  "SignatureType",
  "Timestamp",
  "SecurityToken",
  "Format",
]);

export interface RosApiToolOptions {
  /** Base URL of the ROS endpoint; default `https://ros.aliyuncs.com`. */
  endpoint?: string;
  fetch?: typeof fetch;
}

type Parsed = { ok: true; action: string; parameters: RosParams } | { ok: false; error: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function parseInput(input: unknown): Parsed {
  if (!isRecord(input)) return { ok: false, error: "The input must be an object: { action: string, parameters?: object }." };
  const action = typeof input["action"] === "string" ? input["action"].trim() : undefined;
  if (action === undefined || !ACTION_PATTERN.test(action)) {
    return { ok: false, error: "`action` must be a ROS API name such as ValidateTemplate or GetStack." };
  }
  const raw = input["parameters"];
  if (raw !== undefined && raw !== null && !isRecord(raw)) return { ok: false, error: "`parameters` must be an object." };
  const parameters: RosParams = {};
  for (const [name, value] of Object.entries(raw ?? {})) {
    if (RESERVED_PARAMETERS.has(name)) return { ok: false, error: `\`parameters.${name}\` is set by the client; leave it out.` };
    if (!/^[A-Za-z][A-Za-z0-9_.]*$/.test(name)) return { ok: false, error: `\`parameters\` has an invalid name: ${JSON.stringify(name.slice(0, 64))}.` };
    if (value === null || value === undefined) continue;
    if (typeof value === "number" && !Number.isFinite(value)) return { ok: false, error: `\`parameters.${name}\` must be a finite number.` };
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean" && typeof value !== "object") {
      return { ok: false, error: `\`parameters.${name}\` must be a string, number, boolean, array or object.` };
    }
    parameters[name] = value;
  }
  const region = parameters["RegionId"];
  if (region !== undefined && (typeof region !== "string" || !REGION_ID_PATTERN.test(region))) {
    return { ok: false, error: "`parameters.RegionId` must be a region id such as cn-hangzhou." };
  }
  return { ok: true, action, parameters };
}

// ---------------------------------------------------------------------------------------------
// Bounding the response.

interface Limits {
  items: number;
  chars: number;
}

/** From generous to tight; the first level whose JSON fits is used. */
const LEVELS: readonly Limits[] = [
  { items: Number.POSITIVE_INFINITY, chars: Number.POSITIVE_INFINITY },
  { items: 100, chars: 8_000 },
  { items: 50, chars: 4_000 },
  { items: 20, chars: 2_000 },
  { items: 10, chars: 1_000 },
  { items: 5, chars: 400 },
  { items: 3, chars: 200 },
];

const MAX_DEPTH = 32;

function shrink(value: unknown, limits: Limits, depth: number): unknown {
  if (typeof value === "string") {
    return value.length > limits.chars ? `${value.slice(0, limits.chars)}… [${value.length - limits.chars} more characters cut]` : value;
  }
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return "[nested too deep; cut]";
  if (Array.isArray(value)) {
    const kept = value.slice(0, limits.items).map((item) => shrink(item, limits, depth + 1));
    if (value.length > limits.items) kept.push(`… ${value.length - limits.items} more items cut (of ${value.length})`);
    return kept;
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = shrink(item, limits, depth + 1);
  return out;
}

/** The response, cut until its JSON has at most `maxChars` characters. */
export function boundRosResponse(value: unknown, maxChars = ROS_TOOL_MAX_OUTPUT_CHARS): { value: unknown; truncated: boolean } {
  for (const [index, limits] of LEVELS.entries()) {
    const candidate = index === 0 ? value : shrink(value, limits, 0);
    if (JSON.stringify(candidate).length <= maxChars) return { value: candidate, truncated: index > 0 };
  }
  const text = JSON.stringify(value);
  return { value: { preview: `${text.slice(0, Math.max(0, maxChars - 200))}…` }, truncated: true };
}

// ---------------------------------------------------------------------------------------------

export function createRosApiTool(options: RosApiToolOptions = {}): Tool {
  return {
    spec: {
      name: ROS_API_TOOL_NAME,
      description:
        "Call an Alibaba Cloud Resource Orchestration Service (ROS) OpenAPI action (API version 2019-09-10) with the " +
        "task's Alibaba Cloud credentials. Read-only actions run directly: " +
        `${READ_ONLY_ROS_ACTIONS.join(", ")}. Any other action (creating, updating or deleting stacks) needs the ` +
        "user's permission and is refused here. Parameters use the ROS API names, e.g. " +
        '{"action":"ValidateTemplate","parameters":{"TemplateBody":"ROSTemplateFormatVersion: \'2015-09-01\'\\n..."}} or ' +
        '{"action":"PreviewStack","parameters":{"StackName":"demo","TemplateBody":"...","Parameters":[{"ParameterKey":"ZoneId","ParameterValue":"cn-hangzhou-h"}]}}. ' +
        "RegionId defaults to the task's region. Large responses are cut.",
      inputSchema: {
        type: "object",
        properties: {
          action: {
            type: "string",
            description: "The ROS API action, e.g. ValidateTemplate, PreviewStack, GetStack, ListStackEvents.",
            pattern: ACTION_PATTERN.source,
          },
          parameters: {
            type: "object",
            description:
              "The action's request parameters by their API names. Arrays of objects (Parameters, Tags) are flattened the RPC way (Parameters.1.ParameterKey).",
            additionalProperties: true,
          },
        },
        required: ["action"],
        additionalProperties: false,
      },
    },

    async run(input: unknown, ctx: ToolContext): Promise<ToolResult> {
      const parsed = parseInput(input);
      if (!parsed.ok) return { ok: false, error: parsed.error };

      const credentials = parseCredentialsFromMetadata(ctx.metadata);
      if (!credentials.ok) return { ok: false, error: credentials.message };

      if (!isReadOnlyRosAction(parsed.action)) {
        return {
          permissionDenied: true,
          reason:
            `ROS ${parsed.action} is not a read-only action: it needs the user's permission, and this A2A server does not grant ` +
            `permission prompts. Only these actions run without one: ${READ_ONLY_ROS_ACTIONS.join(", ")}.`,
        };
      }

      const client = new RosClient({
        ...credentials.credentials,
        ...(options.endpoint !== undefined ? { endpoint: options.endpoint } : {}),
        ...(options.fetch !== undefined ? { fetch: options.fetch } : {}),
      });
      try {
        const response = await client.call(parsed.action, parsed.parameters, ctx.signal, ctx.trace);
        const bounded = boundRosResponse(response);
        const requestId = typeof response["RequestId"] === "string" ? response["RequestId"] : undefined;
        return {
          ok: true,
          output: {
            action: parsed.action,
            regionId: typeof parsed.parameters["RegionId"] === "string" ? parsed.parameters["RegionId"] : client.regionId,
            ...(requestId !== undefined ? { requestId } : {}),
            response: bounded.value,
            ...(bounded.truncated
              ? {
                  truncated: true,
                  note: "The response was cut to fit: long lists keep their first items and long texts their start. Narrow the query (PageSize, PageNumber, filters) to see the rest.",
                }
              : {}),
          },
        };
      } catch (error) {
        if (ctx.signal.aborted) throw error;
        if (error instanceof AliyunApiError) {
          return { ok: false, error: error.retryable ? `${error.message} This error is transient; the call may be retried later.` : error.message };
        }
        // A TypeError from the client (bad action name) or an unexpected failure: never echo credentials.
        const message = error instanceof Error ? error.message : String(error);
        return { ok: false, error: `Alibaba Cloud ROS ${parsed.action} failed: ${redact(message, credentials.credentials)}` };
      }
    },
  };
}

function redact(text: string, credentials: { accessKeyId: string; accessKeySecret: string; securityToken?: string | undefined }): string {
  let out = text;
  for (const value of [credentials.accessKeySecret, credentials.securityToken, credentials.accessKeyId]) {
    if (value !== undefined && value.length >= 4) out = out.split(value).join("[REDACTED]");
  }
  return out;
}

/** The tool as the turn loop registers it: the global ROS endpoint and the runtime's `fetch`. */
export const rosApiTool: Tool = createRosApiTool();
