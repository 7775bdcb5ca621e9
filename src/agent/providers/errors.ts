/**
 * How every provider turns a failure into a `ProviderError`:
 *
 * - HTTP 401 and 403: `auth`.
 * - HTTP 408, 409, 429 and 5xx (Anthropic's 529 included), network failures and time-outs: `retryable`.
 * - Any other status, a malformed stream, an error reported inside the stream: `fatal`; except that
 *   an in-stream error whose type says overload, rate limit or a server-side failure (Anthropic's
 *   `overloaded_error`, `rate_limit_error`, `api_error`, OpenAI's `server_error`) is `retryable`, and
 *   one that says authentication is `auth`.
 *
 * Messages name the provider and the status and carry at most a short, sanitized excerpt of the
 * provider's own error text (its `message` field when the body is JSON): never a request body,
 * never a header, and never any of the call's secrets, which are removed literally before
 * `sanitizeErrorText` removes anything else that looks like a credential.
 */
import { ProviderError } from "../model";
import { REDACTED, sanitizeErrorText } from "../../a2a/sanitize-error";

export type ProviderErrorKind = ProviderError["kind"];

/** Bytes of an error response body read at most. */
export const ERROR_BODY_READ_LIMIT = 4096;
/** Characters of provider error text kept in a message. */
export const ERROR_DETAIL_MAX_LENGTH = 300;

export function kindForStatus(status: number): ProviderErrorKind {
  if (status === 401 || status === 403) return "auth";
  if (status === 408 || status === 409 || status === 429 || (status >= 500 && status <= 599)) return "retryable";
  return "fatal";
}

/** Kind of an error reported inside a stream (or in a body), from its type or code. */
export function kindForErrorType(type: string | undefined): ProviderErrorKind {
  const t = (type ?? "").toLowerCase();
  if (/auth|permission|forbidden|invalid_api_key|unauthori[sz]ed/.test(t)) return "auth";
  if (/overload|rate_limit|ratelimit|too_many|server_error|api_error|internal|unavailable|timeout|throttl/.test(t)) return "retryable";
  return "fatal";
}

/** `text` without any of `secrets` (literally), then sanitized and cut to `max` characters. */
export function cleanErrorText(text: string, secrets: readonly string[], max: number = ERROR_DETAIL_MAX_LENGTH): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join(REDACTED);
  out = out.replace(/\s+/g, " ").trim();
  return sanitizeErrorText(out, max);
}

/** At most `limit` bytes of `body`, decoded; the rest is cancelled unread. */
export async function readBounded(body: ReadableStream<Uint8Array> | null, limit: number = ERROR_BODY_READ_LIMIT): Promise<string> {
  if (!body) return "";
  const reader = body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < limit) {
      const { value, done } = await reader.read();
      if (done) break;
      const take = value.subarray(0, limit - size);
      parts.push(take);
      size += take.byteLength;
    }
  } catch {
    // A body that fails half-way still says what it said so far.
  } finally {
    reader.cancel().catch(() => {});
    reader.releaseLock();
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function str(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : typeof value === "number" ? String(value) : undefined;
}

/**
 * The type and message of a provider error object, in any of the shapes used: OpenAI and DashScope
 * `{error: {type, code, message}}`, Anthropic `{type: "error", error: {type, message}}`, Cloudflare
 * `{errors: [{code, message}]}`, DashScope native `{code, message}`.
 */
export function describeErrorObject(value: unknown): { type?: string; message?: string } {
  if (!isRecord(value)) return {};
  const inner = isRecord(value.error) ? value.error : undefined;
  if (inner) return definedOnly(str(inner.type) ?? str(inner.code), str(inner.message));
  if (typeof value.error === "string") return definedOnly(str(value.type), value.error);
  if (Array.isArray(value.errors) && isRecord(value.errors[0])) {
    const first = value.errors[0];
    return definedOnly(str(first.code), str(first.message));
  }
  return definedOnly(str(value.type) ?? str(value.code), str(value.message));
}

function definedOnly(type: string | undefined, message: string | undefined): { type?: string; message?: string } {
  return { ...(type !== undefined && { type }), ...(message !== undefined && { message }) };
}

/** The error a non-2xx response stands for; reads a bounded part of its body. */
export async function providerErrorFromResponse(label: string, response: Response, secrets: readonly string[]): Promise<ProviderError> {
  const raw = await readBounded(response.body);
  let detail = raw;
  try {
    const { type, message } = describeErrorObject(JSON.parse(raw));
    if (message !== undefined || type !== undefined) detail = [type, message].filter((part) => part !== undefined).join(": ");
  } catch {
    // Not JSON (an HTML error page, plain text): keep a short excerpt.
  }
  const retryAfter = response.headers.get("retry-after");
  const suffix = response.status === 429 && retryAfter && /^\d{1,6}$/.test(retryAfter.trim()) ? ` (retry after ${retryAfter.trim()} s)` : "";
  const text = cleanErrorText(detail, secrets);
  return new ProviderError(kindForStatus(response.status), `${label}: HTTP ${response.status}${text ? `: ${text}` : ""}${suffix}`, response.status);
}

/** An error the provider reported inside its stream (`event: error`, `{"error": …}`). */
export function providerErrorFromStream(label: string, value: unknown, secrets: readonly string[]): ProviderError {
  const { type, message } = describeErrorObject(value);
  const text = cleanErrorText([type, message].filter((part) => part !== undefined).join(": ") || "unknown error", secrets);
  return new ProviderError(kindForErrorType(type), `${label}: error in stream: ${text}`);
}

/** A failed connection or read: retryable, with the runtime's message sanitized. */
export function networkError(label: string, error: unknown, secrets: readonly string[]): ProviderError {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return new ProviderError("retryable", `${label}: network error: ${cleanErrorText(text, secrets)}`);
}

/** A stream that does not follow the provider's format. */
export function malformedStream(label: string, what: string): ProviderError {
  return new ProviderError("fatal", `${label}: malformed stream: ${what}`);
}
