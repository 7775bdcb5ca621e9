/**
 * Issue 23 item 4: object names no caller can forge. A principal is part of the names of its
 * ContextAgents and TaskIndex shards; a JWT `sub` that spells the separator (U+27C2), `index:`, a
 * shard suffix, a long or Unicode name, or an unpaired surrogate must never reach another owner's
 * objects, whatever the shard layout. Real JWTs (an inline JWKS), the real Worker, ContextAgents
 * and TaskIndex shards; this project writes with IACCODE_A2A_INDEX_SHARDS=3 (previous 1), and the
 * lists are read in that layout and in changed ones (1 after 3, 2 after 3, 4 after 1).
 */
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { createExecutionContext } from "cloudflare:test";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from "jose";
import worker from "../../../src/worker/index";
import { V1, userMessage, type TaskLike } from "../helpers/rpc";
import { taskIndexFor } from "../../../src/durable/stubs";
import type { IndexRow } from "../../../src/durable/task-index/task-index";

const ISSUER = "https://idp.test/";
const AUDIENCE = "iac-code-a2a";
const SEP = "\u27c2";
const VICTIM = "bob";
const owner = (sub: string) => `jwt:${ISSUER}#${sub}`;

/** Subjects chosen to spell the victim's object names in every layout the test reads. */
const HOSTILE = [
  `${VICTIM}${SEP}index:0/3`,
  `${VICTIM}${SEP}index:1/3`,
  `${VICTIM}${SEP}index:2/3`,
  `${VICTIM}${SEP}index:0/1`,
  `${VICTIM}${SEP}index:0/2`,
  `${VICTIM}${SEP}index:3/4`,
  `${VICTIM}${SEP}`,
  `${VICTIM}${SEP}${SEP}`,
  `${SEP}${VICTIM}`,
  `index:0/3`,
  `${VICTIM}${SEP}ctx-1`,
  `${VICTIM}\ufffd`,
  `${VICTIM}\ufffd\ufffd\ufffd`,
  "b".repeat(256),
  `${"⟂".repeat(120)}index:0/3`,
  "ボブ⟂index:1/3",
  "bob\u200d",
  "BOB",
];

const keys = await (async () => {
  const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
  return { privateKey: privateKey as CryptoKey, jwk: { ...(await exportJWK(publicKey)), kid: "k1", alg: "ES256", use: "sig" } };
})();

async function tokenFor(sub: string): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: "ES256", kid: "k1" })
    .setSubject(sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime("10m")
    .sign(keys.privateKey);
}

/** The Worker's env with JWT auth on, read in the given index layout. */
function envFor(shards: number, previous?: number): Env {
  return {
    ...env,
    IACCODE_A2A_JWT_ISSUER: ISSUER,
    IACCODE_A2A_JWT_AUDIENCE: AUDIENCE,
    IACCODE_A2A_JWT_JWKS: JSON.stringify({ keys: [keys.jwk] }),
    IACCODE_A2A_INDEX_SHARDS: String(shards),
    IACCODE_A2A_INDEX_SHARDS_PREVIOUS: previous === undefined ? "" : String(previous),
  } as unknown as Env;
}

/** The project's own layout (3 shards, previous 1): the one the contexts write with. */
const WRITE_ENV = envFor(3, 1);

