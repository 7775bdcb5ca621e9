/**
 * Which model provider answers a turn: the configured providers (src/config/providers.ts, where
 * the variables are parsed and documented) with the turn's overrides.
 *
 * With no key configured, a turn's own key picks anthropic when it starts with `sk-ant-`, else
 * openai-compatible; with no key at all it is offline. Per-turn overrides
 * (`metadata.iac_code.iac_code_model`, `iac_code_api_key`; trimmed, ignored when blank) replace the
 * model and the key of the selected provider (for workers-ai, the REST API token). Errors name
 * the variable at fault and never echo a value.
 */
import type { ModelProvider } from "../model";
import { AnthropicProvider } from "./anthropic";
import type { TimeoutOptions } from "./model-call";
import { DASHSCOPE_COMPATIBLE_BASE_URL, OpenAICompatibleProvider } from "./openai-compatible";
import { WorkersAIProvider, type AiBinding } from "./workers-ai";
import { isHttpUrl, type ProviderConfig, type ProviderName } from "../../config/providers";

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

function trimmed(value: string | undefined): string | undefined {
  const out = value?.trim();
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

/** The settings of the configured providers with a turn's overrides; throws when a key is missing. */
export function resolveProviderSettings(config: ProviderConfig, overrides: ProviderOverrides = {}): ProviderSettings {
  const turnKey = trimmed(overrides.apiKey);
  const modelName = trimmed(overrides.model) ?? config.model;
  const model = modelName !== undefined ? { model: modelName } : {};
  const provider: ProviderName = config.provider ?? (turnKey === undefined ? "offline" : turnKey.startsWith("sk-ant-") ? "anthropic" : "openai-compatible");

  switch (provider) {
    case "offline":
      return { provider, ...model };
    case "openai-compatible": {
      const { baseUrl } = config.openai;
      const apiKey = turnKey ?? config.openai.apiKey;
      if (apiKey === undefined && baseUrl === undefined) {
        throw new Error(`openai-compatible needs IACCODE_A2A_OPENAI_API_KEY or DASHSCOPE_API_KEY (default endpoint ${DASHSCOPE_COMPATIBLE_BASE_URL})`);
      }
      return { provider, ...model, ...(baseUrl !== undefined && { baseUrl }), ...(apiKey !== undefined && { apiKey }) };
    }
    case "anthropic": {
      const { baseUrl } = config.anthropic;
      const apiKey = turnKey ?? config.anthropic.apiKey;
      if (apiKey === undefined) throw new Error("anthropic needs IACCODE_A2A_ANTHROPIC_API_KEY");
      return { provider, ...model, ...(baseUrl !== undefined && { baseUrl }), apiKey };
    }
    case "workers-ai": {
      const { ai, accountId, baseUrl } = config.workersAi;
      const apiKey = turnKey ?? config.workersAi.apiKey;
      if (!ai && (accountId === undefined || apiKey === undefined)) {
        throw new Error("workers-ai needs the AI binding, or IACCODE_A2A_WORKERS_AI_ACCOUNT_ID and IACCODE_A2A_WORKERS_AI_API_TOKEN");
      }
      return {
        provider,
        ...model,
        ...(baseUrl !== undefined && { baseUrl }),
        ...(ai && { ai }),
        ...(accountId !== undefined && { accountId }),
        ...(apiKey !== undefined && { apiKey }),
      };
    }
  }
}
