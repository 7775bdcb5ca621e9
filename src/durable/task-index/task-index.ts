/**
 * TaskIndex: one per owner, the ListTasks read model (spec §3.1.4). A row per task with its
 * status timestamp and a bounded snapshot (status, metadata, the newest LIST_HISTORY_MAX messages
 * and SNAPSHOT_ARTIFACTS artifact references that fit INDEX_ROW_MAX_BYTES: never more history than
 * ListTasks can return), written by the task's ContextAgent through its outbox.
 * Pages are read by key on `(ts_ms DESC, id DESC)` (keyset pagination), so a page costs the same
 * at task 10 and task 10,000; `totalSize` of the owner's tasks (all, or in one state) comes from
 * maintained counters, not a scan; of one context's tasks, or when `statusTimestampAfter` asks for
 * a range, from an index range count (a conversation's tasks: issue 29 traded the context
 * counters' rows written for these rows read). A page also stops at
 * LIST_PAGE_MAX_BYTES, with a next-page token.
 *
 * A row still SUBMITTED or WORKING may belong to a turn that a restart cut off: its context only
 * learns that when it wakes. So a page asks the context of each such row for its current row
 * (waking it, which fails interrupted turns first) and shows that: the first ListTasks after a
 * restart already shows FAILED.
 */
import { DurableObject } from "cloudflare:workers";
import type { TaskState } from "../../a2a/states";
import { success, type Outcome } from "../outcome";
import { fitRow } from "../row-guard";
import { contextAgentForTask, taskIndexFor } from "../stubs";
import type { IndexCursor } from "./index-cursor";
import { shardOf, type IndexShard } from "./index-layout";
import { indexObjectName } from "../object-names";
import { LIST_PAGE_MAX_BYTES } from "../../storage/limits";
import { applySchema } from "../schema";
import { rowTaskJson, type RowTexts } from "./index-view";
import { readIndexPage } from "./index-page-rows";

export interface IndexRow {
  id: string;
  contextId: string;
  state: TaskState;
  tsMs: number;
  /** The task's summary JSON (id, contextId, status, metadata). */
  summary: string;
  /** JSON array texts of its newest messages and artifact references (index-view.ts). */
  history: string;
  artifacts: string;
}

/** What one outbox flush sends: rows to write and ids to forget, applied in one transaction. */
export interface IndexBatch {
  upserts: IndexRow[];
  removals: string[];
}

const ACTIVE_STATES: ReadonlySet<string> = new Set(["TASK_STATE_SUBMITTED", "TASK_STATE_WORKING"]);

export interface ListQuery {
  contextId?: string | undefined;
  status?: TaskState | undefined;
  pageSize: number;
  /** Where the page continues: after this task in index order (decoded from the client's page token by the Worker, list-tasks.ts). */
  after?: IndexCursor | undefined;
  historyLength?: number | undefined;
  statusTimestampAfterMs?: number | undefined;
  includeArtifacts: boolean;
}

