#!/usr/bin/env node
/**
 * A local server for the deploy bundle without wrangler dev's proxy (issue 23 item 6).
 *
 * Why: `wrangler dev` puts a ProxyWorker in front of the Worker, and when the proxy's forward of a
 * request rejects (the common case: a client that left while its body was still uploading, so
 * workerd fails the body read with "Network connection lost."), wrangler treats it as fatal and the
 * whole dev server exits (docs/wrangler-dev-abandoned-body.md; upstream cloudflare/workers-sdk
 * #15203, #15447, #15451, fix proposed in PR #15448, still present in the 4.86.0 this project is
 * held to by Node 20). This runner serves the same bundle on workerd through Miniflare directly, with
 * the bindings of wrangler.toml (Durable Objects, R2, Queues and their consumers, rate limits):
 * a request whose client leaves ends that request only.
 *
 *   node scripts/local-server.mjs [--port 8787] [--ip 127.0.0.1] [--persist-to .wrangler/state]
 *                                 [--var NAME:VALUE]... [--no-build]
 *
 * It builds the bundle first (the playground embedded, then `wrangler deploy --dry-run --outdir
 * .wrangler/local-bundle`: the bundle production deploys) unless --no-build, keeps
 * state where wrangler dev keeps it (`<persist-to>/v3`), prints the Worker's log lines, says
 * `Ready on http://<ip>:<port>` and stops cleanly on SIGINT/SIGTERM.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { listenWarning } from "./listen-warning.mjs";

const QUIET_WRANGLER = {
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_SEND_ERROR_REPORTS: "false",
  WRANGLER_HIDE_BANNER: "true",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};
const BUNDLE_DIR = ".wrangler/local-bundle";

function usage(message) {
  console.error(`${message}\nusage: node scripts/local-server.mjs [--port N] [--ip ADDR] [--persist-to DIR] [--var NAME:VALUE]... [--no-build]`);
  process.exit(2);
}

export function parseArgs(argv) {
  const options = { port: 8787, ip: "127.0.0.1", persistTo: ".wrangler/state", vars: {}, build: true };
  const args = argv.flatMap((a) => (/^--(port|ip|persist-to|var)=/.test(a) ? [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)] : [a]));
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const value = () => args[++i] ?? usage(`${arg} needs a value`);
    if (arg === "--port") {
      options.port = Number(value());
      if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65535) usage("--port must be 0-65535");
    } else if (arg === "--ip") options.ip = value();
    else if (arg === "--persist-to") options.persistTo = value();
    else if (arg === "--no-build") options.build = false;
    else if (arg === "--var") {
      const pair = value();
      const colon = pair.indexOf(":");
      if (colon <= 0) usage(`--var takes NAME:VALUE, not ${pair}`);
      options.vars[pair.slice(0, colon)] = pair.slice(colon + 1);
    } else usage(`unknown option ${arg}`);
  }
  return options;
}

/** `.dev.vars` (NAME=value lines), as wrangler dev reads it for local secrets. */
function devVars() {
  if (!existsSync(".dev.vars")) return {};
  const vars = {};
  for (const line of readFileSync(".dev.vars", "utf8").split("\n")) {
    const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!match) continue;
    const [, name, raw] = match;
    vars[name] = /^"(.*)"$/.test(raw) ? raw.slice(1, -1) : raw;
  }
  return vars;
}

function build() {
  // The playground is embedded first, as npm run dev and npm run build do (scripts/embed-playground.mjs).
  const embed = spawnSync(process.execPath, [join("scripts", "embed-playground.mjs")], { encoding: "utf8" });
  if (embed.status !== 0) {
    console.error(`embedding the playground failed:\n${embed.stdout}\n${embed.stderr}`);
    process.exit(1);
  }
  const res = spawnSync(join("node_modules", ".bin", "wrangler"), ["deploy", "--dry-run", "--outdir", BUNDLE_DIR], {
    env: { ...process.env, ...QUIET_WRANGLER },
    encoding: "utf8",
  });
  if (res.status !== 0) {
    console.error(`wrangler build failed (exit ${res.status}):\n${res.stdout}\n${res.stderr}`);
    process.exit(1);
  }
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const warning = listenWarning(options.ip);
  if (warning) console.error(`npm run dev:local: ${warning}`);
  if (options.build) build();
  const { workerOptions } = unstable_getMiniflareWorkerOptions("wrangler.toml");
  const mf = new Miniflare({
    ...workerOptions,
    bindings: { ...workerOptions.bindings, ...devVars(), ...options.vars },
    modules: true,
    scriptPath: join(BUNDLE_DIR, "index.js"),
    defaultPersistRoot: join(resolve(options.persistTo), "v3"),
    host: options.ip,
    port: options.port,
    cf: false,
  });
  const url = await mf.ready;
  console.log(`Ready on ${url.href.replace(/\/$/, "")}`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await mf.dispose().catch(() => {});
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
