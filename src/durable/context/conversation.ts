/**
 * The conversation a turn is given: the context's recent messages (task-records.ts bounds them),
 * with the text of large parts that history keeps in R2 read back, newest first, while the
 * conversation stays within CONVERSATION_CHARS. A model that was sent a long template two turns
 * ago still sees it; one that was sent more than the budget sees the stored part's reference.
 */
import type { Message, Part } from "../../a2a/types";
import type { ContextState } from "./context-state";
import { CONVERSATION_CHARS } from "./task-records";
import { holdsStoredText, loadStoredText } from "../../storage/stored-parts";

export async function conversationOf(state: ContextState, bucket: R2Bucket, ownerKeyHex: string): Promise<Message[]> {
  const epoch = state.epoch();
  const messages = state.records.conversation(epoch);
  // No message keeps a text in R2 (the common case): nothing to read back, and no message to look
  // at (issue 29 item 4: up to CONVERSATION_MESSAGES of them, every turn).
  if (state.records.conversationStoredTexts(epoch) === 0) return messages;
  let budget = CONVERSATION_CHARS - state.records.conversationChars(epoch);
  for (let i = messages.length - 1; i >= 0 && budget > 0; i--) {
    const message = messages[i] as Message;
    if (!holdsStoredText(message)) continue;
    const parts: Part[] = [];
    for (const part of message.parts) {
      const size = Number(part.metadata?.["byteSize"] ?? Number.POSITIVE_INFINITY);
      const text = size <= budget && message.taskId ? await loadStoredText(bucket, ownerKeyHex, message.taskId, part) : undefined;
      if (text === undefined) parts.push(part);
      else {
        budget -= text.length;
        parts.push({ text, ...(part.mediaType ? { mediaType: part.mediaType } : {}) });
      }
    }
    messages[i] = { ...message, parts };
  }
  return messages;
}
