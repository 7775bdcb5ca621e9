/**
 * The server's configuration: Worker vars and secrets with the original's names (`IACCODE_A2A_*`),
 * parsed once per isolate into one typed object. An invalid value is a `ConfigError` that names
 * the variable and never repeats a secret's value.
 */
import { parseQuotaConfig, type QuotaConfig } from "./quota-config";
import { ConfigError } from "./config-error";
import { bool, integer, list, read, type RawEnv } from "./env-values";
import { parseJwtConfig, type JwtConfig } from "./jwt-config";
import { publicHttpsOrLoopbackUrl } from "./https-url";
import { parseSigningKeys, type CardSigningKey } from "./signing-keys";
import { parsePushKeyring, type PushKeyMaterial } from "./push-keyring";
import { providerConfigOrError, type ProviderConfig } from "./providers";
import { ALLOWED_HOST_ENTRY, allowedHostPortValid } from "./allowed-host-entry";
import { parseWebSocketConfig, type WebSocketConfig } from "./websocket-config";
import { trimEnd } from "../a2a/trim-end";

export { ConfigError } from "./config-error";

export type ThinkingExposure = "tool_trace" | "raw_thinking";
export type AgentKind = "conformance" | "iac";

export interface AuthConfig {
  bearerToken?: string;
  basic?: { username: string; password: string };
  apiKey?: { header: string; value: string };
  /** JWT bearer tokens verified against a JWKS (principal `jwt:<iss>#<sub>`). */
  jwt?: JwtConfig;
}

export interface Config {
  agent: AgentKind;
  publicUrl: string | undefined;
  idleTimeoutSeconds: number;
  taskRetentionDays: number;
  pushNotifications: boolean;
  pushAllowPrivate: boolean;
  pushMaxConfigsPerTask: number;
  /**
   * `IACCODE_A2A_TRUSTED_PROXY`: a proxy the operator trusts sets `CF-Connecting-IP` on every request
   * (overwriting a client's), so the header names the caller even where the request did not come
   * through Cloudflare's edge (src/worker/client-address.ts).
   */
  trustedProxy: boolean;
  /** `IACCODE_A2A_PUSH_ALLOWED_HOSTS`: empty admits any public host. */
  pushAllowedHosts: string[];
  /** `IACCODE_A2A_PUSH_DOH_URL`: a DNS-over-HTTPS JSON endpoint that checks callback names. */
  pushDohUrl: string | undefined;
  /** Undefined when unset: push secrets then use the development keyring (not for production). */
  pushKeyring: PushKeyMaterial | undefined;
  thinkingExposure: ThinkingExposure[];
  allowedCwds: string[];
  textMimeTypes: string[];
  multimodalMimeTypes: string[];
  requiredExtensions: string[];
  maxBodyBytes: number;
  /** `IACCODE_A2A_RATE_LIMIT` (default true): the `[[ratelimits]]` bindings are applied. */
  rateLimit: boolean;
  auth: AuthConfig;
  signingSecret: string | undefined;
  /** `IACCODE_A2A_SIGNING_KEYS`: the first signs the card, all are published in the JWKS. */
  signingKeys: CardSigningKey[] | undefined;
  /** How the owner's TaskIndex is split (src/durable/task-index/index-layout.ts). */
  indexLayout: IndexLayoutConfig;
  /** The model providers (src/config/providers.ts); an invalid setting fails model turns only. */
  providers: ProviderConfig | ConfigError;
  /** Per-owner quotas (quota-config.ts). */
  quotas: QuotaConfig;
  /** The JSON-RPC WebSocket's origins and socket cap (websocket-config.ts). */
  webSocket: WebSocketConfig;
}

export interface IndexLayoutConfig {
  /** `IACCODE_A2A_INDEX_SHARDS`: index objects per owner; a context always maps to the same one. */
  shards: number;
  /** `IACCODE_A2A_INDEX_SHARDS_PREVIOUS`: the count before a change; new shards import their rows from it. */
  previous: number | undefined;
}

/** Index shards per owner unless configured: see the README, "How far it scales". */
export const DEFAULT_INDEX_SHARDS = 4;
/** Most shards a ListTasks without contextId reads in parallel. */
export const MAX_INDEX_SHARDS = 64;

/**
 * The default request body limit: 9 MiB (9,437,184 bytes). The largest request the contract needs
 * is one message with 8 MiB of prompt text (`MAX_PROMPT_CHARS`), or a 5 MiB inline part, whose
 * base64 is about 6.7 MiB; 1 MiB more covers the JSON around either (envelope, metadata, escapes).
 * Text that JSON escapes heavily (many quotes or control characters, or non-ASCII text, which
 * UTF-8 spends 2–4 bytes on) may need `IACCODE_A2A_MAX_BODY_BYTES` raised. Uploads have their own
 * limit, the contract's 25 MiB file limit.
 */
