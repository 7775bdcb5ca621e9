/**
 * Starting and stopping what the bench measures: the deploy bundle and the two floor Workers on
 * workerd through Miniflare (one workerd process each), and the @a2a-js/sdk peer as a Node child
 * process. Also the /proc readers used to find the workerd pids and their memory.
 */
import { spawnSync, fork } from "node:child_process";
import { accessSync, constants, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";

export const COMPATIBILITY_DATE = "2026-04-20";

const QUIET_WRANGLER = {
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_SEND_ERROR_REPORTS: "false",
  WRANGLER_HIDE_BANNER: "true",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};

/** `wrangler deploy --dry-run --outdir dist`: the exact bundle production deploys. */
export function buildBundle() {
  const started = performance.now();
  const res = spawnSync("npx", ["wrangler", "deploy", "--dry-run", "--outdir", "dist"], {
    env: { ...process.env, ...QUIET_WRANGLER },
    encoding: "utf8",
  });
  if (res.status !== 0) {
    throw new Error(`wrangler build failed (exit ${res.status}):\n${res.stdout}\n${res.stderr}`);
  }
  const size = /Total Upload:\s*([^\n]+)/.exec(res.stdout)?.[1]?.trim();
  return { ms: performance.now() - started, size };
}

// ── /proc ─────────────────────────────────────────────────────────────────────────────────────

/** Direct children of a process (all its threads' children). */
export function childPids(pid) {
  const out = new Set();
  let tasks = [];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  for (const t of tasks) {
    try {
      for (const c of readFileSync(`/proc/${pid}/task/${t}/children`, "utf8").trim().split(/\s+/)) if (c) out.add(Number(c));
    } catch {
      // thread gone
    }
  }
  return [...out];
}

export function commandOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ").trim();
  } catch {
    return "";
  }
}

/** VmRSS and VmHWM (peak RSS) of a process in KiB, or undefined once it is gone. */
export function memoryOf(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    const hwm = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]);
    return { rssKiB: rss, hwmKiB: hwm };
  } catch {
    return undefined;
  }
}

// ── workerd through Miniflare ─────────────────────────────────────────────────────────────────

/**
 * Starts a Miniflare instance and finds the workerd process it spawned (a new direct child of
 * this process whose command line is workerd).
 */
async function startMiniflare(name, options) {
  const before = new Set(childPids(process.pid));
  const started = performance.now();
  // The Worker writes a JSON log line per request and turn (Workers Logs collects them off the
  // request path in production); here they would be piped through this process, so stdout is
  // drained and dropped, and stderr (errors) is passed on.
  const handleRuntimeStdio = (stdout, stderr) => {
    stdout.resume();
    stderr.pipe(process.stderr);
  };
  const mf = new Miniflare({ ...options, host: "127.0.0.1", port: 0, cf: false, handleRuntimeStdio });
  const url = await mf.ready;
  const readyMs = performance.now() - started;
  const spawned = childPids(process.pid).filter((p) => !before.has(p) && /workerd/.test(commandOf(p)));
  if (url.hostname !== "127.0.0.1") throw new Error(`${name} listens on ${url.hostname}, expected 127.0.0.1`);
  return { name, mf, url: url.href.replace(/\/$/, ""), pid: spawned[0], readyMs };
}

/**
 * A fresh persistence root per run, so every run starts empty and leaves nothing behind. On tmpfs
 * (/dev/shm) when there is one: Durable Object SQLite then costs what SQLite costs, not what this
 * machine's disk flushes cost (a shared VM disk made them slow and erratic). BENCH_PERSIST_DIR
 * picks another parent directory, e.g. the OS temp directory for an on-disk run.
 */
export function makePersistRoot() {
  const candidates = [process.env.BENCH_PERSIST_DIR, "/dev/shm", tmpdir()].filter(Boolean);
  for (const parent of candidates) {
    try {
      accessSync(parent, constants.W_OK);
      return mkdtempSync(join(parent, "iac-a2a-bench-"));
    } catch {
      // not there or not writable: next
    }
  }
  throw new Error(`no writable directory among ${candidates.join(", ")}`);
}

