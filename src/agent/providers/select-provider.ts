/**
 * Which model provider answers a turn, from the Worker's environment and the turn's overrides.
 *
 * Environment (all optional; blank counts as unset):
 *   IACCODE_A2A_MODEL_PROVIDER        offline | openai-compatible | anthropic | workers-ai. When
 *                                     unset it is inferred: IACCODE_A2A_OPENAI_API_KEY or
 *                                     DASHSCOPE_API_KEY → openai-compatible,
 *                                     IACCODE_A2A_ANTHROPIC_API_KEY → anthropic (both → an error:
 *                                     set the provider), no key → offline; with no key in the
 *                                     environment, a turn's own key picks anthropic when it starts
 *                                     with `sk-ant-`, else openai-compatible.
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
 * Per-turn overrides (`metadata.iac_code.iac_code_model`, `iac_code_api_key`; trimmed, ignored
 * when blank) replace the model and the key of the selected provider (for workers-ai, the REST
 * API token). Errors name the variable at fault and never echo a value.
 */
import type { ModelProvider } from "../model";
import { AnthropicProvider } from "./anthropic";
import type { TimeoutOptions } from "./model-call";
import { DASHSCOPE_COMPATIBLE_BASE_URL, OpenAICompatibleProvider } from "./openai-compatible";
import { WorkersAIProvider, type AiBinding } from "./workers-ai";

export const PROVIDER_NAMES = ["offline", "openai-compatible", "anthropic", "workers-ai"] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

export interface ProviderSettings {
  provider: ProviderName;
  /** The API key; for workers-ai the REST API token. */
  apiKey?: string;
  baseUrl?: string;
  model?: string;
  /** workers-ai over REST: the Cloudflare account id. */
  accountId?: string;
  /** workers-ai: the `AI` binding (preferred over REST when present). */
  ai?: AiBinding;
}

