/**
 * Alibaba Cloud "V3 request signature" (ACS3-HMAC-SHA256), written from the published algorithm:
 * "Request syntax and signature method V3",
 * https://www.alibabacloud.com/help/en/sdk/product-overview/v3-request-structure-and-signature
 * (zh: https://help.aliyun.com/zh/sdk/product-overview/v3-request-structure-and-signature).
 *
 *   CanonicalRequest = Method "\n" CanonicalURI "\n" CanonicalQueryString "\n"
 *                      CanonicalHeaders "\n" SignedHeaders "\n" HashedRequestPayload
 *   - CanonicalURI: "/" for RPC-style APIs; otherwise every `/`-separated segment RFC 3986-encoded.
 *   - CanonicalQueryString: parameters sorted by name, name and value RFC 3986-encoded
 *     (unreserved A-Z a-z 0-9 - _ . ~ kept; space → %20, `*` → %2A), joined `name=value` with `&`.
 *   - CanonicalHeaders: `host`, `content-type` and every `x-acs-*` header, names lowercased and
 *     sorted, values trimmed, each entry `name:value\n` (so the block ends with a newline, and the
 *     canonical request has an empty line after it).
 *   - SignedHeaders: the same names joined with `;`.
 *   - HashedRequestPayload: lowercase hex SHA-256 of the body bytes (of "" without a body); also
 *     sent as `x-acs-content-sha256`.
 *   StringToSign = "ACS3-HMAC-SHA256\n" + hex(SHA-256(CanonicalRequest))
 *   Signature    = hex(HMAC-SHA256(key = AccessKey secret as UTF-8, StringToSign))  (no "&" suffix, unlike V2)
 *   Authorization: ACS3-HMAC-SHA256 Credential=<AccessKeyId>,SignedHeaders=<list>,Signature=<hex>
 *
 * Pure Web Crypto; runs in workerd and in Node. Nothing here logs or returns the secret.
 */
import { toHex } from "../../a2a/hex";

export const ACS3_ALGORITHM = "ACS3-HMAC-SHA256";

const encoder = new TextEncoder();

