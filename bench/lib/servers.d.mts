/** Types of the bench's server helpers (servers.mjs), for the TypeScript benches in bench/node/. */
import type { Miniflare } from "miniflare";

export interface StartedServer {
  readonly name: string;
  readonly mf: Miniflare;
  readonly url: string;
  readonly pid: number | undefined;
  readonly readyMs: number;
}

export function buildBundle(): { ms: number; size: string | undefined };
export function makePersistRoot(): string;
export function removePersistRoot(dir: string): void;
export function startOurs(
  persistRoot: string | undefined,
  extraBindings?: Record<string, string>,
  extraOptions?: Record<string, unknown>,
): Promise<StartedServer>;
