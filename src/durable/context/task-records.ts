/**
 * The tasks of one context in the ContextAgent's SQLite: context settings, task rows, messages
 * (history and the context's conversation) and artifacts. Every statement is synchronous
 * (`ctx.storage.sql`); the turn runner groups a turn's writes in one `transactionSync`, so a failure
 * leaves nothing half-written. Every row goes through `fitRow` (row-guard.ts).
 *
 * Reads are bounded by construction: a view asks SQL for the newest rows it can show (LIMIT), then
 * keeps what fits its byte budget, so the cost of an answer follows the answer, not the history.
 */
import type { Artifact, JsonObject, Message, Task, TaskStatus } from "../../a2a/types";
import type { TaskState } from "../../a2a/states";
import { applySchema } from "../schema";
import { fitRow } from "../row-guard";
import { utf8Bytes } from "../../storage/limits";
import { holdsStoredText } from "../../storage/stored-parts";
import { KeptView, shownArtifacts, shownMessages, type StoredRows } from "./kept-view";
import type { ViewBounds } from "./view-bounds";
import type { FoundRequest } from "./repeat-requests";

const SCHEMA = [
  // A handful of settings keyed by name: WITHOUT ROWID, one B-tree instead of a table and its key
  // index (a 4 KiB page less per object). An object created before keeps its rowid table; every
  // statement reads both alike.
  `CREATE TABLE IF NOT EXISTS context (k TEXT PRIMARY KEY, v TEXT NOT NULL) WITHOUT ROWID`,
  // Issue 29 item 3: `tasks` and `artifacts` are keyed by text, so a rowid table wrote each row
  // twice, the row and its key index entry (two rows billed); WITHOUT ROWID they are one B-tree
  // and a row is one row written. An object created before keeps its rowid tables: every
  // statement reads both alike (none reads `rowid`).
  `CREATE TABLE IF NOT EXISTS tasks (
     id TEXT PRIMARY KEY, state TEXT NOT NULL, status TEXT NOT NULL, metadata TEXT,
     created_ms INTEGER NOT NULL, updated_ms INTEGER NOT NULL) WITHOUT ROWID`,
  // No AUTOINCREMENT (issue 29): it wrote the sequence's row with every message. A number freed by
  // a deletion is only reused above every row that remains, so `n` still orders what is kept. An
  // object created before keeps its AUTOINCREMENT table.
  `CREATE TABLE IF NOT EXISTS messages (
     n INTEGER PRIMARY KEY, task_id TEXT NOT NULL, epoch INTEGER NOT NULL, message TEXT NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS artifacts (
     task_id TEXT NOT NULL, artifact_id TEXT NOT NULL, position INTEGER NOT NULL, artifact TEXT NOT NULL,
     PRIMARY KEY (task_id, artifact_id)) WITHOUT ROWID`,
];

const ADDED = [
  // The number of turns a task has had; the current turn's messages and events carry it.
  { table: "tasks", column: "turns", definition: "INTEGER NOT NULL DEFAULT 0" },
  { table: "messages", column: "turn", definition: "INTEGER NOT NULL DEFAULT 0" },
  // The task's generation (a2a/generation.ts): 1 at creation, one more on every state or artifact change.
  { table: "tasks", column: "generation", definition: "INTEGER NOT NULL DEFAULT 1" },
  // A user message's messageId and Idempotency-Key (each at most STORED_ID_MAX_CHARS) and the
  // digest of its parts: a repeated request answers the task it started (repeat-requests.ts).
  { table: "messages", column: "message_id", definition: "TEXT" },
  { table: "messages", column: "request_key", definition: "TEXT" },
  { table: "messages", column: "request_digest", definition: "TEXT" },
];

/**
 * A task's messages, newest first, read through `messages_task_turn (task_id, turn)` in index order:
 * a message is stored with its task's current turn, so within a task `turn` never decreases as `n`
 * grows and this order is `n DESC` without a sort (test/worker/storage-layout.test.ts checks the plan).
 */
export const HISTORY_NEWEST_FIRST = "SELECT message, turn FROM messages WHERE task_id = ? ORDER BY turn DESC, n DESC LIMIT ?";