export interface ProviderOverrides {
  model?: string;
  apiKey?: string;
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

function isAiBinding(value: unknown): value is AiBinding {
  return typeof value === "object" && value !== null && typeof (value as { run?: unknown }).run === "function";
}

function trimmed(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const out = value.trim();
  return out === "" ? undefined : out;
}

/** The provider `settings` describe; `undefined` for "offline" (the caller's own provider). */
export function createProvider(settings: ProviderSettings, timeouts: TimeoutOptions = {}): ModelProvider | undefined {
  if (settings.baseUrl !== undefined && !isHttpUrl(settings.baseUrl))
    throw new Error("the model provider's baseUrl must be an absolute http(s) URL without credentials");
  const model = settings.model !== undefined && settings.model !== "" ? { defaultModel: settings.model } : {};
  const baseUrl = settings.baseUrl !== undefined ? { baseUrl: settings.baseUrl } : {};
  switch (settings.provider) {
    case "offline":
      return undefined;
    case "openai-compatible":
      if (!settings.apiKey && settings.baseUrl === undefined) throw new Error("the openai-compatible provider needs an API key");
      return new OpenAICompatibleProvider({ ...timeouts, ...model, ...baseUrl, ...(settings.apiKey && { apiKey: settings.apiKey }) });
    case "anthropic":
      if (!settings.apiKey) throw new Error("the anthropic provider needs an API key");
      return new AnthropicProvider({ ...timeouts, ...model, ...baseUrl, apiKey: settings.apiKey });
    case "workers-ai":
      if (settings.ai) return new WorkersAIProvider({ ...timeouts, ...model, ai: settings.ai });
      if (!settings.accountId || !settings.apiKey) throw new Error("the workers-ai provider needs the AI binding, or an account id and an API token");
      return new WorkersAIProvider({ ...timeouts, ...model, ...baseUrl, accountId: settings.accountId, apiToken: settings.apiKey });
    default: {
      const unknown: never = settings.provider;
      throw new Error(`unknown model provider ${JSON.stringify(unknown)}`);
    }
  }
}

/** The provider settings of `env` with a turn's overrides; throws on invalid configuration. */
export function providerSettingsFromEnv(env: Record<string, unknown>, overrides: ProviderOverrides = {}): ProviderSettings {
  const read = (name: string) => trimmed(env[name]);
  const url = (name: string): { baseUrl?: string } => {
    const value = read(name);
    if (value === undefined) return {};
    if (!isHttpUrl(value)) throw new Error(`${name} must be an absolute http(s) URL without credentials`);
    return { baseUrl: value };
  };
  const openaiKey = read("IACCODE_A2A_OPENAI_API_KEY") ?? read("DASHSCOPE_API_KEY");
  const anthropicKey = read("IACCODE_A2A_ANTHROPIC_API_KEY");
  const turnKey = trimmed(overrides.apiKey);
  const modelName = trimmed(overrides.model) ?? read("IACCODE_A2A_MODEL");
  const model = modelName !== undefined ? { model: modelName } : {};

  let provider: ProviderName;
  const named = read("IACCODE_A2A_MODEL_PROVIDER")?.toLowerCase();
  if (named !== undefined) {
    if (!isProviderName(named)) throw new Error(`IACCODE_A2A_MODEL_PROVIDER must be one of ${PROVIDER_NAMES.join(", ")}`);
    provider = named;
  } else if (openaiKey !== undefined && anthropicKey !== undefined) {
    throw new Error(
      "both IACCODE_A2A_OPENAI_API_KEY (or DASHSCOPE_API_KEY) and IACCODE_A2A_ANTHROPIC_API_KEY are set: choose one with IACCODE_A2A_MODEL_PROVIDER",
    );
  } else if (openaiKey !== undefined) provider = "openai-compatible";
  else if (anthropicKey !== undefined) provider = "anthropic";
  else if (turnKey !== undefined) provider = turnKey.startsWith("sk-ant-") ? "anthropic" : "openai-compatible";
  else provider = "offline";

  switch (provider) {
    case "offline":
      return { provider, ...model };
    case "openai-compatible": {
      const baseUrl = url("IACCODE_A2A_OPENAI_BASE_URL");
      const apiKey = turnKey ?? openaiKey;
      if (apiKey === undefined && baseUrl.baseUrl === undefined) {
        throw new Error(`openai-compatible needs IACCODE_A2A_OPENAI_API_KEY or DASHSCOPE_API_KEY (default endpoint ${DASHSCOPE_COMPATIBLE_BASE_URL})`);
      }
      return { provider, ...model, ...baseUrl, ...(apiKey !== undefined && { apiKey }) };
    }
    case "anthropic": {
      const baseUrl = url("IACCODE_A2A_ANTHROPIC_BASE_URL");
      const apiKey = turnKey ?? anthropicKey;
      if (apiKey === undefined) throw new Error("anthropic needs IACCODE_A2A_ANTHROPIC_API_KEY");
      return { provider, ...model, ...baseUrl, apiKey };
    }
    case "workers-ai": {
      const baseUrl = url("IACCODE_A2A_WORKERS_AI_BASE_URL");
      const ai = isAiBinding(env.AI) ? env.AI : undefined;
      const accountId = read("IACCODE_A2A_WORKERS_AI_ACCOUNT_ID");
      const apiKey = turnKey ?? read("IACCODE_A2A_WORKERS_AI_API_TOKEN");
      if (!ai && (accountId === undefined || apiKey === undefined)) {
        throw new Error("workers-ai needs the AI binding, or IACCODE_A2A_WORKERS_AI_ACCOUNT_ID and IACCODE_A2A_WORKERS_AI_API_TOKEN");
      }
      return {
        provider,
        ...model,
        ...baseUrl,
        ...(ai && { ai }),
        ...(accountId !== undefined && { accountId }),
        ...(apiKey !== undefined && { apiKey }),
      };
    }
  }
}
