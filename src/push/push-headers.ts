/**
 * The headers of a push-notification request (A2A 1.0 §4.3.3; the original's `push.py`
 * `_notification_headers`), built from a config whose secrets are already decrypted.
 *
 * - `Authorization` comes from `authentication` and is sent only when credentials are present, as
 *   in the original. `bearer` in any case becomes `Bearer`, `basic` becomes `Basic`, any other
 *   scheme is sent as given.
 * - Basic credentials are accepted in both forms clients use. A2A says the header is
 *   `{scheme} {credentials}`, so a client following the spec gives `base64(user:pass)`; the
 *   original base64-encoded whatever it was given, so its clients give `user:pass`. Credentials
 *   that are canonical base64 of UTF-8 text containing `:` are sent unchanged; anything else (any
 *   value with a `:` in it, for a start) is base64-encoded as UTF-8, as the original did.
 * - `X-A2A-Notification-Token` carries `token` whenever it is set. A2A 1.0.1 no longer defines the
 *   header, but the original and 0.3-era receivers read it (shared/spec/a2a-1.0.md §8.2).
 * - `X-A2A-Notification-Id` is the delivery's stable id, the same on every retry, so receivers can
 *   drop duplicates of an at-least-once delivery.
 *
 * Control characters would let a stored value inject headers, so they are refused when a config is
 * stored (`validatePushAuthentication`) and again when the headers are built.
 */

export interface PushAuthentication {
  readonly scheme: string;
  readonly credentials?: string | undefined;
}

/** The secret-bearing part of a `TaskPushNotificationConfig`, decrypted. */
export interface PushSecrets {
  readonly token?: string | undefined;
  readonly authentication?: PushAuthentication | undefined;
}

export type PushValidation = { ok: true } | { ok: false; message: string };
export type PushHeadersResult = { ok: true; headers: Record<string, string> } | { ok: false; message: string };

/**
 * Receivers commonly refuse a header line over 8 KiB (nginx `large_client_header_buffers`, Node's
 * 16 KiB for all headers); 4096 characters leaves room for the rest of the request.
 */
export const PUSH_HEADER_VALUE_MAX_LENGTH = 4096;

export const PUSH_HEADER_MESSAGES = {
  schemeRequired: "A2A push authentication scheme is required",
  schemeControl: "A2A push authentication scheme must not contain control characters",
  schemeToken: "A2A push authentication scheme must be a single HTTP token such as Bearer or Basic",
  schemeTooLong: "A2A push authentication scheme is too long",
  credentialsControl: "A2A push authentication credentials must not contain control characters",
  credentialsAscii: "A2A push authentication credentials must be printable ASCII",
  credentialsTooLong: "A2A push authentication credentials are too long",
  tokenControl: "A2A push notification token must not contain control characters",
  tokenAscii: "A2A push notification token must be printable ASCII",
  tokenTooLong: "A2A push notification token is too long",
  notificationId: "A2A push notification id must be 1 to 4096 printable ASCII characters",
} as const;

export const PUSH_CONTENT_TYPE = "application/a2a+json";

/** C0 controls (CR, LF, tab, NUL…), DEL and C1 controls. */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;
/** Printable ASCII, space included; header values are bytes, and anything else would be mangled. */
const PRINTABLE_ASCII = /^[\u0020-\u007e]*$/;
/** RFC 9110 §5.6.2 `token`, the grammar of an auth-scheme. */
const HTTP_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** Checks a config's token and authentication; run it when a config is stored. */
export function validatePushAuthentication(secrets: PushSecrets): PushValidation {
  const { token, authentication } = secrets;
  if (token !== undefined && token !== "") {
    if (CONTROL_CHARACTER.test(token)) return invalid(PUSH_HEADER_MESSAGES.tokenControl);
    if (!PRINTABLE_ASCII.test(token)) return invalid(PUSH_HEADER_MESSAGES.tokenAscii);
    if (token.length > PUSH_HEADER_VALUE_MAX_LENGTH) return invalid(PUSH_HEADER_MESSAGES.tokenTooLong);
  }
  if (authentication === undefined) return { ok: true };

  const { scheme, credentials } = authentication;
  if (scheme === "") return invalid(PUSH_HEADER_MESSAGES.schemeRequired);
  if (CONTROL_CHARACTER.test(scheme)) return invalid(PUSH_HEADER_MESSAGES.schemeControl);
  if (!HTTP_TOKEN.test(scheme)) return invalid(PUSH_HEADER_MESSAGES.schemeToken);
  if (scheme.length > PUSH_HEADER_VALUE_MAX_LENGTH) return invalid(PUSH_HEADER_MESSAGES.schemeTooLong);
  if (credentials !== undefined && credentials !== "") {
    if (CONTROL_CHARACTER.test(credentials)) return invalid(PUSH_HEADER_MESSAGES.credentialsControl);
    // Basic credentials given as `user:pass` are base64-encoded as UTF-8, so they may be any text.
    if (!isBasic(scheme) && !PRINTABLE_ASCII.test(credentials)) return invalid(PUSH_HEADER_MESSAGES.credentialsAscii);
    if (credentials.length > PUSH_HEADER_VALUE_MAX_LENGTH) return invalid(PUSH_HEADER_MESSAGES.credentialsTooLong);
  }
  return { ok: true };
}

/** The request headers for one delivery. `notificationId` must be stable across retries of that delivery. */
export function buildPushHeaders(secrets: PushSecrets, notificationId: string): PushHeadersResult {
  const validation = validatePushAuthentication(secrets);
  if (!validation.ok) return validation;
  if (notificationId === "" || notificationId.length > PUSH_HEADER_VALUE_MAX_LENGTH || !PRINTABLE_ASCII.test(notificationId)) {
    return invalid(PUSH_HEADER_MESSAGES.notificationId);
  }

  const headers: Record<string, string> = { "Content-Type": PUSH_CONTENT_TYPE };
  const { token, authentication } = secrets;
  if (authentication?.credentials) {
    headers["Authorization"] = authorizationValue(authentication.scheme, authentication.credentials);
  }
  if (token) headers["X-A2A-Notification-Token"] = token;
  headers["X-A2A-Notification-Id"] = notificationId;
  return { ok: true, headers };
}

function authorizationValue(scheme: string, credentials: string): string {
  if (scheme.toLowerCase() === "bearer") return `Bearer ${credentials}`;
  if (isBasic(scheme)) return `Basic ${isEncodedBasic(credentials) ? credentials : encodeUtf8Base64(credentials)}`;
  return `${scheme} ${credentials}`;
}

function isBasic(scheme: string): boolean {
  return scheme.toLowerCase() === "basic";
}

/** Canonical base64 (padded, standard alphabet) of UTF-8 text that contains the `:` of `user:pass`. */
function isEncodedBasic(credentials: string): boolean {
  if (credentials.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(credentials)) return false;
  try {
    const bytes = Uint8Array.from(atob(credentials), (char) => char.charCodeAt(0));
    const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
    return text.includes(":") && !CONTROL_CHARACTER.test(text) && encodeUtf8Base64(text) === credentials;
  } catch {
    return false;
  }
}

function encodeUtf8Base64(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function invalid(message: string): { ok: false; message: string } {
  return { ok: false, message };
}
