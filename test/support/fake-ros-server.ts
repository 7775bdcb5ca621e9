/**
 * A fake Alibaba Cloud ROS endpoint (Node http on 127.0.0.1, port 0) for the `aliyun` test project.
 *
 * It VERIFIES the V3 (ACS3-HMAC-SHA256) signature on its own, with `node:crypto` and none of the
 * Worker's signing code: it rebuilds the canonical request from what arrived on the wire (method,
 * raw path, raw query decoded and re-encoded, the received headers named in SignedHeaders, the
 * received body bytes) and answers Alibaba-style errors:
 *   400 IncompleteSignature          Authorization missing or malformed, a required header missing,
 *                                    or a host / content-type / x-acs-* header left out of SignedHeaders
 *   404 InvalidAccessKeyId.NotFound  unknown AccessKey id
 *   400 InvalidTimeStamp.Format      x-acs-date not yyyy-MM-ddTHH:mm:ssZ
 *   400 InvalidTimeStamp.Expired     x-acs-date more than 15 minutes off
 *   400 ContentSHA256NotMatch        x-acs-content-sha256 is not the body's SHA-256
 *   400 SignatureDoesNotMatch        the signature differs from the recomputed one
 *   400 SignatureNonceUsed           the nonce was already used with this AccessKey
 *   400 MissingSecurityToken / 403 InvalidSecurityToken.Mismatch   STS keys without / with a wrong token
 * After that it answers plausible ROS JSON for ValidateTemplate, GetStack, ListStackEvents,
 * PreviewStack and DescribeRegions, and scripted errors:
 *   GetStack StackId=stack-throttled → 429 Throttling.User; StackId=stack-broken → 500 InternalError;
 *   unknown StackId → 404 StackNotFound; ValidateTemplate whose TemplateBody lacks
 *   ROSTemplateFormatVersion or contains INVALID → 400 InvalidTemplate;
 *   ListStackEvents StackId=stack-huge → 400 long events (for response bounding).
 * GET /__fake/requests lists the requests received (no secrets) so tests can check the transport.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeRosKey {
  accessKeyId: string;
  accessKeySecret: string;
  /** When set, requests with this key must carry and sign this `x-acs-security-token`. */
  securityToken?: string;
}

export interface FakeRosRequestLog {
  method: string;
  path: string;
  action: string | undefined;
  /** Decoded query parameters in arrival order. */
  query: Array<[string, string]>;
  /** Decoded form-body parameters (for `application/x-www-form-urlencoded`). */
  form: Array<[string, string]>;
  contentType: string | undefined;
  signedHeaders: string | undefined;
  hasSecurityToken: boolean;
  /** W3C trace context headers as received (not secrets). */
  traceparent: string | undefined;
  tracestate: string | undefined;
  status: number;
  code: string | undefined;
}

export interface FakeRosServer {
  url: string;
  requests: () => FakeRosRequestLog[];
  close: () => Promise<void>;
}

export interface FakeRosServerOptions {
  keys: FakeRosKey[];
  /** Allowed clock skew; Alibaba allows 15 minutes. */
  maxSkewMs?: number;
}

const API_VERSION = "2019-09-10";
const REQUIRED_HEADERS = ["host", "x-acs-action", "x-acs-version", "x-acs-date", "x-acs-signature-nonce", "x-acs-content-sha256"];
const AUTH_PATTERN = /^ACS3-HMAC-SHA256 Credential=([^,\s]+),SignedHeaders=([a-z0-9;-]+),Signature=([0-9a-f]{64})$/;

class AliyunError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

// RFC 3986 encoding, written here independently of the Worker's signer.
const UNRESERVED = /[A-Za-z0-9\-_.~]/;
function rfc3986(value: string): string {
  let out = "";
  for (const byte of Buffer.from(value, "utf8")) {
    const char = String.fromCharCode(byte);
    out += byte < 0x80 && UNRESERVED.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

function decodeComponent(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, " "));
  } catch {
    throw new AliyunError(400, "InvalidParameter", "A parameter is not correctly percent-encoded.");
  }
}

function parsePairs(raw: string): Array<[string, string]> {
  if (raw === "") return [];
  return raw.split("&").map((part): [string, string] => {
    const eq = part.indexOf("=");
    return eq < 0 ? [decodeComponent(part), ""] : [decodeComponent(part.slice(0, eq)), decodeComponent(part.slice(eq + 1))];
  });
}

