/**
 * `a2a-client` against `wrangler dev` with card signing keys and credentials (issue 10 item 2):
 * `card --verify` checks the signature against the jku JWKS the server publishes (which also
 * proves the client's canonical JSON equals the server's), fails with a clear reason and exit 1
 * against a pinned JWKS of other keys, `send --verify` refuses an unverifiable card, and
 * `--api-key` / `--basic` authenticate. Issue 20 item 1: the server's key is the one the README's
 * recipe (`npm run keygen`) prints, and the client verifies both forms: the served form (checked
 * against the independent `canonicalize` package and the published RFC 8785 vectors) and the SDK form.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import canonicalize from "canonicalize";
import { startWranglerDev, type DevServer } from "./wrangler-dev.ts";
import { CARD_VECTORS, NUMBER_SAMPLES, REJECTED, TEXT_VECTORS, doubleOf } from "../worker/helpers/rfc8785-vectors.ts";

const run = promisify(execFile);

type Canonical = (value: unknown) => string;
type CardForm = (card: Record<string, unknown>) => string;
// Plain JavaScript modules without type declarations (the CLI's and the page's own code).
const { canonicalCard, rfc8785, servedCanonicalCard } = (await import(new URL("../../src/client/card-canonical.mjs", import.meta.url).href)) as {
  canonicalCard: CardForm;
  rfc8785: Canonical;
  servedCanonicalCard: CardForm;
};
const {
  rfc8785: playgroundRfc8785,
  servedForm,
  sdkForm,
  verifyCard,
} = (await import(new URL("../../src/playground/card.js", import.meta.url).href)) as {
  rfc8785: Canonical;
  servedForm: CardForm;
  sdkForm: CardForm;
  verifyCard: (card: Record<string, unknown>, secret: string) => Promise<string>;
};
let server: DevServer;
let scratch: string;
const SECRET = "e2e-card-signing-secret-0123456789";

/** The README's recipe, as printed: `npm run keygen` (the Ed25519 default). */
async function keygen(): Promise<Record<string, unknown>> {
  const { stdout } = await run("npm", ["run", "-s", "keygen", "--", "--kid", "e2e-card-1"]);
  return JSON.parse(stdout) as Record<string, unknown>;
}

function privateJwk(kid: string): Record<string, unknown> {
  return { ...generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ format: "jwk" }), kid };
}

async function client(...args: string[]): Promise<{ stdout: string; stderr: string }> {
  return run(process.execPath, ["bin/a2a-client.mjs", "--url", server.base, ...args], { maxBuffer: 4 * 1024 * 1024 });
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "iac-a2a-verify-"));
  const generated = await keygen();
  server = await startWranglerDev((base) => ({
    IACCODE_A2A_AGENT: "conformance",
    IACCODE_A2A_PUBLIC_URL: base,
    IACCODE_A2A_SIGNING_KEYS: JSON.stringify(generated),
    IACCODE_A2A_SIGNING_SECRET: SECRET,
    IACCODE_A2A_API_KEY: "e2e-api-key",
    IACCODE_A2A_BASIC_USERNAME: "alice",
    IACCODE_A2A_BASIC_PASSWORD: "wonder land",
  }));
  const other = privateJwk("someone-else");
  const { d: _d, ...publicOnly } = other;
  writeFileSync(join(scratch, "other-jwks.json"), JSON.stringify({ keys: [{ ...publicOnly, alg: "ES256", use: "sig" }] }));
});

afterAll(async () => {
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

describe("a2a-client --verify, --api-key, --basic on wrangler dev", () => {
  it("card --verify checks the signature against the jku JWKS", async () => {
    const { stdout, stderr } = await client("card", "--verify");
    expect(JSON.parse(stdout).name).toBe("iac-code");
    expect(stderr).toBe(`signature verified: kid e2e-card-1 (EdDSA) against ${server.base}/.well-known/jwks.json; forms: served, sdk\n`);
  });

  it("the client's and the playground's served form are the card as served under an independent RFC 8785 implementation", async () => {
    const card = (await (await fetch(`${server.base}/.well-known/agent-card.json`)).json()) as Record<string, unknown>;
    const { signatures: _drop, ...rest } = card;
    expect(servedCanonicalCard(card)).toBe(canonicalize(rest));
    expect(servedForm(card)).toBe(canonicalize(rest));
    expect(sdkForm(card)).toBe(canonicalCard(card));
    expect(await verifyCard(card, SECRET)).toBe("verified");
    expect(await verifyCard(card, "not-the-secret-0123456789abcdefgh")).toBe("does not verify");
    expect(await verifyCard({ ...card, url: "https://evil.example.com/" }, SECRET)).toBe("verified (SDK form only: a spec-exact verifier will not accept it)");
  });

  it("card --jwks pins the keys: a JWKS of other keys fails with a clear reason and exit 1", async () => {
    const failed = await client("card", "--jwks", join(scratch, "other-jwks.json")).catch((e: { code: number; stderr: string }) => e);
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toMatch(/^a2a-client: Agent card refused: the card's signature does not verify \(e2e-card-1: /);
    const pinned = await client("card", "--jwks", `${server.base}/.well-known/jwks.json`);
    expect(pinned.stderr).toContain("signature verified: kid e2e-card-1");
  });

  it("send --verify talks to a verified server and refuses one whose card does not verify", async () => {
    const sent = JSON.parse((await client("send", "--verify", "--api-key", "e2e-api-key", "--json", "hello")).stdout);
    expect(sent.task.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
    const refused = await client("send", "--jwks", join(scratch, "other-jwks.json"), "--api-key", "e2e-api-key", "hello").catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stderr: string }).stderr).toContain("Agent card refused");
  });

  it("--basic and --api-key authenticate as different principals; no credentials get a clear error", async () => {
    const asAlice = JSON.parse((await client("send", "--basic", "alice:wonder land", "--json", "mine")).stdout).task;
    const byKey = await client("get", asAlice.id, "--api-key", "e2e-api-key").catch((e: { stderr: string }) => e);
    expect((byKey as { stderr: string }).stderr).toContain("(-32001)");
    expect((await client("get", asAlice.id, "--basic", "alice:wonder land")).stdout).toContain(`task ${asAlice.id}`);
    const none = await client("list").catch((e: { stderr: string }) => e);
    expect((none as { stderr: string }).stderr).toContain("Unauthorized: pass --token, --basic or --api-key");
  });
});

describe("the client's and the playground's canonicalizers hold the published vectors (issue 20 item 1)", () => {
  const implementations: Array<[string, Canonical]> = [
    ["client", rfc8785],
    ["playground", playgroundRfc8785],
  ];
  it.each(TEXT_VECTORS)("$name", ({ input, output }) => {
    for (const [, canonical] of implementations) expect(canonical(JSON.parse(input))).toBe(output);
  });
  it.each(NUMBER_SAMPLES)("RFC 8785 Appendix B: %s → %s", (bits, output) => {
    for (const [, canonical] of implementations) expect(canonical(doubleOf(bits))).toBe(output);
  });
  it.each(REJECTED)("refuses $name", ({ value }) => {
    for (const [, canonical] of implementations) expect(() => canonical(value)).toThrow();
  });
  it.each(CARD_VECTORS)("served form: $name", ({ card, output }) => {
    expect(servedCanonicalCard(card)).toBe(output);
    expect(servedForm(card)).toBe(output);
  });
});
