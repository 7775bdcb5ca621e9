/**
 * Starting and stopping what the bench measures: the deploy bundle and the two floor Workers on
 * workerd through Miniflare (one workerd process each), the @a2a-js/sdk peers as Node child
 * processes (in memory, on SQLite, on PostgreSQL), and a PostgreSQL instance of the bench's own.
 * Also the /proc readers used to find the pids, their memory and CPU time, and the bytes a
 * directory of databases holds.
 */
import { spawnSync, fork } from "node:child_process";
import { accessSync, chownSync, constants, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
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
  // The local .dev.vars' secrets stay out; a scenario that needs owners passes its own.
  for (const name of AUTH_SECRETS) if (!(name in extraBindings)) delete bindings[name];
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

/**
 * Forks bench/peer-server.mjs, hands it the agent card and its task store (`{ kind: "memory" }`,
 * `{ kind: "sqlite", path, journal }` or `{ kind: "postgres", url }`), and waits for its port.
 */
export async function startPeer(card, store = { kind: "memory" }, name = "peer") {
  const started = performance.now();
  const child = fork(new URL("../peer-server.mjs", import.meta.url), [], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const ready = new Promise((resolve, reject) => {
    child.once("message", resolve);
    child.once("exit", (code) => reject(new Error(`peer exited early (code ${code})`)));
    setTimeout(() => reject(new Error(`${name} did not start within 30 s`)), 30_000).unref();
  });
  child.send({ card, store });
  const { port } = await ready;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return {
    name,
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

/** CPU time (user + system) of several processes, in milliseconds. */
export function cpuMsOf(pids) {
  return (pids.reduce((a, pid) => a + cpuTicksOf(pid), 0) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** USER_HZ, the unit of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS_PER_SECOND = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

// ── bytes stored ──────────────────────────────────────────────────────────────────────────────

/**
 * Bytes of the files under `dir`, split into SQLite's write-ahead files (`-wal`, `-shm`) and the
 * rest (the database files themselves), with the count of `.sqlite`/`.db` database files.
 */
export function storedBytes(dir) {
  const out = { data: 0, wal: 0, databases: 0 };
  const walk = (path) => {
    let names = [];
    try {
      names = readdirSync(path);
    } catch {
      return;
    }
    for (const name of names) {
      const full = join(path, name);
      const st = statSync(full, { throwIfNoEntry: false });
      if (!st) continue;
      if (st.isDirectory()) walk(full);
      else if (/-(wal|shm)$/.test(name)) out.wal += st.size;
      else {
        out.data += st.size;
        if (/\.(sqlite|db)$/.test(name)) out.databases++;
      }
    }
  };
  walk(dir);
  return out;
}

// ── PostgreSQL ────────────────────────────────────────────────────────────────────────────────

/** Debian's PostgreSQL binaries (package `postgresql`), the newest major version; undefined when not installed. */
export function postgresBinDir() {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, "bin", "postgres")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? undefined : join(root, versions[0], "bin");
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * A PostgreSQL instance of the bench's own: a fresh cluster (initdb) in a new directory beside the
 * other storage, listening on 127.0.0.1 on a free port (its socket in that directory too), stopped
 * and removed by `stop()`. PostgreSQL refuses to run as root, so as root it runs as Debian's
 * `postgres` user. Returns `{ skipped: reason }` when Debian's postgresql is not installed.
 */
export async function startPostgres(parentDir) {
  const bin = postgresBinDir();
  if (!bin) return { skipped: "Debian's postgresql is not installed (no /usr/lib/postgresql/<version>/bin/postgres)" };
  const asRoot = process.getuid?.() === 0;
  let user;
  if (asRoot) {
    const id = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
    const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
    if (id.status !== 0) return { skipped: "running as root and there is no postgres user to run PostgreSQL as" };
    user = { uid: Number(id.stdout), gid: Number(gid.stdout) };
  }
  const root = mkdtempSync(join(parentDir, "iac-a2a-bench-pg-"));
  if (user) chownSync(root, user.uid, user.gid);
  const data = join(root, "data");
  const run = (tool, args) => {
    const [cmd, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", join(bin, tool), ...args]] : [join(bin, tool), args];
    const res = spawnSync(cmd, argv, { encoding: "utf8" });
    if (res.status !== 0) throw new Error(`${tool} failed (exit ${res.status}): ${res.stderr || res.stdout}`);
    return res.stdout;
  };
  const started = performance.now();
  run("initdb", ["-D", data, "-U", "bench", "-A", "trust", "-E", "UTF8", "--no-instructions"]);
  const port = await freePort();
  const options = `-h 127.0.0.1 -p ${port} -k ${root} -c max_connections=40`;
  run("pg_ctl", ["-D", data, "-o", options, "-l", join(root, "log"), "-w", "-t", "30", "start"]);
  const pid = Number(readFileSync(join(data, "postmaster.pid"), "utf8").split("\n")[0]);
  return {
    name: "postgres",
    url: `postgresql://bench@127.0.0.1:${port}/postgres`,
    pid,
    dataDir: data,
    readyMs: performance.now() - started,
    /** The postmaster and its children (one backend per connection, the background workers). */
    pids: () => [pid, ...childPids(pid)],
    /** Bytes of the cluster's tables (base/) and of its write-ahead log (pg_wal/). */
    stored: () => ({ data: duBytes(join(data, "base")), wal: duBytes(join(data, "pg_wal")) }),
    stop() {
      try {
        run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
      } catch {
        // already stopped
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}

function duBytes(dir) {
  const { data, wal } = storedBytes(dir);
  return data + wal;
}
