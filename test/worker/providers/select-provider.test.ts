import { describe, expect, it } from "vitest";
import { AnthropicProvider } from "../../../src/agent/providers/anthropic";
import { OpenAICompatibleProvider } from "../../../src/agent/providers/openai-compatible";
import { createProvider, resolveProviderSettings, type ProviderOverrides } from "../../../src/agent/providers/select-provider";
import { WorkersAIProvider, type AiBinding } from "../../../src/agent/providers/workers-ai";
import { parseProviderConfig } from "../../../src/config/providers";
import { ConfigError, parseConfig } from "../../../src/config/config";
import { providerResolver } from "../../../src/agent/provider-resolver";

/** The provider settings of a Worker environment, parsed as the configuration parses it, with a turn's overrides. */
const providerSettingsFromEnv = (env: Record<string, unknown>, overrides?: ProviderOverrides) => resolveProviderSettings(parseProviderConfig(env), overrides);

const ai: AiBinding = { run: async () => ({ response: "" }) };
const SECRET = "sk-secret-value-0000000000";

/** The message of the error `fn` throws. */
function thrown(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected an error");
}

describe("providerSettingsFromEnv", () => {
  it("is offline when no key is set", () => {
    expect(providerSettingsFromEnv({})).toEqual({ provider: "offline" });
    expect(providerSettingsFromEnv({ IACCODE_A2A_OPENAI_API_KEY: "  " })).toEqual({ provider: "offline" });
  });

  it("infers openai-compatible from IACCODE_A2A_OPENAI_API_KEY or DASHSCOPE_API_KEY, and anthropic from IACCODE_A2A_ANTHROPIC_API_KEY", () => {
    expect(providerSettingsFromEnv({ IACCODE_A2A_OPENAI_API_KEY: "k1" })).toEqual({ provider: "openai-compatible", apiKey: "k1" });
    expect(providerSettingsFromEnv({ DASHSCOPE_API_KEY: "k2" })).toEqual({ provider: "openai-compatible", apiKey: "k2" });
    expect(providerSettingsFromEnv({ IACCODE_A2A_OPENAI_API_KEY: "k1", DASHSCOPE_API_KEY: "k2" }).apiKey).toBe("k1");
    expect(providerSettingsFromEnv({ IACCODE_A2A_ANTHROPIC_API_KEY: "k3" })).toEqual({ provider: "anthropic", apiKey: "k3" });
  });

  it("refuses to guess when both an OpenAI-compatible and an Anthropic key are set without a provider", () => {
    const message = thrown(() => providerSettingsFromEnv({ DASHSCOPE_API_KEY: SECRET, IACCODE_A2A_ANTHROPIC_API_KEY: SECRET }));
    expect(message).toContain("IACCODE_A2A_MODEL_PROVIDER");
    expect(message).not.toContain(SECRET);
  });

  it("follows IACCODE_A2A_MODEL_PROVIDER and reads model and base URL", () => {
    expect(
      providerSettingsFromEnv({
        IACCODE_A2A_MODEL_PROVIDER: "openai-compatible",
        IACCODE_A2A_OPENAI_API_KEY: "k",
        IACCODE_A2A_ANTHROPIC_API_KEY: "other",
        IACCODE_A2A_MODEL: "gpt-4.1",
        IACCODE_A2A_OPENAI_BASE_URL: "https://api.openai.com/v1",
      }),
    ).toEqual({ provider: "openai-compatible", apiKey: "k", model: "gpt-4.1", baseUrl: "https://api.openai.com/v1" });
    expect(providerSettingsFromEnv({ IACCODE_A2A_MODEL_PROVIDER: "offline", IACCODE_A2A_OPENAI_API_KEY: "k" })).toEqual({ provider: "offline" });
  });

  it("lets the turn override the model and the key (trimmed, blanks ignored)", () => {
    const env = { IACCODE_A2A_ANTHROPIC_API_KEY: "env-key", IACCODE_A2A_MODEL: "env-model" };
    expect(providerSettingsFromEnv(env, { model: " claude-opus-4-1 ", apiKey: " turn-key " })).toEqual({
      provider: "anthropic",
      model: "claude-opus-4-1",
      apiKey: "turn-key",
    });
    expect(providerSettingsFromEnv(env, { model: "  ", apiKey: "" })).toEqual({ provider: "anthropic", model: "env-model", apiKey: "env-key" });
  });

  it("with no key in the environment, picks the provider from the turn's key", () => {
    expect(providerSettingsFromEnv({}, { apiKey: "sk-ant-api03-x" }).provider).toBe("anthropic");
    expect(providerSettingsFromEnv({}, { apiKey: "sk-dashscope-x" }).provider).toBe("openai-compatible");
  });

  it("rejects an unknown provider name, naming the variable and not the value", () => {
    const message = thrown(() => providerSettingsFromEnv({ IACCODE_A2A_MODEL_PROVIDER: SECRET }));
    expect(message).toContain("IACCODE_A2A_MODEL_PROVIDER: must be one of offline, openai-compatible, anthropic, workers-ai");
    expect(message).not.toContain(SECRET);
  });

  it.each(["IACCODE_A2A_OPENAI_BASE_URL", "IACCODE_A2A_ANTHROPIC_BASE_URL", "IACCODE_A2A_WORKERS_AI_BASE_URL"])("rejects a non-http(s) %s", (name) => {
    const provider = name.includes("OPENAI") ? "openai-compatible" : name.includes("ANTHROPIC") ? "anthropic" : "workers-ai";
    const env = { IACCODE_A2A_MODEL_PROVIDER: provider, IACCODE_A2A_OPENAI_API_KEY: "k", IACCODE_A2A_ANTHROPIC_API_KEY: "k", AI: ai };
    expect(thrown(() => providerSettingsFromEnv({ ...env, [name]: "ftp://example.com" }))).toContain(`${name}: must be an absolute http(s) URL`);
    expect(thrown(() => providerSettingsFromEnv({ ...env, [name]: "not a url" }))).toContain(name);
    expect(thrown(() => providerSettingsFromEnv({ ...env, [name]: `https://user:${SECRET}@example.com` }))).not.toContain(SECRET);
  });

  it("requires a key for anthropic and for openai-compatible on the default endpoint, but not for a local base URL", () => {
    expect(thrown(() => providerSettingsFromEnv({ IACCODE_A2A_MODEL_PROVIDER: "anthropic" }))).toContain("IACCODE_A2A_ANTHROPIC_API_KEY");
    expect(thrown(() => providerSettingsFromEnv({ IACCODE_A2A_MODEL_PROVIDER: "openai-compatible" }))).toContain("DASHSCOPE_API_KEY");
    expect(providerSettingsFromEnv({ IACCODE_A2A_MODEL_PROVIDER: "openai-compatible", IACCODE_A2A_OPENAI_BASE_URL: "http://127.0.0.1:11434/v1" })).toEqual({
      provider: "openai-compatible",
      baseUrl: "http://127.0.0.1:11434/v1",
    });
  });

  it("configures workers-ai from the AI binding or from account id and token, and names both variables when neither is there", () => {
    expect(providerSettingsFromEnv({ IACCODE_A2A_MODEL_PROVIDER: "workers-ai", AI: ai })).toEqual({ provider: "workers-ai", ai });
    expect(
      providerSettingsFromEnv({
        IACCODE_A2A_MODEL_PROVIDER: "workers-ai",
        IACCODE_A2A_WORKERS_AI_ACCOUNT_ID: "acc",
        IACCODE_A2A_WORKERS_AI_API_TOKEN: "tok",
        IACCODE_A2A_WORKERS_AI_BASE_URL: "https://gateway.example/v4",
      }),
    ).toEqual({ provider: "workers-ai", accountId: "acc", apiKey: "tok", baseUrl: "https://gateway.example/v4" });
    const message = thrown(() => providerSettingsFromEnv({ IACCODE_A2A_MODEL_PROVIDER: "workers-ai", IACCODE_A2A_WORKERS_AI_API_TOKEN: SECRET }));
    expect(message).toContain("IACCODE_A2A_WORKERS_AI_ACCOUNT_ID");
    expect(message).not.toContain(SECRET);
  });
});

