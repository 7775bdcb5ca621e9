/**
 * `npm run bench:micro`: SQLite costs inside a Durable Object, each the shipped code against the
 * alternatives it was chosen over, timed in workerd (time.ts) and printed as tables (bench/README.md
 * cites them). Every alternative is first checked to give the same answer as the shipped code, so
 * a table only ever compares ways of doing the same thing. Nothing here asserts a speed.
 *
 * Why these exist: `bench/ab.mjs` compares whole requests, and on this VM a change of a few tens
 * of microseconds inside an object is under its noise (a one-statement task view measured 1.11x
 * there and 0.92x in another run; timed here it is slower than the three statements it replaced).
 */
import { describe, expect, it } from "vitest";
import { env, exports } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import { contextAgentFor, taskIndexFor } from "../../src/durable/stubs";
import { TaskRecords } from "../../src/durable/context/task-records";
import { readIndexPage } from "../../src/durable/task-index/index-page-rows";
import { compareIndexOrder } from "../../src/durable/task-index/index-cursor";
import { report, timeAlternatives } from "./time";

const V1 = { "Content-Type": "application/json", "A2A-Version": "1.0" };

async function sendTurn(contextId: string, n: number): Promise<void> {
  const message = { messageId: `tck-complete-task-micro-${n}-${crypto.randomUUID().slice(0, 6)}`, role: "ROLE_USER", parts: [{ text: "x" }], contextId };
  const res = await (exports.default as unknown as Fetcher).fetch("http://127.0.0.1:8787/", {
    method: "POST",
    headers: V1,
    body: JSON.stringify({ jsonrpc: "2.0", id: n, method: "SendMessage", params: { message } }),
  });
  expect(res.status).toBe(200);
}

/** The view's rows as one statement: the alternative to TaskRecords' three. */
const VIEW_UNION = `
  SELECT 0 AS kind, 0 AS rank, status AS text, metadata FROM tasks WHERE id = ?1
  UNION ALL SELECT * FROM (SELECT 1, n, message, NULL FROM messages WHERE task_id = ?1 ORDER BY n DESC LIMIT ?2)
  UNION ALL SELECT * FROM (SELECT 2, position, artifact, NULL FROM artifacts WHERE task_id = ?1 ORDER BY position DESC LIMIT ?3)`;

describe("micro: a task's view (GetTask, a turn's end)", () => {
  it("three statements (shipped) against one UNION ALL, with and without an outer ORDER BY", async () => {
    const contextId = `micro-view-${crypto.randomUUID().slice(0, 8)}`;
    for (let n = 0; n < 20; n++) await sendTurn(contextId, n);
    await runInDurableObject(contextAgentFor(env, "anonymous", contextId), async (_instance: unknown, state) => {
      const sql = state.storage.sql;
      const records = new TaskRecords(sql);
      const ids = sql
        .exec<{ id: string }>("SELECT id FROM tasks")
        .toArray()
        .map((r) => r.id);
      const bounds = { historyLength: 100, artifacts: 20, maxBytes: 1 << 20 };
      const shipped = (id: string) => records.view(id, contextId, bounds);
      const union = (id: string, order: string) => {
        const rows = [...sql.exec(`${VIEW_UNION} ${order}`, id, 100, 20).raw()] as Array<[number, number, string, string | null]>;
        return { status: rows.find((r) => r[0] === 0)?.[2], history: rows.filter((r) => r[0] === 1).map((r) => r[2]) };
      };
      for (const id of ids) {
        const view = shipped(id);
        for (const order of ["", "ORDER BY kind, rank DESC"]) {
          const other = union(id, order);
          expect(other.status).toBe(view?.status);
          expect([...other.history].sort()).toEqual([...(view?.history ?? [])].sort());
        }
      }
      // A different task each call: the view memo (the last task viewed) never answers.
      const at = (i: number) => ids[i % ids.length] as string;
      // The shipped statements as TaskRecords.storedRows runs them, without the view's composition.
      const three = (id: string) => {
        sql.exec("SELECT status, metadata, turns FROM tasks WHERE id = ?", id).toArray();
        [...sql.exec("SELECT message FROM messages WHERE task_id = ? ORDER BY n DESC LIMIT ?", id, 100).raw()];
        [...sql.exec("SELECT artifact FROM artifacts WHERE task_id = ? ORDER BY position DESC LIMIT ?", id, 20).raw()];
      };
      const timed = await timeAlternatives(
        {
          "three statements (shipped)": (i) => three(at(i)),
          "one UNION ALL": (i) => union(at(i), ""),
          "one UNION ALL, ORDER BY": (i) => union(at(i), "ORDER BY kind, rank DESC"),
        },
        4000,
      );
      report("A task's view: task row, newest messages, newest artifacts (2 messages, 1 artifact)", timed);
    });
  });
});

