/**
 * The life of a context between requests, driven by one alarm:
 *
 * - Restart: a task found SUBMITTED or WORKING when the object starts was cut off by a restart or
 *   deploy (in-memory turns do not survive): it ends FAILED and is push-notified. The end is the
 *   turn end's (turn-end.ts `endInterrupted`), run by the object between `start` and `resumeIndex`.
 * - Heartbeat: while a turn runs, an alarm every 30 s keeps the object from being evicted as idle.
 * - Idle: after `IACCODE_A2A_IDLE_TIMEOUT_SECONDS` the conversation and workspace binding are dropped.
 * - Retention: tasks past `IACCODE_A2A_TASK_RETENTION_DAYS` are deleted, their R2 objects first
 *   (artifacts, stored parts), so nothing in R2 outlives its row.
 * - Lost push messages: a delivery still pending PUSH_REQUEUE_AFTER_MS after it was queued never
 *   reached the consumer's end (a queue message lost in a restart); it is queued again with the
 *   same notification id, up to PUSH_MAX_REQUEUES times, then recorded dead with a clear error.
 * - The index outbox: marks that a failed flush left behind are sent again, and the rows of
 *   acknowledged marks are deleted.
 *
 * The next alarm time is kept in memory, so a turn that changes nothing about it writes no alarm.
 * Whether a turn runs is read from the turn slot (turn-slot.ts); the turn's end asks for the next
 * alarm through an interface of its own (turn-end.ts `AlarmPlanner`), which this class meets. Neither
 * holds the other, and this file imports neither the end nor the runner.
 */
import type { PushJob } from "../../push/push-job";
import type { QuotaLease } from "./quota-lease";
import type { ContextState } from "./context-state";
import type { TurnSlot } from "./turn-slot";
import { deleteTaskObjects } from "../../storage/task-objects";

/** While a turn runs, an alarm this often keeps the object active (idle objects are evicted after 70–140 s). */
const TURN_HEARTBEAT_MS = 30_000;
/** Tasks deleted per alarm run, so one alarm stays well inside its time budget. */
const RETENTION_BATCH = 100;
/**
 * A pending delivery older than this was lost: the consumer's whole schedule (5 attempts at most
 * 60 s apart, each timing out after 10 s: src/push/retry-policy.ts) ends within about 3 minutes.
 */
export const PUSH_REQUEUE_AFTER_MS = 10 * 60_000;
/** Re-enqueues of one lost delivery before it is recorded dead. */
export const PUSH_MAX_REQUEUES = 3;
export const PUSH_LOST_TEXT = "The notification's queue message was lost and re-sent 3 times without an answer.";
/** Deliveries looked at per alarm run. */
const REQUEUE_BATCH = 50;
/** How soon the alarm retries an index write that failed. */
const OUTBOX_RETRY_MS = 5_000;

const DAY_MS = 86_400_000;

export class Lifecycle {
  private alarmAt: number | undefined;
  /**
   * The oldest task update, read once and refreshed by each alarm. Updates only make the real
   * value later, so a stale copy can only make the alarm fire early, where it re-plans.
   */
  private oldestUpdate: { ms: number | undefined } | undefined;

  constructor(
    private readonly state: ContextState,
    private readonly storage: DurableObjectStorage,
    private readonly slot: Pick<TurnSlot, "activeTaskId">,
    private readonly contextObjectId: string,
    private readonly quota: QuotaLease,
  ) {}

  /** At construction, inside blockConcurrencyWhile, first: learn the alarm (interrupted tasks end after it). */
  async start(): Promise<void> {
    this.alarmAt = (await this.storage.getAlarm()) ?? undefined;
  }

  /** At construction, last: the index outbox's marks, sent again. */
  resumeIndex(): void {
    // Marks left by a failed send, or acknowledged ones whose rows the next commit had not yet
    // deleted (index-outbox.ts): sent beside the first request, not ahead of it.
    if (!this.state.outbox.isEmpty()) void this.state.index.flush();
  }

  async alarm(): Promise<void> {
    this.alarmAt = undefined;
    // An alarm re-reads what requests keep in memory (settings, the oldest update): it runs rarely,
    // and each run starts from what storage says.
    this.oldestUpdate = undefined;
    this.state.records.forget();
    const now = Date.now();
    const { records } = this.state;
    if (this.slot.activeTaskId() === undefined && records.getSetting("evicted") !== "1") {
      const lastActive = this.state.lastActiveMs() ?? now;
      if (now >= lastActive + this.state.config.idleTimeoutSeconds * 1000) this.freeContext();
    }
    await this.deleteExpiredTasks(now);
    await this.requeueLostPushes(now);
    if (!this.state.outbox.isEmpty()) await this.state.index.flush();
    // An alarm's answer waits for nobody: the rows the index acknowledged are deleted now.
    if (this.state.outbox.unsettled()) this.state.commit(() => undefined);
    await this.scheduleAlarm();
  }