export const DEFAULT_MAX_BODY_BYTES = 9 * 1024 * 1024;

const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;

function mediaTypes(env: RawEnv, name: string): string[] {
  const values = list(env, name, /[,;]/).map((s) => s.toLowerCase());
  for (const v of values) if (!MEDIA_TYPE.test(v)) throw new ConfigError(name, `"${v.slice(0, 80)}" is not a media type`);
  return [...new Set(values)].sort();
}

function thinkingExposure(env: RawEnv): ThinkingExposure[] {
  const name = "IACCODE_A2A_THINKING_EXPOSURE";
  const raw = read(env, name);
  if (raw === undefined) return ["tool_trace"];
  const out = new Set<ThinkingExposure>();
  for (const item of raw.split(",").map((s) => s.trim().toLowerCase().replace(/-/g, "_"))) {
    if (["none", "off", "false", "0", ""].includes(item)) continue;
    if (item === "all" || item === "*") {
      out.add("tool_trace");
      out.add("raw_thinking");
    } else if (item === "tool_trace" || item === "raw_thinking") out.add(item);
    else throw new ConfigError(name, `unknown value "${item.slice(0, 40)}" (use tool-trace, raw-thinking, all or none)`);
  }
  return [...out];
}

function allowedCwds(env: RawEnv): string[] {
  const name = "IACCODE_A2A_ALLOWED_CWDS";
  const roots = list(env, name, /:/);
  if (roots.length === 0) return ["/workspace", "/tmp"];
  for (const root of roots) {
    if (!root.startsWith("/")) throw new ConfigError(name, `"${root.slice(0, 80)}" is not an absolute path`);
  }
  return roots.map((r) => (r.length > 1 ? trimEnd(r, "/") : r));
}

function publicUrl(env: RawEnv): string | undefined {
  const name = "IACCODE_A2A_PUBLIC_URL";
  const raw = read(env, name);
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, "must be an absolute http(s) URL");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new ConfigError(name, "must be an absolute http(s) URL");
  if (url.username || url.password || url.search || url.hash) {
    throw new ConfigError(name, "must not contain credentials, a query or a fragment");
  }
  return `${url.origin}${trimEnd(url.pathname, "/")}`;
}

function auth(env: RawEnv): AuthConfig {
  const out: AuthConfig = {};
  const token = read(env, "IACCODE_A2A_HTTP_TOKEN");
  if (token) out.bearerToken = token;
  const username = read(env, "IACCODE_A2A_BASIC_USERNAME");
  const password = read(env, "IACCODE_A2A_BASIC_PASSWORD");
  // Half a credential must not leave the server open: it is a configuration error.
  if (username && !password) throw new ConfigError("IACCODE_A2A_BASIC_PASSWORD", "is required with IACCODE_A2A_BASIC_USERNAME");
  if (password && !username) throw new ConfigError("IACCODE_A2A_BASIC_USERNAME", "is required with IACCODE_A2A_BASIC_PASSWORD");
  if (username && password) {
    if (username.includes(":")) throw new ConfigError("IACCODE_A2A_BASIC_USERNAME", "must not contain ':'");
    out.basic = { username, password };
  }
  const apiKey = read(env, "IACCODE_A2A_API_KEY");
  if (apiKey) {
    const header = read(env, "IACCODE_A2A_API_KEY_HEADER") ?? "X-API-Key";
    if (!/^[A-Za-z0-9-]{1,64}$/.test(header)) throw new ConfigError("IACCODE_A2A_API_KEY_HEADER", "must be an HTTP header name");
    out.apiKey = { header, value: apiKey };
  }
  const jwt = parseJwtConfig(
    (name) => read(env, name),
    (name, fallback, min, max) => integer(env, name, fallback, min, max),
    (variable, reason) => new ConfigError(variable, reason),
  );
  if (jwt) out.jwt = jwt;
  return out;
}

function allowedHosts(env: RawEnv): string[] {
  const name = "IACCODE_A2A_PUSH_ALLOWED_HOSTS";
  const entries = list(env, name, /[,\s]+/).map((s) => s.toLowerCase().replace(/\.$/, ""));
  for (const entry of entries) {
    if (!ALLOWED_HOST_ENTRY.test(entry)) throw new ConfigError(name, `"${entry.slice(0, 80)}" is not a host name or *.suffix`);
    if (!allowedHostPortValid(entry)) throw new ConfigError(name, `"${entry.slice(0, 80)}" has a port outside 1-65535`);
  }
  return entries;
}

function dohUrl(env: RawEnv): string | undefined {
  const raw = read(env, "IACCODE_A2A_PUSH_DOH_URL");
  return raw === undefined ? undefined : publicHttpsOrLoopbackUrl(raw, "IACCODE_A2A_PUSH_DOH_URL", (v, r) => new ConfigError(v, r));
}

