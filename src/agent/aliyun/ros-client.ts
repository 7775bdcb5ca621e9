/**
 * A small Alibaba Cloud ROS OpenAPI client (RPC style, product ROS, version 2019-09-10), signed
 * with the V3 request signature (./signature-v3.ts). No SDK, no bindings: Web Crypto and `fetch`.
 *
 * Endpoint: the global `https://ros.aliyuncs.com` by default. ROS serves every region from it and
 * the region is chosen by the `RegionId` parameter, which the client adds from `regionId` unless
 * the caller gives one. Regional endpoints (`ros.<region>.aliyuncs.com`) exist only for some
 * regions, so the client never derives one; pass `endpoint` to use one.
 *
 * Transport, as the V3 documentation describes it for RPC APIs and as ROS's API metadata places the
 * parameters: `POST /`, the parameters in the query string (arrays and objects flattened the RPC
 * way: `Parameters.1.ParameterKey`, `Tags.2.Value`), except the `in: formData` ones (ROS's
 * `TemplateBody`, which can be large) which go in an `application/x-www-form-urlencoded` body.
 * Every parameter name and value is RFC 3986-encoded; the query and the body are signed (the body
 * through `x-acs-content-sha256`).
 *
 * Errors: a non-2xx answer `{Code, Message, RequestId}` becomes an {@link AliyunApiError} whose
 * message has the Code and the Message and never the credentials.
 */
import { traceHeaders, type TraceContext } from "../../a2a/trace-context";
import { formUrlEncode, signAcs3 } from "./signature-v3";

export const ROS_API_VERSION = "2019-09-10";
export const ROS_DEFAULT_ENDPOINT = "https://ros.aliyuncs.com";

/** ROS parameters the API metadata places `in: formData` (sent in the body, not the query). */
export const ROS_FORM_BODY_PARAMETERS: ReadonlySet<string> = new Set(["TemplateBody"]);

/**
 * Actions that only read: the tool layer runs them without a permission prompt. Anything else
 * (CreateStack, UpdateStack, DeleteStack, ExecuteChangeSet, …) needs a permission, which the A2A
 * server never grants (`metadata.iac_code.permission.autoApproved: false`).
 */
export const READ_ONLY_ROS_ACTIONS: readonly string[] = Object.freeze([
  "ValidateTemplate",
  "GetTemplateSummary",
  "GetTemplateParameterConstraints",
  "PreviewStack",
  "GetStack",
  "ListStacks",
  "ListStackEvents",
  "ListStackResources",
  "GetTemplateEstimateCost",
  "DescribeRegions",
]);

const READ_ONLY_SET: ReadonlySet<string> = new Set(READ_ONLY_ROS_ACTIONS);

/** Exact, case-sensitive match against {@link READ_ONLY_ROS_ACTIONS}. */
export function isReadOnlyRosAction(action: string): boolean {
  return READ_ONLY_SET.has(action);
}

export type RosParamValue = string | number | boolean | object;
export type RosParams = Record<string, RosParamValue>;

export interface RosClientOptions {
  accessKeyId: string;
  accessKeySecret: string;
  /** STS mode: sent and signed as `x-acs-security-token`. */
  securityToken?: string | undefined;
  regionId: string;
  /** Base URL, default {@link ROS_DEFAULT_ENDPOINT}. */
  endpoint?: string | undefined;
  fetch?: typeof fetch | undefined;
}

/** The longest response body read (characters); a larger one is refused, not parsed. */
export const ROS_MAX_RESPONSE_CHARS = 8 * 1024 * 1024;

export interface AliyunApiErrorInit {
  action: string;
  code: string;
  apiMessage: string;
  httpStatus: number;
  requestId?: string | undefined;
}

/**
 * Retryable: HTTP 429 and 5xx, the throttling codes (`Throttling`, `Throttling.User`,
 * `Throttling.Api`, …), `ServiceUnavailable`, and a request that got no HTTP answer at all.
 */
export function isRetryableAliyunError(httpStatus: number, code: string): boolean {
  return (
    httpStatus === 429 || httpStatus >= 500 || /^Throttling/i.test(code) || code === "ServiceUnavailable" || (httpStatus === 0 && code === "RequestFailed")
  );
}

