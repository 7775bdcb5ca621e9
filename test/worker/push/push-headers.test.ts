import { describe, it, expect } from "vitest";
import {
  PUSH_HEADER_MESSAGES,
  PUSH_HEADER_VALUE_MAX_LENGTH,
  buildPushHeaders,
  validatePushAuthentication,
  type PushSecrets,
} from "../../../src/push/push-headers";

const ID = "task-1:7:config-1";

function headersOf(secrets: PushSecrets, id = ID): Record<string, string> {
  const result = buildPushHeaders(secrets, id);
  if (!result.ok) throw new Error(result.message);
  return result.headers;
}

function authorizationOf(scheme: string, credentials: string): string | undefined {
  return headersOf({ authentication: { scheme, credentials } })["Authorization"];
}

describe("buildPushHeaders", () => {
  it("sends every header when token and authentication are set (spec §4.3.3)", () => {
    expect(headersOf({ token: "tok-123", authentication: { scheme: "Bearer", credentials: "secure-client-token-for-task-aaa" } })).toEqual({
      "Content-Type": "application/a2a+json",
      Authorization: "Bearer secure-client-token-for-task-aaa",
      "X-A2A-Notification-Token": "tok-123",
      "X-A2A-Notification-Id": ID,
    });
  });

  it("sends only Content-Type and the notification id for a config without secrets", () => {
    expect(headersOf({})).toEqual({ "Content-Type": "application/a2a+json", "X-A2A-Notification-Id": ID });
  });

  it("leaves out the token header for an empty token", () => {
    expect(headersOf({ token: "" })["X-A2A-Notification-Token"]).toBeUndefined();
  });

  it("leaves out Authorization when there are no credentials, as the original does", () => {
    expect(headersOf({ authentication: { scheme: "Bearer" } })["Authorization"]).toBeUndefined();
    expect(headersOf({ authentication: { scheme: "Bearer", credentials: "" } })["Authorization"]).toBeUndefined();
  });

  const schemes: ReadonlyArray<readonly [string, string, string, string]> = [
    ["Bearer", "Bearer", "abc.def", "Bearer abc.def"],
    ["bearer in lower case", "bearer", "abc", "Bearer abc"],
    ["bearer in capitals", "BEARER", "abc", "Bearer abc"],
    ["Basic given user:pass", "Basic", "user:pass", "Basic dXNlcjpwYXNz"],
    ["basic in lower case, given user:pass", "basic", "user:pass", "Basic dXNlcjpwYXNz"],
    ["Basic already base64 of user:pass", "Basic", "dXNlcjpwYXNz", "Basic dXNlcjpwYXNz"],
    ["BASIC already base64, padded", "BASIC", "YWxpY2U6czNjcmV0IQ==", "Basic YWxpY2U6czNjcmV0IQ=="],
    ["Basic user:pass in UTF-8", "Basic", "jürgen:pässwort", "Basic asO8cmdlbjpww6Rzc3dvcnQ="],
    ["Basic base64 without a colon inside, encoded again", "Basic", "YWJj", "Basic WVdKag=="],
    ["Basic that only looks like base64", "Basic", "abcd", "Basic YWJjZA=="],
    ["Basic with a password that contains a colon", "Basic", "u:p:q", "Basic dTpwOnE="],
    ["another scheme, as given", "DPoP", "eyJ0eXAi", "DPoP eyJ0eXAi"],
    ["a custom scheme keeps its case", "ApiKey", "k-123", "ApiKey k-123"],
  ];
  for (const [name, scheme, credentials, expected] of schemes) {
    it(`builds Authorization for ${name}`, () => {
      expect(authorizationOf(scheme, credentials)).toBe(expected);
    });
  }

  it("yields values that fetch accepts", () => {
    const headers = headersOf({ token: "t", authentication: { scheme: "basic", credentials: "jürgen:pässwort" } });
    const request = new Request("https://hooks.example.com/a2a", { method: "POST", headers });
    expect(request.headers.get("authorization")).toBe("Basic asO8cmdlbjpww6Rzc3dvcnQ=");
    expect(request.headers.get("x-a2a-notification-id")).toBe(ID);
  });

  it("refuses a config that validation refuses", () => {
    expect(buildPushHeaders({ token: "a\r\nX-Evil: 1" }, ID)).toEqual({
      ok: false,
      message: PUSH_HEADER_MESSAGES.tokenControl,
    });
    expect(buildPushHeaders({ authentication: { scheme: "Bearer", credentials: "a\nb" } }, ID)).toEqual({
      ok: false,
      message: PUSH_HEADER_MESSAGES.credentialsControl,
    });
  });

  for (const [name, id] of [
    ["empty", ""],
    ["with a newline", "a\nb"],
    ["non-ASCII", "tâche"],
    ["too long", "x".repeat(PUSH_HEADER_VALUE_MAX_LENGTH + 1)],
  ] as const) {
    it(`refuses a notification id that is ${name}`, () => {
      expect(buildPushHeaders({}, id)).toEqual({ ok: false, message: PUSH_HEADER_MESSAGES.notificationId });
    });
  }
});

