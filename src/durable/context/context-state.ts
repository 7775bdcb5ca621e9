/**
 * What the parts of one ContextAgent share: its SQLite tables, its open streams, its index
 * writer, and a `commit` that runs a group of writes as one SQLite transaction and only then sends
 * the events it logged, so a stream never shows an event that a failed transaction took back.
 * The RPC surface (context-agent.ts), the turn runner and its steps, the reads and the lifecycle
 * each hold one of these.
 */
import type { StreamResponse } from "../../a2a/types";
import type { Config } from "../../config/config";
import { developmentKeyring, keyringOf, type SecretKeyring } from "../../push/secret-box";
import { EventLog, type LoggedEvent } from "./event-log";
import { IndexOutbox } from "./index-outbox";
import { IndexWriter } from "./index-writer";
import { PushConfigs } from "./push-configs";
import { StreamHub } from "./stream-hub";
import { TaskRecords } from "./task-records";
import { ownerKey } from "../../storage/object-keys";

/** The writes of one commit: everything goes to SQLite; events are sent once it has committed. */
export interface Writes {
  readonly records: TaskRecords;
  readonly push: PushConfigs;
  readonly outbox: IndexOutbox;
  readonly log: EventLog;
  /** Logs an event of the task's turn (with the task's generation after it); it is sent to the task's streams after the commit. */
  emit(taskId: string, turn: number, event: StreamResponse, generation?: number): LoggedEvent;
}

export class ContextState {
  readonly records: TaskRecords;
  readonly log: EventLog;
  readonly push: PushConfigs;
  readonly outbox: IndexOutbox;
  readonly hub = new StreamHub();
  /** Waiters released by the next commit (GetTask with currentGeneration). */
  private readonly commitWaiters: Array<() => void> = [];
  readonly index: IndexWriter;
  private ownerKeyHex: { owner: string; key: Promise<string> } | undefined;

  constructor(
    private readonly storage: DurableObjectStorage,
    readonly env: Env,
    readonly config: Config,
  ) {
    const sql = storage.sql;
    this.records = new TaskRecords(sql);
    this.log = new EventLog(sql);
    const keyring = config.pushKeyring;
    this.push = new PushConfigs(sql, (): Promise<SecretKeyring> => (keyring ? Promise.resolve(keyringOf(keyring)) : developmentKeyring()));
    this.outbox = new IndexOutbox(sql);
    this.index = new IndexWriter(this);
  }

  /** Runs `write` as one transaction, then sends the events it logged, in order. */
  commit<T>(write: (writes: Writes) => T): { value: T; events: Array<{ taskId: string; event: LoggedEvent }> } {
    const events: Array<{ taskId: string; event: LoggedEvent }> = [];
    const writes: Writes = {
      records: this.records,
      push: this.push,
      outbox: this.outbox,
      log: this.log,
      emit: (taskId, turn, event, generation) => {
        const logged = this.log.append(taskId, turn, event, generation);
        events.push({ taskId, event: logged });
        return logged;
      },
    };
    let value: T;
    try {
      value = this.storage.transactionSync(() => {
        this.outbox.settle();
        const written = write(writes);
        // The commit's events, in one INSERT (event-log.ts).
        this.log.flush();
        return written;
      });
    } catch (error) {
      // The transaction wrote nothing: the in-memory copies of what it changed are dropped too.
      this.records.forget();
      this.log.forget();
      this.outbox.forget();
      this.push.forget();
      throw error;
    }
    for (const { taskId, event } of events) this.hub.publish(taskId, event);
    for (const wake of this.commitWaiters.splice(0)) wake();
    return { value, events };
  }

  /** Resolves after the next commit, or after `ms`: what a GetTask long poll waits on. */
  nextCommit(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        const at = this.commitWaiters.indexOf(wake);
        if (at >= 0) this.commitWaiters.splice(at, 1);
        resolve();
      }, ms);
      const wake = () => {
        clearTimeout(timer);
        resolve();
      };
      this.commitWaiters.push(wake);
    });
  }

  owner(): string {
    return this.records.getSetting("owner") ?? "";
  }

  /** The owner's R2 key prefix (a hash of the principal), computed once. */
  ownerKey(): Promise<string> {
    const owner = this.owner();
    if (this.ownerKeyHex?.owner !== owner) this.ownerKeyHex = { owner, key: ownerKey(owner) };
    return this.ownerKeyHex.key;
  }

  contextId(): string {
    return this.records.getSetting("contextId") ?? "";
  }

  epoch(): number {
    return Number(this.records.getSetting("epoch") ?? "0");
  }

  /** Marks the context active now (inside a commit): the start of its first turn, and of a turn after an idle eviction. */
  touch(records: TaskRecords): void {
    records.setSetting("lastActive", String(Date.now()));
    records.deleteSetting("evicted");
  }

  /**
   * A turn's end (inside the commit that writes its task's final status). Issue 29 item 3: the
   * end no longer writes `lastActive` (a row written per turn): the task's `updated_ms`, written
   * by the same commit at the same time, is the context's last activity (`lastActiveMs`).
   */
  ended(records: TaskRecords): void {
    records.deleteSetting("evicted");
  }

  /**
   * When the context was last active, the idle timeout's clock: the newer of the `lastActive`
   * setting (a first turn's start, a start after an idle eviction; every turn's end, in an object
   * written before issue 29 item 3) and the tasks' newest update (every turn's end). Undefined for
   * a context that never had a turn.
   */
  lastActiveMs(): number | undefined {
    const setting = this.records.getSetting("lastActive");
    if (setting === undefined) return undefined;
    return Math.max(Number(setting), this.records.newestUpdateMs() ?? 0);
  }

  /** Whether a turn's start must mark the context active: its first turn, or the first after an idle eviction. */
  evicted(): boolean {
    return this.records.getSetting("evicted") === "1" || this.records.getSetting("lastActive") === undefined;
  }
}
