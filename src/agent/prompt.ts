/**
 * The prompt of a turn, built from the message parts. Text parts are appended as they are and
 * JSON data parts as compact JSON; the IaC agent's part rules (files, media, limits) build on this.
 */
import type { Part } from "../a2a/types";

export const EMPTY_INPUT = "A2A server currently accepts text input only.";

export function basicPrompt(parts: readonly Part[]): string {
  const pieces: string[] = [];
  for (const part of parts) {
    if (typeof part.text === "string") pieces.push(part.text);
    else if (part.data !== undefined) pieces.push(JSON.stringify(part.data));
  }
  return pieces.join("\n");
}