describe("createProvider", () => {
  it("returns undefined for offline and the matching provider otherwise, with the configured model", () => {
    expect(createProvider({ provider: "offline" })).toBeUndefined();
    const openai = createProvider({ provider: "openai-compatible", apiKey: "k", model: "qwen-plus" });
    expect(openai).toBeInstanceOf(OpenAICompatibleProvider);
    expect((openai as OpenAICompatibleProvider).defaultModel).toBe("qwen-plus");
    expect(createProvider({ provider: "anthropic", apiKey: "k" })).toBeInstanceOf(AnthropicProvider);
    const workers = createProvider({ provider: "workers-ai", ai, accountId: "a", apiKey: "t" });
    expect(workers).toBeInstanceOf(WorkersAIProvider);
    expect((workers as WorkersAIProvider).transport.kind).toBe("binding");
    expect((createProvider({ provider: "workers-ai", accountId: "a", apiKey: "t" }) as WorkersAIProvider).transport.kind).toBe("rest");
  });

  it("round-trips the environment's settings", () => {
    const provider = createProvider(providerSettingsFromEnv({ DASHSCOPE_API_KEY: "k" }));
    expect(provider?.name).toBe("openai-compatible");
    expect((provider as OpenAICompatibleProvider).baseUrl).toBe("https://dashscope.aliyuncs.com/compatible-mode/v1");
  });

  it("rejects missing credentials and a bad base URL", () => {
    expect(() => createProvider({ provider: "anthropic" })).toThrow(/API key/);
    expect(() => createProvider({ provider: "openai-compatible" })).toThrow(/API key/);
    expect(() => createProvider({ provider: "workers-ai", accountId: "a" })).toThrow(/AI binding/);
    expect(() => createProvider({ provider: "openai-compatible", apiKey: "k", baseUrl: "file:///etc" })).toThrow(/http\(s\)/);
  });

  it("keeps the key out of the provider's enumerable state", () => {
    for (const provider of [
      createProvider({ provider: "anthropic", apiKey: SECRET }),
      createProvider({ provider: "openai-compatible", apiKey: SECRET }),
      createProvider({ provider: "workers-ai", accountId: "a", apiKey: SECRET }),
    ]) {
      expect(JSON.stringify(provider)).not.toContain(SECRET);
    }
  });
});

