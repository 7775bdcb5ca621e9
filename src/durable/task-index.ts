/**
 * TaskIndex: one per owner, the ListTasks read model (spec §3.1.4). A row per task with its
 * status timestamp and snapshot, written by the task's ContextAgent on every state transition.
 * Pages are read by key on `(ts_ms DESC, id DESC)` (keyset pagination), so a page costs the same
 * at task 10 and task 10,000; `totalSize` comes from maintained counters, not a scan, except when
 * `statusTimestampAfter` asks for a range (an index range count then).
 */
import { DurableObject } from "cloudflare:workers";
import type { ListTasksResponse, Task } from "../a2a/types";
import type { TaskState } from "../a2a/states";
import { viewTask } from "../a2a/task-view";
import { errors } from "../a2a/errors";
import { failure, success, type Outcome } from "./outcome";

export interface IndexRow {
  id: string;
  contextId: string;
  state: TaskState;
  tsMs: number;
  task: Task;
}

export interface ListQuery {
  contextId?: string | undefined;
  status?: TaskState | undefined;
  pageSize: number;
  pageToken?: string | undefined;
  historyLength?: number | undefined;
  statusTimestampAfterMs?: number | undefined;
  includeArtifacts: boolean;
}

const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS tasks (
     id TEXT PRIMARY KEY, context_id TEXT NOT NULL, state TEXT NOT NULL, ts_ms INTEGER NOT NULL, task TEXT NOT NULL)`,
  `CREATE INDEX IF NOT EXISTS by_time ON tasks(ts_ms DESC, id DESC)`,
  `CREATE INDEX IF NOT EXISTS by_context ON tasks(context_id, ts_ms DESC, id DESC)`,
  `CREATE INDEX IF NOT EXISTS by_state ON tasks(state, ts_ms DESC, id DESC)`,
  `CREATE INDEX IF NOT EXISTS by_context_state ON tasks(context_id, state, ts_ms DESC, id DESC)`,
  `CREATE TABLE IF NOT EXISTS counts (scope TEXT PRIMARY KEY, n INTEGER NOT NULL)`,
];

/** The counter scopes a row belongs to; `totalSize` of any filter without a time bound is one of them. */
function scopes(contextId: string | undefined, state: TaskState | undefined): string {
  return `${contextId === undefined ? "*" : `c:${contextId}`}|${state === undefined ? "*" : `s:${state}`}`;
}

function scopesOf(contextId: string, state: TaskState): string[] {
  return [scopes(undefined, undefined), scopes(contextId, undefined), scopes(undefined, state), scopes(contextId, state)];
}

interface Cursor {
  tsMs: number;
  id: string;
}

function encodeCursor(cursor: Cursor): string {
  return btoa(JSON.stringify([cursor.tsMs, cursor.id])).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decodeCursor(token: string): Cursor | undefined {
  try {
    const value: unknown = JSON.parse(atob(token.replace(/-/g, "+").replace(/_/g, "/")));
    if (Array.isArray(value) && value.length === 2 && Number.isSafeInteger(value[0]) && typeof value[1] === "string") {
      return { tsMs: value[0] as number, id: value[1] };
    }
  } catch {
    // fall through: not a token we issued
  }
  return undefined;
}

export class TaskIndex extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    for (const statement of SCHEMA) this.sql.exec(statement);
  }

  upsert(row: IndexRow): void {
    const old = this.sql
      .exec<{ context_id: string; state: string }>("SELECT context_id, state FROM tasks WHERE id = ?", row.id)
      .toArray()[0];
    this.sql.exec(
      `INSERT INTO tasks (id, context_id, state, ts_ms, task) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT(id) DO UPDATE SET state = excluded.state, ts_ms = excluded.ts_ms, task = excluded.task`,
      row.id,
      row.contextId,
      row.state,
      row.tsMs,
      JSON.stringify(row.task),
    );
    if (!old) this.count(scopesOf(row.contextId, row.state), 1);
    else if (old.state !== row.state) {
      this.count(scopesOf(old.context_id, old.state as TaskState).slice(2), -1);
      this.count(scopesOf(row.contextId, row.state).slice(2), 1);
    }
  }

  remove(ids: string[]): void {
    for (const id of ids) {
      const old = this.sql
        .exec<{ context_id: string; state: string }>("SELECT context_id, state FROM tasks WHERE id = ?", id)
        .toArray()[0];
      if (!old) continue;
      this.sql.exec("DELETE FROM tasks WHERE id = ?", id);
      this.count(scopesOf(old.context_id, old.state as TaskState), -1);
    }
  }

  list(query: ListQuery): Outcome<ListTasksResponse> {
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
    if (query.pageToken) {
      const cursor = decodeCursor(query.pageToken);
      if (!cursor) return failure(errors.invalidParams("Invalid page token", [{ field: "pageToken", description: "not a token this server issued" }]));
      where.push("(ts_ms < ? OR (ts_ms = ? AND id < ?))");
      args.push(cursor.tsMs, cursor.tsMs, cursor.id);
    }
    const rows = this.sql
      .exec<{ id: string; ts_ms: number; task: string }>(
        `SELECT id, ts_ms, task FROM tasks ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
         ORDER BY ts_ms DESC, id DESC LIMIT ?`,
        ...args,
        query.pageSize + 1,
      )
      .toArray();
    const page = rows.slice(0, query.pageSize);
    const last = page[page.length - 1];
    const nextPageToken = rows.length > query.pageSize && last ? encodeCursor({ tsMs: last.ts_ms, id: last.id }) : "";
    const tasks = page.map((row) =>
      viewTask(JSON.parse(row.task) as Task, { historyLength: query.historyLength, includeArtifacts: query.includeArtifacts }),
    );
    return success({ tasks, nextPageToken, pageSize: query.pageSize, totalSize });
  }

  private total(query: ListQuery, where: string[], args: (string | number)[]): number {
    if (query.statusTimestampAfterMs !== undefined) {
      return this.sql
        .exec<{ n: number }>(`SELECT COUNT(*) AS n FROM tasks WHERE ${where.join(" AND ")}`, ...args)
        .one().n;
    }
    return (
      this.sql.exec<{ n: number }>("SELECT n FROM counts WHERE scope = ?", scopes(query.contextId, query.status)).toArray()[0]?.n ?? 0
    );
  }

  private count(keys: string[], delta: number): void {
    for (const key of keys) {
      this.sql.exec(
        "INSERT INTO counts (scope, n) VALUES (?, ?) ON CONFLICT(scope) DO UPDATE SET n = n + excluded.n",
        key,
        delta,
      );
    }
  }
}
