/**
 * Sends the outbox to the owner's TaskIndex: every marked task's bounded row (or its removal, once
 * the task is gone) in one RPC. Flushes run one after another (calls through different stubs are
 * not ordered) and each reads the rows when its turn comes, so the index never ends on an older
 * state than the task. A failed flush leaves the marks for the next one (the alarm retries).
 */
import type { IndexRow } from "../task-index/task-index";
import type { TaskStatus } from "../../a2a/types";
import type { Config } from "../../config/config";
import type { IndexOutbox } from "./index-outbox";
import type { TaskRecords } from "./task-records";
import { taskIndexFor } from "../stubs";
import { shardOf } from "../task-index/index-layout";
import { INDEX_ROW_MAX_BYTES, LIST_HISTORY_MAX, SNAPSHOT_ARTIFACTS } from "../../storage/limits";

/** Tasks sent per flush: one RPC stays small (each row is at most INDEX_ROW_MAX_BYTES). */
const FLUSH_BATCH = 16;

/** What the writer reads of its object (the ContextState that holds it, without importing it back). */
export interface IndexSource {
  readonly records: Pick<TaskRecords, "view">;
  readonly outbox: IndexOutbox;
  readonly env: Env;
  readonly config: Pick<Config, "indexLayout">;
  owner(): string;
  contextId(): string;
}

export class IndexWriter {
  private chain: Promise<boolean> = Promise.resolve(true);

  constructor(private readonly state: IndexSource) {}

  /** The task's row as the index keeps it: the most ListTasks can show of it, as JSON texts. */
  rowOf(taskId: string): IndexRow | undefined {
    const view = this.state.records.view(taskId, this.state.contextId(), {
      historyLength: LIST_HISTORY_MAX,
      artifacts: SNAPSHOT_ARTIFACTS,
      maxBytes: INDEX_ROW_MAX_BYTES,
    });
    if (!view) return undefined;
    const status = JSON.parse(view.status) as TaskStatus;
    return {
      id: taskId,
      contextId: this.state.contextId(),
      state: status.state,
      tsMs: Date.parse(status.timestamp),
      summary: view.summary,
      history: `[${view.history.join(",")}]`,
      artifacts: `[${view.artifacts.join(",")}]`,
    };
  }

  /**
   * Sends everything marked; resolves true when the outbox is empty afterwards. A flush that
   * throws (a row that cannot be composed) rejects for its caller only: the next flush still runs,
   * so one bad row never stops this object's index updates for the rest of its life.
   */
  flush(): Promise<boolean> {
    const next = (): Promise<boolean> => this.send();
    this.chain = this.chain.then(next, next);
    return this.chain;
  }

  private async send(): Promise<boolean> {
    const { outbox } = this.state;
    for (;;) {
      const entries = outbox.pending(FLUSH_BATCH);
      if (entries.length === 0) return true;
      const upserts: IndexRow[] = [];
      const removals: string[] = [];
      for (const entry of entries) {
        const row = this.rowOf(entry.taskId);
        if (row) upserts.push(row);
        else removals.push(entry.taskId);
      }
      try {
        const { shards, previous } = this.state.config.indexLayout;
        const shard = shardOf(this.state.contextId(), shards);
        await taskIndexFor(this.state.env, this.state.owner(), shard, shards).apply({ upserts, removals }, { shard, shards, previous }, this.state.owner());
      } catch (error) {
        console.error("task index update failed", error instanceof Error ? error.message : typeof error);
        return false;
      }
      outbox.clear(entries);
    }
  }
}