function canonicalQuery(pairs: Array<[string, string]>): string {
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [...pairs]
    .sort(([an, av], [bn, bv]) => cmp(an, bn) || cmp(av, bv))
    .map(([n, v]) => `${rfc3986(n)}=${rfc3986(v)}`)
    .join("&");
}

function canonicalPath(path: string): string {
  if (path === "" || path === "/") return "/";
  return path
    .split("/")
    .map((segment) => rfc3986(decodeComponent(segment)))
    .join("/");
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(",") : value;
}

function sha256Hex(data: Buffer | string): string {
  return createHash("sha256").update(data).digest("hex");
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function requestId(): string {
  return `FAKE-${createHash("sha256").update(String(Math.random())).digest("hex").slice(0, 8).toUpperCase()}-${Date.now().toString(16)}`;
}

interface Verified {
  action: string;
  params: Map<string, string>;
  key: FakeRosKey;
}

export async function startFakeRosServer(options: FakeRosServerOptions): Promise<FakeRosServer> {
  const keys = new Map(options.keys.map((key) => [key.accessKeyId, key]));
  const maxSkewMs = options.maxSkewMs ?? 15 * 60 * 1000;
  const nonces = new Set<string>();
  const log: FakeRosRequestLog[] = [];

  function verify(req: IncomingMessage, body: Buffer): Verified {
    const rawUrl = req.url ?? "/";
    const q = rawUrl.indexOf("?");
    const rawPath = q < 0 ? rawUrl : rawUrl.slice(0, q);
    const rawQuery = q < 0 ? "" : rawUrl.slice(q + 1);

    const authorization = headerValue(req, "authorization");
    const match = authorization === undefined ? null : AUTH_PATTERN.exec(authorization);
    if (!match) throw new AliyunError(400, "IncompleteSignature", "The request signature does not conform to Aliyun standards.");
    const [, accessKeyId = "", signedHeaderList = "", signature = ""] = match;

    for (const name of REQUIRED_HEADERS) {
      if (headerValue(req, name) === undefined) throw new AliyunError(400, "IncompleteSignature", `The request lacks the ${name} header.`);
    }
    const signedNames = signedHeaderList.split(";");
    const sorted = [...signedNames].sort();
    if (signedNames.join(";") !== sorted.join(";") || new Set(signedNames).size !== signedNames.length) {
      throw new AliyunError(400, "IncompleteSignature", "SignedHeaders must be sorted and unique.");
    }
    for (const name of Object.keys(req.headers)) {
      if ((name === "host" || name === "content-type" || name.startsWith("x-acs-")) && !signedNames.includes(name)) {
        throw new AliyunError(400, "IncompleteSignature", `The header ${name} must be signed.`);
      }
    }
    for (const name of signedNames) {
      if (headerValue(req, name) === undefined) throw new AliyunError(400, "IncompleteSignature", `The signed header ${name} is missing.`);
    }

    const key = keys.get(accessKeyId);
    if (!key) throw new AliyunError(404, "InvalidAccessKeyId.NotFound", "Specified access key is not found.");

    const date = headerValue(req, "x-acs-date") ?? "";
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(date) || Number.isNaN(Date.parse(date))) {
      throw new AliyunError(400, "InvalidTimeStamp.Format", "Specified time stamp or date value is not well formatted.");
    }
    if (Math.abs(Date.now() - Date.parse(date)) > maxSkewMs) {
      throw new AliyunError(400, "InvalidTimeStamp.Expired", "Specified time stamp or date value is expired.");
    }

    if (headerValue(req, "x-acs-content-sha256") !== sha256Hex(body)) {
      throw new AliyunError(400, "ContentSHA256NotMatch", "The x-acs-content-sha256 header does not match the request body.");
    }

    const queryPairs = parsePairs(rawQuery);
    const canonicalHeaders = signedNames.map((name) => `${name}:${(headerValue(req, name) ?? "").trim()}\n`).join("");
    const canonicalRequest = [
      (req.method ?? "").toUpperCase(),
      canonicalPath(rawPath),
      canonicalQuery(queryPairs),
      canonicalHeaders,
      signedHeaderList,
      sha256Hex(body),
    ].join("\n");
    const stringToSign = `ACS3-HMAC-SHA256\n${sha256Hex(canonicalRequest)}`;
    const expected = createHmac("sha256", key.accessKeySecret).update(stringToSign, "utf8").digest();
    const given = Buffer.from(signature, "hex");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new AliyunError(400, "SignatureDoesNotMatch", "Specified signature does not match our calculation.");
    }

    const token = headerValue(req, "x-acs-security-token");
    if (key.securityToken !== undefined) {
      if (token === undefined) throw new AliyunError(400, "MissingSecurityToken", "SecurityToken is mandatory for this action.");
      if (token !== key.securityToken) throw new AliyunError(403, "InvalidSecurityToken.Mismatch", "Specified SecurityToken mismatch with the AccessKey.");
    }

    const nonceKey = `${accessKeyId}\n${headerValue(req, "x-acs-signature-nonce") ?? ""}`;
    if (nonces.has(nonceKey)) throw new AliyunError(400, "SignatureNonceUsed", "Specified signature nonce was used already.");
    nonces.add(nonceKey);

    if (headerValue(req, "x-acs-version") !== API_VERSION) {
      throw new AliyunError(400, "InvalidVersion", "Specified parameter Version is not valid.");
    }

    const params = new Map<string, string>(queryPairs);
    if ((headerValue(req, "content-type") ?? "").startsWith("application/x-www-form-urlencoded")) {
      for (const [name, value] of parsePairs(body.toString("utf8"))) params.set(name, value);
    }
    return { action: headerValue(req, "x-acs-action") ?? "", params, key };
  }

  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    const rawUrl = req.url ?? "/";
    if (req.method === "GET" && rawUrl === "/__fake/requests") {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify(log));
      return;
    }
    const q = rawUrl.indexOf("?");
    const entry: FakeRosRequestLog = {
      method: req.method ?? "",
      path: q < 0 ? rawUrl : rawUrl.slice(0, q),
      action: headerValue(req, "x-acs-action"),
      query: [],
      form: [],
      contentType: headerValue(req, "content-type"),
      signedHeaders: AUTH_PATTERN.exec(headerValue(req, "authorization") ?? "")?.[2],
      hasSecurityToken: headerValue(req, "x-acs-security-token") !== undefined,
      traceparent: headerValue(req, "traceparent"),
      tracestate: headerValue(req, "tracestate"),
      status: 0,
      code: undefined,
    };
    const id = requestId();
    const send = (status: number, payload: Record<string, unknown>) => {
      entry.status = status;
      log.push(entry);
      res.writeHead(status, { "Content-Type": "application/json;charset=utf-8", "x-acs-request-id": id });
      res.end(JSON.stringify(payload));
    };
    try {
      try {
        entry.query = parsePairs(q < 0 ? "" : rawUrl.slice(q + 1));
        if ((entry.contentType ?? "").startsWith("application/x-www-form-urlencoded")) entry.form = parsePairs(body.toString("utf8"));
      } catch {
        // logged as empty; verify() reports the encoding error
      }
      const verified = verify(req, body);
      send(200, { RequestId: id, ...answer(verified) });
    } catch (error) {
      if (error instanceof AliyunError) {
        entry.code = error.code;
        send(error.status, {
          RequestId: id,
          HostId: "ros.aliyuncs.com",
          Code: error.code,
          Message: error.message,
          Recommend: "https://api.aliyun.com/troubleshoot",
        });
      } else {
        entry.code = "InternalError";
        send(500, { RequestId: id, Code: "InternalError", Message: "The request processing has failed due to some unknown error." });
      }
    }
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => [...log],
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

