/**
 * Issue 29 item 1, push: the units Cloudflare bills for creating a push config and for delivering
 * a turn's notifications, read from the runtime by helpers/push-units.ts (cursor `rowsRead` /
 * `rowsWritten`, alarms set, RPC calls into each class of object; the objects run unchanged), with
 * push on, the real queue and consumer, and a real receiver. Pinned like request-costs.test.ts: a
 * change that adds a row written or a request fails here. `npm run bench:micro` prints the same
 * figures with their price (bench/micro/push/push-units.micro.ts).
 */
import { describe, expect, inject, it } from "vitest";
import { measurePushUnits, type PushUnits } from "../helpers/push-units";

const receiver = inject("receiverUrl");

describe("issue 29 item 1: billed units of push (counted, pinned)", () => {
  it("a push config's creation, and a turn's notifications to their delivery", async () => {
    const [first, second, delivered] = await measurePushUnits(receiver, "push-costs");
    if (!first || !second || !delivered) throw new Error("three rows expected");
    // The ContextAgent's [statements, rows written, alarms set, RPC calls into it]; rows read within one row.
    const exact = (m: PushUnits) => [m.agent.statements, m.agent.rowsWritten, m.agent.alarmsSet, m.agentCalls];
    // The first config: the push tables' schema (their sqlite_schema rows) and the config's row.
    expect(exact(first)).toEqual([16, 15, 0, 1]);
    // A config in a context that has the tables: its row and its key, and (issue 30 item 5) the
    // reads that tell a new config, which the owner's quota counts, from a replaced one.
    expect(exact(second)).toEqual([6, 2, 0, 1]);
    // The turn (17 rows as request-costs.test.ts counts a follow-up on the task its turn ended; 22
    // before issue 29 item 3: WITHOUT ROWID tables, no `lastActive` at the end),
    // the delivery's record written with the turn's end, and its result; two requests: the turn,
    // and the consumer's hand-off (`dispatchPush`; the attempt runs in the object, issue 30 item 4).
    expect(exact(delivered)).toEqual([20, 20, 0, 2]);
    const read = [first.agent.rowsRead, second.agent.rowsRead, delivered.agent.rowsRead];
    // 148 rows read for the first config before issue 29 item 3: its CREATEs read `sqlite_schema`,
    // which lists three key indexes fewer now.
    [133, 2, 17].forEach((pinned, i) => expect(Math.abs((read[i] ?? 0) - pinned), `rows read ${read.join(", ")}`).toBeLessThanOrEqual(1));
    // The other objects: a new config is charged to the owner's quota (one request; its counter's
    // row, 2 rows written when the owner's counter is new, its `quota_usage` being a rowid table, 1
    // after: not pinned, as it depends on what the owner did before), and the follow-up's end writes
    // its shard's row (one request: the row and its three orderings; the task's state is the one its
    // previous turn ended in, so no counter moves).
    const others = (m: PushUnits) => [m.quotaCalls, m.indexCalls, m.index.rowsWritten];
    expect([others(first), others(second), others(delivered)]).toEqual([
      [1, 0, 0],
      [1, 0, 0],
      [0, 1, 4],
    ]);
  });
});