/** How a user message's request is stored to be known again (repeat-requests.ts). */
export interface StoredRequest {
  messageId: string | null;
  key: string | null;
  digest: string;
}

/** The context setting holding the first message number of the current epoch (issue 29). */
const EPOCH_FROM = "epochFrom";

/** Earlier messages a turn is given: enough for a working conversation (100 turns). */
export const CONVERSATION_MESSAGES = 200;
/** …and no more than this much JSON (about 100k tokens of text). */
export const CONVERSATION_CHARS = 400_000;

/** The kept recent conversation of one epoch, oldest first (TaskRecords `conversation`). */
interface RecentConversation {
  epoch: number;
  messages: Message[];
  /** Each message's JSON characters, as stored. */
  chars: number[];
  /** The sum of `chars`. */
  total: number;
  /** How many of `messages` keep a text in R2 (`holdsStoredText`). */
  storedTexts: number;
}

/** A2A timestamps: RFC 3339 UTC with milliseconds (spec §5.6.1). */
export const timestamp = (ms: number): string => new Date(ms).toISOString();

export type { ViewBounds } from "./view-bounds";

/** A task view as JSON texts: the summary object, and each message and artifact. */
export interface TaskViewParts {
  /** The stored TaskStatus JSON. */
  status: string;
  summary: string;
  history: string[];
  artifacts: string[];
}

/** `{…summary, "history": […], "artifacts": […]}` from the texts, omitting empty lists (ProtoJSON). */
export function composeTask(parts: TaskViewParts): string {
  let out = parts.summary.slice(0, -1);
  if (parts.history.length) out += `,"history":[${parts.history.join(",")}]`;
  if (parts.artifacts.length) out += `,"artifacts":[${parts.artifacts.join(",")}]`;
  return `${out}}`;
}

/** Keeps the newest rows (given newest first) that fit `budget` bytes; returns them oldest first and the bytes used. */
function newestWithin(rows: readonly string[], budget: number): { kept: string[]; used: number } {
  const kept: string[] = [];
  let used = 0;
  for (const row of rows) {
    const size = utf8Bytes(row) + 1;
    if (used + size > budget) break;
    kept.push(row);
    used += size;
  }
  return { kept: kept.reverse(), used };
}

export class TaskRecords {
  /**
   * The context settings (owner, contextId, epoch, cwd, lastActive…), read once: only this object
   * writes them, so the copy stays exact; `forget` drops it when a transaction rolled back.
   */
  private settings: Map<string, string> | undefined;
  /**
   * The recent conversation of `epoch`, kept as it is appended, so a turn reads no history rows;
   * with its JSON characters in all and how many of its messages keep a text in R2, kept as it
   * changes, so a turn counts neither over the up to CONVERSATION_MESSAGES messages.
   */
  private recent: RecentConversation | undefined;
  /** The rows of the task created or viewed last, following its writes (kept-view.ts). */
  private readonly kept = new KeptView();
  /**
   * The newest `updated_ms` of the tasks (undefined inside: none), read once and then kept as
   * tasks are written: the idle clock reads it (context-state.ts `lastActiveMs`).
   */
  private newestUpdate: { ms: number | undefined } | undefined;

  constructor(private readonly sql: SqlStorage) {
    applySchema(sql, SCHEMA, ADDED);
    sql.exec("CREATE INDEX IF NOT EXISTS messages_task_turn ON messages(task_id, turn)");
    // `messages_task (task_id)` was a prefix of `messages_task_turn`: every query by task reads the
    // latter (a task's turns only grow, so `ORDER BY turn DESC, n DESC` is its newest first with no
    // sort). Dropped where an older version created it: its pages go back to the free list.
    sql.exec("DROP INDEX IF EXISTS messages_task");
    // Issue 29: an index is a row written with every row it covers. `tasks_updated` (rewritten by
    // every status change) served only the retention alarm, which now reads the tasks table
    // (`oldestUpdateMs` once per wake, `idsUpdatedBefore` when it fires), and
    // `messages_epoch` only the conversation read once per wake, which now reads `n` from the
    // epoch's first message down (the `epochFrom` setting). Rows read cost a thousandth of rows written.
    sql.exec("DROP INDEX IF EXISTS tasks_updated");
    // `tasks_state` served only the check for turns a restart cut off, once per wake.
    sql.exec("DROP INDEX IF EXISTS tasks_state");
    sql.exec("DROP INDEX IF EXISTS messages_epoch");
    sql.exec("CREATE INDEX IF NOT EXISTS messages_message_id ON messages(message_id) WHERE message_id IS NOT NULL");
    sql.exec("CREATE INDEX IF NOT EXISTS messages_request_key ON messages(request_key) WHERE request_key IS NOT NULL");
  }

