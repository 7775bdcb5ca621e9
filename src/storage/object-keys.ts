/**
 * Every R2 object key the server writes, in one place. Keys start with a kind and the owner key
 * (a hash of the principal), so a principal's name never shapes a key, owners never share an
 * object, and everything of one task sits under one prefix that retention can list and delete.
 *
 *   workspaces/<owner key><absolute path>
 *   artifacts/<owner key>/<taskId>/<artifactId>/<filename>
 *   parts/<owner key>/<taskId>/<sha256>            a large message part (content-addressed)
 */
import { sha256Hex } from "../a2a/hex";

/** 128 bits of the principal's SHA-256: collision-free for any realistic number of owners. */
export async function ownerKey(owner: string): Promise<string> {
  return (await sha256Hex(owner)).slice(0, 32);
}

export const WORKSPACE_PREFIX = "workspaces/";

export function workspaceKey(ownerKeyHex: string, path: string): string {
  return `${WORKSPACE_PREFIX}${ownerKeyHex}${path}`;
}

export function artifactKey(ownerKeyHex: string, taskId: string, artifactId: string, filename: string): string {
  return `artifacts/${ownerKeyHex}/${taskId}/${artifactId}/${filename}`;
}

export function storedPartKey(ownerKeyHex: string, taskId: string, sha256: string): string {
  return `parts/${ownerKeyHex}/${taskId}/${sha256}`;
}

/** The prefixes under which every object of one task lives (artifacts and stored parts). */
export function taskObjectPrefixes(ownerKeyHex: string, taskId: string): string[] {
  return [`artifacts/${ownerKeyHex}/${taskId}/`, `parts/${ownerKeyHex}/${taskId}/`];
}

export const SHA256_HEX = /^[0-9a-f]{64}$/;
