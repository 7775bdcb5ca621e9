/**
 * JWT bearer callers (issue 10 item 1): tokens verified against a real local JWKS host, beside the
 * static bearer token. The principal is `jwt:<iss>#<sub>`; every refusal is 401
 * `{"error":"Unauthorized"}` with `WWW-Authenticate: Bearer … error="invalid_token"`.
 */
import { env } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import { describe, expect, inject, it, vi } from "vitest";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from "jose";
import worker from "../../../src/worker/index";
import { parseConfig } from "../../../src/config/config";
import { MAX_JWKS_BYTES, MAX_JWKS_FETCHES_PER_MINUTE } from "../../../src/worker/jwt-auth";
import { BASE, userMessage, V1, worker as self, sleep } from "../helpers/rpc";

const ISSUER = "https://idp.test/";
const AUDIENCE = "iac-code-a2a";
const jwks = inject("jwksServerUrl");

interface KeyPair {
  kid: string;
  alg: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

async function keyPair(kid: string, alg: string): Promise<KeyPair> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  return { kid, alg, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg, use: "sig" } };
}

async function publish(...keys: KeyPair[]): Promise<void> {
  const res = await fetch(`${jwks}/control/keys`, { method: "PUT", body: JSON.stringify({ keys: keys.map((k) => k.publicJwk) }) });
  expect(res.status).toBe(200);
}

async function setDown(down: boolean): Promise<void> {
  expect((await fetch(`${jwks}/control/down`, { method: "PUT", body: JSON.stringify({ down }) })).status).toBe(200);
}

async function fetches(): Promise<number> {
  return ((await (await fetch(`${jwks}/control/fetches`)).json()) as { fetches: number }).fetches;
}

const now = () => Math.floor(Date.now() / 1000);

interface Claims {
  iss?: string;
  aud?: string;
  sub?: string | null;
  exp?: number | null;
  [claim: string]: unknown;
}

async function token(key: KeyPair, claims: Claims = {}, header: Record<string, unknown> = {}): Promise<string> {
  const { iss = ISSUER, aud = AUDIENCE, sub = "alice", exp = now() + 300, iat, ...rest } = claims;
  const jwt = new SignJWT({ ...rest, ...(sub === null ? {} : { sub }), ...(exp === null ? {} : { exp }) })
    .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: "JWT", ...header })
    .setIssuedAt(typeof iat === "number" ? iat : undefined)
    .setIssuer(iss)
    .setAudience(aud);
  return jwt.sign(key.privateKey);
}

function call(
  method: string,
  params: unknown,
  authorization?: string,
  via: (r: Request) => Promise<Response> = async (r) => self().fetch(r),
): Promise<Response> {
  const headers: Record<string, string> = { ...V1, ...(authorization ? { Authorization: authorization } : {}) };
  return via(new Request(`${BASE}/`, { method: "POST", headers, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) }));
}

async function expectInvalidToken(res: Response): Promise<void> {
  expect(res.status).toBe(401);
  expect(await res.json()).toEqual({ error: "Unauthorized" });
  expect(res.headers.get("WWW-Authenticate")).toBe('Bearer realm="iac-code", error="invalid_token"');
}

/** One env object per configuration, so its JWKS cache lives across calls as in one isolate. */
function envWith(overrides: Record<string, string>): (r: Request) => Promise<Response> {
  const e = { ...env, ...overrides } as Env;
  return async (r) => worker.fetch(r, e, createExecutionContext());
}

const es = await keyPair("es-1", "ES256");
const rsa = await keyPair("rs-1", "RS256");
const ed = await keyPair("ed-1", "EdDSA");
await publish(es, rsa, ed);