describe("validatePushAuthentication", () => {
  const long = "x".repeat(PUSH_HEADER_VALUE_MAX_LENGTH + 1);
  const refused: ReadonlyArray<readonly [string, PushSecrets, string]> = [
    ["an empty scheme", { authentication: { scheme: "", credentials: "c" } }, PUSH_HEADER_MESSAGES.schemeRequired],
    ["CR LF in the scheme", { authentication: { scheme: "Bearer\r\nX-Evil: 1", credentials: "c" } }, PUSH_HEADER_MESSAGES.schemeControl],
    ["a tab in the scheme", { authentication: { scheme: "Bea\trer", credentials: "c" } }, PUSH_HEADER_MESSAGES.schemeControl],
    ["a space in the scheme", { authentication: { scheme: "Bearer x", credentials: "c" } }, PUSH_HEADER_MESSAGES.schemeToken],
    ["a colon in the scheme", { authentication: { scheme: "Bearer:", credentials: "c" } }, PUSH_HEADER_MESSAGES.schemeToken],
    ["a non-ASCII scheme", { authentication: { scheme: "Bëarer", credentials: "c" } }, PUSH_HEADER_MESSAGES.schemeToken],
    ["a scheme too long", { authentication: { scheme: long, credentials: "c" } }, PUSH_HEADER_MESSAGES.schemeTooLong],
    ["CR LF in credentials", { authentication: { scheme: "Bearer", credentials: "abc\r\nX-Evil: 1" } }, PUSH_HEADER_MESSAGES.credentialsControl],
    ["LF in credentials", { authentication: { scheme: "Bearer", credentials: "abc\ndef" } }, PUSH_HEADER_MESSAGES.credentialsControl],
    ["NUL in credentials", { authentication: { scheme: "Bearer", credentials: "abc\u0000" } }, PUSH_HEADER_MESSAGES.credentialsControl],
    ["DEL in credentials", { authentication: { scheme: "Bearer", credentials: "abc\u007f" } }, PUSH_HEADER_MESSAGES.credentialsControl],
    ["C1 NEL in credentials", { authentication: { scheme: "Bearer", credentials: "abc\u0085" } }, PUSH_HEADER_MESSAGES.credentialsControl],
    ["LF in basic credentials", { authentication: { scheme: "Basic", credentials: "u:p\n" } }, PUSH_HEADER_MESSAGES.credentialsControl],
    ["non-ASCII bearer credentials", { authentication: { scheme: "Bearer", credentials: "tökén" } }, PUSH_HEADER_MESSAGES.credentialsAscii],
    ["credentials too long", { authentication: { scheme: "Bearer", credentials: long } }, PUSH_HEADER_MESSAGES.credentialsTooLong],
    ["CR LF in the token", { token: "tok\r\nX-Evil: 1" }, PUSH_HEADER_MESSAGES.tokenControl],
    ["a tab in the token", { token: "tok\tx" }, PUSH_HEADER_MESSAGES.tokenControl],
    ["a non-ASCII token", { token: "tök" }, PUSH_HEADER_MESSAGES.tokenAscii],
    ["a token too long", { token: long }, PUSH_HEADER_MESSAGES.tokenTooLong],
  ];
  for (const [name, secrets, message] of refused) {
    it(`refuses ${name}`, () => {
      expect(validatePushAuthentication(secrets)).toEqual({ ok: false, message });
    });
  }

  const accepted: ReadonlyArray<readonly [string, PushSecrets]> = [
    ["nothing", {}],
    ["a token", { token: "tok-123" }],
    ["bearer credentials", { authentication: { scheme: "Bearer", credentials: "abc.def-ghi_jkl~mno+/=" } }],
    ["a scheme without credentials", { authentication: { scheme: "Bearer" } }],
    ["non-ASCII basic user:pass (base64-encoded as UTF-8)", { authentication: { scheme: "Basic", credentials: "jürgen:pässwort" } }],
    ["auth-params with spaces", { authentication: { scheme: "Custom", credentials: 'realm="a", key="b"' } }],
    ["credentials of exactly 4096 characters", { authentication: { scheme: "Bearer", credentials: "x".repeat(4096) } }],
  ];
  for (const [name, secrets] of accepted) {
    it(`accepts ${name}`, () => {
      expect(validatePushAuthentication(secrets)).toEqual({ ok: true });
    });
  }

  it("words each message exactly", () => {
    expect(PUSH_HEADER_MESSAGES).toEqual({
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
    });
  });
});
