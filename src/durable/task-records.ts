/**
 * The tasks of one context in the ContextAgent's SQLite: task rows, messages (history and the
 * context's conversation), artifacts and the per-task event log with its monotonic `seq`.
 * Every statement is synchronous (`ctx.storage.sql`), so a caller's sequence of writes is atomic
 * with respect to other requests to the object.
 */
import type { Artifact, JsonObject, Message, StreamResponse, Task, TaskStatus } from "../a2a/types";
import type { TaskState } from "../a2a/states";

const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS context (k TEXT PRIMARY KEY, v TEXT NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS tasks (
     id TEXT PRIMARY KEY, state TEXT NOT NULL, status TEXT NOT NULL, metadata TEXT,
     created_ms INTEGER NOT NULL, updated_ms INTEGER NOT NULL)`,
  `CREATE INDEX IF NOT EXISTS tasks_state ON tasks(state)`,
  `CREATE INDEX IF NOT EXISTS tasks_updated ON tasks(updated_ms)`,
  `CREATE TABLE IF NOT EXISTS messages (
     n INTEGER PRIMARY KEY AUTOINCREMENT, task_id TEXT NOT NULL, epoch INTEGER NOT NULL, message TEXT NOT NULL)`,
  `CREATE INDEX IF NOT EXISTS messages_task ON messages(task_id)`,
  `CREATE INDEX IF NOT EXISTS messages_epoch ON messages(epoch)`,
  `CREATE TABLE IF NOT EXISTS artifacts (
     task_id TEXT NOT NULL, artifact_id TEXT NOT NULL, position INTEGER NOT NULL, artifact TEXT NOT NULL,
     PRIMARY KEY (task_id, artifact_id))`,
  `CREATE TABLE IF NOT EXISTS events (
     task_id TEXT NOT NULL, seq INTEGER NOT NULL, event TEXT NOT NULL, PRIMARY KEY (task_id, seq))`,
];

/** Earlier messages a turn is given: enough for a working conversation (100 turns). */
export const CONVERSATION_MESSAGES = 200;
/** …and no more than this much JSON (about 100k tokens of text). */
export const CONVERSATION_CHARS = 400_000;

/** A logged event: its sequence number and its serialized `StreamResponse`. */
export interface LoggedEvent {
  seq: number;
  json: string;
}

/** A2A timestamps: RFC 3339 UTC with milliseconds (spec §5.6.1). */
export const timestamp = (ms: number): string => new Date(ms).toISOString();

export class TaskRecords {
  constructor(private readonly sql: SqlStorage) {
    for (const statement of SCHEMA) sql.exec(statement);
  }

  getSetting(key: string): string | undefined {
    return this.sql.exec<{ v: string }>("SELECT v FROM context WHERE k = ?", key).toArray()[0]?.v;
  }

  setSetting(key: string, value: string): void {
    this.sql.exec("INSERT INTO context (k, v) VALUES (?, ?) ON CONFLICT(k) DO UPDATE SET v = excluded.v", key, value);
  }

  deleteSetting(key: string): void {
    this.sql.exec("DELETE FROM context WHERE k = ?", key);
  }

  exists(taskId: string): boolean {
    return this.sql.exec("SELECT 1 FROM tasks WHERE id = ?", taskId).toArray().length > 0;
  }

  stateOf(taskId: string): TaskState | undefined {
    return this.sql.exec<{ state: string }>("SELECT state FROM tasks WHERE id = ?", taskId).toArray()[0]?.state as
      | TaskState
      | undefined;
  }

  createTask(taskId: string, status: TaskStatus, metadata: JsonObject | undefined, nowMs: number): void {
    this.sql.exec(
      "INSERT INTO tasks (id, state, status, metadata, created_ms, updated_ms) VALUES (?, ?, ?, ?, ?, ?)",
      taskId,
      status.state,
      JSON.stringify(status),
      metadata ? JSON.stringify(metadata) : null,
      nowMs,
      nowMs,
    );
  }

  setStatus(taskId: string, status: TaskStatus, nowMs: number): void {
    this.sql.exec(
      "UPDATE tasks SET state = ?, status = ?, updated_ms = ? WHERE id = ?",
      status.state,
      JSON.stringify(status),
      nowMs,
      taskId,
    );
  }

  appendMessage(taskId: string, epoch: number, message: Message): void {
    this.sql.exec("INSERT INTO messages (task_id, epoch, message) VALUES (?, ?, ?)", taskId, epoch, JSON.stringify(message));
  }

  /**
   * The recent conversation of the current epoch, oldest first: what follow-up turns see. Bounded
   * (the last CONVERSATION_MESSAGES messages, at most CONVERSATION_CHARS of JSON), so a long-lived
   * context neither slows every turn nor overflows a model's context window.
   */
  conversation(epoch: number): Message[] {
    const rows = this.sql
      .exec<{ message: string }>("SELECT message FROM messages WHERE epoch = ? ORDER BY n DESC LIMIT ?", epoch, CONVERSATION_MESSAGES)
      .toArray();
    const kept: Message[] = [];
    let chars = 0;
    for (const row of rows) {
      chars += row.message.length;
      if (chars > CONVERSATION_CHARS && kept.length > 0) break;
      kept.push(JSON.parse(row.message) as Message);
    }
    return kept.reverse();
  }

  /** Stores an artifact, or appends its parts to the stored one when `append` is set. */
  putArtifact(taskId: string, artifact: Artifact, append: boolean): Artifact {
    const existing = this.sql
      .exec<{ artifact: string }>("SELECT artifact FROM artifacts WHERE task_id = ? AND artifact_id = ?", taskId, artifact.artifactId)
      .toArray()[0];
    if (existing && append) {
      const stored = JSON.parse(existing.artifact) as Artifact;
      const merged: Artifact = { ...stored, parts: [...stored.parts, ...artifact.parts] };
      this.sql.exec(
        "UPDATE artifacts SET artifact = ? WHERE task_id = ? AND artifact_id = ?",
        JSON.stringify(merged),
        taskId,
        artifact.artifactId,
      );
      return merged;
    }
    if (existing) {
      this.sql.exec(
        "UPDATE artifacts SET artifact = ? WHERE task_id = ? AND artifact_id = ?",
        JSON.stringify(artifact),
        taskId,
        artifact.artifactId,
      );
      return artifact;
    }
    const position =
      this.sql.exec<{ p: number }>("SELECT COALESCE(MAX(position), 0) + 1 AS p FROM artifacts WHERE task_id = ?", taskId).one().p;
    this.sql.exec(
      "INSERT INTO artifacts (task_id, artifact_id, position, artifact) VALUES (?, ?, ?, ?)",
      taskId,
      artifact.artifactId,
      position,
      JSON.stringify(artifact),
    );
    return artifact;
  }

  /** The full stored task: status, history and artifacts. */
  task(taskId: string, contextId: string): Task | undefined {
    const row = this.sql
      .exec<{ status: string; metadata: string | null }>("SELECT status, metadata FROM tasks WHERE id = ?", taskId)
      .toArray()[0];
    if (!row) return undefined;
    const task: Task = { id: taskId, contextId, status: JSON.parse(row.status) as TaskStatus };
    const history = this.sql
      .exec<{ message: string }>("SELECT message FROM messages WHERE task_id = ? ORDER BY n", taskId)
      .toArray()
      .map((r) => JSON.parse(r.message) as Message);
    if (history.length) task.history = history;
    const artifacts = this.sql
      .exec<{ artifact: string }>("SELECT artifact FROM artifacts WHERE task_id = ? ORDER BY position", taskId)
      .toArray()
      .map((r) => JSON.parse(r.artifact) as Artifact);
    if (artifacts.length) task.artifacts = artifacts;
    if (row.metadata) task.metadata = JSON.parse(row.metadata) as JsonObject;
    return task;
  }

  appendEvent(taskId: string, event: StreamResponse): LoggedEvent {
    const seq = this.lastSeq(taskId) + 1;
    const json = JSON.stringify(event);
    this.sql.exec("INSERT INTO events (task_id, seq, event) VALUES (?, ?, ?)", taskId, seq, json);
    return { seq, json };
  }

  lastSeq(taskId: string): number {
    return this.sql.exec<{ s: number }>("SELECT COALESCE(MAX(seq), 0) AS s FROM events WHERE task_id = ?", taskId).one().s;
  }

  eventAt(taskId: string, seq: number): LoggedEvent | undefined {
    const row = this.sql.exec<{ event: string }>("SELECT event FROM events WHERE task_id = ? AND seq = ?", taskId, seq).toArray()[0];
    return row ? { seq, json: row.event } : undefined;
  }

  eventsAfter(taskId: string, seq: number): LoggedEvent[] {
    return this.sql
      .exec<{ seq: number; event: string }>("SELECT seq, event FROM events WHERE task_id = ? AND seq > ? ORDER BY seq", taskId, seq)
      .toArray()
      .map((r) => ({ seq: r.seq, json: r.event }));
  }

  idsInStates(states: readonly TaskState[]): string[] {
    const marks = states.map(() => "?").join(",");
    return this.sql
      .exec<{ id: string }>(`SELECT id FROM tasks WHERE state IN (${marks})`, ...states)
      .toArray()
      .map((r) => r.id);
  }

  /** Ids of tasks last updated before `cutoffMs`, oldest first, at most `limit`. */
  idsUpdatedBefore(cutoffMs: number, limit: number): string[] {
    return this.sql
      .exec<{ id: string }>("SELECT id FROM tasks WHERE updated_ms < ? ORDER BY updated_ms LIMIT ?", cutoffMs, limit)
      .toArray()
      .map((r) => r.id);
  }

  oldestUpdateMs(): number | undefined {
    return this.sql.exec<{ m: number | null }>("SELECT MIN(updated_ms) AS m FROM tasks").one().m ?? undefined;
  }

  deleteTask(taskId: string): void {
    for (const table of ["events", "artifacts", "messages"]) this.sql.exec(`DELETE FROM ${table} WHERE task_id = ?`, taskId);
    this.sql.exec("DELETE FROM tasks WHERE id = ?", taskId);
  }
}
