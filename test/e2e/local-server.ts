/**
 * Starts `scripts/local-server.mjs` (the deploy bundle on Miniflare, without wrangler dev's proxy)
 * on free loopback ports in its own process group, state in a fresh temporary folder, waits until it
 * answers, and stops the whole group afterwards. The same shape as wrangler-dev.ts.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort, type DevServer } from "./wrangler-dev.ts";

export interface LocalServer extends DevServer {
  /** The runner's exit code, or null while it runs. */
  exitCode: () => number | null;
}

export async function startLocalServer(vars: Record<string, string> = {}): Promise<LocalServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const state = mkdtempSync(join(tmpdir(), "iac-a2a-local-"));
  const args = ["scripts/local-server.mjs", "--port", String(port), "--persist-to", state, ...Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`])];
  const child: ChildProcess = spawn(process.execPath, args, {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, WRANGLER_LOG_PATH: join(state, "logs"), XDG_CONFIG_HOME: join(state, "config") },
  });
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const stop = async () => {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
      await new Promise((r) => child.once("exit", r));
    }
    rmSync(state, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`${base}/health`);
      if (res.ok) return { base, logs: () => output, stop, exitCode: () => child.exitCode };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`the local server did not start:\n${output}`);
}
