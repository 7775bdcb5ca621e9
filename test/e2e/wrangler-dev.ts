/**
 * Starts `wrangler dev` (every binding local, state in a fresh temporary folder) on free loopback
 * ports in its own process group, waits until it answers, and stops the whole group afterwards.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface DevServer {
  base: string;
  logs: () => string;
  stop: () => Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** `vars` may depend on the server's base URL (e.g. `IACCODE_A2A_PUBLIC_URL`), known once its port is. */
export async function startWranglerDev(varsOf: Record<string, string> | ((base: string) => Record<string, string>) = {}): Promise<DevServer> {
  const [port, inspectorPort] = [await freePort(), await freePort()];
  const base = `http://127.0.0.1:${port}`;
  const vars = typeof varsOf === "function" ? varsOf(base) : varsOf;
  const state = mkdtempSync(join(tmpdir(), "iac-a2a-e2e-"));
  // The playground is embedded by npm run dev / build, not by wrangler itself (scripts/dev.mjs says why).
  execFileSync(process.execPath, ["scripts/embed-playground.mjs"]);
  const args = [
    "dev",
    "--local",
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--inspector-port",
    String(inspectorPort),
    "--persist-to",
    state,
    "--show-interactive-dev-session=false",
    // "log" keeps the Worker's console lines (the structured request and turn log) in logs().
    "--log-level",
    "log",
    ...Object.entries(vars).flatMap(([k, v]) => ["--var", `${k}:${v}`]),
  ];
  const child: ChildProcess = spawn("./node_modules/.bin/wrangler", args, {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      WRANGLER_SEND_METRICS: "false",
      WRANGLER_HIDE_BANNER: "true",
      CLOUDFLARE_CF_FETCH_ENABLED: "false",
      WRANGLER_LOG_PATH: join(state, "logs"),
      XDG_CONFIG_HOME: join(state, "config"),
    },
  });
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const stop = async () => {
    if (child.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
      await new Promise((r) => child.once("exit", r));
    }
    rmSync(state, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const res = await fetch(`${base}/health`);
      if (res.ok) return { base, logs: () => output, stop };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`wrangler dev did not start:\n${output}`);
}