  /** Idle timeout: the conversation and workspace binding are dropped; tasks stay readable. */
  private freeContext(): void {
    this.state.commit((w) => {
      w.records.startEpoch(this.state.epoch() + 1);
      w.records.deleteSetting("cwd");
      w.records.setSetting("evicted", "1");
    });
  }

  private async deleteExpiredTasks(now: number): Promise<void> {
    const cutoff = now - this.state.config.taskRetentionDays * DAY_MS;
    const active = this.slot.activeTaskId();
    const ids = this.state.records.idsUpdatedBefore(cutoff, RETENTION_BATCH).filter((id) => id !== active);
    if (ids.length === 0) return;
    const ownerKey = await this.state.ownerKey();
    let configs = 0;
    for (const id of ids) {
      configs += this.state.push.ids(id).length;
      // R2 first: if this fails, the row stays and the next alarm tries again.
      await deleteTaskObjects(this.state.env.FILES, ownerKey, id);
      this.oldestUpdate = undefined;
      this.state.commit((w) => {
        w.records.deleteTask(id);
        w.log.deleteTask(id);
        w.push.deleteTask(id);
        w.outbox.mark(id);
      });
    }
    await this.state.index.flush();
    await this.releaseQuota(configs);
  }

  /** The deleted tasks' push configs go back to the owner's quota; with the last task, the context and its reserve too. */
  private async releaseQuota(configs: number): Promise<void> {
    const owner = this.state.records.getSetting("owner");
    if (owner === undefined) return;
    if (this.state.records.oldestUpdateMs() === undefined) await this.quota.releaseAll(owner, configs);
    else if (configs > 0) await this.quota.release(owner, { pushConfigs: configs });
  }

  private async requeueLostPushes(now: number): Promise<void> {
    if (!this.state.config.pushNotifications) return;
    const { push } = this.state;
    const stale = push.stalePending(now - PUSH_REQUEUE_AFTER_MS, REQUEUE_BATCH);
    const jobs: PushJob[] = [];
    for (const delivery of stale) {
      if (delivery.requeues >= PUSH_MAX_REQUEUES) {
        push.recordResult(delivery.notificationId, "dead", PUSH_LOST_TEXT, now);
        continue;
      }
      const { notificationId, taskId, configId, seq } = delivery;
      jobs.push({ contextObjectId: this.contextObjectId, taskId, configId, seq, notificationId });
    }
    if (jobs.length === 0) return;
    try {
      await this.state.env.PUSH_QUEUE.sendBatch(jobs.map((body) => ({ body })));
      this.state.commit((w) => {
        for (const job of jobs) w.push.markRequeued(job.notificationId, now);
      });
    } catch (error) {
      console.error("push re-enqueue failed", error instanceof Error ? error.message : typeof error);
    }
  }

  async scheduleAlarm(): Promise<void> {
    const now = Date.now();
    const { records, config, push, outbox } = this.state;
    const times: number[] = [];
    if (this.slot.activeTaskId() !== undefined) times.push(now + TURN_HEARTBEAT_MS);
    // The oldest update first: its scan learns the newest too, which the idle clock reads.
    this.oldestUpdate ??= { ms: records.oldestUpdateMs() };
    const lastActive = this.state.lastActiveMs();
    if (lastActive !== undefined && records.getSetting("evicted") !== "1") times.push(lastActive + config.idleTimeoutSeconds * 1000);
    // A context with tasks but no known oldest update: the first task was created since the read.
    if (this.oldestUpdate.ms === undefined && lastActive !== undefined) this.oldestUpdate = { ms: records.oldestUpdateMs() };
    const oldest = this.oldestUpdate.ms;
    if (oldest !== undefined) times.push(oldest + config.taskRetentionDays * DAY_MS);
    const pending = config.pushNotifications ? push.oldestPendingMs() : undefined;
    if (pending !== undefined) times.push(pending + PUSH_REQUEUE_AFTER_MS);
    if (!outbox.isEmpty()) times.push(now + OUTBOX_RETRY_MS);
    if (times.length === 0) return;
    const at = Math.max(now + 1, Math.min(...times));
    // One alarm at a time: an earlier pending one re-plans when it fires, so only move it earlier.
    if (this.alarmAt !== undefined && this.alarmAt > now && this.alarmAt <= at) return;
    await this.storage.setAlarm(at);
    this.alarmAt = at;
  }
}