  /** Drops the in-memory copies (after a rolled-back transaction): the next read reloads them. */
  forget(): void {
    this.settings = undefined;
    this.recent = undefined;
    this.newestUpdate = undefined;
    this.kept.forget();
  }

  private allSettings(): Map<string, string> {
    this.settings ??= new Map(
      this.sql
        .exec<{ k: string; v: string }>("SELECT k, v FROM context")
        .toArray()
        .map((r) => [r.k, r.v]),
    );
    return this.settings;
  }

  getSetting(key: string): string | undefined {
    return this.allSettings().get(key);
  }

  setSetting(key: string, value: string): void {
    if (this.allSettings().get(key) === value) return;
    this.sql.exec("INSERT INTO context (k, v) VALUES (?, ?) ON CONFLICT(k) DO UPDATE SET v = excluded.v", key, value);
    this.allSettings().set(key, value);
  }

  deleteSetting(key: string): void {
    if (!this.allSettings().has(key)) return;
    this.sql.exec("DELETE FROM context WHERE k = ?", key);
    this.allSettings().delete(key);
  }

  /**
   * The task's state. Read with the rest of its row, which is kept (no message or artifact known
   * yet): the turn that follows a state check writes that task, and its snapshot and end then read
   * only the messages and artifacts they show, not the row again.
   */
  stateOf(taskId: string): TaskState | undefined {
    return (this.kept.of(taskId) ?? this.readTaskRow(taskId))?.state as TaskState | undefined;
  }

  /** The task's row, kept with its lists unknown. */
  private readTaskRow(taskId: string): StoredRows | undefined {
    const row = this.sql
      .exec<{ state: string; status: string; metadata: string | null; turns: number }>("SELECT state, status, metadata, turns FROM tasks WHERE id = ?", taskId)
      .toArray()[0];
    if (!row) return undefined;
    const rows: StoredRows = {
      taskId,
      ...row,
      messages: [],
      messageTurns: [],
      allMessages: false,
      allOfTurn: false,
      artifacts: [],
      allArtifacts: false,
      chars: row.status.length + (row.metadata?.length ?? 0),
    };
    this.kept.keep(rows);
    return rows;
  }

  /** A new task, in its first turn. */
  /** A new task at `generation` (1, or 2 when it is created already past SUBMITTED). */
  createTask(taskId: string, status: TaskStatus, metadata: JsonObject | undefined, nowMs: number, generation = 1): void {
    const statusJson = fitRow("tasks", JSON.stringify(status));
    const metadataJson = metadata ? fitRow("tasks", JSON.stringify(metadata)) : null;
    this.sql.exec(
      "INSERT INTO tasks (id, state, status, metadata, created_ms, updated_ms, turns, generation) VALUES (?, ?, ?, ?, ?, ?, 1, ?)",
      taskId,
      status.state,
      statusJson,
      metadataJson,
      nowMs,
      nowMs,
      generation,
    );
    this.updatedAt(nowMs);
    // Every row of a new task is written here and after: its view starts complete and empty.
    const chars = statusJson.length + (metadataJson?.length ?? 0);
    this.kept.keep({
      taskId,
      state: status.state,
      status: statusJson,
      metadata: metadataJson,
      turns: 1,
      messages: [],
      messageTurns: [],
      allMessages: true,
      allOfTurn: true,
      artifacts: [],
      allArtifacts: true,
      chars,
    });
  }

