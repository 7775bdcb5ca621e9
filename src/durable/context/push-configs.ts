/**
 * Push notification configs of a context's tasks, and their delivery log, in the ContextAgent's
 * SQLite. Tokens and credentials are sealed with the push keyring (AES-GCM, bound to
 * `<taskId>/<configId>`) before they are written, so storage never holds them in the clear; the
 * callback URL is checked by the Worker before a config reaches this object (push-config-checks.ts)
 * and again by the consumer before every delivery.
 */
import type { PushConfigInput, PushPayloadVersion } from "../../a2a/schemas";
import type { TaskPushNotificationConfig } from "../../a2a/types";
import { errors } from "../../a2a/errors";
import type { PushSecrets } from "../../push/push-headers";
import type { SecretKeyring } from "../../push/secret-box";
import type { PushPolicy } from "../../push/push-config-checks";
import { applySchema } from "../schema";
import { reusedId } from "./repeat-requests";

const SCHEMA = [
  `CREATE TABLE IF NOT EXISTS push_configs (
     task_id TEXT NOT NULL, id TEXT NOT NULL, url TEXT NOT NULL, scheme TEXT, sealed_credentials TEXT,
     sealed_token TEXT, created_ms INTEGER NOT NULL, PRIMARY KEY (task_id, id))`,
  `CREATE TABLE IF NOT EXISTS push_deliveries (
     notification_id TEXT PRIMARY KEY, task_id TEXT NOT NULL, config_id TEXT NOT NULL, seq INTEGER NOT NULL,
     state TEXT NOT NULL, last_error TEXT, updated_ms INTEGER NOT NULL)`,
  `CREATE INDEX IF NOT EXISTS push_deliveries_task ON push_deliveries(task_id, seq)`,
];

const ADDED = [
  // How often the alarm re-enqueued a pending delivery whose queue message was lost.
  { table: "push_deliveries", column: "requeues", definition: "INTEGER NOT NULL DEFAULT 0" },
  // The shape a config's notifications take (NULL: 1.0; "0.3" for a config registered over A2A 0.3).
  { table: "push_configs", column: "payload_version", definition: "TEXT" },
  // The Idempotency-Key that created the config (at most STORED_ID_MAX_CHARS) and its request's digest.
  { table: "push_configs", column: "request_key", definition: "TEXT" },
  { table: "push_configs", column: "request_digest", definition: "TEXT" },
  // 1 when the request that created the config activated the generation extension (a2a/generation.ts).
  { table: "push_configs", column: "generation", definition: "INTEGER" },
];

/** How a keyed creation is stored to be known again (repeat-requests.ts). */
export interface KeyedRequest {
  key: string;
  digest: string;
}

/** A pending delivery as the alarm sees it. */
export interface PendingDelivery {
  notificationId: string;
  taskId: string;
  configId: string;
  seq: number;
  requeues: number;
}

/** A config with its secrets sealed, ready to be written in a transaction. */
export interface SealedConfig {
  taskId: string;
  id: string;
  url: string;
  scheme: string | null;
  sealedCredentials: string | null;
  sealedToken: string | null;
  payloadVersion: string | null;
  generation: boolean;
}

/** What a delivery needs: where, the secrets in the clear, as the consumer builds the request. */
export interface PushTarget {
  url: string;
  secrets: PushSecrets;
  payloadVersion?: PushPayloadVersion;
  /** Notifications carry the task's generation (the config was created with the extension active). */
  generation?: true;
}

export interface DeliveryRecord {
  notificationId: string;
  configId: string;
  seq: number;
  state: "pending" | "delivered" | "dead";
  lastError?: string;
  updatedAt: string;
}

interface ConfigRow {
  id: string;
  url: string;
  scheme: string | null;
  sealed_credentials: string | null;
  sealed_token: string | null;
  payload_version: string | null;
  generation: number | null;
}

/** A config as the owner sees it: secrets are write-only, never echoed back. */
function publicView(taskId: string, row: ConfigRow): TaskPushNotificationConfig {
  return { id: row.id, taskId, url: row.url, ...(row.scheme ? { authentication: { scheme: row.scheme } } : {}) };
}

/** The policy is the Worker's too (it checks a config before any RPC): push-config-checks.ts. */
export { pushPolicyOf, type PushPolicy } from "../../push/push-config-checks";

export class PushConfigs {
  /**
   * Whether this object's push tables exist, read once. They are created by the first config
   * stored (issue 22 item 1): a context that never registers one keeps no push tables, six B-trees
   * of a 4 KiB page each, and reads nothing for pushes (no tables: no config, no delivery).
   */
  private tables: boolean | undefined;

  constructor(
    private readonly sql: SqlStorage,
    private readonly keyring: () => Promise<SecretKeyring>,
  ) {
    // An object created before has them: their added columns are brought up to date at the wake.
    if (this.exist()) this.create();
  }

  private exist(): boolean {
    this.tables ??= this.sql.exec("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'push_configs'").toArray().length > 0;
    return this.tables;
  }

