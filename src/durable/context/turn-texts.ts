/**
 * The texts a turn ends with, or a busy context refuses a message with: one file, because the
 * run, its end, the lifecycle's restart, the RPC surface and the tests all name them, and a text
 * a client may match on must be spelled once.
 */
export const BUSY_TEXT = "Task is already working.";
export const CANCELED_TEXT = "Task canceled.";
export const INTERRUPTED_TEXT = "Task was interrupted by a server restart and cannot be resumed. Please send the message again.";
export const INTERNAL_TEXT = "An internal error occurred.";