describe("JWT bearer tokens against a JWKS (issue 10 item 1)", () => {
  it("the card advertises HTTP bearer with bearerFormat JWT beside the static bearer token", async () => {
    const card = (await (await self().fetch(`${BASE}/.well-known/agent-card.json`)).json()) as {
      securitySchemes: Record<string, unknown>;
      securityRequirements: unknown[];
    };
    // Both versions' shapes in each scheme (card-security.ts): the 1.0 wrapper, then 0.3's OpenAPI members.
    expect(card.securitySchemes).toEqual({
      bearerAuth: { httpAuthSecurityScheme: { scheme: "bearer" }, type: "http", scheme: "bearer" },
      jwtAuth: { httpAuthSecurityScheme: { scheme: "bearer", bearerFormat: "JWT" }, type: "http", scheme: "bearer", bearerFormat: "JWT" },
    });
    expect(card.securityRequirements).toHaveLength(2);
  });

  it("with IACCODE_A2A_JWT_OIDC_URL the card advertises openIdConnectSecurityScheme", async () => {
    const via = envWith({ IACCODE_A2A_JWT_OIDC_URL: "https://idp.test/.well-known/openid-configuration" });
    const card = (await (await via(new Request(`${BASE}/.well-known/agent-card.json`))).json()) as { securitySchemes: Record<string, unknown> };
    const url = "https://idp.test/.well-known/openid-configuration";
    expect(card.securitySchemes.oidcAuth).toEqual({ openIdConnectSecurityScheme: { openIdConnectUrl: url }, type: "openIdConnect", openIdConnectUrl: url });
  });

  it("accepts valid ES256, RS256 and EdDSA tokens; the static bearer token keeps working", async () => {
    for (const key of [es, rsa, ed]) {
      const res = await call("ListTasks", {}, `Bearer ${await token(key)}`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { result: { tasks: unknown[] } }).result.tasks).toBeInstanceOf(Array);
    }
    expect((await call("ListTasks", {}, "Bearer static-token-0001")).status).toBe(200);
  });

  it("principal jwt:<iss>#<sub>: two subjects never see each other's tasks", async () => {
    const alice = `Bearer ${await token(es, { sub: "alice" })}`;
    const bob = `Bearer ${await token(es, { sub: "bob" })}`;
    const sent = (await (await call("SendMessage", { message: userMessage("mine", { contextId: "jwt-shared" }) }, alice)).json()) as {
      result: { task: { id: string } };
    };
    const taskId = sent.result.task.id;
    const asBob = (await (await call("GetTask", { id: taskId }, bob)).json()) as { error: { code: number } };
    expect(asBob.error.code).toBe(-32001);
    const bobList = (await (await call("ListTasks", { contextId: "jwt-shared" }, bob)).json()) as { result: { totalSize: number } };
    expect(bobList.result.totalSize).toBe(0);
    const asStatic = (await (await call("GetTask", { id: taskId }, "Bearer static-token-0001")).json()) as { error: { code: number } };
    expect(asStatic.error.code).toBe(-32001);
    const own = (await (await call("GetTask", { id: taskId }, alice)).json()) as { result: { id: string } };
    expect(own.result.id).toBe(taskId);
  });

  it("refuses expired and not-yet-valid tokens beyond the 60 s clock tolerance, accepts within it", async () => {
    await expectInvalidToken(await call("ListTasks", {}, `Bearer ${await token(es, { exp: now() - 120 })}`));
    await expectInvalidToken(await call("ListTasks", {}, `Bearer ${await token(es, { nbf: now() + 300 })}`));
    expect((await call("ListTasks", {}, `Bearer ${await token(es, { exp: now() - 30 })}`)).status).toBe(200);
    expect((await call("ListTasks", {}, `Bearer ${await token(es, { nbf: now() + 30 })}`)).status).toBe(200);
  });

  it("refuses a token issued in the future beyond the 60 s clock tolerance (issue 23, minor)", async () => {
    await expectInvalidToken(await call("ListTasks", {}, `Bearer ${await token(es, { iat: now() + 3600 })}`));
    await expectInvalidToken(await call("ListTasks", {}, `Bearer ${await token(es, { iat: now() + 120, exp: now() + 3600 })}`));
    expect((await call("ListTasks", {}, `Bearer ${await token(es, { iat: now() + 30 })}`)).status).toBe(200);
  });

  it("refuses a wrong issuer, a wrong audience, a missing sub or exp", async () => {
    await expectInvalidToken(await call("ListTasks", {}, `Bearer ${await token(es, { iss: "https://evil.test/" })}`));
    await expectInvalidToken(await call("ListTasks", {}, `Bearer ${await token(es, { aud: "someone-else" })}`));
    await expectInvalidToken(await call("ListTasks", {}, `Bearer ${await token(es, { sub: null })}`));
    await expectInvalidToken(await call("ListTasks", {}, `Bearer ${await token(es, { exp: null })}`));
  });

  it("refuses an algorithm outside IACCODE_A2A_JWT_ALGORITHMS, HS256 and alg none, and garbage", async () => {
    const es384 = await keyPair("es-384", "ES384");
    await publish(es, rsa, ed, es384);
    await expectInvalidToken(await call("ListTasks", {}, `Bearer ${await token(es384)}`));
    // HS256 signed with the public JWK's text as the secret: the classic key-confusion attack.
    const hs = await new SignJWT({ sub: "alice" })
      .setProtectedHeader({ alg: "HS256", kid: es.kid })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setExpirationTime("5m")
      .sign(new TextEncoder().encode(JSON.stringify(es.publicJwk)));
    await expectInvalidToken(await call("ListTasks", {}, `Bearer ${hs}`));
    const b64 = (o: unknown) => btoa(JSON.stringify(o)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
    const unsigned = `${b64({ alg: "none", typ: "JWT" })}.${b64({ iss: ISSUER, aud: AUDIENCE, sub: "alice", exp: now() + 300 })}.`;
    await expectInvalidToken(await call("ListTasks", {}, `Bearer ${unsigned}`));
    await expectInvalidToken(await call("ListTasks", {}, "Bearer not.a.jwt"));
    await expectInvalidToken(await call("ListTasks", {}, `Bearer ${"x".repeat(20_000)}`));
  });

  it("a request with no credentials gets the challenge without an error code (RFC 6750 §3.1)", async () => {
    const res = await call("ListTasks", {});
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "Unauthorized" });
    expect(res.headers.get("WWW-Authenticate")).toBe('Bearer realm="iac-code"');
  });

  it("logs the reason of a refusal, never the token", async () => {
    const warn = vi.spyOn(console, "warn");
    const expired = await token(es, { exp: now() - 3600 });
    await expectInvalidToken(await call("ListTasks", {}, `Bearer ${expired}`));
    const logged = warn.mock.calls.map((args) => args.join(" ")).join("\n");
    warn.mockRestore();
    expect(logged).toContain('"event":"auth.jwt_refused","reason":"ERR_JWT_EXPIRED');
    expect(logged).not.toContain(expired.split(".")[2]);
    expect(logged).not.toContain(expired.split(".")[1]);
  });

  it("an unknown kid refreshes the JWKS at most once per cooldown; a rotated key is accepted after it", async () => {
    const next = await keyPair("es-2", "ES256");
    await sleep(1100); // past the project's 1 s cooldown since the last fetch
    const before = await fetches();
    await expectInvalidToken(await call("ListTasks", {}, `Bearer ${await token(next)}`));
    expect(await fetches()).toBe(before + 1);
    // Within the cooldown another unknown kid costs no fetch.
    await expectInvalidToken(await call("ListTasks", {}, `Bearer ${await token(await keyPair("es-3", "ES256"))}`));
    expect(await fetches()).toBe(before + 1);
    await publish(next, es, rsa, ed); // rotation: the new key is prepended
    await sleep(1100);
    expect((await call("ListTasks", {}, `Bearer ${await token(next)}`)).status).toBe(200);
    expect(await fetches()).toBe(before + 2);
    expect((await call("ListTasks", {}, `Bearer ${await token(es)}`)).status).toBe(200);
  });

  it(`JWKS refreshes are bounded even with IACCODE_A2A_JWT_JWKS_COOLDOWN_SECONDS=0: at most ${MAX_JWKS_FETCHES_PER_MINUTE} a minute (issue 23 item 3)`, async () => {
    const noCooldown = envWith({ IACCODE_A2A_JWT_JWKS_COOLDOWN_SECONDS: "0" });
    const before = await fetches();
    expect((await call("ListTasks", {}, `Bearer ${await token(es)}`, noCooldown)).status).toBe(200);
    const forged = await Promise.all(Array.from({ length: 30 }, async (_, i) => token(await keyPair(`forged-${i}`, "ES256"))));
    for (const t of forged.slice(0, 15)) await expectInvalidToken(await call("ListTasks", {}, `Bearer ${t}`, noCooldown));
    await Promise.all(forged.slice(15).map(async (t) => expectInvalidToken(await call("ListTasks", {}, `Bearer ${t}`, noCooldown))));
    const made = (await fetches()) - before;
    // One cold fetch, then refreshes on unknown kids until the budget is spent (30 without it).
    expect(made).toBe(MAX_JWKS_FETCHES_PER_MINUTE);
    // A known key still verifies from the cache, with no fetch.
    expect((await call("ListTasks", {}, `Bearer ${await token(es)}`, noCooldown)).status).toBe(200);
    expect((await fetches()) - before).toBe(MAX_JWKS_FETCHES_PER_MINUTE);
  });

  it("JWKS host down: cached keys still verify; an unknown kid or a cold cache answers 401, never 5xx", async () => {
    await setDown(true);
    try {
      await sleep(1100);
      expect((await call("ListTasks", {}, `Bearer ${await token(es)}`)).status).toBe(200);
      await expectInvalidToken(await call("ListTasks", {}, `Bearer ${await token(await keyPair("es-4", "ES256"))}`));
      const cold = envWith({ IACCODE_A2A_JWT_AUDIENCE: AUDIENCE });
      await expectInvalidToken(await call("ListTasks", {}, `Bearer ${await token(es)}`, cold));
    } finally {
      await setDown(false);
    }
  });

  it("IACCODE_A2A_JWT_REQUIRED_SCOPES: a token without them gets 403 insufficient_scope", async () => {
    const via = envWith({ IACCODE_A2A_JWT_REQUIRED_SCOPES: "a2a:write" });
    const res = await call("ListTasks", {}, `Bearer ${await token(es, { scope: "a2a:read" })}`, via);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: "Forbidden" });
    expect(res.headers.get("WWW-Authenticate")).toBe('Bearer realm="iac-code", error="insufficient_scope", scope="a2a:write"');
    expect((await call("ListTasks", {}, `Bearer ${await token(es, { scope: "a2a:read a2a:write" })}`, via)).status).toBe(200);
    expect((await call("ListTasks", {}, `Bearer ${await token(es, { scp: ["a2a:write"] })}`, via)).status).toBe(200);
  });

  it(`issue 30 item 6: a JWKS over ${MAX_JWKS_BYTES} bytes is not read past the cap (the token gets 401); one under it is used`, async () => {
    const padded = async () => (await (await fetch(`${jwks}/control/padded`)).json()) as { sent: number; completed: boolean };
    // 40 MiB (it used to be parsed whole: +243 MiB): the reader stops, the rest is never sent.
    const huge = envWith({ IACCODE_A2A_JWT_JWKS_URL: `${jwks}/padded-jwks.json?bytes=${40 * 1024 * 1024}` });
    await expectInvalidToken(await call("ListTasks", {}, `Bearer ${await token(es)}`, huge));
    await vi.waitFor(async () => expect((await padded()).sent).toBeGreaterThan(MAX_JWKS_BYTES));
    await sleep(500);
    const after = await padded();
    expect(after.completed).toBe(false);
    // What went out is the cap plus the socket buffers between the two processes, a fraction of the document.
    expect(after.sent).toBeLessThan(10 * 1024 * 1024);
    // A padded set under the cap is read whole and verifies.
    const under = envWith({ IACCODE_A2A_JWT_JWKS_URL: `${jwks}/padded-jwks.json?bytes=${MAX_JWKS_BYTES - 4096}` });
    expect((await call("ListTasks", {}, `Bearer ${await token(es)}`, under)).status).toBe(200);
    expect(await padded()).toMatchObject({ completed: true });
  });

  it("IACCODE_A2A_JWT_JWKS: the key set inline, no fetch", async () => {
    const inline = await keyPair("inline-1", "EdDSA");
    const via = envWith({ IACCODE_A2A_JWT_JWKS_URL: "", IACCODE_A2A_JWT_JWKS: JSON.stringify({ keys: [inline.publicJwk] }) });
    const before = await fetches();
    expect((await call("ListTasks", {}, `Bearer ${await token(inline)}`, via)).status).toBe(200);
    await expectInvalidToken(await call("ListTasks", {}, `Bearer ${await token(es)}`, via));
    expect(await fetches()).toBe(before);
  });
});

