/** Resolves a tool's path argument inside the turn's workspace: relative to the cwd, never outside it. */
import { isInsideRoot, normalizeAbsolutePath } from "../../a2a/workspace-path";

export const NO_WORKSPACE = "No workspace: send metadata.iac_code.cwd with the message to use workspace files.";

export function resolveToolPath(cwd: string, path: unknown): string | undefined {
  if (typeof path !== "string" || path.trim() === "") return cwd;
  const joined = path.startsWith("/") ? path : `${cwd}/${path}`;
  const normalized = normalizeAbsolutePath(joined);
  return normalized !== undefined && isInsideRoot(normalized, cwd) ? normalized : undefined;
}

export function stringField(input: unknown, name: string): string | undefined {
  if (typeof input !== "object" || input === null) return undefined;
  const value = (input as Record<string, unknown>)[name];
  return typeof value === "string" ? value : undefined;
}
