/**
 * Measuring: one autocannon run (throughput, exact latencies from autocannon's own response
 * timer, status and JSON-RPC error checks), sequential SSE timing (first and last event), and a
 * small keep-alive JSON-RPC client for setup and preloading.
 */
import http from "node:http";
import autocannon from "autocannon";

export const V1 = { "Content-Type": "application/json", "A2A-Version": "1.0" };

// ── stats ─────────────────────────────────────────────────────────────────────────────────────

export function quantile(values, q) {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

export const median = (values) => quantile(values, 0.5);

/** Median and spread (min–max) of per-round values. */
export function summary(values) {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return { median: NaN, min: NaN, max: NaN, n: 0 };
  return { median: median(finite), min: Math.min(...finite), max: Math.max(...finite), n: finite.length };
}

// ── a tiny keep-alive client ─────────────────────────────────────────────────────────────────

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export async function request(url, options = {}) {
  try {
    return await requestOnce(url, options, agent);
  } catch (error) {
    // A kept-alive socket the server had just closed: the request never reached it; send it again.
    // Over a new connection: workerd under Miniflare now and then closes several idle keep-alive
    // connections at once (seen in about one preload of three, old builds and new), so the next
    // pooled socket may be just as dead.
    if (error.code !== "ECONNRESET" || !error.reusedSocket) throw error;
    return requestOnce(url, options, false);
  }
}

function requestOnce(url, { method = "GET", headers = {}, body } = {}, via = agent) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: via }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    req.on("error", (error) => {
      error.reusedSocket = req.reusedSocket;
      reject(error);
    });
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

let rpcId = 1;

/** A JSON-RPC call; throws on transport or JSON-RPC errors. */
export async function rpc(baseUrl, method, params, extraHeaders = {}) {
  const body = JSON.stringify({ jsonrpc: "2.0", id: rpcId++, method, params });
  const res = await request(`${baseUrl}/`, { method: "POST", headers: { ...V1, ...extraHeaders }, body });
  let parsed;
  try {
    parsed = JSON.parse(res.body);
  } catch {
    throw new Error(`${method}: HTTP ${res.status}, not JSON: ${res.body.slice(0, 200)}`);
  }
  if (parsed.error) throw new Error(`${method}: ${parsed.error.code} ${parsed.error.message}`);
  return parsed.result;
}

export function closeClient() {
  agent.destroy();
}

// ── one load run ──────────────────────────────────────────────────────────────────────────────

/**
 * Runs autocannon against `url` with the request built by `makeRequest(i, ctx)` (called per
 * request when `dynamic`, else once; `ctx` is autocannon's context of that request, and
 * `makeRequest.done(ctx)`, if defined, hears when its answer arrived). Counts responses whose status
 * differs from `expectStatus` and, for JSON-RPC, answers without a `result` member; neither counts
 * towards req/s or latency. Latencies are autocannon's own per-response times (ms, sub-millisecond
 * resolution).
 */
export function load({ url, connections, durationS, makeRequest, dynamic, expectStatus, jsonRpc }) {
  return new Promise((resolve, reject) => {
    let i = 0;
    let rpcErrors = 0;
    let firstRpcError;
    // autocannon calls onResponse and then, synchronously, emits "response" for the same answer.
    let lastWasRpcError = false;
    const base = makeRequest(i++);
    const req = {
      method: base.method,
      path: base.path,
      headers: base.headers,
      ...(base.body !== undefined ? { body: base.body } : {}),
    };
    if (dynamic) {
      req.setupRequest = (r, ctx) => {
        const next = makeRequest(i++, ctx);
        return { ...r, headers: next.headers, body: next.body };
      };
    }
    if (jsonRpc || makeRequest.done) {
      req.onResponse = (status, body, ctx) => {
        makeRequest.done?.(ctx);
        if (jsonRpc && status === expectStatus && !body.includes('"result"')) {
          rpcErrors++;
          lastWasRpcError = true;
          firstRpcError ??= body.slice(0, 300);
        }
      };
    }
    const latencies = [];
    let unexpected = 0;
    let ok = 0;
    const instance = autocannon(
      {
        url,
        connections,
        duration: durationS,
        pipelining: 1,
        timeout: 10,
        requests: [req],
      },
      (err, result) => {
        if (err) return reject(err);
        const seconds = result.duration; // seconds, as measured
        resolve({
          rps: ok / seconds,
          p50: quantile(latencies, 0.5),
          p99: quantile(latencies, 0.99),
          requests: result.requests.total,
          ok,
          unexpectedStatus: unexpected,
          statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([k, v]) => [k, v.count])),
          errors: result.errors,
          timeouts: result.timeouts,
          rpcErrors,
          firstRpcError,
          seconds,
        });
      },
    );
    instance.on("response", (_client, statusCode, _bytes, responseTime) => {
      if (lastWasRpcError) lastWasRpcError = false;
      else if (statusCode !== expectStatus) unexpected++;
      else {
        ok++;
        latencies.push(responseTime);
      }
    });
  });
}

// ── SSE timing ────────────────────────────────────────────────────────────────────────────────

const streamAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * One SendStreamingMessage: the time from sending to the first complete SSE event, and to the
 * last one (the stream's final event, which arrives before the stream closes).
 */
export async function timeStream(baseUrl, bodyText) {
  try {
    return await timeStreamOnce(baseUrl, bodyText);
  } catch (error) {
    // A keep-alive socket the server closed while idle: retry once on a fresh one.
    if (error.code !== "ECONNRESET" || error.responded || !error.reusedSocket) throw error;
    return timeStreamOnce(baseUrl, bodyText);
  }
}

function timeStreamOnce(baseUrl, bodyText) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let buffer = "";
    let events = 0;
    let first;
    let last;
    let responded = false;
    const req = http.request(
      `${baseUrl}/`,
      { method: "POST", agent: streamAgent, headers: { ...V1, Accept: "text/event-stream", "Content-Length": Buffer.byteLength(bodyText) } },
      (res) => {
        responded = true;
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          const now = performance.now();
          buffer += chunk;
          let cut;
          while ((cut = buffer.indexOf("\n\n")) !== -1) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            if (!/^data:/m.test(block)) continue; // comments / keep-alives
            events++;
            if (/"error"\s*:/.test(block) && !/"result"\s*:/.test(block)) return reject(new Error(`stream error event: ${block.slice(0, 300)}`));
            first ??= now - t0;
            last = now - t0;
          }
        });
        res.on("end", () => {
          if (res.statusCode !== 200) return reject(new Error(`stream HTTP ${res.statusCode}`));
          resolve({ firstMs: first, lastMs: last, events, closeMs: performance.now() - t0 });
        });
        res.on("error", reject);
      },
    );
    req.on("error", (error) => {
      error.responded = responded;
      error.reusedSocket = req.reusedSocket;
      reject(error);
    });
    req.end(bodyText);
  });
}

export function closeStreamClient() {
  streamAgent.destroy();
}
