/**
 * Workspaces in R2: the files of an owner's absolute workspace paths live under
 * `workspaces/<owner key><path>` (object-keys.ts). Listing loops on `truncated` (R2 may return
 * fewer objects than asked for), and reads check the size before fetching the body. The class
 * fits the agent's `WorkspaceStore` shape without importing it: storage knows nothing of agents.
 */
import { ownerKey, workspaceKey, WORKSPACE_PREFIX } from "./object-keys";

export interface WorkspaceEntry {
  path: string;
  size: number;
  uploaded: string;
}

export class R2Workspace {
  constructor(
    private readonly bucket: R2Bucket,
    private readonly owner: string,
  ) {}

  static async forOwner(bucket: R2Bucket, owner: string): Promise<R2Workspace> {
    return new R2Workspace(bucket, await ownerKey(owner));
  }

  private key(path: string): string {
    return workspaceKey(this.owner, path);
  }

  async read(path: string, maxBytes: number): Promise<{ bytes: Uint8Array; size: number } | { tooLarge: true; size: number } | undefined> {
    const head = await this.bucket.head(this.key(path));
    if (!head) return undefined;
    if (head.size > maxBytes) return { tooLarge: true, size: head.size };
    const object = await this.bucket.get(this.key(path));
    if (!object) return undefined;
    const bytes = new Uint8Array(await object.arrayBuffer());
    return { bytes, size: bytes.byteLength };
  }

  /** The object of a workspace path, for a download route. */
  get(path: string): Promise<R2ObjectBody | null> {
    return this.bucket.get(this.key(path));
  }

  async write(path: string, bytes: Uint8Array | ReadableStream, mediaType: string): Promise<void> {
    await this.bucket.put(this.key(path), bytes, { httpMetadata: { contentType: mediaType } });
  }

  async list(dir: string, limit: number): Promise<WorkspaceEntry[]> {
    const prefix = `${this.key(dir === "/" ? "" : dir)}/`;
    const files: WorkspaceEntry[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.bucket.list({ prefix, limit: Math.min(1000, limit - files.length), ...(cursor ? { cursor } : {}) });
      for (const object of page.objects) {
        files.push({ path: object.key.slice(WORKSPACE_PREFIX.length + this.owner.length), size: object.size, uploaded: object.uploaded.toISOString() });
      }
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor && files.length < limit);
    return files;
  }
}
