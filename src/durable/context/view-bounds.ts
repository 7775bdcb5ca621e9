/**
 * What a bounded task view holds: its own file because both the task records (which compose a
 * view) and their kept view (which keeps the rows one is composed from) need it, and neither may
 * import the other both ways.
 */
export interface ViewBounds {
  /** The newest this many messages (0: none). */
  historyLength: number;
  /** Only the messages of the task's current turn. */
  currentTurnOnly?: boolean;
  /** The newest this many artifacts (0: none). */
  artifacts: number;
  /** The whole view stays under this many UTF-8 bytes of JSON: oldest messages, then oldest artifacts, go first. */
  maxBytes: number;
}