describe("issue 22 item 5: the providers are parsed with the configuration", () => {
  it("an invalid provider setting is kept as its ConfigError: the rest of the configuration stands, and every model turn fails with it", () => {
    const config = parseConfig({ IACCODE_A2A_MODEL_PROVIDER: SECRET, IACCODE_A2A_AGENT: "iac" });
    expect(config.agent).toBe("iac");
    expect(config.providers).toBeInstanceOf(ConfigError);
    const resolve = providerResolver(config.providers);
    const message = thrown(() => resolve(undefined));
    expect(message).toBe("Invalid configuration IACCODE_A2A_MODEL_PROVIDER: must be one of offline, openai-compatible, anthropic, workers-ai");
    expect(message).not.toContain(SECRET);
  });

  it("a valid one resolves per turn: the environment's key, or the turn's own", () => {
    const resolve = providerResolver(parseConfig({ IACCODE_A2A_ANTHROPIC_API_KEY: "k", IACCODE_A2A_MODEL: "m" }).providers);
    expect(resolve(undefined).provider).toBeInstanceOf(AnthropicProvider);
    expect(resolve(undefined).model).toBe("m");
    const offline = providerResolver(parseConfig({}).providers);
    expect(offline(undefined).model).toBe("offline");
    expect(offline({ iac_code: { iac_code_api_key: "sk-x" } }).provider).toBeInstanceOf(OpenAICompatibleProvider);
  });
});