describe("JWT configuration errors name the variable", () => {
  const base = { IACCODE_A2A_JWT_ISSUER: ISSUER, IACCODE_A2A_JWT_AUDIENCE: AUDIENCE, IACCODE_A2A_JWT_JWKS_URL: "https://idp.example.com/jwks.json" };
  it("an https JWKS URL on a public host, or any on loopback, is accepted (issue 23, minor)", () => {
    for (const url of ["https://idp.example.com/.well-known/jwks.json", "http://127.0.0.1:9000/jwks.json", "https://localhost/jwks.json"]) {
      expect(parseConfig({ ...base, IACCODE_A2A_JWT_JWKS_URL: url }).auth.jwt?.jwksUrl).toBe(new URL(url).href);
    }
  });
  it.each([
    [{ IACCODE_A2A_JWT_ALGORITHMS: "RS256,HS256" }, "Invalid configuration IACCODE_A2A_JWT_ALGORITHMS: HS256 is never accepted for JWKS keys"],
    [{ IACCODE_A2A_JWT_ALGORITHMS: "none" }, "Invalid configuration IACCODE_A2A_JWT_ALGORITHMS: none is never accepted for JWKS keys"],
    [{ IACCODE_A2A_JWT_AUDIENCE: "" }, "Invalid configuration IACCODE_A2A_JWT_AUDIENCE: is required with IACCODE_A2A_JWT_ISSUER"],
    [
      { IACCODE_A2A_JWT_JWKS: '{"keys":[]}' },
      "Invalid configuration IACCODE_A2A_JWT_JWKS_URL: set exactly one of IACCODE_A2A_JWT_JWKS_URL and IACCODE_A2A_JWT_JWKS",
    ],
    [{ IACCODE_A2A_JWT_JWKS_URL: "http://idp.test/jwks.json" }, "Invalid configuration IACCODE_A2A_JWT_JWKS_URL: must be an absolute https URL"],
    [
      { IACCODE_A2A_JWT_JWKS_URL: "", IACCODE_A2A_JWT_JWKS: '{"keys":[{"kty":"oct","k":"c2VjcmV0"}]}' },
      "Invalid configuration IACCODE_A2A_JWT_JWKS: key 0 is symmetric; only public keys are accepted",
    ],
    [
      { IACCODE_A2A_JWT_JWKS_URL: "", IACCODE_A2A_JWT_JWKS: '{"keys":[{"kty":"EC","crv":"P-256","x":"a","y":"b","d":"c"}]}' },
      "Invalid configuration IACCODE_A2A_JWT_JWKS: key 0 holds private key material; publish public keys only",
    ],
    [
      { IACCODE_A2A_JWT_JWKS_URL: "https://10.0.0.1/jwks.json" },
      "Invalid configuration IACCODE_A2A_JWT_JWKS_URL: must not point at a private, link-local or special-use host",
    ],
    [
      { IACCODE_A2A_JWT_JWKS_URL: "https://169.254.169.254/latest/meta-data" },
      "Invalid configuration IACCODE_A2A_JWT_JWKS_URL: must not point at a private, link-local or special-use host",
    ],
    [
      { IACCODE_A2A_JWT_JWKS_URL: "https://192.168.1.10:8443/jwks.json" },
      "Invalid configuration IACCODE_A2A_JWT_JWKS_URL: must not point at a private, link-local or special-use host",
    ],
    [
      { IACCODE_A2A_JWT_JWKS_URL: "https://[fd00::1]/jwks.json" },
      "Invalid configuration IACCODE_A2A_JWT_JWKS_URL: must not point at a private, link-local or special-use host",
    ],
    [
      { IACCODE_A2A_JWT_JWKS_URL: "https://[fe80::1]/jwks.json" },
      "Invalid configuration IACCODE_A2A_JWT_JWKS_URL: must not point at a private, link-local or special-use host",
    ],
    [
      { IACCODE_A2A_JWT_JWKS_URL: "https://idp.internal/jwks.json" },
      "Invalid configuration IACCODE_A2A_JWT_JWKS_URL: must not point at a private, link-local or special-use host",
    ],
    [
      { IACCODE_A2A_JWT_JWKS_URL: "https://100.64.0.1/jwks.json" },
      "Invalid configuration IACCODE_A2A_JWT_JWKS_URL: must not point at a private, link-local or special-use host",
    ],
    [{ IACCODE_A2A_JWT_JWKS_COOLDOWN_SECONDS: "60" }, "Invalid configuration IACCODE_A2A_JWT_JWKS_COOLDOWN_SECONDS: must be an integer from 0 to 30"],
    [{ IACCODE_A2A_JWT_ISSUER: "" }, "Invalid configuration IACCODE_A2A_JWT_AUDIENCE: needs IACCODE_A2A_JWT_ISSUER"],
  ])("%j", (overrides, message) => {
    expect(() => parseConfig({ ...base, ...overrides })).toThrow(message);
  });
});
