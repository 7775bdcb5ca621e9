/**
 * A workspace as the agent sees it: files under an absolute `cwd`, stored elsewhere (R2 in the
 * Durable Object). Paths given to it are absolute and already normalized; the store keeps them
 * inside the owner's space.
 */

export interface WorkspaceFile {
  path: string;
  size: number;
  uploaded: string;
}

export interface WorkspaceStore {
  read(path: string, maxBytes: number): Promise<{ bytes: Uint8Array; size: number } | { tooLarge: true; size: number } | undefined>;
  write(path: string, bytes: Uint8Array, mediaType: string): Promise<void>;
  /** Files under `dir` (recursive), at most `limit`. */
  list(dir: string, limit: number): Promise<WorkspaceFile[]>;
}