const SCHEMA = [
  // A rowid table, on purpose (issue 29): WITHOUT ROWID saves one row written per new task (its key
  // index entry), but a shard row is ~1.4 KiB (the task, its history and artifacts), and a WITHOUT
  // ROWID row over ~1,000 bytes spills to an overflow page: the shard grew from 2.06 to 5.20 KiB a
  // task (2.5x the bytes; a 10 GB shard held 1.9 M tasks instead of 4.7 M) and a ListTasks page read
  // 6.8x slower (633-661 us against ~95 us; bench/micro/storage.micro.ts, "a ListTasks page", which
  // keeps measuring both; bench/bytes.mjs for the bytes). A shard created while it was WITHOUT ROWID
  // (dev only) keeps it: every statement reads both alike (none reads `rowid`).
  `CREATE TABLE IF NOT EXISTS tasks (
     id TEXT PRIMARY KEY, context_id TEXT NOT NULL, state TEXT NOT NULL, ts_ms INTEGER NOT NULL, task TEXT NOT NULL)`,
  `CREATE INDEX IF NOT EXISTS by_time ON tasks(ts_ms DESC, id DESC)`,
  `CREATE INDEX IF NOT EXISTS by_context ON tasks(context_id, ts_ms DESC, id DESC)`,
  `CREATE INDEX IF NOT EXISTS by_state ON tasks(state, ts_ms DESC, id DESC)`,
  // Small rows keyed by text: WITHOUT ROWID, one B-tree each instead of a table and its key index
  // (a shard created before keeps its rowid tables; the statements read both alike).
  `CREATE TABLE IF NOT EXISTS counts (scope TEXT PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID`,
  `CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT NOT NULL) WITHOUT ROWID`,
  // The owner-wide counters are kept by SQLite itself: a row written or removed costs one
  // statement, not a read of the old row and a counter update besides. Only the scopes a count
  // could not read cheaply are kept (issue 29: each kept counter is a row written per task and per
  // state change): one per state; all tasks are their sum (a handful of rows). A context's counts are read from `by_context`
  // (a conversation's tasks). Scope names are those of scopes() below.
  `CREATE TRIGGER IF NOT EXISTS counted_inserted AFTER INSERT ON tasks BEGIN
     INSERT INTO counts (scope, n) VALUES ('*|s:' || new.state, 1)
     ON CONFLICT(scope) DO UPDATE SET n = n + excluded.n;
   END`,
  `CREATE TRIGGER IF NOT EXISTS counted_state_changed AFTER UPDATE OF state ON tasks WHEN old.state <> new.state BEGIN
     INSERT INTO counts (scope, n) VALUES ('*|s:' || old.state, -1), ('*|s:' || new.state, 1)
     ON CONFLICT(scope) DO UPDATE SET n = n + excluded.n;
   END`,
  `CREATE TRIGGER IF NOT EXISTS counted_deleted AFTER DELETE ON tasks BEGIN
     INSERT INTO counts (scope, n) VALUES ('*|s:' || old.state, -1)
     ON CONFLICT(scope) DO UPDATE SET n = n + excluded.n;
   END`,
];

/** A row's upsert; the fourth binding on is the row's status time, and an update needs it newer when `?8` is 1 (an import). */
const WRITE_ROW = `INSERT INTO tasks (id, context_id, state, ts_ms, task, history, artifacts) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
  ON CONFLICT(id) DO UPDATE SET state = excluded.state, ts_ms = excluded.ts_ms, task = excluded.task,
    history = excluded.history, artifacts = excluded.artifacts
  WHERE ?8 = 0 OR excluded.ts_ms > tasks.ts_ms`;

/**
 * Issue 29: what a shard created before keeps no longer. Its triggers kept all tasks' and a
 * context's counters too (four rows written per new task and per state change, where one and two are now); its
 * `by_context_state` index was one more row per write, and a page of one context's tasks in one
 * state reads `by_context` (a conversation's tasks) instead. Run at every start; after the first,
 * it finds nothing to do.
 */
function dropLegacyCounting(storage: DurableObjectStorage): void {
  const sql = storage.sql;
  const legacy = sql.exec("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name = 'count_inserted'").toArray().length > 0;
  storage.transactionSync(() => {
    if (legacy) {
      for (const name of ["count_inserted", "count_state_changed", "count_deleted"]) sql.exec(`DROP TRIGGER IF EXISTS ${name}`);
      sql.exec("DELETE FROM counts WHERE scope LIKE 'c:%' OR scope = '*|*'");
    }
    sql.exec("DROP INDEX IF EXISTS by_context_state");
  });
}

const ADDED = [
  // The first format kept the whole view in `task`; since then `task` is the summary and these hold the lists.
  { table: "tasks", column: "history", definition: "TEXT" },
  { table: "tasks", column: "artifacts", definition: "TEXT" },
];

/** Rows read per page from a shard of the previous layout during an import. */
const IMPORT_PAGE = 500;

/** One shard's page: its tasks in index order (with their index key) as JSON texts, its count, and whether it has more. */
export interface ShardPage {
  tasks: Array<{ tsMs: number; id: string; json: string }>;
  totalSize: number;
  more: boolean;
}

/** An index row as it is stored, for an import into another layout. */
export interface StoredIndexRow extends RowTexts {
  id: string;
  contextId: string;
  state: TaskState;
  tsMs: number;
}

/** The counter scope of one state's tasks (the owner's). */
function scopes(state: TaskState): string {
  return `*|s:${state}`;
}