describe("micro: a turn's end (the index row and the answer)", () => {
  it("the kept rows, which followed the turn's writes (shipped), against reading them back", async () => {
    const contextId = `micro-kept-${crypto.randomUUID().slice(0, 8)}`;
    await sendTurn(contextId, 0);
    await runInDurableObject(contextAgentFor(env, "anonymous", contextId), async (_instance: unknown, state) => {
      const sql = state.storage.sql;
      const records = new TaskRecords(sql);
      const id = sql.exec<{ id: string }>("SELECT id FROM tasks").one().id;
      // The two views a turn's end composes: the index row's, then the blocking answer's.
      const rowBounds = { historyLength: 10, artifacts: 10, maxBytes: 256 * 1024 };
      const answerBounds = { historyLength: 100, artifacts: 100, maxBytes: 1 << 20 };
      const turnEnd = () => [records.view(id, contextId, rowBounds), records.view(id, contextId, answerBounds)];
      const kept = turnEnd();
      records.forget();
      expect(turnEnd()).toEqual(kept);
      const timed = await timeAlternatives(
        {
          "kept rows (shipped)": () => turnEnd(),
          "read back (before)": () => {
            records.forget();
            return turnEnd();
          },
        },
        4000,
      );
      report("A turn's end: the index row's view and the answer's (a conformance task: 2 messages)", timed);
    });
  });
});

const INDEX_TABLE = (t: string) => [
  `CREATE TABLE IF NOT EXISTS tasks_${t} (id TEXT PRIMARY KEY, context_id TEXT NOT NULL, state TEXT NOT NULL, ts_ms INTEGER NOT NULL, task TEXT NOT NULL, history TEXT, artifacts TEXT)`,
  `CREATE INDEX IF NOT EXISTS by_time_${t} ON tasks_${t}(ts_ms DESC, id DESC)`,
  `CREATE INDEX IF NOT EXISTS by_context_${t} ON tasks_${t}(context_id, ts_ms DESC, id DESC)`,
  `CREATE INDEX IF NOT EXISTS by_state_${t} ON tasks_${t}(state, ts_ms DESC, id DESC)`,
  `CREATE INDEX IF NOT EXISTS by_context_state_${t} ON tasks_${t}(context_id, state, ts_ms DESC, id DESC)`,
  `CREATE TABLE IF NOT EXISTS counts_${t} (scope TEXT PRIMARY KEY, n INTEGER NOT NULL)`,
];

describe("micro: an index row's write (every flush)", () => {
  it("the TaskIndex's upsert with trigger-kept counters (shipped) against read, upsert and counter update from JavaScript", async () => {
    await runInDurableObject(taskIndexFor(env, "micro-owner", 0, 1), async (_instance: unknown, state) => {
      const sql = state.storage.sql;
      for (const statement of [...INDEX_TABLE("js"), ...INDEX_TABLE("trigger")]) sql.exec(statement);
      // The shipped triggers, read from the schema and pointed at the copy.
      for (const { sql: trigger } of sql.exec<{ sql: string }>("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'tasks'").toArray()) {
        sql.exec(
          trigger
            .replace(/ ON tasks /, " ON tasks_trigger ")
            .replace(/INSERT INTO counts /g, "INSERT INTO counts_trigger ")
            .replace(/CREATE TRIGGER (\w+)/, "CREATE TRIGGER IF NOT EXISTS micro_$1"),
        );
      }
      const upsert = (t: string) => `INSERT INTO tasks_${t} (id, context_id, state, ts_ms, task, history, artifacts) VALUES (?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT(id) DO UPDATE SET state = excluded.state, ts_ms = excluded.ts_ms, task = excluded.task, history = excluded.history, artifacts = excluded.artifacts`;
      const scopes = (c: string, s: string) => ["*|*", `c:${c}|*`, `*|s:${s}`, `c:${c}|s:${s}`];
      const count = (deltas: Array<[string, number]>) =>
        sql.exec(
          `INSERT INTO counts_js (scope, n) VALUES ${deltas.map(() => "(?, ?)").join(", ")} ON CONFLICT(scope) DO UPDATE SET n = n + excluded.n`,
          ...deltas.flat(),
        );
      const summary = JSON.stringify({
        id: "x",
        contextId: "c",
        status: { state: "TASK_STATE_COMPLETED", timestamp: new Date().toISOString() },
        pad: "p".repeat(300),
      });
      const fromJs = (id: string, context: string, s: string, ts: number) => {
        const old = sql.exec<{ context_id: string; state: string }>("SELECT context_id, state, ts_ms FROM tasks_js WHERE id = ?", id).toArray()[0];
        sql.exec(upsert("js"), id, context, s, ts, summary, "[]", "[]");
        if (!old) count(scopes(context, s).map((scope) => [scope, 1]));
        else if (old.state !== s) {
          count([
            ...scopes(old.context_id, old.state)
              .slice(2)
              .map((x): [string, number] => [x, -1]),
            ...scopes(context, s)
              .slice(2)
              .map((x): [string, number] => [x, 1]),
          ]);
        }
      };
      const byTrigger = (id: string, context: string, s: string, ts: number) => void sql.exec(upsert("trigger"), id, context, s, ts, summary, "[]", "[]");
      let ts = 0;
      // A turn's two flushes: WORKING, then COMPLETED; a new id each turn.
      const turn = (write: typeof fromJs, tag: string) => (i: number) => {
        const id = `${tag}-${i}-${ts}`;
        state.storage.transactionSync(() => write(id, `ctx-${i % 50}`, "TASK_STATE_WORKING", ++ts));
        state.storage.transactionSync(() => write(id, `ctx-${i % 50}`, "TASK_STATE_COMPLETED", ++ts));
      };
      const timed = await timeAlternatives(
        { "upsert, counters by trigger (shipped)": turn(byTrigger, "t"), "read, upsert, counters from JS": turn(fromJs, "j") },
        1500,
      );
      const counts = (t: string) => sql.exec(`SELECT scope, n FROM counts_${t} ORDER BY scope`).toArray();
      expect(counts("trigger")).toEqual(counts("js"));
      report("An index row written twice per turn (WORKING, then COMPLETED), one transaction each; µs per turn", timed);
    });
  });
});

