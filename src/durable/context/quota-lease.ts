/**
 * A context's account with its owner's quota (issue 30 item 5; the counters are in the owner's
 * OwnerQuota object). It charges where this object writes anyway, and only when something new is
 * counted, so a turn of an ordinary conversation costs no extra RPC:
 *
 * - a fresh context is charged one context and a first reserve of BYTES_STEP bytes, in the same
 *   RPC, before its binding (its first write);
 * - a turn is charged only when what the context would hold after it (its SQLite database, the R2
 *   blobs of its large parts so far, and the turn's new message and blobs) passes the bytes it holds
 *   in reserve: the difference, rounded up to BYTES_STEP, in one RPC before anything of the turn is
 *   written (the new reserve is recorded at once); an inline push config that is new adds one push
 *   config to that charge (and makes it);
 * - a refusal throws -32602 naming the limit and its variable, before anything is written.
 *
 * What the reserve counts, and does not: the database (rows, indexes and free pages, as the
 * platform measures it) and message parts moved to R2; artifacts a turn writes to R2 (templates of
 * kilobytes) are not counted. So an owner may pass the bytes quota by at most one turn's output.
 * When the retention alarm has deleted a context's last task, its context, reserve and configs are
 * released (`releaseAll`).
 */
import { errors } from "../../a2a/errors";
import { QUOTA_VARIABLES, quotaExceededText } from "../../config/quota-config";
import { ownerQuotaFor } from "../stubs";
import type { QuotaAnswer, QuotaDelta } from "../owner-quota/owner-quota";
import type { ContextState } from "./context-state";

/** The step a context reserves bytes in: at most one RPC per MiB a context grows by. */
export const BYTES_STEP = 1024 * 1024;

const COUNTED = "quota.context";
const RESERVED = "quota.bytes";
const R2_BYTES = "quota.r2";

/** What a turn would add: its message as stored inline, the blobs of its large parts, a new inline push config. */
export interface TurnGrowth {
  messageBytes: number;
  blobBytes: number;
  newPushConfig: boolean;
}

/** The -32602 of a refused charge: which limit, its value, the variable that sets it. */
export function quotaRefusal(answer: Extract<QuotaAnswer, { ok: false }>) {
  const message = quotaExceededText(answer.counter, answer.limit);
  return errors.invalidParams(message, [{ field: QUOTA_VARIABLES[answer.counter], description: message }]);
}

export class QuotaLease {
  constructor(
    private readonly state: ContextState,
    private readonly sql: SqlStorage,
  ) {}

  private setting(key: string): number {
    return Number(this.state.records.getSetting(key) ?? "0");
  }

  /** Charges the owner `delta`; throws the quota refusal. */
  async charge(owner: string, delta: QuotaDelta): Promise<void> {
    const answer = await ownerQuotaFor(this.state.env, owner).charge(delta);
    if (!answer.ok) throw quotaRefusal(answer);
  }

  /** Gives `delta` back to the owner (after a deletion). */
  async release(owner: string, delta: QuotaDelta): Promise<void> {
    await ownerQuotaFor(this.state.env, owner).release(delta);
  }

  /** Before a fresh context is bound: one context and the first reserve. Written by the caller's binding commit. */
  async chargeContext(owner: string): Promise<void> {
    await this.charge(owner, { contexts: 1, bytes: BYTES_STEP });
  }

  /** Gives back what `chargeContext` charged, when another call bound the context meanwhile. */
  releaseContext(owner: string): Promise<void> {
    return this.release(owner, { contexts: 1, bytes: BYTES_STEP });
  }

  /** Notes, inside the binding commit, what `chargeContext` charged. */
  noteContext(): void {
    this.state.records.setSetting(COUNTED, "1");
    this.state.records.setSetting(RESERVED, String(BYTES_STEP));
  }

  /**
   * Before a turn writes: charges what passes the reserve (and a new inline config), then records
   * the new reserve. A refusal throws before anything is written.
   */
  async chargeTurn(owner: string, growth: TurnGrowth): Promise<void> {
    const reserved = this.setting(RESERVED);
    const r2 = this.setting(R2_BYTES) + growth.blobBytes;
    const need = this.sql.databaseSize + r2 + growth.messageBytes;
    const bytes = need > reserved ? Math.ceil((need - reserved) / BYTES_STEP) * BYTES_STEP : 0;
    const counted = this.state.records.getSetting(COUNTED) === "1";
    if (bytes > 0 || !counted || growth.newPushConfig) {
      await this.charge(owner, { bytes, contexts: counted ? 0 : 1, pushConfigs: growth.newPushConfig ? 1 : 0 });
    }
    if (bytes === 0 && counted && growth.blobBytes === 0) return;
    this.state.commit((w) => {
      w.records.setSetting(R2_BYTES, String(r2));
      w.records.setSetting(RESERVED, String(reserved + bytes));
      w.records.setSetting(COUNTED, "1");
    });
  }

  /** After the retention alarm deleted the context's last task: everything it held goes back. */
  async releaseAll(owner: string, pushConfigs: number): Promise<void> {
    const counted = this.state.records.getSetting(COUNTED) === "1";
    await this.release(owner, { contexts: counted ? 1 : 0, bytes: this.setting(RESERVED), pushConfigs });
    this.state.commit((w) => {
      w.records.deleteSetting(COUNTED);
      w.records.deleteSetting(RESERVED);
      w.records.deleteSetting(R2_BYTES);
    });
  }
}
