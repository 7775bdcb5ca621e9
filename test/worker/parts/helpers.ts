/** Shared pieces of the part tests: a real R2 workspace (the `FILES` binding) and a policy. */
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { R2Workspace } from "../../../src/storage/workspaces";
import { PartError, promptFromParts, type PartPolicy } from "../../../src/agent/parts";
import type { Part } from "../../../src/a2a/types";

export const MiB = 1024 * 1024;

/** A workspace of its own for each caller, so test files never see each other's objects. */
export async function freshWorkspace(label: string): Promise<R2Workspace> {
  return R2Workspace.forOwner(env.FILES, `parts-test:${label}:${crypto.randomUUID()}`);
}

export function policyFor(workspace: R2Workspace, overrides: Partial<PartPolicy> = {}): PartPolicy {
  return {
    cwd: "/workspace/proj",
    allowedRoots: ["/workspace", "/tmp"],
    textMimeTypes: [],
    multimodalMimeTypes: [],
    workspace,
    ...overrides,
  };
}

export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

export function b64(bytes: Uint8Array | string): string {
  const data = typeof bytes === "string" ? utf8(bytes) : bytes;
  let binary = "";
  for (let i = 0; i < data.length; i += 0x8000) binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Runs the conversion and returns the PartError it must throw. */
export async function partError(parts: Part[], policy: PartPolicy): Promise<PartError> {
  try {
    const result = await promptFromParts(parts, policy);
    expect.unreachable(`expected a PartError, got prompt ${JSON.stringify(result.prompt.slice(0, 200))}`);
  } catch (error) {
    if (!(error instanceof PartError)) throw error;
    return error;
  }
  throw new Error("unreachable");
}

export function manifest(lines: { filename: string; mediaType: string; byteSize: number; sha256: string; source: string }): string {
  return [
    "A2A multimodal attachment:",
    `- filename=${lines.filename}`,
    `- mediaType=${lines.mediaType}`,
    `- byteSize=${lines.byteSize}`,
    `- sha256=${lines.sha256}`,
    `- source=${lines.source}`,
  ].join("\n");
}

/** SHA-256 of "abc" (FIPS 180-2 test vector). */
export const SHA256_ABC = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
/** SHA-256 of the empty input. */
export const SHA256_EMPTY = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
