/** The agent that answers turns, chosen by `IACCODE_A2A_AGENT`. */
import type { AgentRuntime } from "./runtime";
import { ConformanceAgent } from "./conformance-agent";

export type AgentKind = "conformance" | "iac";

export function selectAgent(kind: AgentKind): AgentRuntime {
  switch (kind) {
    case "conformance":
      return new ConformanceAgent();
    case "iac":
      // The IaC agent lands with its own issue; until then the conformance agent answers.
      return new ConformanceAgent();
  }
}