  /** Creates the tables (or brings an older object's up to date); inside the caller's transaction when there is one. */
  private create(): void {
    applySchema(this.sql, SCHEMA, ADDED);
    this.sql.exec("CREATE INDEX IF NOT EXISTS push_deliveries_state ON push_deliveries(state, updated_ms)");
    this.tables = true;
  }

  /** After a rolled-back transaction, which may have created the tables: read again when next needed. */
  forget(): void {
    this.tables = undefined;
  }

  /**
   * The check on what is stored: a new config may not exceed the task's maximum. Every other rule
   * of a config (id, callback URL, authentication) needs no stored state and was checked by the
   * Worker before the call (push-config-checks.ts, issue 22 item 4). Returns the config's id.
   */
  private validate(taskId: string, input: PushConfigInput, policy: PushPolicy): string {
    const id = input.id || taskId;
    const exists = this.exist() && this.sql.exec("SELECT 1 FROM push_configs WHERE task_id = ? AND id = ?", taskId, id).toArray().length > 0;
    const count = this.exist() ? this.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM push_configs WHERE task_id = ?", taskId).one().n : 0;
    if (!exists && count >= policy.maxConfigsPerTask) {
      throw errors.invalidParams(`A2A task already has the maximum of ${policy.maxConfigsPerTask} push notification configs`);
    }
    return id;
  }

  /**
   * Checks a config against what is stored (the -32602 the client should see) and seals its
   * secrets, ready to be written in a transaction: what both places that store a config (the
   * method, SendMessage's inline one) do.
   */
  async prepare(taskId: string, input: PushConfigInput, policy: PushPolicy): Promise<SealedConfig> {
    return this.seal(taskId, this.validate(taskId, input, policy), input);
  }

  private async seal(taskId: string, id: string, input: PushConfigInput): Promise<SealedConfig> {
    const keyring = await this.keyring();
    const context = `${taskId}/${id}`;
    const credentials = input.authentication?.credentials;
    return {
      taskId,
      id,
      url: input.url,
      scheme: input.authentication?.scheme ?? null,
      sealedCredentials: credentials ? await keyring.encrypt(credentials, context) : null,
      sealedToken: input.token ? await keyring.encrypt(input.token, context) : null,
      payloadVersion: input.payloadVersion ?? null,
      generation: input.generation === true,
    };
  }

  /**
   * The config a keyed request stored before, as the owner may see it now; undefined when the key
   * is new to the task (or its config was deleted). The same key for another request is -32602.
   */
  repeated(taskId: string, request: KeyedRequest): TaskPushNotificationConfig | undefined {
    if (!this.exist()) return undefined;
    const row = this.sql
      .exec<{ id: string; request_digest: string }>("SELECT id, request_digest FROM push_configs WHERE task_id = ? AND request_key = ?", taskId, request.key)
      .toArray()[0];
    if (!row) return undefined;
    if (row.request_digest !== request.digest) throw reusedId("Idempotency-Key");
    return this.get(taskId, row.id);
  }

  /** Stores (or replaces) a sealed config; returns what the owner may see of it. */
  write(config: SealedConfig, nowMs: number, request?: KeyedRequest): TaskPushNotificationConfig {
    if (!this.exist()) this.create();
    this.sql.exec(
      `INSERT INTO push_configs (task_id, id, url, scheme, sealed_credentials, sealed_token, created_ms, payload_version, request_key, request_digest, generation)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(task_id, id) DO UPDATE SET url = excluded.url, scheme = excluded.scheme,
         sealed_credentials = excluded.sealed_credentials, sealed_token = excluded.sealed_token,
         payload_version = excluded.payload_version, request_key = excluded.request_key, request_digest = excluded.request_digest,
         generation = excluded.generation`,
      config.taskId,
      config.id,
      config.url,
      config.scheme,
      config.sealedCredentials,
      config.sealedToken,
      nowMs,
      config.payloadVersion,
      request?.key ?? null,
      request?.digest ?? null,
      config.generation ? 1 : null,
    );
    return this.get(config.taskId, config.id) as TaskPushNotificationConfig;
  }

  get(taskId: string, id: string): TaskPushNotificationConfig | undefined {
    const row = this.row(taskId, id);
    return row ? publicView(taskId, row) : undefined;
  }

  list(taskId: string): TaskPushNotificationConfig[] {
    return this.rows(taskId).map((row) => publicView(taskId, row));
  }

  ids(taskId: string): string[] {
    return this.rows(taskId).map((row) => row.id);
  }

  delete(taskId: string, id: string): void {
    if (!this.exist()) return;
    this.sql.exec("DELETE FROM push_configs WHERE task_id = ? AND id = ?", taskId, id);
  }

  deleteTask(taskId: string): void {
    if (!this.exist()) return;
    this.sql.exec("DELETE FROM push_configs WHERE task_id = ?", taskId);
    this.sql.exec("DELETE FROM push_deliveries WHERE task_id = ?", taskId);
  }