export class AliyunApiError extends Error {
  override readonly name = "AliyunApiError";
  readonly action: string;
  /** Alibaba's error code, e.g. `InvalidTemplate`, `Throttling.User`, `SignatureDoesNotMatch`. */
  readonly code: string;
  /** Alibaba's error message (credentials removed). */
  readonly apiMessage: string;
  /** 0 when no HTTP answer arrived (network failure). */
  readonly httpStatus: number;
  readonly requestId: string | undefined;
  readonly retryable: boolean;

  constructor(init: AliyunApiErrorInit) {
    const status = init.httpStatus > 0 ? `HTTP ${init.httpStatus}` : "no HTTP response";
    const request = init.requestId ? `, RequestId ${init.requestId}` : "";
    super(`Alibaba Cloud ROS ${init.action} failed: ${init.code}: ${init.apiMessage} (${status}${request})`);
    this.action = init.action;
    this.code = init.code;
    this.apiMessage = init.apiMessage;
    this.httpStatus = init.httpStatus;
    this.requestId = init.requestId;
    this.retryable = isRetryableAliyunError(init.httpStatus, init.code);
  }
}

/**
 * Flattens RPC parameters: scalars as strings, arrays as `Name.1`, `Name.2` (1-based), objects as
 * `Name.Key`, recursively; null and undefined are dropped.
 */
export function flattenRpcParams(params: Readonly<Record<string, unknown>>): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const walk = (key: string, value: unknown): void => {
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) {
      value.forEach((item, index) => walk(`${key}.${index + 1}`, item));
    } else if (typeof value === "object") {
      for (const [name, item] of Object.entries(value as Record<string, unknown>)) walk(`${key}.${name}`, item);
    } else if (typeof value === "string") {
      out.push([key, value]);
    } else if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") {
      out.push([key, String(value)]);
    }
  };
  for (const [name, value] of Object.entries(params)) walk(name, value);
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isAbort(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted || (error instanceof Error && (error.name === "AbortError" || error.name === "TimeoutError"));
}

export class RosClient {
  // Private fields: never enumerated, so JSON.stringify / structured logging cannot leak them.
  readonly #accessKeyId: string;
  readonly #accessKeySecret: string;
  readonly #securityToken: string | undefined;
  readonly regionId: string;
  readonly endpoint: URL;
  readonly #fetch: typeof fetch;

  constructor(options: RosClientOptions) {
    this.#accessKeyId = options.accessKeyId;
    this.#accessKeySecret = options.accessKeySecret;
    this.#securityToken = options.securityToken === "" ? undefined : options.securityToken;
    this.regionId = options.regionId;
    const endpoint = new URL(options.endpoint ?? ROS_DEFAULT_ENDPOINT);
    if (endpoint.protocol !== "https:" && endpoint.protocol !== "http:") throw new TypeError("The ROS endpoint must be an http(s) URL.");
    endpoint.pathname = "/";
    endpoint.search = "";
    endpoint.hash = "";
    this.endpoint = endpoint;
    this.#fetch = options.fetch ?? ((input, init) => fetch(input, init));
  }

  /** Whether the client signs with an STS token. */
  get usesSecurityToken(): boolean {
    return this.#securityToken !== undefined;
  }

  toJSON(): Record<string, unknown> {
    return { endpoint: this.endpoint.origin, regionId: this.regionId, sts: this.usesSecurityToken };
  }

