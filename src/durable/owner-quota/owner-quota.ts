/**
 * OwnerQuota: one Durable Object per owner, holding that owner's quota counters (issue 30 item 5):
 * contexts, push configs, workspace files and bytes stored. One object per owner makes a charge
 * exact under concurrency: a charge checks every counter it raises against its limit and applies
 * all of them, or none, in one synchronous step of the object (no await between the read and the
 * write, so no two charges interleave). A refusal names the counter, so the caller answers with
 * the limit and the variable that sets it (quota-config.ts).
 *
 * Who charges, where a write already happens (each charge is one RPC here, never on a read):
 * - the ContextAgent, before a context's first turn writes anything (contexts) and before a turn
 *   whose content would pass the bytes it holds in reserve (bytes, in steps of BYTES_STEP: see
 *   context/quota-lease.ts), and before a new push config is written (push configs);
 * - the Worker's upload route, before a workspace file is streamed to R2 (files and bytes).
 * A release follows a deletion (a config deleted, a context's last task past retention, an upload
 * that failed) and never takes a counter below zero.
 */
import { DurableObject } from "cloudflare:workers";
import { configOf } from "../../config/config";
import type { QuotaConfig } from "../../config/quota-config";

export type QuotaCounter = keyof QuotaConfig;
export type QuotaDelta = Partial<Record<QuotaCounter, number>>;
export type QuotaAnswer = { ok: true } | { ok: false; counter: QuotaCounter; limit: number };

const COUNTERS: readonly QuotaCounter[] = ["contexts", "pushConfigs", "uploads", "bytes"];

export class OwnerQuota extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec("CREATE TABLE IF NOT EXISTS quota_usage (counter TEXT PRIMARY KEY, used INTEGER NOT NULL)");
  }

  private used(counter: QuotaCounter): number {
    return this.sql.exec<{ used: number }>("SELECT used FROM quota_usage WHERE counter = ?", counter).toArray()[0]?.used ?? 0;
  }

  private set(counter: QuotaCounter, used: number): void {
    this.sql.exec("INSERT INTO quota_usage (counter, used) VALUES (?, ?) ON CONFLICT(counter) DO UPDATE SET used = excluded.used", counter, Math.max(0, used));
  }

  /** Raises the counters by `delta` when every raised one stays within its limit; else changes nothing. */
  charge(delta: QuotaDelta): QuotaAnswer {
    const limits = configOf(this.env).quotas;
    for (const counter of COUNTERS) {
      const add = delta[counter] ?? 0;
      if (add > 0 && this.used(counter) + add > limits[counter]) return { ok: false, counter, limit: limits[counter] };
    }
    for (const counter of COUNTERS) {
      const add = delta[counter] ?? 0;
      if (add !== 0) this.set(counter, this.used(counter) + add);
    }
    return { ok: true };
  }

  /** Lowers the counters by `delta` (after a deletion), never below zero. */
  release(delta: QuotaDelta): void {
    for (const counter of COUNTERS) {
      const sub = delta[counter] ?? 0;
      if (sub > 0) this.set(counter, this.used(counter) - sub);
    }
  }

  /** The owner's counters, for the owner's usage route and the tests. */
  usage(): Record<QuotaCounter, number> {
    return { contexts: this.used("contexts"), pushConfigs: this.used("pushConfigs"), uploads: this.used("uploads"), bytes: this.used("bytes") };
  }
}
