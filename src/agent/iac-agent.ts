/**
 * The IaC agent: every message is a task whose turn runs the tool-using loop with the configured
 * provider — a model when a key is configured, the offline engine otherwise — and the IaC tools.
 */
import type { AgentEvent, AgentRuntime, AgentTurn, TurnInput } from "./runtime";
import type { ModelProvider } from "./model";
import { AUTH_TEXT, runTurnLoop } from "./turn-loop";
import { SYSTEM_PROMPT } from "./system-prompt";
import { listFilesTool, readFileTool, writeFileTool } from "./tools/workspace-tools";
import { saveArtifactTool, terraformToRosTool, validateTemplateTool } from "./tools/iac-tools";
import type { Tool } from "./tools/tool";
import { rosApiTool } from "./tools/ros-api-tool";
import { requestCheckTool } from "./tools/request-check-tool";
import type { JsonObject } from "../a2a/types";

export interface ResolvedProvider {
  provider: ModelProvider;
  model: string;
}

/** Picks the provider for a turn from the message metadata (per-turn model and key overrides). */
export type ProviderResolver = (metadata: JsonObject | undefined) => ResolvedProvider;

export const BASE_TOOLS: readonly Tool[] = [
  readFileTool,
  writeFileTool,
  listFilesTool,
  validateTemplateTool,
  requestCheckTool,
  terraformToRosTool,
  saveArtifactTool,
  rosApiTool,
];

export class IacAgent implements AgentRuntime {
  constructor(
    private readonly resolveProvider: ProviderResolver,
    private readonly tools: readonly Tool[] = BASE_TOOLS,
  ) {}

  start(input: TurnInput): AgentTurn {
    return { kind: "task", events: this.run(input) };
  }

  private async *run(input: TurnInput): AsyncGenerator<AgentEvent> {
    let resolved: ResolvedProvider;
    try {
      resolved = this.resolveProvider(input.metadata);
    } catch (error) {
      // A provider that cannot be built lacks credentials or configuration: the contract's
      // sanitized authentication message, the detail in the log only.
      console.error("provider configuration", error instanceof Error ? error.message : typeof error);
      yield { type: "error", retryable: false, message: AUTH_TEXT };
      return;
    }
    yield { type: "model", provider: resolved.provider.name, model: resolved.model };
    yield* runTurnLoop(input, { provider: resolved.provider, model: resolved.model, tools: this.tools, systemPrompt: SYSTEM_PROMPT });
  }
}
