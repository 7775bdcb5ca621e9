/**
 * Issue 29 item 1: what each kind of request costs on Cloudflare's price list, counted exactly and
 * pinned. The units are read from the runtime (every statement's cursor `rowsRead` and
 * `rowsWritten`, the alarms set), the Durable Object requests from the RPC calls and alarm runs
 * each class receives (helpers/billed-units.ts; the objects run unchanged). A change that adds a
 * row written, a statement or a request fails here until the pinned figure is updated on purpose;
 * `npm run bench:micro` prints the same rows with their price (bench/micro/billed-units.micro.ts)
 * and docs/performance.md says what each row written is.
 */
import { describe, expect, it } from "vitest";
import { measureRequestUnits, pinned, rowsRead } from "./helpers/billed-units";

/**
 * Per request kind: `agent` = the context's ContextAgent [statements, rows written, alarms set],
 * `index` = the owner's TaskIndex shards [statements, rows written], `requests` = Durable Object
 * requests [RPC calls into ContextAgents, into shards, alarm runs], `read` = rows read [agent, index]
 * (within one row: helpers/billed-units.ts says why).
 */
const PINNED: Record<string, { agent: number[]; index: number[]; requests: number[]; read: [number, number] }> = {
  // Issue 29 item 3's baseline: 25 + 10 rows written, 2 requests. Now the shard's row is the row, its
  // key, three orderings and its state's counter (were four orderings and four counters), and the
  // ContextAgent writes no AUTOINCREMENT sequence, `messages_epoch`, `tasks_updated` or
  // `tasks_state` entry, and a commit's events of one turn are one row (docs/performance.md lists
  // every row that is left). Then (15 + 6) the ContextAgent's `tasks`, `events` and `artifacts` and
  // the shard's `tasks` became WITHOUT ROWID (a row is one row written, not the row and its key),
  // and a turn's end writes no `lastActive` (its task's update time is the idle clock). The shard's
  // `tasks` is a rowid table again (its ~1.4 KiB rows spilled to overflow pages WITHOUT ROWID:
  // 2.5x the bytes, a 6.8x slower page read), so a new task's shard row is its key too (index 5 -> 6).
  "SendMessage, blocking, new task": { agent: [9, 11, 0], index: [1, 6], requests: [1, 1, 0], read: [5, 0] },
  // Baseline: 33 + 5 rows written, 2 requests (then 19 + 4).
  "SendMessage, follow-up on a task the object did not read last": { agent: [15, 14, 0], index: [1, 4], requests: [1, 1, 0], read: [18, 0] },
  // Baseline: 38 + 5 rows written (from the task's third turn on the compaction's DELETE is in it), 2 requests
  // (then 22 + 4).
  "SendMessage, follow-up on the task its previous turn ended": { agent: [13, 17, 0], index: [1, 4], requests: [1, 1, 0], read: [17, 0] },
  "GetTask of the task a turn just ended (its rows kept)": { agent: [0, 0, 0], index: [0, 0], requests: [1, 0, 0], read: [0, 0] },
  // Baseline: 27 + 19 rows written (the index twice: WORKING, then the end), 3 requests (then 19 +
  // 12). The WORKING row's outbox mark is kept in memory only (index-outbox.ts): its end marks it.
  // The shard's `tasks` is a rowid table again: the new task's row is its key too (index 11 -> 12).
  "SendStreamingMessage, new task, 4 events (to the turn's end)": { agent: [12, 12, 1], index: [2, 12], requests: [1, 2, 0], read: [6, 0] },
  "GetTask of a task the object did not read last": { agent: [3, 0, 0], index: [0, 0], requests: [1, 0, 0], read: [5, 0] },
  // Its totalSize is a count of the context's rows in `by_context` (no context counters).
  "ListTasks with contextId, one page": { agent: [0, 0, 0], index: [2, 0], requests: [0, 1, 0], read: [0, 6] },
  // Three shards read for the first time since they started: each records its owner once (meta).
  // The total is the sum of the state counters.
  "ListTasks without contextId, one page (4 shards)": { agent: [0, 0, 0], index: [14, 3], requests: [0, 4, 0], read: [0, 12] },
  "SubscribeToTask (its first frame, then the client leaves)": { agent: [3, 0, 0], index: [0, 0], requests: [1, 0, 0], read: [10, 0] },
  // Baseline: 3 rows written, 6 read. Now the new epoch's first message number is one setting more,
  // and the oldest update is read from the tasks table (no `tasks_updated`); issue 30 item 5 reads
  // the owner and the oldest update again to give the owner's quota back what retention deleted.
  // Issue 29 item 3: the idle clock also reads the tasks' newest update (one statement, a scan).
  "an idle context's alarm (the idle timeout)": { agent: [9, 4, 1], index: [0, 0], requests: [0, 0, 1], read: [17, 0] },
};

describe("issue 29 item 1: billed units per request (counted, pinned)", () => {
  it("every request kind's statements, rows written and read, alarms and Durable Object requests", async () => {
    const rows = await measureRequestUnits("costs");
    expect(rows.map((row) => row.kind)).toEqual(Object.keys(PINNED));
    for (const row of rows) {
      const want = PINNED[row.kind];
      const { read, ...exact } = want ?? { read: [0, 0] };
      expect({ kind: row.kind, ...pinned(row) }).toEqual({ kind: row.kind, ...exact });
      const [agentRead, indexRead] = rowsRead(row);
      expect(Math.abs(agentRead - read[0]), `${row.kind}: agent rows read ${agentRead}, pinned ${read[0]}`).toBeLessThanOrEqual(1);
      expect(Math.abs(indexRead - read[1]), `${row.kind}: index rows read ${indexRead}, pinned ${read[1]}`).toBeLessThanOrEqual(1);
    }
  });
});