  /** Sets the status, `changes` state changes on (one, or two for SUBMITTED then WORKING); returns the new generation. */
  setStatus(taskId: string, status: TaskStatus, nowMs: number, changes = 1): number {
    const json = fitRow("tasks", JSON.stringify(status));
    const generation =
      this.sql
        .exec<{ generation: number }>(
          "UPDATE tasks SET state = ?, status = ?, updated_ms = ?, generation = generation + ? WHERE id = ? RETURNING generation",
          status.state,
          json,
          nowMs,
          changes,
          taskId,
        )
        .toArray()[0]?.generation ?? 0;
    this.updatedAt(nowMs);
    this.kept.follow(taskId, (rows) => {
      rows.chars += json.length - rows.status.length;
      rows.state = status.state;
      rows.status = json;
    });
    return generation;
  }

  /** One artifact change more; returns the new generation. */
  bumpGeneration(taskId: string): number {
    return (
      this.sql.exec<{ generation: number }>("UPDATE tasks SET generation = generation + 1 WHERE id = ? RETURNING generation", taskId).toArray()[0]
        ?.generation ?? 0
    );
  }

  generationOf(taskId: string): number | undefined {
    return this.sql.exec<{ generation: number }>("SELECT generation FROM tasks WHERE id = ?", taskId).toArray()[0]?.generation;
  }

  /**
   * Starts a stored task's next turn in `status`, `changes` state changes on: the status, the
   * generation and the turn count in one UPDATE (they were two). Returns the new generation and
   * the new turn's number.
   */
  beginTurn(taskId: string, status: TaskStatus, nowMs: number, changes: number): { generation: number; turn: number } {
    const json = fitRow("tasks", JSON.stringify(status));
    const row = this.sql
      .exec<{ generation: number; turns: number }>(
        "UPDATE tasks SET state = ?, status = ?, updated_ms = ?, generation = generation + ?, turns = turns + 1 WHERE id = ? RETURNING generation, turns",
        status.state,
        json,
        nowMs,
        changes,
        taskId,
      )
      .one();
    this.updatedAt(nowMs);
    this.kept.follow(taskId, (rows) => {
      rows.chars += json.length - rows.status.length;
      rows.state = status.state;
      rows.status = json;
      rows.turns = row.turns;
      rows.allOfTurn = true;
    });
    return { generation: row.generation, turn: row.turns };
  }

  turnOf(taskId: string): number {
    return this.sql.exec<{ turns: number }>("SELECT turns FROM tasks WHERE id = ?", taskId).toArray()[0]?.turns ?? 0;
  }

  /** Stores `message` of `turn`; `messageJson` is its JSON text when the caller has it already (a stored-message plan). */
  appendMessage(taskId: string, epoch: number, turn: number, message: Message, request?: StoredRequest, messageJson?: string): void {
    const json = fitRow("messages", messageJson ?? JSON.stringify(message));
    const { n } = this.sql
      .exec<{ n: number }>(
        "INSERT INTO messages (task_id, epoch, turn, message, message_id, request_key, request_digest) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING n",
        taskId,
        epoch,
        turn,
        json,
        request?.messageId ?? null,
        request?.key ?? null,
        request?.digest ?? null,
      )
      .one();
    // A number below the epoch's start: deletions freed the numbers above it (see the schema).
    if (n < this.epochFrom()) this.setSetting(EPOCH_FROM, String(n));
    // The current turn's messages are the newest (a current-turn snapshot is a prefix of the
    // copy): a message of another turn is one the copy cannot place.
    if (this.kept.of(taskId)?.turns !== turn) this.kept.drop(taskId);
    this.kept.follow(taskId, (rows) => {
      rows.messages.unshift(json);
      rows.messageTurns.unshift(turn);
      rows.chars += json.length;
    });
    if (this.recent?.epoch === epoch) this.keepRecent(this.recent, message, json.length);
  }

