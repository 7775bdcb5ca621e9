/**
 * The model providers' configuration: which provider answers the IaC agent's turns, its model,
 * keys and base URLs, and the Workers AI binding. Parsed here once per isolate like every other
 * variable; src/agent/providers/select-provider.ts combines it with a turn's own model and key.
 *
 * Environment (all optional; blank counts as unset):
 *   IACCODE_A2A_MODEL_PROVIDER        offline | openai-compatible | anthropic | workers-ai. When
 *                                     unset it is inferred: IACCODE_A2A_OPENAI_API_KEY or
 *                                     DASHSCOPE_API_KEY → openai-compatible,
 *                                     IACCODE_A2A_ANTHROPIC_API_KEY → anthropic (both → an error:
 *                                     set the provider), no key → decided per turn (a turn's own
 *                                     key, else offline).
 *   IACCODE_A2A_MODEL                 model name (default per provider: qwen3-max,
 *                                     claude-sonnet-4-5, @cf/meta/llama-3.3-70b-instruct-fp8-fast).
 *   IACCODE_A2A_OPENAI_API_KEY        secret: key of the OpenAI-compatible endpoint.
 *   DASHSCOPE_API_KEY                 secret: the same, under DashScope's usual name (the first wins).
 *   IACCODE_A2A_OPENAI_BASE_URL       OpenAI-compatible base URL (default DashScope,
 *                                     https://dashscope.aliyuncs.com/compatible-mode/v1; e.g.
 *                                     https://api.openai.com/v1). With a base URL set, the key may
 *                                     be left out (local servers).
 *   IACCODE_A2A_ANTHROPIC_API_KEY     secret: Anthropic API key.
 *   IACCODE_A2A_ANTHROPIC_BASE_URL    Anthropic base URL (default https://api.anthropic.com).
 *   IACCODE_A2A_WORKERS_AI_ACCOUNT_ID Cloudflare account id, for Workers AI over REST.
 *   IACCODE_A2A_WORKERS_AI_API_TOKEN  secret: Cloudflare API token with Workers AI access.
 *   IACCODE_A2A_WORKERS_AI_BASE_URL   Workers AI REST base URL (default https://api.cloudflare.com/client/v4).
 *   AI                                the Workers AI binding, when the Worker has one; preferred
 *                                     over REST for workers-ai.
 *
 * A base URL must be an absolute http(s) URL without credentials. Errors are `ConfigError`s that
 * name the variable and never echo a value.
 */
import { ConfigError } from "./config-error";
import { read, type RawEnv } from "./env-values";

export const PROVIDER_NAMES = ["offline", "openai-compatible", "anthropic", "workers-ai"] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

/** The part of the Workers AI binding (`env.AI`) a provider calls. */
export interface ModelBinding {
  run(model: string, input: unknown, options?: unknown): Promise<unknown>;
}

export interface ProviderEndpoint {
  apiKey?: string;
  baseUrl?: string;
}

export interface ProviderConfig {
  /** Named, or implied by the one configured key; undefined when no key is: each turn decides. */
  provider: ProviderName | undefined;
  model?: string;
  openai: ProviderEndpoint;
  anthropic: ProviderEndpoint;
  /** `apiKey` is the REST API token. */
  workersAi: ProviderEndpoint & { accountId?: string; ai?: ModelBinding };
}

function isProviderName(value: string): value is ProviderName {
  return (PROVIDER_NAMES as readonly string[]).includes(value);
}

/** Whether `value` is an absolute http(s) URL without credentials. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.username === "" && url.password === "";
  } catch {
    return false;
  }
}

function isModelBinding(value: unknown): value is ModelBinding {
  return typeof value === "object" && value !== null && typeof (value as { run?: unknown }).run === "function";
}

/** `{ apiKey?, baseUrl? }` of one provider, the base URL checked. */
function endpoint(env: RawEnv, apiKey: string | undefined, urlVariable: string): ProviderEndpoint {
  const baseUrl = read(env, urlVariable);
  if (baseUrl !== undefined && !isHttpUrl(baseUrl)) throw new ConfigError(urlVariable, "must be an absolute http(s) URL without credentials");
  return { ...(apiKey !== undefined && { apiKey }), ...(baseUrl !== undefined && { baseUrl }) };
}

function providerOf(env: RawEnv, openaiKey: string | undefined, anthropicKey: string | undefined): ProviderName | undefined {
  const name = "IACCODE_A2A_MODEL_PROVIDER";
  const named = read(env, name)?.toLowerCase();
  if (named !== undefined) {
    if (!isProviderName(named)) throw new ConfigError(name, `must be one of ${PROVIDER_NAMES.join(", ")}`);
    return named;
  }
  if (openaiKey !== undefined && anthropicKey !== undefined) {
    throw new ConfigError(name, "is needed when both IACCODE_A2A_OPENAI_API_KEY (or DASHSCOPE_API_KEY) and IACCODE_A2A_ANTHROPIC_API_KEY are set: choose one");
  }
  if (openaiKey !== undefined) return "openai-compatible";
  if (anthropicKey !== undefined) return "anthropic";
  return undefined;
}

export function parseProviderConfig(env: RawEnv): ProviderConfig {
  const openaiKey = read(env, "IACCODE_A2A_OPENAI_API_KEY") ?? read(env, "DASHSCOPE_API_KEY");
  const anthropicKey = read(env, "IACCODE_A2A_ANTHROPIC_API_KEY");
  const model = read(env, "IACCODE_A2A_MODEL");
  const accountId = read(env, "IACCODE_A2A_WORKERS_AI_ACCOUNT_ID");
  const ai = isModelBinding(env.AI) ? env.AI : undefined;
  return {
    provider: providerOf(env, openaiKey, anthropicKey),
    ...(model !== undefined && { model }),
    openai: endpoint(env, openaiKey, "IACCODE_A2A_OPENAI_BASE_URL"),
    anthropic: endpoint(env, anthropicKey, "IACCODE_A2A_ANTHROPIC_BASE_URL"),
    workersAi: {
      ...endpoint(env, read(env, "IACCODE_A2A_WORKERS_AI_API_TOKEN"), "IACCODE_A2A_WORKERS_AI_BASE_URL"),
      ...(accountId !== undefined && { accountId }),
      ...(ai && { ai }),
    },
  };
}

/**
 * The providers' configuration, or the error that makes it invalid. Deferred rather than thrown:
 * a bad model setting fails the turns that need a model (with the contract's authentication
 * message, the variable in the log), not the agent card, the task reads and every other route.
 */
export function providerConfigOrError(env: RawEnv): ProviderConfig | ConfigError {
  try {
    return parseProviderConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
}
