/** The agent that answers turns, chosen by `IACCODE_A2A_AGENT`. */
import type { AgentRuntime } from "./runtime";
import { ConformanceAgent } from "./conformance-agent";
import { IacAgent, type ProviderResolver } from "./iac-agent";

export type AgentKind = "conformance" | "iac";

export function selectAgent(kind: AgentKind, resolveProvider: ProviderResolver): AgentRuntime {
  switch (kind) {
    case "conformance":
      return new ConformanceAgent();
    case "iac":
      return new IacAgent(resolveProvider);
  }
}
