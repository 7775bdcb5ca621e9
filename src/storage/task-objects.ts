/**
 * Deleting everything a task left in R2 (its artifacts and stored parts) when retention deletes
 * the task, so no object outlives the row that owns it. R2 lists at most 1,000 keys a page and
 * deletes at most 1,000 keys a call, so both loop.
 */
import { taskObjectPrefixes } from "./object-keys";

/** R2's limit on the keys of one `delete` call (and one `list` page). */
const R2_KEYS_PER_CALL = 1000;

export async function deleteTaskObjects(bucket: R2Bucket, ownerKeyHex: string, taskId: string): Promise<number> {
  let deleted = 0;
  for (const prefix of taskObjectPrefixes(ownerKeyHex, taskId)) {
    let cursor: string | undefined;
    do {
      const page = await bucket.list({ prefix, limit: R2_KEYS_PER_CALL, ...(cursor ? { cursor } : {}) });
      const keys = page.objects.map((object) => object.key);
      if (keys.length > 0) await bucket.delete(keys);
      deleted += keys.length;
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
  }
  return deleted;
}
