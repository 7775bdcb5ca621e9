/**
 * Per-owner quotas (issue 30 item 5): what one principal may keep stored, so that one caller within
 * the rate limits cannot fill the deployment (the audit wrote 1.2 GiB in 60 s and nothing was
 * refused). Each is a Worker var; the defaults are far above what a person using the server meets,
 * so only a runaway or hostile client reaches them. The counters live in the owner's OwnerQuota
 * object (src/durable/owner-quota/).
 */

export interface QuotaConfig {
  /** `IACCODE_A2A_QUOTA_CONTEXTS`: contexts (conversations) an owner keeps stored at once. */
  contexts: number;
  /** `IACCODE_A2A_QUOTA_PUSH_CONFIGS`: push notification configs an owner keeps, over all its tasks. */
  pushConfigs: number;
  /** `IACCODE_A2A_QUOTA_UPLOADS`: workspace files an owner keeps uploaded. */
  uploads: number;
  /** `IACCODE_A2A_QUOTA_BYTES`: bytes an owner keeps stored: workspace files, message content, context storage. */
  bytes: number;
}

/** What each counter is called in an error, with the variable that sets its limit. */
export const QUOTA_VARIABLES: Record<keyof QuotaConfig, string> = {
  contexts: "IACCODE_A2A_QUOTA_CONTEXTS",
  pushConfigs: "IACCODE_A2A_QUOTA_PUSH_CONFIGS",
  uploads: "IACCODE_A2A_QUOTA_UPLOADS",
  bytes: "IACCODE_A2A_QUOTA_BYTES",
};

const GiB = 1024 ** 3;

/**
 * The defaults: 10,000 contexts (a new conversation every 5 minutes for a month), 10,000 push
 * configs, 10,000 workspace files, 10 GiB (400 files at the 25 MiB upload limit). The maxima keep
 * the counters exact in a double and in SQLite's INTEGER.
 */
export const DEFAULT_QUOTAS: QuotaConfig = { contexts: 10_000, pushConfigs: 10_000, uploads: 10_000, bytes: 10 * GiB };
const MAX_COUNT = 100_000_000;
const MAX_BYTES = 1024 ** 5;

type Integer = (name: string, fallback: number, min: number, max: number) => number;

export function parseQuotaConfig(integer: Integer): QuotaConfig {
  return {
    contexts: integer(QUOTA_VARIABLES.contexts, DEFAULT_QUOTAS.contexts, 1, MAX_COUNT),
    pushConfigs: integer(QUOTA_VARIABLES.pushConfigs, DEFAULT_QUOTAS.pushConfigs, 1, MAX_COUNT),
    uploads: integer(QUOTA_VARIABLES.uploads, DEFAULT_QUOTAS.uploads, 1, MAX_COUNT),
    bytes: integer(QUOTA_VARIABLES.bytes, DEFAULT_QUOTAS.bytes, 1024, MAX_BYTES),
  };
}

/** The words an error uses for each counter. */
const QUOTA_NOUNS: Record<keyof QuotaConfig, string> = {
  contexts: "contexts",
  pushConfigs: "push notification configs",
  uploads: "workspace files",
  bytes: "bytes stored",
};

/** The text of a refusal: which limit, its value, and the variable that sets it. */
export function quotaExceededText(counter: keyof QuotaConfig, limit: number): string {
  return `Quota exceeded: this owner may keep at most ${limit} ${QUOTA_NOUNS[counter]} (${QUOTA_VARIABLES[counter]}).`;
}
