/**
 * What the offline engine reads from the conversation: the request of this turn, the tool results
 * since, and from the earlier agent replies the context's current template and the workspace files
 * this context wrote. The replies carry both in fixed marker lines the engine writes itself
 * (`Workspace file: \`path\``, and the template in a fenced block after `Current template`), so the
 * engine stays stateless: the stored conversation is its memory, bounded like the conversation.
 */
import type { ChatMessage } from "./model";

export interface ToolOutcome {
  name: string;
  ok: boolean;
  content: string;
}

export interface Conversation {
  prompt: string;
  results: ToolOutcome[];
  /** Earlier agent replies, oldest first. */
  replies: string[];
  /** Earlier user requests, oldest first. */
  requests: string[];
  /** Whether any earlier turn exists in this context's stored conversation. */
  hasHistory: boolean;
}

export const WORKSPACE_FILE_MARKER = { en: "Workspace file:", zh: "工作区文件：" };
export const TEMPLATE_MARKER = { en: "Current template", zh: "当前模板" };
/**
 * In a Terraform conversation the template after the marker is the ROS form ("twin") of the
 * Terraform file, which the engine renders the file from (src/iac/terraform-render.ts): the marker
 * line says so with these words, and a follow-up edits the twin and renders the file again.
 */
export const TERRAFORM_TWIN_NOTE = { en: "ROS form of", zh: "的 ROS 形式" };

export interface CurrentTemplate {
  text: string;
  path?: string;
  /** The template is the ROS form of a Terraform file (`path`) this context wrote. */
  terraform: boolean;
}

export function readConversation(messages: readonly ChatMessage[]): Conversation {
  let userIndex = -1;
  messages.forEach((m, i) => {
    if (m.role === "user") userIndex = i;
  });
  const user = messages[userIndex];
  const prompt = user && user.role === "user" ? user.content : "";
  const results: ToolOutcome[] = [];
  for (const m of messages.slice(userIndex + 1)) {
    if (m.role === "tool") results.push({ name: m.name, ok: !m.content.startsWith('{"error"'), content: m.content });
  }
  const earlier = messages.slice(0, Math.max(userIndex, 0));
  const replies = earlier.flatMap((m) => (m.role === "assistant" && m.content !== "" ? [m.content] : []));
  const requests = earlier.flatMap((m) => (m.role === "user" ? [m.content] : []));
  return { prompt, results, replies, requests, hasHistory: earlier.some((m) => m.role === "user") };
}

/** Workspace paths this context wrote, newest last. */
export function writtenFiles(replies: readonly string[]): string[] {
  const files: string[] = [];
  for (const reply of replies) {
    for (const match of reply.matchAll(/(?:Workspace file:|工作区文件：)\s*`([^`]+)`/g)) if (match[1]) files.push(match[1]);
  }
  return files;
}

/** The template of the newest reply that carries one, with the workspace file it was written to. */
export function currentTemplate(replies: readonly string[]): CurrentTemplate | undefined {
  for (const reply of [...replies].reverse()) {
    const at = Math.max(reply.lastIndexOf(TEMPLATE_MARKER.en), reply.lastIndexOf(TEMPLATE_MARKER.zh));
    if (at < 0) continue;
    const fenced = /```yaml\n([\s\S]*?)```/.exec(reply.slice(at));
    if (!fenced?.[1]) continue;
    const markerLine = reply.slice(at, at + fenced.index);
    const terraform = markerLine.includes(TERRAFORM_TWIN_NOTE.en) || markerLine.includes(TERRAFORM_TWIN_NOTE.zh);
    const path = /(?:Workspace file:|工作区文件：)\s*`([^`]+)`/.exec(reply)?.[1];
    return { text: fenced[1], ...(path ? { path } : {}), terraform };
  }
  return undefined;
}

/** The tool result's output object, or undefined. */
export function outputOf(result: ToolOutcome | undefined): Record<string, unknown> | undefined {
  if (!result?.ok) return undefined;
  try {
    const parsed = JSON.parse(result.content) as { output?: Record<string, unknown> };
    return parsed.output;
  } catch {
    return undefined;
  }
}
