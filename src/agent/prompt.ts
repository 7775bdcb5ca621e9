/**
 * The prompt of a turn. `promptFromParts` (`parts.ts`) builds it from the message parts with the
 * contract's rules (media types, files, limits, exact messages); a blank result is `EMPTY_INPUT`,
 * which ends the task FAILED with that text (contract §6 "Empty input").
 */
export const EMPTY_INPUT = "A2A server currently accepts text input only.";