  /** The target with its secrets opened, for the consumer; undefined once the config is gone. */
  async target(taskId: string, id: string): Promise<PushTarget | undefined> {
    const row = this.row(taskId, id);
    if (!row) return undefined;
    const keyring = await this.keyring();
    const context = `${taskId}/${id}`;
    const token = row.sealed_token ? await keyring.decrypt(row.sealed_token, context) : undefined;
    const credentials = row.sealed_credentials ? await keyring.decrypt(row.sealed_credentials, context) : undefined;
    const secrets: PushSecrets = {
      ...(token !== undefined ? { token } : {}),
      ...(row.scheme ? { authentication: { scheme: row.scheme, ...(credentials !== undefined ? { credentials } : {}) } } : {}),
    };
    return {
      url: row.url,
      secrets,
      ...(row.payload_version === "0.3" ? { payloadVersion: "0.3" as const } : {}),
      ...(row.generation === 1 ? { generation: true as const } : {}),
    };
  }

  recordPending(notificationId: string, taskId: string, configId: string, seq: number, nowMs: number): void {
    if (!this.exist()) this.create();
    this.sql.exec(
      `INSERT INTO push_deliveries (notification_id, task_id, config_id, seq, state, updated_ms) VALUES (?, ?, ?, ?, 'pending', ?)
       ON CONFLICT(notification_id) DO NOTHING`,
      notificationId,
      taskId,
      configId,
      seq,
      nowMs,
    );
  }

  recordResult(notificationId: string, state: "delivered" | "dead", lastError: string | undefined, nowMs: number): void {
    if (!this.exist()) return;
    this.sql.exec(
      "UPDATE push_deliveries SET state = ?, last_error = ?, updated_ms = ? WHERE notification_id = ?",
      state,
      lastError ?? null,
      nowMs,
      notificationId,
    );
  }

  /** True once the notification was delivered or recorded dead: a repeated queue message has nothing left to do. */
  settled(notificationId: string): boolean {
    if (!this.exist()) return false;
    return this.sql.exec("SELECT 1 FROM push_deliveries WHERE notification_id = ? AND state <> 'pending'", notificationId).toArray().length > 0;
  }

  /** Seqs of the task's events that a pending delivery still has to load. */
  pendingSeqs(taskId: string): number[] {
    if (!this.exist()) return [];
    return this.sql
      .exec<{ seq: number }>("SELECT DISTINCT seq FROM push_deliveries WHERE task_id = ? AND state = 'pending'", taskId)
      .toArray()
      .map((r) => r.seq);
  }

  /** Pending deliveries last touched before `beforeMs`: their queue message may be lost. */
  stalePending(beforeMs: number, limit: number): PendingDelivery[] {
    if (!this.exist()) return [];
    return this.sql
      .exec<{ notification_id: string; task_id: string; config_id: string; seq: number; requeues: number }>(
        `SELECT notification_id, task_id, config_id, seq, requeues FROM push_deliveries
         WHERE state = 'pending' AND updated_ms < ? ORDER BY updated_ms LIMIT ?`,
        beforeMs,
        limit,
      )
      .toArray()
      .map((r) => ({ notificationId: r.notification_id, taskId: r.task_id, configId: r.config_id, seq: r.seq, requeues: r.requeues }));
  }

  oldestPendingMs(): number | undefined {
    if (!this.exist()) return undefined;
    return this.sql.exec<{ m: number | null }>("SELECT MIN(updated_ms) AS m FROM push_deliveries WHERE state = 'pending'").one().m ?? undefined;
  }

  markRequeued(notificationId: string, nowMs: number): void {
    if (!this.exist()) return;
    this.sql.exec("UPDATE push_deliveries SET requeues = requeues + 1, updated_ms = ? WHERE notification_id = ? AND state = 'pending'", nowMs, notificationId);
  }

  deliveries(taskId: string): DeliveryRecord[] {
    if (!this.exist()) return [];
    return this.sql
      .exec<{ notification_id: string; config_id: string; seq: number; state: string; last_error: string | null; updated_ms: number }>(
        "SELECT notification_id, config_id, seq, state, last_error, updated_ms FROM push_deliveries WHERE task_id = ? ORDER BY seq, config_id",
        taskId,
      )
      .toArray()
      .map((r) => ({
        notificationId: r.notification_id,
        configId: r.config_id,
        seq: r.seq,
        state: r.state as DeliveryRecord["state"],
        ...(r.last_error ? { lastError: r.last_error } : {}),
        updatedAt: new Date(r.updated_ms).toISOString(),
      }));
  }

  private row(taskId: string, id: string): ConfigRow | undefined {
    if (!this.exist()) return undefined;
    return this.sql
      .exec<ConfigRow & Record<string, SqlStorageValue>>(
        "SELECT id, url, scheme, sealed_credentials, sealed_token, payload_version, generation FROM push_configs WHERE task_id = ? AND id = ?",
        taskId,
        id,
      )
      .toArray()[0];
  }

  private rows(taskId: string): ConfigRow[] {
    if (!this.exist()) return [];
    return this.sql
      .exec<ConfigRow & Record<string, SqlStorageValue>>(
        "SELECT id, url, scheme, sealed_credentials, sealed_token, payload_version, generation FROM push_configs WHERE task_id = ? ORDER BY id",
        taskId,
      )
      .toArray();
  }
}