function agent(env: RawEnv): AgentKind {
  // The product's agent, as README and wrangler.toml say; the conformance agent is opt-in.
  const value = read(env, "IACCODE_A2A_AGENT") ?? "iac";
  if (value !== "conformance" && value !== "iac") throw new ConfigError("IACCODE_A2A_AGENT", "must be conformance or iac");
  return value;
}

function keyring(env: RawEnv): PushKeyMaterial | undefined {
  // The keyring's reasons name the entry and never the key material.
  return parsePushKeyring(read(env, "IACCODE_A2A_PUSH_KEYRING"), (reason) => new ConfigError("IACCODE_A2A_PUSH_KEYRING", reason));
}

export function parseConfig(env: RawEnv): Config {
  const signingSecret = read(env, "IACCODE_A2A_SIGNING_SECRET");
  const url = publicUrl(env);
  if (signingSecret !== undefined && signingSecret.length < 32) {
    throw new ConfigError("IACCODE_A2A_SIGNING_SECRET", "must be at least 32 characters");
  }
  if (signingSecret !== undefined && url === undefined) {
    // A signed card must never point where a request's Host header says.
    throw new ConfigError("IACCODE_A2A_SIGNING_SECRET", "needs IACCODE_A2A_PUBLIC_URL, so the signed card names a fixed endpoint");
  }
  const signingKeys = parseSigningKeys(read(env, "IACCODE_A2A_SIGNING_KEYS"), (v, r) => new ConfigError(v, r));
  if (signingKeys !== undefined && url === undefined) {
    // The signature's jku, and the card it signs, must name a fixed endpoint.
    throw new ConfigError("IACCODE_A2A_SIGNING_KEYS", "needs IACCODE_A2A_PUBLIC_URL, so the signed card and its jku name a fixed endpoint");
  }
  return {
    agent: agent(env),
    publicUrl: url,
    idleTimeoutSeconds: integer(env, "IACCODE_A2A_IDLE_TIMEOUT_SECONDS", 3600, 1, 30 * 86_400),
    taskRetentionDays: integer(env, "IACCODE_A2A_TASK_RETENTION_DAYS", 30, 1, 3650),
    pushNotifications: bool(env, "IACCODE_A2A_PUSH_NOTIFICATIONS", false),
    pushAllowPrivate: bool(env, "IACCODE_A2A_PUSH_ALLOW_PRIVATE", false),
    pushMaxConfigsPerTask: integer(env, "IACCODE_A2A_PUSH_MAX_CONFIGS_PER_TASK", 10, 1, 100),
    pushAllowedHosts: allowedHosts(env),
    pushDohUrl: dohUrl(env),
    pushKeyring: keyring(env),
    thinkingExposure: thinkingExposure(env),
    allowedCwds: allowedCwds(env),
    textMimeTypes: mediaTypes(env, "IACCODE_A2A_TEXT_MIME_TYPES"),
    multimodalMimeTypes: mediaTypes(env, "IACCODE_A2A_MULTIMODAL_MIME_TYPES"),
    requiredExtensions: list(env, "IACCODE_A2A_REQUIRED_EXTENSIONS", /,/),
    maxBodyBytes: integer(env, "IACCODE_A2A_MAX_BODY_BYTES", DEFAULT_MAX_BODY_BYTES, 1024, 100 * 1024 * 1024),
    rateLimit: bool(env, "IACCODE_A2A_RATE_LIMIT", true),
    trustedProxy: bool(env, "IACCODE_A2A_TRUSTED_PROXY", false),
    auth: auth(env),
    signingSecret,
    signingKeys,
    indexLayout: {
      shards: integer(env, "IACCODE_A2A_INDEX_SHARDS", DEFAULT_INDEX_SHARDS, 1, MAX_INDEX_SHARDS),
      previous:
        read(env, "IACCODE_A2A_INDEX_SHARDS_PREVIOUS") === undefined ? undefined : integer(env, "IACCODE_A2A_INDEX_SHARDS_PREVIOUS", 1, 1, MAX_INDEX_SHARDS),
    },
    providers: providerConfigOrError(env),
    quotas: parseQuotaConfig((name, fallback, min, max) => integer(env, name, fallback, min, max)),
    webSocket: parseWebSocketConfig(
      (name) => read(env, name),
      (name, fallback, min, max) => integer(env, name, fallback, min, max),
      (variable, reason) => new ConfigError(variable, reason),
    ),
  };
}

const cache = new WeakMap<object, Config>();

/** The parsed configuration of this env object, parsed on first use. */
export function configOf(env: object): Config {
  let config = cache.get(env);
  if (!config) {
    config = parseConfig(env as RawEnv);
    cache.set(env, config);
  }
  return config;
}
