/**
 * `metadata.iac_code.cwd`: an absolute, normalized path inside one of the allowed roots
 * (`IACCODE_A2A_ALLOWED_CWDS`). A workspace lives in R2 under the owner, so a path that does not
 * exist yet is simply created on first use (decisions.md).
 */

export const INVALID_WORKSPACE = "Invalid A2A workspace metadata.";
const MAX_CWD_LENGTH = 1024;

/** Normalizes `/a/./b/../c/` to `/a/c`; returns undefined for a path that is not absolute. */
export function normalizeAbsolutePath(path: string): string | undefined {
  if (!path.startsWith("/") || path.length > MAX_CWD_LENGTH || /[\u0000-\u001f\\]/.test(path)) return undefined;
  const out: string[] = [];
  for (const segment of path.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (out.length === 0) return undefined;
      out.pop();
    } else out.push(segment);
  }
  return `/${out.join("/")}`;
}

export function isInsideRoot(path: string, root: string): boolean {
  return root === "/" || path === root || path.startsWith(`${root}/`);
}

/**
 * The workspace path a message asks for: `undefined` when it names none, the normalized path when
 * it is valid, or an `{ error }` with the contract's message.
 */
export function resolveWorkspacePath(
  metadata: Record<string, unknown> | undefined,
  allowedRoots: readonly string[],
): { cwd: string | undefined } | { error: string } {
  const iacCode = metadata?.["iac_code"];
  if (iacCode === undefined) return { cwd: undefined };
  if (typeof iacCode !== "object" || iacCode === null || Array.isArray(iacCode)) return { error: INVALID_WORKSPACE };
  const raw = (iacCode as Record<string, unknown>)["cwd"];
  if (raw === undefined || raw === null) return { cwd: undefined };
  if (typeof raw !== "string") return { error: INVALID_WORKSPACE };
  const normalized = normalizeAbsolutePath(raw.trim());
  if (!normalized || !allowedRoots.some((root) => isInsideRoot(normalized, root))) return { error: INVALID_WORKSPACE };
  return { cwd: normalized };
}
