/**
 * Workspaces in R2: the files of an owner's absolute workspace paths live under
 * `workspaces/<owner key><path>`. The owner key is a hash of the principal, so a principal name
 * never shapes an object key and owners never share files. Listing loops on `truncated` (R2 may
 * return fewer objects than asked for), and reads check the size before fetching the body.
 */
import type { WorkspaceFile, WorkspaceStore } from "../agent/workspace";
import { sha256Hex } from "../a2a/hex";

const PREFIX = "workspaces/";

export async function ownerKey(owner: string): Promise<string> {
  return (await sha256Hex(owner)).slice(0, 32);
}

export class R2Workspace implements WorkspaceStore {
  constructor(
    private readonly bucket: R2Bucket,
    private readonly owner: string,
  ) {}

  static async forOwner(bucket: R2Bucket, owner: string): Promise<R2Workspace> {
    return new R2Workspace(bucket, await ownerKey(owner));
  }

  private key(path: string): string {
    return `${PREFIX}${this.owner}${path}`;
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

  async write(path: string, bytes: Uint8Array, mediaType: string): Promise<void> {
    await this.bucket.put(this.key(path), bytes, { httpMetadata: { contentType: mediaType } });
  }

  async list(dir: string, limit: number): Promise<WorkspaceFile[]> {
    const prefix = `${this.key(dir === "/" ? "" : dir)}/`;
    const files: WorkspaceFile[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.bucket.list({ prefix, limit: Math.min(1000, limit - files.length), ...(cursor ? { cursor } : {}) });
      for (const object of page.objects) {
        files.push({ path: object.key.slice(PREFIX.length + this.owner.length), size: object.size, uploaded: object.uploaded.toISOString() });
      }
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor && files.length < limit);
    return files;
  }
}
