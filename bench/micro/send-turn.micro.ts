/**
 * Issue 29 item 4: two costs of every SendMessage inside its ContextAgent, timed in workerd
 * (time.ts) in a context of 60 turns (120 messages), as a long-lived conversation has.
 *
 * - Finding a repeated request (repeat-requests.ts): by messageId or Idempotency-Key in one
 *   statement (an OR over two partial indexes) against by messageId alone, the one id a request
 *   without an Idempotency-Key has. Both are first checked to give the same answer.
 * - The database size the owner's quota checks before every turn (quota-lease.ts `chargeTurn`):
 *   `sql.databaseSize`, beside a one-row read by key for scale.
 * - A one-statement write alone or inside `transactionSync`: the TaskIndex's write of a turn's end
 *   is one upsert (task-index.ts `apply`).
 */
import { describe, expect, it } from "vitest";
import { env, exports } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { contextAgentFor } from "../../src/durable/stubs";
import { report, timeAlternatives } from "./time";

const V1 = { "Content-Type": "application/json", "A2A-Version": "1.0" };
const TURNS = 60;

async function sendTurn(contextId: string, messageId: string): Promise<void> {
  const message = { messageId, role: "ROLE_USER", parts: [{ text: "x" }], contextId };
  const res = await (exports.default as unknown as Fetcher).fetch("http://127.0.0.1:8787/", {
    method: "POST",
    headers: V1,
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "SendMessage", params: { message } }),
  });
  expect(res.status).toBe(200);
}

const BY_EITHER =
  "SELECT task_id, turn, request_digest, request_key IS NOT NULL AND request_key = ?2 AS by_key FROM messages WHERE message_id = ?1 OR request_key = ?2 LIMIT 1";
const BY_MESSAGE_ID = "SELECT task_id, turn, request_digest, 0 AS by_key FROM messages WHERE message_id = ?1 LIMIT 1";

describe("micro: a SendMessage's own statements", () => {
  it("finding a repeated request, and the database size the quota reads", async () => {
    const contextId = `micro-send-${crypto.randomUUID().slice(0, 8)}`;
    const ids = Array.from({ length: TURNS }, (_, n) => `tck-complete-task-micro-${n}-${crypto.randomUUID().slice(0, 6)}`);
    for (const id of ids) await sendTurn(contextId, id);
    await runInDurableObject(contextAgentFor(env, "anonymous", contextId), async (_instance: unknown, state) => {
      const sql = state.storage.sql;
      // Half known (a repeat), half new (every other request): the answers must agree.
      const asked = (i: number) => (i % 2 === 0 ? (ids[(i / 2) % TURNS] as string) : `new-${i}`);
      const either = (i: number) => sql.exec(BY_EITHER, asked(i), null).toArray()[0];
      const byId = (i: number) => sql.exec(BY_MESSAGE_ID, asked(i)).toArray()[0];
      for (let i = 0; i < 2 * TURNS; i++) {
        const [a, b] = [either(i), byId(i)];
        expect(b === undefined ? undefined : { ...b, by_key: b["by_key"] === 1 }).toEqual(a === undefined ? undefined : { ...a, by_key: a["by_key"] === 1 });
      }
      report(
        "Finding a repeated request without an Idempotency-Key (120 messages in the context)",
        await timeAlternatives({ "messageId or key, one OR (before)": either, "messageId alone (no key)": byId }, 4000),
      );
      const taskId = sql.exec<{ id: string }>("SELECT id FROM tasks LIMIT 1").one().id;
      report(
        "The quota's database size, beside a one-row read by key",
        await timeAlternatives(
          {
            "sql.databaseSize": () => sql.databaseSize,
            "one task row by key": () => sql.exec("SELECT state FROM tasks WHERE id = ?", taskId).toArray(),
          },
          4000,
        ),
      );
      // A write of one statement, alone or inside a transaction (a savepoint and its release around it).
      sql.exec("CREATE TABLE IF NOT EXISTS micro_one (k TEXT PRIMARY KEY, v INTEGER NOT NULL) WITHOUT ROWID");
      const upsert = (i: number) => sql.exec("INSERT INTO micro_one (k, v) VALUES (?, ?) ON CONFLICT(k) DO UPDATE SET v = excluded.v", `k${i % 64}`, i);
      report(
        "One upsert, alone or inside transactionSync",
        await timeAlternatives({ "inside transactionSync (before)": (i) => state.storage.transactionSync(() => upsert(i)), alone: upsert }, 4000),
      );
    });
  });
});