  /**
   * The user message a request stored before, by its messageId or its Idempotency-Key (stored
   * forms): the task and turn it started and its digest. `byKey` tells which of the two matched.
   */
  findRequest(messageId: string | null, key: string | null): (FoundRequest & { byKey: boolean }) | undefined {
    const row = this.sql
      .exec<{ task_id: string; turn: number; request_digest: string | null; by_key: number }>(
        "SELECT task_id, turn, request_digest, request_key IS NOT NULL AND request_key = ?2 AS by_key FROM messages WHERE message_id = ?1 OR request_key = ?2 LIMIT 1",
        messageId,
        key,
      )
      .toArray()[0];
    return row ? { taskId: row.task_id, turn: row.turn, digest: row.request_digest, byKey: row.by_key === 1 } : undefined;
  }

  /** Appends to the kept conversation and trims it to the bounds `conversation` applies. */
  private keepRecent(recent: RecentConversation, message: Message, chars: number): void {
    recent.messages.push(message);
    recent.chars.push(chars);
    recent.total += chars;
    if (holdsStoredText(message)) recent.storedTexts++;
    while (recent.messages.length > 1 && (recent.messages.length > CONVERSATION_MESSAGES || recent.total > CONVERSATION_CHARS)) {
      const dropped = recent.messages.shift();
      recent.total -= recent.chars.shift() ?? 0;
      if (dropped && holdsStoredText(dropped)) recent.storedTexts--;
    }
  }

  /**
   * The recent conversation of the current epoch, oldest first: what follow-up turns see. Bounded
   * (the last CONVERSATION_MESSAGES messages, at most CONVERSATION_CHARS of JSON), so a long-lived
   * context neither slows every turn nor overflows a model's context window.
   */
  conversation(epoch: number): Message[] {
    if (this.recent?.epoch !== epoch) {
      // Newest first by `n`, down to the epoch's first message at most (no index on `epoch`).
      const rows = this.sql
        .exec<{ message: string }>(
          "SELECT message FROM messages WHERE n >= ? AND epoch = ? ORDER BY n DESC LIMIT ?",
          this.epochFrom(),
          epoch,
          CONVERSATION_MESSAGES,
        )
        .toArray();
      const recent: RecentConversation = { epoch, messages: [], chars: [], total: 0, storedTexts: 0 };
      for (const row of rows) {
        if (recent.total + row.message.length > CONVERSATION_CHARS && recent.messages.length > 0) break;
        const message = JSON.parse(row.message) as Message;
        recent.messages.push(message);
        recent.chars.push(row.message.length);
        recent.total += row.message.length;
        if (holdsStoredText(message)) recent.storedTexts++;
      }
      recent.messages.reverse();
      recent.chars.reverse();
      this.recent = recent;
    }
    return [...this.recent.messages];
  }

  /** The lowest message number of the current epoch can have: 0 until an idle eviction starts a new one. */
  private epochFrom(): number {
    return Number(this.getSetting(EPOCH_FROM) ?? "0");
  }

  /** A new epoch (the idle eviction, inside its commit): its messages are numbered after every stored one. */
  startEpoch(epoch: number): void {
    const next = this.sql.exec<{ n: number }>("SELECT COALESCE(MAX(n), 0) + 1 AS n FROM messages").one().n;
    this.setSetting("epoch", String(epoch));
    this.setSetting(EPOCH_FROM, String(next));
    this.recent = undefined;
  }

  /** The JSON characters of what `conversation(epoch)` returns, counted when each was stored. */
  conversationChars(epoch: number): number {
    if (this.recent?.epoch !== epoch) this.conversation(epoch);
    return this.recent?.total ?? 0;
  }

  /** How many messages of what `conversation(epoch)` returns keep a text in R2 (stored-parts.ts). */
  conversationStoredTexts(epoch: number): number {
    if (this.recent?.epoch !== epoch) this.conversation(epoch);
    return this.recent?.storedTexts ?? 0;
  }