describe("micro: a ListTasks page of one shard (51 rows of 2,500)", () => {
  // A summary like a conformance task's (id, contextId, status with the agent's message), and a bare one.
  const summaries = {
    "a conformance task's summary, ~600 characters": (i: number) =>
      JSON.stringify({
        id: `${"a".repeat(64)}.${i.toString(16).padStart(16, "0")}`,
        contextId: `bench-ctx-${i % 50}`,
        status: {
          state: "TASK_STATE_COMPLETED",
          timestamp: new Date(i).toISOString(),
          message: { messageId: `m-${i}`, role: "ROLE_AGENT", parts: [{ text: "Generated text content ".repeat(8) }], contextId: `bench-ctx-${i % 50}` },
        },
      }),
    "a bare summary, ~110 characters": (i: number) =>
      JSON.stringify({ id: `t-${i}`, contextId: `c-${i % 50}`, status: { state: "TASK_STATE_COMPLETED", timestamp: new Date(i).toISOString() } }),
  };
  for (const [size, summary] of Object.entries(summaries)) {
    it(`rows as arrays (shipped) against rows as objects and packed by SQLite into one value: ${size}`, async () => {
      await runInDurableObject(taskIndexFor(env, "micro-owner", 0, 1), async (_instance: unknown, state) => {
        const sql = state.storage.sql;
        const table = `page_${size.length}`;
        for (const statement of INDEX_TABLE(table)) sql.exec(statement);
        state.storage.transactionSync(() => {
          for (let i = 0; i < 2500; i++) {
            sql.exec(
              `INSERT OR REPLACE INTO tasks_${table} VALUES (?, ?, ?, ?, ?, ?, '[]')`,
              `t-${i}`,
              `c-${i % 50}`,
              "TASK_STATE_COMPLETED",
              i,
              summary(i),
              `[${summary(i)}]`,
            );
          }
        });
        // The shipped page query of a list without history or artifacts (task-index.ts).
        const select = `SELECT id, ts_ms, state, task, CASE WHEN history IS NULL THEN NULL ELSE '[]' END AS history,
          CASE WHEN artifacts IS NULL THEN NULL ELSE '[]' END AS artifacts FROM tasks_${table} ORDER BY ts_ms DESC, id DESC LIMIT ?`;
        const arrays = () => readIndexPage(sql, select, [51]);
        const objects = () => sql.exec(select, 51).toArray();
        const packed = () => readPacked(sql, select, [51]);
        expect(packed()).toEqual(arrays());
        expect(objects().map((row) => Object.values(row))).toEqual(arrays());
        const timed = await timeAlternatives({ "raw() arrays (shipped)": arrays, "toArray() objects": objects, "packed by group_concat": packed }, 2000);
        report(`One shard's page of 51 index rows, ${size}`, timed);
      });
    });
  }
});

/** The page packed by SQLite into one value (rows by U+001E, fields by U+001F, NULL as U+001D) and split here: the alternative. */
function readPacked(sql: SqlStorage, select: string, args: readonly (string | number)[]): unknown[][] {
  const packed = `SELECT group_concat(id || char(31) || ts_ms || char(31) || state || char(31) || task || char(31) ||
      coalesce(history, char(29)) || char(31) || coalesce(artifacts, char(29)), char(30)) AS page FROM (${select})`;
  const text = sql.exec<{ page: string | null }>(packed, ...args).one().page;
  if (text === null) return [];
  const rows = text.split("\u001e").map((line) => {
    const [id = "", tsMs = "0", state = "", task = "", history = "\u001d", artifacts = "\u001d"] = line.split("\u001f");
    return [id, Number(tsMs), state, task, history === "\u001d" ? null : history, artifacts === "\u001d" ? null : artifacts];
  });
  const key = (row: unknown[]) => ({ tsMs: row[1] as number, id: row[0] as string });
  return rows.sort((a, b) => compareIndexOrder(key(a), key(b)));
}
