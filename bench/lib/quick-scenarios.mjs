/**
 * The scenarios of the quick tools (bench/profile.mjs, bench/ab.mjs): each prepares one server
 * (preloads what it needs) and returns `run(seconds)`, one load run against it. Smaller than the
 * bench's (500 preloaded tasks, no peer, no floors): they answer "where does the time go" and
 * "is this change faster", not "how fast is it".
 */
import { readFileSync } from "node:fs";
import { load, median, rpc, timeStream, V1 } from "./measure.mjs";

export const QUICK_SCENARIOS = ["card-get", "get-task", "list", "send", "stream"];

const message = (id, text, contextId) => ({
  message: { messageId: id, role: "ROLE_USER", parts: [{ text }], ...(contextId ? { contextId } : {}) },
});

const rpcBody = (method, params) => JSON.stringify({ jsonrpc: "2.0", id: 1, method, params });
const post = (method, params) => ({ method: "POST", path: "/", headers: V1, body: rpcBody(method, params) });

/** Blocking sends round-robin over 256 contexts, skipping one whose turn is in flight (as the bench does). */
function sendPlan() {
  const inFlight = new Set();
  let sent = 0;
  const makeRequest = (_i, ctx) => {
    let n;
    do n = sent++;
    while (inFlight.has(n % 256) && inFlight.size < 256);
    if (ctx) {
      inFlight.add(n % 256);
      ctx.benchContext = n % 256;
    }
    return post("SendMessage", message(`tck-complete-task-p-${n}`, "load", `prof-send-${n % 256}`));
  };
  makeRequest.done = (ctx) => inFlight.delete(ctx?.benchContext);
  return { dynamic: true, jsonRpc: true, makeRequest };
}

/** User plus system CPU time of a process so far, in ms (/proc/<pid>/stat, clock ticks of 10 ms). */
export function cpuMsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Preloads `server` for `scenario`; the result's `run(seconds)` loads it once and says how it went. */
export async function prepareScenario(scenario, server) {
  const url = server.url;
  if (!QUICK_SCENARIOS.includes(scenario)) throw new Error(`unknown scenario ${scenario}: one of ${QUICK_SCENARIOS.join(", ")}`);
  const ids = [];
  if (scenario === "send") for (let c = 0; c < 256; c++) await rpc(url, "SendMessage", message(`tck-complete-task-w-${c}`, "warm", `prof-send-${c}`));
  if (scenario === "get-task" || scenario === "list") {
    for (let c = 0; c < 20; c++)
      for (let k = 0; k < 25; k++) ids.push((await rpc(url, "SendMessage", message(`tck-complete-task-pre-${c}-${k}`, "x", `prof-${c}`))).task.id);
  }
  const plans = {
    "card-get": { makeRequest: () => ({ method: "GET", path: "/.well-known/agent-card.json", headers: {} }) },
    "get-task": { dynamic: true, jsonRpc: true, makeRequest: (i) => post("GetTask", { id: ids[(i * 7919) % ids.length] }) },
    list: { jsonRpc: true, makeRequest: () => post("ListTasks", { pageSize: 50 }) },
    send: sendPlan(),
  };
  let streams = 0;
  return {
    async run(seconds) {
      const cpuBefore = cpuMsOf(server.pid);
      let result;
      if (scenario === "stream") {
        const started = performance.now();
        const firsts = [];
        const lasts = [];
        while (performance.now() - started < seconds * 1000) {
          const n = streams++;
          const t = await timeStream(url, rpcBody("SendStreamingMessage", message(`tck-stream-001-${n}`, "s", `prof-stream-${n % 16}`)));
          firsts.push(t.firstMs);
          lasts.push(t.lastMs);
        }
        result = { ok: firsts.length, rps: firsts.length / seconds, firstMs: median(firsts), lastMs: median(lasts) };
      } else {
        result = await load({ url, connections: 10, durationS: seconds, expectStatus: 200, ...plans[scenario] });
      }
      return { ...result, workerdCpuMsPerRequest: (cpuMsOf(server.pid) - cpuBefore) / result.ok };
    },
  };
}

/** One line of what a run measured. */
export function describeRun(result) {
  const fixed = (value, digits) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : undefined);
  return JSON.stringify({
    rps: fixed(result.rps, 0),
    p50: fixed(result.p50, 2),
    firstMs: fixed(result.firstMs, 2),
    lastMs: fixed(result.lastMs, 2),
    workerdCpuMsPerRequest: fixed(result.workerdCpuMsPerRequest, 3),
    errors: (result.rpcErrors ?? 0) + (result.unexpectedStatus ?? 0) || undefined,
  });
}