  /** Stores an artifact, or appends its parts to the stored one when `append` is set. */
  putArtifact(taskId: string, artifact: Artifact, append: boolean): Artifact {
    const existing = this.sql
      .exec<{ artifact: string }>("SELECT artifact FROM artifacts WHERE task_id = ? AND artifact_id = ?", taskId, artifact.artifactId)
      .toArray()[0];
    if (existing) {
      const stored = JSON.parse(existing.artifact) as Artifact;
      const next: Artifact = append ? { ...stored, parts: [...stored.parts, ...artifact.parts] } : artifact;
      // The kept view holds texts, not ids: it cannot tell which of them this one replaces.
      this.kept.drop(taskId);
      this.sql.exec(
        "UPDATE artifacts SET artifact = ? WHERE task_id = ? AND artifact_id = ?",
        fitRow("artifacts", JSON.stringify(next)),
        taskId,
        artifact.artifactId,
      );
      return next;
    }
    return this.addArtifact(taskId, artifact);
  }

  /** Adds an artifact whose id is new to the task (no read first): it takes the next position, the newest. */
  addArtifact(taskId: string, artifact: Artifact): Artifact {
    const json = fitRow("artifacts", JSON.stringify(artifact));
    this.sql.exec(
      `INSERT INTO artifacts (task_id, artifact_id, position, artifact)
       VALUES (?, ?, (SELECT COALESCE(MAX(position), 0) + 1 FROM artifacts WHERE task_id = ?), ?)`,
      taskId,
      artifact.artifactId,
      taskId,
      json,
    );
    // The new artifact takes the next position: it is the newest.
    this.kept.follow(taskId, (rows) => {
      rows.artifacts.unshift(json);
      rows.chars += json.length;
    });
    return artifact;
  }

  /**
   * A bounded view of the stored task as its parts' JSON texts (no parse): the summary (id,
   * contextId, status, metadata), the newest messages and the newest artifacts that fit.
   */
  view(taskId: string, contextId: string, bounds: ViewBounds): TaskViewParts | undefined {
    const shown = this.shownRows(taskId, bounds);
    if (!shown) return undefined;
    const { status, metadata } = shown.rows;
    const summary = `{"id":${JSON.stringify(taskId)},"contextId":${JSON.stringify(contextId)},"status":${status}${metadata ? `,"metadata":${metadata}` : ""}}`;
    let budget = bounds.maxBytes - utf8Bytes(summary) - 40;
    let history: string[] = [];
    if (bounds.historyLength > 0) {
      const kept = newestWithin(shown.messages, budget * 0.75);
      budget -= kept.used;
      history = kept.kept;
    }
    const artifacts = bounds.artifacts > 0 ? newestWithin(shown.artifacts, budget).kept : [];
    return { status, summary, history, artifacts };
  }

  /** The rows `bounds` shows, newest first: from the kept rows when they tell, else read (and kept). */
  private shownRows(taskId: string, bounds: ViewBounds): { rows: StoredRows; messages: string[]; artifacts: string[] } | undefined {
    const kept = this.kept.of(taskId);
    const fromKept = kept && this.shown(kept, bounds);
    if (fromKept) return fromKept;
    const read = this.readRows(taskId, bounds, kept);
    return read && this.shown(read, bounds);
  }

  private shown(rows: StoredRows, bounds: ViewBounds): { rows: StoredRows; messages: string[]; artifacts: string[] } | undefined {
    const messages = shownMessages(rows, bounds);
    const artifacts = shownArtifacts(rows, bounds);
    return messages && artifacts ? { rows, messages, artifacts } : undefined;
  }

  /**
   * Reads the rows `bounds` asks for, and keeps them. What `known` (the kept rows of the task)
   * already shows is not read again: its task row, its messages or its artifacts.
   */
  private readRows(taskId: string, bounds: ViewBounds, known?: StoredRows): StoredRows | undefined {
    const row = known ?? this.readTaskRow(taskId);
    if (!row) return undefined;
    const messages = known && shownMessages(known, bounds) ? known : this.readMessages(taskId, row.turns, bounds);
    const artifacts = known && shownArtifacts(known, bounds) ? known : this.readArtifacts(taskId, bounds);
    const rows: StoredRows = {
      taskId,
      state: row.state,
      status: row.status,
      metadata: row.metadata,
      turns: row.turns,
      messages: messages.messages,
      messageTurns: messages.messageTurns,
      allMessages: messages.allMessages,
      allOfTurn: messages.allOfTurn,
      artifacts: artifacts.artifacts,
      allArtifacts: artifacts.allArtifacts,
      chars: row.status.length + (row.metadata?.length ?? 0) + [...messages.messages, ...artifacts.artifacts].reduce((sum, text) => sum + text.length, 0),
    };
    this.kept.keep(rows);
    return rows;
  }