async function call<T>(sub: string, method: string, params: unknown, e: Env = WRITE_ENV): Promise<T> {
  const request = new Request("http://127.0.0.1:8787/", {
    method: "POST",
    headers: { ...V1, Authorization: `Bearer ${await tokenFor(sub)}` },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const res = await worker.fetch(request, e, createExecutionContext());
  const body = (await res.json()) as { result?: T; error?: unknown };
  if (body.result === undefined) throw new Error(`${method} for ${JSON.stringify(sub)}: ${JSON.stringify(body.error)}`);
  return body.result;
}

function legacyRow(i: number): IndexRow {
  const id = `bob-legacy-${i}`;
  const contextId = `bob-legacy-ctx-${i}`;
  const ts = Date.parse("2026-11-01T00:00:00.000Z") + i * 1000;
  return {
    id,
    contextId,
    state: "TASK_STATE_INPUT_REQUIRED",
    tsMs: ts,
    summary: JSON.stringify({ id, contextId, status: { state: "TASK_STATE_INPUT_REQUIRED", timestamp: new Date(ts).toISOString() } }),
    history: JSON.stringify([{ role: "ROLE_USER", parts: [{ text: `bob's secret legacy ${i}` }], messageId: `m${i}` }]),
    artifacts: "[]",
  };
}

/** Subjects with an unpaired surrogate: storage would read them back as U+FFFD, so they are refused. */
const NOT_TEXT = [`${VICTIM}\ud800`, `${VICTIM}\udc00${SEP}index:0/3`, "\udfff"];

describe("object names no caller can forge (issue 23 item 4)", () => {
  it("a subject that is not well-formed text is refused with 401 before it names any object", async () => {
    for (const sub of NOT_TEXT) {
      const request = new Request("http://127.0.0.1:8787/", {
        method: "POST",
        headers: { ...V1, Authorization: `Bearer ${await tokenFor(sub)}` },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ListTasks", params: {} }),
      });
      const res = await worker.fetch(request, WRITE_ENV, createExecutionContext());
      expect(res.status, JSON.stringify(sub)).toBe(401);
      await res.body?.cancel();
    }
  });

  it("hostile subjects never list, import or reach the victim's tasks across shard-count changes", async () => {
    // The victim's rows of an older one-shard deployment, and tasks of the current one.
    const legacy = [0, 1, 2].map(legacyRow);
    await taskIndexFor(env, owner(VICTIM), 0, 1).apply({ upserts: legacy, removals: [] }, { shard: 0, shards: 1, previous: undefined }, owner(VICTIM));
    const mine = new Map<string, Set<string>>();
    const subjects = [VICTIM, ...HOSTILE];
    for (const sub of subjects) mine.set(sub, new Set(sub === VICTIM ? legacy.map((r) => r.id) : []));
    for (let round = 0; round < 2; round++) {
      for (const [i, sub] of subjects.entries()) {
        // The victim's contexts are spread over every shard; each hostile subject picks context ids too.
        const contextId = `ctx-${round}-${i}`;
        const text = sub === VICTIM ? `bob's secret ${round}` : `hostile ${i} ${round}`;
        const { task } = await call<{ task: TaskLike }>(sub, "SendMessage", { message: userMessage(text, { contextId }) });
        mine.get(sub)?.add(task.id);
      }
    }
    for (const [shards, previous] of [
      [3, 1],
      [1, 3],
      [2, 3],
      [4, 1],
    ] as const) {
      const e = envFor(shards, previous);
      for (const sub of subjects) {
        const list = await call<{ tasks: TaskLike[]; totalSize: number }>(sub, "ListTasks", { pageSize: 100, historyLength: 10 }, e);
        const seen = new Set(list.tasks.map((t) => t.id));
        // The label is the JSON spelling: an unpaired surrogate cannot travel in the test report as it is.
        const label = JSON.stringify(sub);
        expect({ label, shards, previous, ids: [...seen].sort() }).toEqual({ label, shards, previous, ids: [...(mine.get(sub) ?? [])].sort() });
        expect(list.totalSize, label).toBe(mine.get(sub)?.size);
        if (sub !== VICTIM) expect(JSON.stringify(list)).not.toContain("bob's secret");
      }
    }
    // The victim's tasks are out of every hostile subject's reach by id too (GetTask checks the owner).
    const victimTask = [...(mine.get(VICTIM) ?? [])].find((id) => !id.startsWith("bob-legacy"));
    for (const sub of HOSTILE.slice(0, 3)) {
      await expect(call(sub, "GetTask", { id: victimTask })).rejects.toThrow(/-32001/);
    }
  });
});
