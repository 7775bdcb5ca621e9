/**
 * Issue 29 item 2: Cloudflare's published prices for Workers and Durable Objects (paid plan), and
 * what the counted units of a request, a conversation and a month of tasks cost at them. Pure
 * arithmetic, no runtime: `bench/micro/billed-units.micro.ts` feeds it the units the runtime
 * counted, and docs/performance.md quotes its output. The monthly allowances the $5 plan includes
 * (1 M Durable Object requests, 400,000 GB-s, 10 M Worker requests, 30 M CPU ms, 25 B rows read,
 * 50 M rows written, 5 GB stored) are left out: these are marginal prices.
 */

/** The price list: as issue 29 gives it and Cloudflare's public pricing pages state it, 2026-12-06. */
export const PRICE_LIST_DATE = "2026-12-06";
export const PRICES = {
  /** Durable Objects: every RPC call on a stub and every alarm run is a request. */
  objectRequestPerMillion: 0.15,
  rowsWrittenPerMillion: 1.0,
  rowsReadPerMillion: 0.001,
  /** Duration is billed on 128 MB per active object, wall time. */
  durationPerMillionGbS: 12.5,
  storagePerGbMonth: 0.2,
  workerRequestPerMillion: 0.3,
  workerCpuPerMillionMs: 0.02,
} as const;

/**
 * Worker CPU per request, ms: the last full `npm run bench` (bench/results/latest.md, 2026-12-02
 * 05:56 UTC), workerd's CPU for the Worker and its objects together (an upper bound for the Worker's own).
 */
export const WORKER_CPU_MS: Array<[RegExp, number]> = [
  [/^SendMessage|^SendStreaming|^a follow-up/, 1.71],
  [/^GetTask|^SubscribeToTask/, 0.94],
  [/^ListTasks with contextId/, 0.84],
  [/^ListTasks without/, 2.04],
];
/** The memory every active Durable Object is billed for (Cloudflare: 128 MB), in GB. */
export const OBJECT_MEMORY_GB = 0.128;
/** Durable Object storage: at most this much per object (SQLite backend), bytes. */
export const OBJECT_STORAGE_LIMIT_BYTES = 10e9;
/** Durable Object: requests per second one object serves before it answers "overloaded" (Cloudflare's soft limit). */
export const OBJECT_REQUESTS_PER_SECOND = 1_000;

/** The billed units of one request, as the runtime counted them. */
export interface BilledUnits {
  objectRequests: number;
  rowsRead: number;
  rowsWritten: number;
  /** `setAlarm` calls, priced as one row written each (an upper bound). */
  alarmsSet: number;
  /** Active object time: wall ms × the objects the request kept active. */
  objectWallMs: number;
  /** The Worker invocations (a client request is one) and their CPU, ms. */
  workerRequests: number;
  workerCpuMs: number;
}

/** One request's cost in dollars, by line. */
export interface Dollars {
  objectRequests: number;
  rowsWritten: number;
  rowsRead: number;
  duration: number;
  workerRequests: number;
  workerCpu: number;
  total: number;
}

export function dollarsOf(units: BilledUnits): Dollars {
  const perMillion = (n: number, price: number) => (n * price) / 1e6;
  const lines = {
    objectRequests: perMillion(units.objectRequests, PRICES.objectRequestPerMillion),
    rowsWritten: perMillion(units.rowsWritten + units.alarmsSet, PRICES.rowsWrittenPerMillion),
    rowsRead: perMillion(units.rowsRead, PRICES.rowsReadPerMillion),
    duration: perMillion((units.objectWallMs / 1000) * OBJECT_MEMORY_GB, PRICES.durationPerMillionGbS),
    workerRequests: perMillion(units.workerRequests, PRICES.workerRequestPerMillion),
    workerCpu: perMillion(units.workerCpuMs, PRICES.workerCpuPerMillionMs),
  };
  return { ...lines, total: Object.values(lines).reduce((a, b) => a + b, 0) };
}

export function sumUnits(all: readonly BilledUnits[]): BilledUnits {
  const zero: BilledUnits = { objectRequests: 0, rowsRead: 0, rowsWritten: 0, alarmsSet: 0, objectWallMs: 0, workerRequests: 0, workerCpuMs: 0 };
  return all.reduce(
    (sum, u) => ({
      objectRequests: sum.objectRequests + u.objectRequests,
      rowsRead: sum.rowsRead + u.rowsRead,
      rowsWritten: sum.rowsWritten + u.rowsWritten,
      alarmsSet: sum.alarmsSet + u.alarmsSet,
      objectWallMs: sum.objectWallMs + u.objectWallMs,
      workerRequests: sum.workerRequests + u.workerRequests,
      workerCpuMs: sum.workerCpuMs + u.workerCpuMs,
    }),
    zero,
  );
}

/** Storage of tasks kept `months` on average at `bytesPerTask`, per task. */
export const storageDollarsPerTask = (bytesPerTask: number, months: number): number => ((bytesPerTask * months) / 1e9) * PRICES.storagePerGbMonth;

/** A month at `tasksPerMonth`, each task one conversation costing `perTask` (requests) plus its storage. */
export interface MonthAtScale {
  tasksPerMonth: number;
  dollars: number;
  /** Index shards one owner needs so that no shard passes 10 GB with a month of tasks kept. */
  shardsForStorage: number;
  /** Requests per second into each shard at the month's average rate with `shards` shards. */
  shardRequestsPerSecond: number;
}

export function monthAtScale(
  tasksPerMonth: number,
  perTask: number,
  storagePerTask: number,
  indexBytesPerTask: number,
  shardRequestsPerTask: number,
  shards: number,
): MonthAtScale {
  const secondsPerMonth = 30 * 86_400;
  return {
    tasksPerMonth,
    dollars: tasksPerMonth * (perTask + storagePerTask),
    shardsForStorage: Math.ceil((tasksPerMonth * indexBytesPerTask) / OBJECT_STORAGE_LIMIT_BYTES),
    shardRequestsPerSecond: (tasksPerMonth * shardRequestsPerTask) / secondsPerMonth / shards,
  };
}