  /** The newest messages `bounds` asks for (of the task, or of its turn `turns`). */
  private readMessages(taskId: string, turns: number, bounds: ViewBounds): Pick<StoredRows, "messages" | "messageTurns" | "allMessages" | "allOfTurn"> {
    const wanted = bounds.historyLength;
    // Rows as arrays (`raw()`): no object per row (half the cost of reading them, measured in a DO).
    const rows =
      wanted <= 0
        ? []
        : Array.from(
            bounds.currentTurnOnly
              ? this.sql.exec("SELECT message, turn FROM messages WHERE task_id = ? AND turn = ? ORDER BY n DESC LIMIT ?", taskId, turns, wanted).raw()
              : this.sql.exec(HISTORY_NEWEST_FIRST, taskId, wanted).raw(),
          );
    // Fewer rows than asked for: that is all of them (of the task, or of its turn).
    const short = wanted > 0 && rows.length < wanted;
    return {
      messages: rows.map((r) => r[0] as string),
      messageTurns: rows.map((r) => r[1] as number),
      allMessages: short && !bounds.currentTurnOnly,
      allOfTurn: short && bounds.currentTurnOnly === true,
    };
  }

  /** The newest artifacts `bounds` asks for. */
  private readArtifacts(taskId: string, bounds: ViewBounds): Pick<StoredRows, "artifacts" | "allArtifacts"> {
    if (bounds.artifacts <= 0) return { artifacts: [], allArtifacts: false };
    const artifacts = Array.from(
      this.sql.exec("SELECT artifact FROM artifacts WHERE task_id = ? ORDER BY position DESC LIMIT ?", taskId, bounds.artifacts).raw(),
    ).map((r) => r[0] as string);
    return { artifacts, allArtifacts: artifacts.length < bounds.artifacts };
  }

  /** The bounded view as Task JSON text, composed from the stored texts without a parse. */
  taskJson(taskId: string, contextId: string, bounds: ViewBounds): string | undefined {
    const parts = this.view(taskId, contextId, bounds);
    return parts ? composeTask(parts) : undefined;
  }

  task(taskId: string, contextId: string, bounds: ViewBounds): Task | undefined {
    const json = this.taskJson(taskId, contextId, bounds);
    return json === undefined ? undefined : (JSON.parse(json) as Task);
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

  /** The oldest update time of the tasks (a scan, once per wake: no index serves it); the newest is learned on the way. */
  oldestUpdateMs(): number | undefined {
    const row = this.sql.exec<{ oldest: number | null; newest: number | null }>("SELECT MIN(updated_ms) AS oldest, MAX(updated_ms) AS newest FROM tasks").one();
    this.newestUpdate = { ms: row.newest ?? undefined };
    return row.oldest ?? undefined;
  }

  /** The newest update time of the tasks: every turn's end writes its task's (a scan the first time, then kept). */
  newestUpdateMs(): number | undefined {
    this.newestUpdate ??= { ms: this.sql.exec<{ m: number | null }>("SELECT MAX(updated_ms) AS m FROM tasks").one().m ?? undefined };
    return this.newestUpdate.ms;
  }

  /** A task was written at `nowMs`: the newest update follows, if it is known (else the next read sees the row). */
  private updatedAt(nowMs: number): void {
    if (this.newestUpdate) this.newestUpdate.ms = Math.max(this.newestUpdate.ms ?? nowMs, nowMs);
  }

  deleteTask(taskId: string): void {
    this.kept.drop(taskId);
    for (const table of ["artifacts", "messages"]) this.sql.exec(`DELETE FROM ${table} WHERE task_id = ?`, taskId);
    this.sql.exec("DELETE FROM tasks WHERE id = ?", taskId);
  }
}