// ---------------------------------------------------------------------------------------------
// Plausible ROS answers.

function regionOf(params: Map<string, string>): string {
  return params.get("RegionId") ?? "cn-hangzhou";
}

/** `Parameters.N.ParameterKey` / `Parameters.N.ParameterValue` back to a list. */
function repeatList(params: Map<string, string>, prefix: string): Array<Record<string, string>> {
  const items = new Map<number, Record<string, string>>();
  for (const [name, value] of params) {
    const m = new RegExp(`^${prefix}\\.(\\d+)\\.(\\w+)$`).exec(name);
    if (!m) continue;
    const index = Number(m[1]);
    const item = items.get(index) ?? {};
    item[m[2] ?? ""] = value;
    items.set(index, item);
  }
  return [...items.entries()].sort(([a], [b]) => a - b).map(([, item]) => item);
}

function templateParameters(templateBody: string): Array<Record<string, unknown>> {
  try {
    const parsed = JSON.parse(templateBody) as { Parameters?: Record<string, { Type?: string; Description?: string }> };
    return Object.entries(parsed.Parameters ?? {}).map(([name, spec]) => ({
      ParameterKey: name,
      Type: spec.Type ?? "String",
      Description: spec.Description ?? "",
      NoEcho: "false",
    }));
  } catch {
    return [];
  }
}