/** The file system type of a directory (tmpfs, ext4, …) from /proc/mounts. */
export function fileSystemOf(dir) {
  let best = { mount: "", type: "unknown" };
  for (const line of readFileSync("/proc/mounts", "utf8").split("\n")) {
    const [, mount, type] = line.split(" ");
    if (mount && (dir === mount || dir.startsWith(mount.endsWith("/") ? mount : `${mount}/`)) && mount.length >= best.mount.length) {
      best = { mount, type };
    }
  }
  return best.type;
}

export function removePersistRoot(dir) {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * What the bench changes in the wrangler.toml bindings: the conformance agent answers turns (the
 * scenarios rely on its messageId prefixes and it does no model or tool work), rate limiting is off
 * (the bench measures the server, not the limiter), and no authentication scheme is active even if
 * a local .dev.vars configures one.
 */
export const BINDING_OVERRIDES = { IACCODE_A2A_AGENT: "conformance", IACCODE_A2A_RATE_LIMIT: "false" };
const AUTH_SECRETS = ["IACCODE_A2A_HTTP_TOKEN", "IACCODE_A2A_BASIC_USERNAME", "IACCODE_A2A_BASIC_PASSWORD", "IACCODE_A2A_API_KEY"];

/** The deploy bundle with the bindings of wrangler.toml, as production runs it. */
export async function startOurs(persistRoot, extraBindings = {}, extraOptions = {}) {
  const { workerOptions } = unstable_getMiniflareWorkerOptions("wrangler.toml");
  const bindings = { ...workerOptions.bindings, ...BINDING_OVERRIDES, ...extraBindings };
  for (const name of AUTH_SECRETS) delete bindings[name];
  return startMiniflare("ours", {
    ...workerOptions,
    bindings,
    modules: true,
    scriptPath: "dist/index.js",
    ...(persistRoot ? { defaultPersistRoot: join(persistRoot, "ours") } : {}),
    ...extraOptions,
  });
}

export async function startFloor() {
  return startMiniflare("floor", {
    modules: true,
    scriptPath: "bench/floor-worker.mjs",
    compatibilityDate: COMPATIBILITY_DATE,
  });
}

export async function startDurableFloor(persistRoot) {
  return startMiniflare("durable floor", {
    modules: true,
    scriptPath: "bench/durable-floor-worker.mjs",
    compatibilityDate: COMPATIBILITY_DATE,
    durableObjects: { ROW: { className: "Row", useSQLite: true } },
    ...(persistRoot ? { defaultPersistRoot: join(persistRoot, "durable-floor") } : {}),
  });
}

// ── the peer ──────────────────────────────────────────────────────────────────────────────────

/** Forks bench/peer-server.mjs, hands it the agent card, and waits for its port. */
export async function startPeer(card) {
  const started = performance.now();
  const child = fork(new URL("../peer-server.mjs", import.meta.url), [], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const ready = new Promise((resolve, reject) => {
    child.once("message", resolve);
    child.once("exit", (code) => reject(new Error(`peer exited early (code ${code})`)));
    setTimeout(() => reject(new Error("peer did not start within 15 s")), 15_000).unref();
  });
  child.send({ card });
  const { port } = await ready;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return {
    name: "peer",
    child,
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    readyMs: performance.now() - started,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.send({ stop: true });
      const timer = setTimeout(() => child.kill("SIGTERM"), 3_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** CPU time (user + system) a process has used, in clock ticks (USER_HZ). */
export function cpuTicksOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** Busy and total clock ticks of the whole machine, from /proc/stat. */
export function systemTicks() {
  const [, ...values] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/);
  const n = values.map(Number);
  const total = n.reduce((a, b) => a + b, 0);
  const idle = (n[3] ?? 0) + (n[4] ?? 0); // idle + iowait
  return { busy: total - idle, total };
}