  /**
   * Calls one ROS action and returns its parsed JSON. Throws {@link AliyunApiError} for an Alibaba
   * error answer, a non-JSON answer or a network failure; rethrows the abort when `signal` fires.
   * With `trace`, the request carries a `traceparent` of its own (a new child span; not signed).
   */
  async call(action: string, params: RosParams, signal: AbortSignal, trace?: TraceContext): Promise<Record<string, unknown>> {
    if (!/^[A-Za-z][A-Za-z0-9]*$/.test(action)) throw new TypeError("The ROS action must be a plain API name such as GetStack.");
    signal.throwIfAborted();
    const request = await this.#signedRequest(action, params, trace);
    signal.throwIfAborted();
    let response: Response;
    try {
      response = await this.#fetch(request.url, {
        method: "POST",
        headers: request.headers,
        ...(request.body !== undefined ? { body: request.body } : {}),
        signal,
        redirect: "manual",
      });
    } catch (error) {
      if (isAbort(error, signal)) throw signal.reason ?? error;
      throw new AliyunApiError({
        action,
        code: "RequestFailed",
        apiMessage: this.#redact(`The request did not complete: ${error instanceof Error ? error.message : String(error)}`),
        httpStatus: 0,
      });
    }
    return this.#answerOf(action, response, signal);
  }

  /** The signed POST (ACS3): the region defaulted, large parameters in a form body, the rest in the query. */
  async #signedRequest(
    action: string,
    params: RosParams,
    trace: TraceContext | undefined,
  ): Promise<{ url: string; headers: Record<string, string>; body: string | undefined }> {
    const all: Record<string, unknown> = { ...params };
    if (all["RegionId"] === undefined) all["RegionId"] = this.regionId;

    const query: Array<[string, string]> = [];
    const form: Array<[string, string]> = [];
    for (const [name, value] of Object.entries(all)) {
      const target = ROS_FORM_BODY_PARAMETERS.has(name) ? form : query;
      target.push(...flattenRpcParams({ [name]: value }));
    }
    const body = form.length > 0 ? formUrlEncode(form) : undefined;
    const signed = await signAcs3({
      method: "POST",
      host: this.endpoint.host,
      path: "/",
      query,
      ...(body !== undefined ? { body, contentType: "application/x-www-form-urlencoded" } : {}),
      action,
      version: ROS_API_VERSION,
      credentials: { accessKeyId: this.#accessKeyId, accessKeySecret: this.#accessKeySecret, securityToken: this.#securityToken },
    });
    const url = new URL(this.endpoint);
    url.search = signed.queryString === "" ? "" : `?${signed.queryString}`;
    const headers: Record<string, string> = { accept: "application/json", ...traceHeaders(trace) };
    for (const [name, value] of Object.entries(signed.headers)) if (name !== "host") headers[name] = value;
    return { url: url.toString(), headers, body };
  }

  /** The answer's JSON object, or the AliyunApiError it stands for (bounded, redacted). */
  async #answerOf(action: string, response: Response, signal: AbortSignal): Promise<Record<string, unknown>> {
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      if (isAbort(error, signal)) throw signal.reason ?? error;
      throw new AliyunApiError({ action, code: "RequestFailed", apiMessage: "The response body could not be read.", httpStatus: response.status });
    }
    if (text.length > ROS_MAX_RESPONSE_CHARS) {
      throw new AliyunApiError({
        action,
        code: "ResponseTooLarge",
        apiMessage: `The response has more than ${ROS_MAX_RESPONSE_CHARS} characters.`,
        httpStatus: response.status,
      });
    }
    let parsed: unknown;
    try {
      parsed = text === "" ? {} : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const requestIdHeader = response.headers.get("x-acs-request-id") ?? undefined;

    if (response.status < 200 || response.status >= 300) {
      const data = isRecord(parsed) ? parsed : {};
      const code = typeof data["Code"] === "string" && data["Code"] !== "" ? data["Code"] : `HTTP${response.status}`;
      const message =
        typeof data["Message"] === "string" && data["Message"] !== ""
          ? data["Message"]
          : response.statusText || (parsed === undefined ? "The service answered with a non-JSON error." : "No message.");
      const requestId = typeof data["RequestId"] === "string" ? data["RequestId"] : requestIdHeader;
      throw new AliyunApiError({ action, code, apiMessage: this.#redact(message), httpStatus: response.status, requestId });
    }
    if (!isRecord(parsed)) {
      throw new AliyunApiError({
        action,
        code: "InvalidResponse",
        apiMessage: "The service answered with something other than a JSON object.",
        httpStatus: response.status,
        requestId: requestIdHeader,
      });
    }
    return parsed;
  }

  /** Removes the credentials from any text that leaves the client. */
  #redact(text: string): string {
    let out = text;
    for (const secret of [this.#accessKeySecret, this.#securityToken, this.#accessKeyId]) {
      if (secret !== undefined && secret.length >= 4) out = out.split(secret).join("[REDACTED]");
    }
    return out;
  }
}