export class TaskIndex extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    applySchema(this.sql, SCHEMA, ADDED);
    dropLegacyCounting(ctx.storage);
  }

  /**
   * One outbox flush: every row and removal in one transaction. A flush of one task (a turn's end,
   * the common case) is one statement, atomic by itself with its counters' triggers: it runs
   * without the savepoint and release a transaction wraps it in (issue 29 item 4).
   */
  async apply(batch: IndexBatch, layout: IndexShard, owner: string): Promise<void> {
    this.claim(owner);
    await this.importPrevious(layout);
    const write = () => {
      for (const row of batch.upserts) this.upsert(row);
      this.remove(batch.removals);
    };
    if (batch.upserts.length + batch.removals.length === 1) write();
    else this.ctx.storage.transactionSync(write);
  }

  private upsert(row: IndexRow): void {
    fitRow("index", row.summary + row.history + row.artifacts);
    this.write(row, false);
  }

  /** Writes a row (the counters follow by trigger); `ifNewer` keeps a row whose status is newer (imports). */
  private write(row: StoredIndexRow, ifNewer: boolean): void {
    this.sql.exec(WRITE_ROW, row.id, row.contextId, row.state, row.tsMs, row.summary, row.history, row.artifacts, ifNewer ? 1 : 0);
  }

  private remove(ids: readonly string[]): void {
    for (const id of ids) this.sql.exec("DELETE FROM tasks WHERE id = ?", id);
  }

  /** Rows in id order after `afterId`: what a shard of a new layout imports from this one. */
  exportRows(afterId: string, limit: number): StoredIndexRow[] {
    return this.sql
      .exec<{ id: string; context_id: string; state: string; ts_ms: number; task: string; history: string | null; artifacts: string | null }>(
        "SELECT id, context_id, state, ts_ms, task, history, artifacts FROM tasks WHERE id > ? ORDER BY id LIMIT ?",
        afterId,
        limit,
      )
      .toArray()
      .map((r) => ({
        id: r.id,
        contextId: r.context_id,
        state: r.state as TaskState,
        tsMs: r.ts_ms,
        summary: r.task,
        history: r.history,
        artifacts: r.artifacts,
      }));
  }

  /**
   * On first use after a change of the shard count: copy this shard's rows from every shard of the
   * previous layout (rows whose context now maps here), keeping whichever status is newer, so no
   * task drops out of the lists. Runs once per shard; other calls wait for it.
   */
  private async importPrevious(layout: IndexShard): Promise<void> {
    const previous = layout.previous;
    if (previous === undefined || previous === layout.shards) return;
    const mark = `imported-from:${previous}`;
    if (this.getMeta(mark) !== undefined) return;
    await this.ctx.blockConcurrencyWhile(async () => {
      if (this.getMeta(mark) !== undefined) return;
      const owner = this.getMeta("owner");
      if (owner === undefined) return;
      for (let old = 0; old < previous; old++) {
        if (indexObjectName(owner, old, previous) === indexObjectName(owner, layout.shard, layout.shards)) continue;
        const source = taskIndexFor(this.env, owner, old, previous);
        let after = "";
        for (;;) {
          const rows = (await source.exportRows(after, IMPORT_PAGE)) as StoredIndexRow[];
          if (rows.length === 0) break;
          this.ctx.storage.transactionSync(() => {
            for (const row of rows) if (shardOf(row.contextId, layout.shards) === layout.shard) this.write(row, true);
          });
          after = rows[rows.length - 1]?.id ?? after;
        }
      }
      this.setMeta(mark, new Date().toISOString());
    });
  }

  /** The owner this shard belongs to, told by the first caller (an import needs it to find the old shards). */
  private claimed = false;

  private claim(owner: string): void {
    if (this.claimed) return;
    if (this.getMeta("owner") === undefined) this.setMeta("owner", owner);
    this.claimed = true;
  }

  private getMeta(key: string): string | undefined {
    return this.sql.exec<{ v: string }>("SELECT v FROM meta WHERE k = ?", key).toArray()[0]?.v;
  }

  private setMeta(key: string, value: string): void {
    this.sql.exec("INSERT INTO meta (k, v) VALUES (?, ?) ON CONFLICT(k) DO UPDATE SET v = excluded.v", key, value);
  }

  async list(query: ListQuery, layout: IndexShard, owner: string): Promise<Outcome<ShardPage>> {
    this.claim(owner);
    await this.importPrevious(layout);
    const where: string[] = [];
    const args: (string | number)[] = [];
    if (query.contextId !== undefined) {
      where.push("context_id = ?");
      args.push(query.contextId);
    }
    if (query.status !== undefined) {
      where.push("state = ?");
      args.push(query.status);
    }
    if (query.statusTimestampAfterMs !== undefined) {
      where.push("ts_ms >= ?");
      args.push(query.statusTimestampAfterMs);
    }
    const totalSize = this.total(query, where, args);
    if (query.after) {
      const cursor = query.after;
      // A row-value comparison: SQLite seeks the (ts_ms, id) index to the cursor instead of scanning to it.
      where.push("(ts_ms, id) < (?, ?)");
      args.push(cursor.tsMs, cursor.id);
    }
    // Only the columns the page shows: a list without history or artifacts (the default) copies
    // neither out of SQLite, just whether it is NULL (a row of the first index format).
    const history = (query.historyLength ?? 0) > 0 ? "history" : "CASE WHEN history IS NULL THEN NULL ELSE '[]' END AS history";
    const artifacts = query.includeArtifacts ? "artifacts" : "CASE WHEN artifacts IS NULL THEN NULL ELSE '[]' END AS artifacts";
    const rows = readIndexPage(
      this.sql,
      `SELECT id, ts_ms, state, task, ${history}, ${artifacts} FROM tasks ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
       ORDER BY ts_ms DESC, id DESC LIMIT ?`,
      [...args, query.pageSize + 1],
    );
    // ListTasks shows no history unless asked (docs/decisions.md), at most what the row keeps.
    const view = { historyLength: query.historyLength ?? 0, includeArtifacts: query.includeArtifacts };
    const tasks: ShardPage["tasks"] = [];
    const active: number[] = [];
    let bytes = 0;
    for (const [id, tsMs, state, summary, historyText, artifactsText] of rows.slice(0, query.pageSize)) {
      const json = rowTaskJson({ summary, history: historyText, artifacts: artifactsText }, view);
      const size = json.length;
      if (tasks.length > 0 && bytes + size > LIST_PAGE_MAX_BYTES) break;
      if (ACTIVE_STATES.has(state)) active.push(tasks.length);
      tasks.push({ tsMs, id, json });
      bytes += size;
    }
    const more = rows.length > tasks.length;
    return success({ tasks: active.length ? await this.reconcile(tasks, active, query) : tasks, totalSize, more });
  }

  /**
   * Each SUBMITTED/WORKING task of a page (at the `active` positions) replaced by its context's
   * current view (see the header); a task that no longer matches the page's status filter is left out.
   */
  private async reconcile(tasks: ShardPage["tasks"], active: number[], query: ListQuery): Promise<ShardPage["tasks"]> {
    const view = { historyLength: query.historyLength ?? 0, includeArtifacts: query.includeArtifacts };
    const current: Array<ShardPage["tasks"][number] | undefined> = [...tasks];
    await Promise.all(
      active.map(async (position) => {
        const entry = tasks[position];
        if (!entry) return;
        // RPC typing drops members it cannot prove serializable; the object returns exactly an IndexRow.
        const row = (await contextAgentForTask(this.env, entry.id)?.indexRowOf(entry.id)) as IndexRow | undefined;
        if (!row) return;
        if (!ACTIVE_STATES.has(row.state)) this.upsert(row);
        // The index key stays the row's as read, so the page token continues where this page ended.
        current[position] =
          query.status !== undefined && row.state !== query.status ? undefined : { tsMs: entry.tsMs, id: entry.id, json: rowTaskJson(row, view) };
      }),
    );
    return current.filter((entry) => entry !== undefined);
  }

  /** The filter's count: a kept counter for the owner-wide scopes, else an index range count (a context's tasks, a time range). */
  private total(query: ListQuery, where: string[], args: (string | number)[]): number {
    if (query.statusTimestampAfterMs !== undefined || query.contextId !== undefined) {
      return this.sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM tasks WHERE ${where.join(" AND ")}`, ...args).one().n;
    }
    if (query.status === undefined)
      return this.sql.exec<{ n: number | null }>("SELECT SUM(n) AS n FROM counts WHERE scope >= '*|s:' AND scope < '*|s;'").one().n ?? 0;
    return this.sql.exec<{ n: number }>("SELECT n FROM counts WHERE scope = ?", scopes(query.status)).toArray()[0]?.n ?? 0;
  }
}
