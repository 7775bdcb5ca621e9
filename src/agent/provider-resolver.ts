/**
 * Which provider answers a turn: from the Worker's environment (`IACCODE_A2A_MODEL_PROVIDER`, the
 * keys, base URLs, the `AI` binding) and the turn's overrides (`metadata.iac_code.iac_code_model`
 * and `iac_code_api_key`, trimmed, ignored when blank). With no key anywhere it is the offline
 * engine, so the product works out of the box. An invalid setting throws; the IaC agent answers it
 * with the contract's sanitized authentication message.
 */
import type { JsonObject } from "../a2a/types";
import { OfflineProvider } from "./offline-provider";
import type { ProviderResolver } from "./iac-agent";
import { createProvider, providerSettingsFromEnv, type ProviderOverrides } from "./providers/select-provider";

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

export function providerResolver(env: Record<string, unknown>): ProviderResolver {
  return (metadata) => {
    const settings = providerSettingsFromEnv(env, overridesOf(metadata));
    const provider = createProvider(settings);
    return provider ? { provider, model: settings.model ?? "" } : { provider: offline, model: "offline" };
  };
}