/** RFC 3986 percent-encoding of UTF-8 bytes: only `A-Z a-z 0-9 - _ . ~` stay as they are. */
export function percentEncode(value: string): string {
  // encodeURIComponent leaves A-Z a-z 0-9 - _ . ! ~ * ' ( ); encode the five that RFC 3986 reserves.
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The canonical URI: "/" stays "/", every segment between slashes is RFC 3986-encoded. */
export function canonicalUri(path: string): string {
  if (path === "" || path === "/") return "/";
  return path
    .split("/")
    .map((segment) => percentEncode(segment))
    .join("/");
}

export type QueryParams = Readonly<Record<string, string>> | ReadonlyArray<readonly [string, string]>;

function queryEntries(query: QueryParams | undefined): Array<readonly [string, string]> {
  if (query === undefined) return [];
  return Array.isArray(query) ? [...(query as ReadonlyArray<readonly [string, string]>)] : Object.entries(query);
}

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The canonical query string, which is also what the client puts on the wire (so the server sees
 * exactly the encoding that was signed). Sorted by parameter name (UTF-16 code units, then value).
 */
export function canonicalQueryString(query: QueryParams | undefined): string {
  return queryEntries(query)
    .sort(([an, av], [bn, bv]) => byCodeUnits(an, bn) || byCodeUnits(av, bv))
    .map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`)
    .join("&");
}

/** `application/x-www-form-urlencoded` body with the same RFC 3986 encoding (space → %20). */
export function formUrlEncode(params: QueryParams): string {
  return canonicalQueryString(params);
}

/** Whether a header takes part in the signature: `host`, `content-type`, `x-acs-*`. */
export function isSignedHeaderName(name: string): boolean {
  const lower = name.toLowerCase();
  return lower === "host" || lower === "content-type" || lower.startsWith("x-acs-");
}

export interface CanonicalHeadersResult {
  /** `name:value\n` for every signed header, sorted by lowercase name. */
  canonicalHeaders: string;
  /** The lowercase names joined with `;`. */
  signedHeaders: string;
}

/** Canonical headers and the signed-header list from a header map (other headers are skipped). */
export function canonicalizeHeaders(headers: Readonly<Record<string, string>>): CanonicalHeadersResult {
  const entries = Object.entries(headers)
    .filter(([name]) => isSignedHeaderName(name))
    .map(([name, value]) => [name.toLowerCase(), value.trim()] as const)
    .sort(([a], [b]) => byCodeUnits(a, b));
  return {
    canonicalHeaders: entries.map(([name, value]) => `${name}:${value}\n`).join(""),
    signedHeaders: entries.map(([name]) => name).join(";"),
  };
}

export interface CanonicalRequestInput {
  method: string;
  /** The path (already canonical, e.g. "/" for RPC). */
  canonicalUri: string;
  /** The canonical query string (see {@link canonicalQueryString}). */
  canonicalQueryString: string;
  headers: Readonly<Record<string, string>>;
  hashedPayload: string;
}

export function buildCanonicalRequest(input: CanonicalRequestInput): { canonicalRequest: string; signedHeaders: string } {
  const { canonicalHeaders, signedHeaders } = canonicalizeHeaders(input.headers);
  const canonicalRequest = [
    input.method.toUpperCase(),
    input.canonicalUri,
    input.canonicalQueryString,
    canonicalHeaders,
    signedHeaders,
    input.hashedPayload,
  ].join("\n");
  return { canonicalRequest, signedHeaders };
}

function bytesOf(data: string | Uint8Array): Uint8Array<ArrayBuffer> {
  if (typeof data === "string") return new Uint8Array(encoder.encode(data));
  const copy = new Uint8Array(data.byteLength);
  copy.set(data);
  return copy;
}

/** Lowercase hex SHA-256. */
export async function sha256Hex(data: string | Uint8Array): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", bytesOf(data)));
}

/** Lowercase hex HMAC-SHA256 with a UTF-8 key. */
export async function hmacSha256Hex(key: string, data: string): Promise<string> {
  const cryptoKey = await crypto.subtle.importKey("raw", encoder.encode(key), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return toHex(await crypto.subtle.sign("HMAC", cryptoKey, encoder.encode(data)));
}

/** `x-acs-date`: ISO 8601 UTC without milliseconds, e.g. `2023-10-26T10:22:32Z`. */
export function formatAcsDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** `x-acs-signature-nonce`: 128 random bits as 32 lowercase hex characters. */
export function randomNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return toHex(bytes.buffer);
}

export interface Acs3Credentials {
  accessKeyId: string;
  accessKeySecret: string;
  /** STS token: sent and signed as `x-acs-security-token`. */
  securityToken?: string | undefined;
}

export interface Acs3SignInput {
  method: string;
  /** The `host` header as it goes on the wire: the URL's host, with `:port` when not the default. */
  host: string;
  /** Request path; "/" for RPC-style APIs (the default). */
  path?: string;
  query?: QueryParams;
  /** The exact body bytes sent; none means the empty string. */
  body?: string | Uint8Array;
  /** Sent and signed when there is a body (e.g. `application/x-www-form-urlencoded`). */
  contentType?: string;
  action: string;
  version: string;
  credentials: Acs3Credentials;
  /** Fixed values for reproducible signatures (tests, the published example). */
  date?: Date | string;
  nonce?: string;
  /** Further `x-acs-*` headers to send and sign. */
  extraHeaders?: Readonly<Record<string, string>>;
}

export interface Acs3SignedRequest {
  /** Every header to send, lowercase names, including `authorization` (and `host`, see below). */
  headers: Record<string, string>;
  /** The query string to put on the wire (identical to the canonical one). */
  queryString: string;
  canonicalRequest: string;
  stringToSign: string;
  signedHeaders: string;
  signature: string;
  authorization: string;
}

/**
 * Signs one request. The returned `headers` include `host` because it is signed; a `fetch` derives
 * the Host header from the URL, so callers must send to a URL whose host equals `input.host`.
 */
export async function signAcs3(input: Acs3SignInput): Promise<Acs3SignedRequest> {
  const body = input.body ?? "";
  const hashedPayload = await sha256Hex(body);
  const date = input.date === undefined ? formatAcsDate(new Date()) : typeof input.date === "string" ? input.date : formatAcsDate(input.date);
  const headers: Record<string, string> = {
    host: input.host,
    "x-acs-action": input.action,
    "x-acs-version": input.version,
    "x-acs-date": date,
    "x-acs-signature-nonce": input.nonce ?? randomNonce(),
    "x-acs-content-sha256": hashedPayload,
  };
  for (const [name, value] of Object.entries(input.extraHeaders ?? {})) {
    const lower = name.toLowerCase();
    if (lower.startsWith("x-acs-") && !(lower in headers)) headers[lower] = value;
  }
  const token = input.credentials.securityToken;
  if (token !== undefined && token !== "") headers["x-acs-security-token"] = token;
  if (input.contentType !== undefined && input.contentType !== "") headers["content-type"] = input.contentType;

  const queryString = canonicalQueryString(input.query);
  const { canonicalRequest, signedHeaders } = buildCanonicalRequest({
    method: input.method,
    canonicalUri: canonicalUri(input.path ?? "/"),
    canonicalQueryString: queryString,
    headers,
    hashedPayload,
  });
  const stringToSign = `${ACS3_ALGORITHM}\n${await sha256Hex(canonicalRequest)}`;
  const signature = await hmacSha256Hex(input.credentials.accessKeySecret, stringToSign);
  const authorization = `${ACS3_ALGORITHM} Credential=${input.credentials.accessKeyId},SignedHeaders=${signedHeaders},Signature=${signature}`;
  headers["authorization"] = authorization;
  return { headers, queryString, canonicalRequest, stringToSign, signedHeaders, signature, authorization };
}
