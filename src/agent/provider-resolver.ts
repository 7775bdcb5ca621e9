/**
 * Which provider answers a turn: from the configured providers (`Config.providers`: the
 * provider, keys, base URLs, the `AI` binding) and the turn's overrides (`metadata.iac_code.iac_code_model`
 * and `iac_code_api_key`, trimmed, ignored when blank). With no key anywhere it is the offline
 * engine, so the product works out of the box. An invalid setting throws; the IaC agent answers it
 * with the contract's sanitized authentication message.
 */
import type { JsonObject } from "../a2a/types";
import { OfflineProvider } from "./offline-provider";
import type { ProviderResolver } from "./iac-agent";
import { createProvider, resolveProviderSettings, type ProviderOverrides } from "./providers/select-provider";
import { ConfigError } from "../config/config-error";
import type { ProviderConfig } from "../config/providers";

const offline = new OfflineProvider();

function overridesOf(metadata: JsonObject | undefined): ProviderOverrides {
  const iacCode = metadata?.["iac_code"];
  if (typeof iacCode !== "object" || iacCode === null || Array.isArray(iacCode)) return {};
  const fields = iacCode as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined);
  const model = text(fields["iac_code_model"]);
  const apiKey = text(fields["iac_code_api_key"]);
  return { ...(model ? { model } : {}), ...(apiKey ? { apiKey } : {}) };
}

/** `providers` as `configOf` parsed them: an invalid configuration fails each model turn with its error. */
export function providerResolver(providers: ProviderConfig | ConfigError): ProviderResolver {
  return (metadata) => {
    if (providers instanceof ConfigError) throw providers;
    const settings = resolveProviderSettings(providers, overridesOf(metadata));
    const provider = createProvider(settings);
    return provider ? { provider, model: settings.model ?? "" } : { provider: offline, model: "offline" };
  };
}
