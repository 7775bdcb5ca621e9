/**
 * Issue 21 item 1, a clean start: the real `npm run dev` (scripts/dev.mjs in front of wrangler dev),
 * on a free port chosen with `-- --port`, prints the URL and the playground link, and no stack trace
 * (the offline `Request.cf` fetch), no "restarting build" and no error. A busy port is one line that
 * names the next port to try. The machine running the tests has no route to workers.cloudflare.com,
 * which is the case a new user without internet meets.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "./wrangler-dev.ts";

interface Run {
  output: () => string;
  exited: Promise<number | null>;
  stop: () => Promise<void>;
}

const state = mkdtempSync(join(tmpdir(), "iac-a2a-dev-start-"));
afterAll(() => rmSync(state, { recursive: true, force: true }));

/** `npm run dev -- …args` in its own process group, with a fresh wrangler config folder (a new user's machine). */
function npmRunDev(args: string[]): Run {
  const env: NodeJS.ProcessEnv = { ...process.env, XDG_CONFIG_HOME: join(state, "config"), WRANGLER_LOG_PATH: join(state, "logs") };
  delete env.CLOUDFLARE_CF_FETCH_ENABLED;
  delete env.WRANGLER_SEND_METRICS;
  const child = spawn("npm", ["run", "dev", "--", ...args], { detached: true, stdio: ["ignore", "pipe", "pipe"], env });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode !== null || child.pid === undefined) return;
      process.kill(-child.pid, "SIGTERM");
      await exited;
    },
  };
}

async function waitFor(run: Run, pattern: RegExp): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (!pattern.test(run.output())) {
    if (Date.now() > deadline) throw new Error(`no ${pattern} in:\n${run.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe("issue 21 item 1: npm run dev starts clean", () => {
  it("takes --port and --ip, prints the URL and the playground link, no stack trace, no rebuild, no error; a busy port is one clear line", async () => {
    const [port, inspector] = [await freePort(), await freePort()];
    const base = `http://127.0.0.1:${port}`;
    const run = npmRunDev(["--port", String(port), `--ip=127.0.0.1`, "--inspector-port", String(inspector), "--persist-to", join(state, "wrangler")]);
    try {
      await waitFor(run, /Playground {2}http:\/\/\S+/);
      const page = await fetch(`${base}/`, { headers: { Accept: "text/html" } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("iac-code A2A playground");
      // A moment for anything late (a second cf fetch, a watcher's rebuild) to show up.
      await new Promise((r) => setTimeout(r, 1500));
      const output = run.output();
      expect(output).toContain(`Ready on ${base}`);
      expect(output).toContain(`A2A server  ${base}/`);
      expect(output).toContain(`Playground  ${base}/`);
      expect(output).toContain(`another port: npm run dev -- --port ${port + 1}`);
      expect(output).not.toMatch(/^\s+at /m);
      expect(output).not.toMatch(/Error|ENOTFOUND|Unable to fetch|restarting build|changed|telemetry|expects a single value/i);

      // The same port again: one line saying so and which command picks another; nothing started.
      const second = npmRunDev(["--port", String(port)]);
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(`npm run dev: port ${port} on 127.0.0.1 is in use (another server?). Pick another: npm run dev -- --port ${port + 1}`);
      expect(second.output()).not.toMatch(/^\s+at /m);
    } finally {
      await run.stop();
    }
  });

  it("refuses a --port without a number before starting anything", async () => {
    const run = npmRunDev(["--port", "http"]);
    expect(await run.exited).toBe(2);
    expect(run.output()).toContain('npm run dev: --port must be 1-65535, not "http"');
  });
});
