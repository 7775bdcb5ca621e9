/**
 * `npm run dev`: starts `wrangler dev` on 127.0.0.1:8787 (every binding local), quietly and offline.
 *
 * Why a launcher and not a bare wrangler command in package.json:
 * - `--port` and `--ip` are taken from the command line (`npm run dev -- --port 8788`); a script that
 *   hard-coded `--port 8787` made a second `--port` fail ("expects a single value"). A busy port is
 *   said in one line, with the command that picks another, before wrangler starts.
 * - Miniflare fetches `Request.cf` from workers.cloudflare.com on every start; offline that printed a
 *   `getaddrinfo ENOTFOUND` stack trace twice. CLOUDFLARE_CF_FETCH_ENABLED=false turns the fetch off
 *   (the Worker reads no `request.cf` field), WRANGLER_SEND_METRICS=false keeps metrics off.
 * - The playground is embedded here (scripts/embed-playground.mjs, then again whenever
 *   src/playground/ changes), not by a wrangler `[build]` command: wrangler runs a custom build a
 *   second time when its file watcher is ready and logs "The file … changed, restarting build" on
 *   every fresh start. The embedder writes src/worker/, which wrangler's own bundler watches.
 * - Once wrangler says it is ready, it prints the URL and the playground link.
 * Every other argument goes to `wrangler dev` unchanged (`--persist-to`, `--var`, `--inspector-port`).
 */
import { execFileSync, spawn } from "node:child_process";
import { watch } from "node:fs";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { listenWarning } from "./listen-warning.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const DEFAULTS = { port: "8787", ip: "127.0.0.1" };

/** Splits `--port N`, `--port=N`, `--ip X`, `--ip=X` out of argv; the rest passes through. */
export function parseDevArgs(argv) {
  const picked = { ...DEFAULTS };
  const rest = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const name = ["port", "ip"].find((n) => arg === `--${n}` || arg.startsWith(`--${n}=`));
    if (!name) {
      rest.push(arg);
      continue;
    }
    const value = arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : argv[++i];
    if (!value || value.startsWith("--")) throw new Error(`--${name} needs a value, e.g. npm run dev -- --${name} ${DEFAULTS[name]}`);
    picked[name] = value;
  }
  if (!/^\d+$/.test(picked.port) || Number(picked.port) < 1 || Number(picked.port) > 65535) throw new Error(`--port must be 1-65535, not "${picked.port}"`);
  return { ...picked, rest };
}

function portIsFree(ip, port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", (error) => resolve(error.code !== "EADDRINUSE"));
    probe.listen(Number(port), ip, () => probe.close(() => resolve(true)));
  });
}

function embedPlayground() {
  execFileSync(process.execPath, [join(ROOT, "scripts", "embed-playground.mjs")], { cwd: ROOT, stdio: "inherit" });
}

function watchPlayground() {
  let timer;
  watch(join(ROOT, "src", "playground"), () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      try {
        embedPlayground();
      } catch {
        // the embedder printed why; the next change tries again
      }
    }, 100);
  }).unref();
}

/** Passes wrangler's output through and, after its "Ready on" line, prints the URL and the playground link. */
function relayAndAnnounce(child, base, port) {
  let seen = "";
  let announced = false;
  child.stdout.on("data", (chunk) => {
    process.stdout.write(chunk);
    if (announced) return;
    seen = (seen + chunk.toString()).slice(-4096);
    if (!/Ready on http/.test(seen)) return;
    announced = true;
    process.stdout.write(
      `\n  A2A server  ${base}/  (agent card: ${base}/.well-known/agent-card.json)\n` +
        `  Playground  ${base}/  (open it in a browser)\n` +
        `  Stop with Ctrl-C; another port: npm run dev -- --port ${Number(port) + 1}\n\n`,
    );
  });
}

async function main() {
  let args;
  try {
    args = parseDevArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`npm run dev: ${error.message}\n`);
    return 2;
  }
  if (!(await portIsFree(args.ip, args.port))) {
    process.stderr.write(
      `npm run dev: port ${args.port} on ${args.ip} is in use (another server?). Pick another: npm run dev -- --port ${Number(args.port) + 1}\n`,
    );
    return 1;
  }
  const warning = listenWarning(args.ip);
  if (warning) process.stderr.write(`npm run dev: ${warning}`);
  embedPlayground();
  watchPlayground();
  const wrangler = join(ROOT, "node_modules", ".bin", "wrangler");
  const wranglerArgs = ["dev", "--local", "--ip", args.ip, "--port", args.port, "--show-interactive-dev-session=false", ...args.rest];
  const child = spawn(wrangler, wranglerArgs, {
    cwd: ROOT,
    stdio: ["inherit", "pipe", "inherit"],
    // FORCE_COLOR keeps wrangler's colours although its stdout is a pipe (to this process).
    env: { CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", ...(process.stdout.isTTY ? { FORCE_COLOR: "1" } : {}), ...process.env },
  });
  // Ctrl-C reaches wrangler directly (same process group); a signal sent to this process alone is passed on.
  process.on("SIGINT", () => {});
  process.on("SIGTERM", () => child.kill("SIGTERM"));
  const host = args.ip === "0.0.0.0" ? "127.0.0.1" : args.ip.includes(":") ? `[${args.ip === "::" ? "::1" : args.ip}]` : args.ip;
  relayAndAnnounce(child, `http://${host}:${args.port}`, args.port);
  return new Promise((resolve) => child.on("exit", (code, signal) => resolve(code ?? (signal ? 0 : 1))));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main().then((code) => process.exit(code));
