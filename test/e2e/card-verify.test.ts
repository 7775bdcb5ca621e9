/**
 * `a2a-client` against `wrangler dev` with card signing keys and credentials (issue 10 item 2):
 * `card --verify` checks the ES256 signature against the jku JWKS the server publishes (which also
 * proves the client's canonical JSON equals the server's), fails with a clear reason and exit 1
 * against a pinned JWKS of other keys, `send --verify` refuses an unverifiable card, and
 * `--api-key` / `--basic` authenticate.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { startWranglerDev, type DevServer } from "./wrangler-dev.ts";

const run = promisify(execFile);
let server: DevServer;
let scratch: string;

function privateJwk(kid: string): Record<string, unknown> {
  return { ...generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ format: "jwk" }), kid };
}

async function client(...args: string[]): Promise<{ stdout: string; stderr: string }> {
  return run(process.execPath, ["bin/a2a-client.mjs", "--url", server.base, ...args], { maxBuffer: 4 * 1024 * 1024 });
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "iac-a2a-verify-"));
  server = await startWranglerDev((base) => ({
    IACCODE_A2A_AGENT: "conformance",
    IACCODE_A2A_PUBLIC_URL: base,
    IACCODE_A2A_SIGNING_KEYS: JSON.stringify({ keys: [privateJwk("e2e-card-1")] }),
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
    expect(stderr).toBe(`signature verified: kid e2e-card-1 (ES256) against ${server.base}/.well-known/jwks.json\n`);
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
