/**
 * A tool the agent can call. Tools run inside the turn with the task's signal, metadata and
 * workspace. A result may carry an artifact (stored once in R2 and announced by the turn), or be
 * a permission denial: the A2A server never approves a permission prompt
 * (`metadata.iac_code.permission.autoApproved: false`).
 */
import type { TraceContext } from "../../a2a/trace-context";
import type { WorkspaceStore } from "../workspace";

export interface ToolContext {
  signal: AbortSignal;
  metadata: Record<string, unknown> | undefined;
  cwd: string | undefined;
  workspace?: WorkspaceStore | undefined;
  /** The turn's trace context, sent on outgoing API calls as a new child span each. */
  trace?: TraceContext | undefined;
  /** This turn's request and the conversation's earlier ones, for the request check tool. */
  request?: { prompt: string; earlierRequests: readonly string[] } | undefined;
}

export interface ToolArtifact {
  filename: string;
  mediaType: string;
  content: string;
}

export type ToolResult = { ok: true; output: unknown; artifact?: ToolArtifact } | { ok: false; error: string } | { permissionDenied: true; reason: string };

export interface Tool {
  spec: { name: string; description: string; inputSchema: Record<string, unknown> };
  run(input: unknown, ctx: ToolContext): Promise<ToolResult>;
}