function requireTemplate(params: Map<string, string>): string {
  const body = params.get("TemplateBody");
  if (body === undefined && params.get("TemplateURL") === undefined) {
    throw new AliyunError(400, "MissingParameter", "One of TemplateBody, TemplateURL, TemplateId is required.");
  }
  if (body !== undefined && (!body.includes("ROSTemplateFormatVersion") || body.includes("INVALID"))) {
    throw new AliyunError(400, "InvalidTemplate", "Template format error: ROSTemplateFormatVersion is required and must be 2015-09-01.");
  }
  return body ?? "";
}

function answer({ action, params }: Verified): Record<string, unknown> {
  switch (action) {
    case "ValidateTemplate": {
      const body = requireTemplate(params);
      return {
        Description: "Validated by the fake ROS endpoint.",
        Parameters: templateParameters(body),
        Outputs: [],
        ResourceTypes: { Resources: body.includes("ALIYUN::ECS::VPC") ? ["ALIYUN::ECS::VPC"] : [], DataSources: [] },
      };
    }
    case "PreviewStack": {
      const stackName = params.get("StackName");
      if (stackName === undefined) throw new AliyunError(400, "MissingParameter", "StackName is mandatory for this action.");
      requireTemplate(params);
      return {
        Stack: {
          StackName: stackName,
          RegionId: regionOf(params),
          TemplateDescription: "Preview by the fake ROS endpoint.",
          Parameters: repeatList(params, "Parameters"),
          Resources: [{ LogicalResourceId: "Vpc", ResourceType: "ALIYUN::ECS::VPC", Action: "Add", Properties: { CidrBlock: "192.168.0.0/16" } }],
        },
      };
    }
    case "GetStack": {
      const stackId = params.get("StackId");
      if (stackId === undefined) throw new AliyunError(400, "MissingParameter", "StackId is mandatory for this action.");
      if (stackId === "stack-throttled") throw new AliyunError(429, "Throttling.User", "Request was denied due to user flow control.");
      if (stackId === "stack-broken") throw new AliyunError(500, "InternalError", "The request processing has failed due to some unknown error.");
      if (!stackId.startsWith("stack-ok")) throw new AliyunError(404, "StackNotFound", `The Stack (${stackId}) could not be found.`);
      return {
        StackId: stackId,
        StackName: "demo",
        RegionId: regionOf(params),
        Status: "CREATE_COMPLETE",
        StatusReason: "Stack CREATE completed successfully",
        CreateTime: "2026-01-01T00:00:00",
        DisableRollback: false,
        TimeoutInMinutes: 60,
        Parameters: [{ ParameterKey: "ALIYUN::Region", ParameterValue: regionOf(params) }],
        Outputs: [],
      };
    }
    case "ListStackEvents": {
      const stackId = params.get("StackId");
      if (stackId === undefined) throw new AliyunError(400, "MissingParameter", "StackId is mandatory for this action.");
      const total = stackId === "stack-huge" ? 400 : 3;
      const pageSize = stackId === "stack-huge" ? total : Math.min(Number(params.get("PageSize") ?? "10") || 10, 50);
      const events = Array.from({ length: Math.min(total, pageSize) }, (_, i) => ({
        EventId: `event-${i + 1}`,
        StackId: stackId,
        StackName: "demo",
        LogicalResourceId: i === 0 ? "demo" : `Resource${i}`,
        ResourceType: i === 0 ? "ALIYUN::ROS::Stack" : "ALIYUN::ECS::VPC",
        Status: "CREATE_COMPLETE",
        StatusReason: stackId === "stack-huge" ? `state changed ${"x".repeat(300)}` : "state changed",
        CreateTime: "2026-01-01T00:00:00",
      }));
      return { PageNumber: 1, PageSize: pageSize, TotalCount: total, Events: events };
    }
    case "DescribeRegions":
      return {
        Regions: [
          { RegionId: "cn-hangzhou", LocalName: "华东1（杭州）", RegionEndpoint: "ros.aliyuncs.com" },
          { RegionId: "cn-shanghai", LocalName: "华东2（上海）", RegionEndpoint: "ros.aliyuncs.com" },
        ],
      };
    default:
      throw new AliyunError(404, "InvalidAction.NotFound", `Specified api (${action}) is not found, please check your url and method.`);
  }
}
