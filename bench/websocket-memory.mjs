/**
 * WebSocket memory (issue 23 item 2): does a closed socket give its memory back, and does a flood of
 * sockets from few callers stay bounded? (Before: 1,000 sockets from one principal added 400 MiB to
 * workerd, still held three minutes after they closed; each socket had a session object of its own.)
 *
 * The deploy bundle runs on workerd through Miniflare (trusted-local mode, rate limits off). Each
 * wave opens BENCH_WS_SOCKETS sockets spread over BENCH_WS_CALLERS client addresses
 * (`CF-Connecting-IP`, believed because the bench plays the trusted proxy: IACCODE_A2A_TRUSTED_PROXY), sends one GetTask on every socket the server kept open, closes them all and
 * waits BENCH_WS_SETTLE_SECONDS. workerd's RSS is sampled before the first wave, at each wave's
 * peak and after each wave has settled: the settled figures must not climb wave after wave.
 * Also reported: sockets answered, upgrades refused HTTP 429 by the per-caller cap (issue 30 item 2:
 * no socket is made for them; BENCH_WS_CAP=5 makes most of a wave such upgrades). Part of
 * `npm run bench`; alone: `node bench/websocket-memory.mjs`.
 */
import { writeFileSync } from "node:fs";
import WebSocket from "ws";
import { buildBundle, makePersistRoot, memoryOf, removePersistRoot, startOurs } from "./lib/servers.mjs";
import { mib, table } from "./lib/report.mjs";

const SOCKETS = Number(process.env.BENCH_WS_SOCKETS ?? 1000);
const CALLERS = Number(process.env.BENCH_WS_CALLERS ?? 10);
const WAVES = Number(process.env.BENCH_WS_WAVES ?? 3);
const SETTLE_S = Number(process.env.BENCH_WS_SETTLE_SECONDS ?? 20);
const CAP = process.env.BENCH_WS_CAP ?? "100";
const OPEN_CONCURRENCY = 50;
const log = (...args) => console.error("[bench ws]", ...args);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Opens one socket as caller `address`; resolves when it is answered, or when the server closes it. */
function oneSocket(url, address) {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers: { "A2A-Version": "1.0", "CF-Connecting-IP": address } });
    const outcome = { ws, answered: false, closeCode: undefined, refusedStatus: undefined };
    ws.on("open", () => ws.send(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "GetTask", params: { id: "no-such-task" } })));
    ws.on("message", () => {
      outcome.answered = true;
      resolve(outcome);
    });
    ws.on("unexpected-response", (req, res) => {
      outcome.refusedStatus = res.statusCode;
      res.resume();
      req.destroy();
      resolve(outcome);
    });
    ws.on("close", (code) => {
      outcome.closeCode = code;
      resolve(outcome);
    });
    ws.on("error", () => resolve(outcome));
  });
}

async function wave(url, index) {
  const outcomes = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: OPEN_CONCURRENCY }, async () => {
      while (next < SOCKETS) {
        const i = next++;
        outcomes.push(await oneSocket(url, `198.18.${index % 200}.${i % CALLERS}`));
      }
    }),
  );
  return outcomes;
}

async function closeAll(outcomes) {
  await Promise.all(
    outcomes.map(
      ({ ws }) =>
        new Promise((resolve) => {
          if (ws.readyState === WebSocket.CLOSED || ws.readyState === WebSocket.CONNECTING) return resolve();
          ws.once("close", resolve);
          ws.close(1000, "bench");
          setTimeout(() => {
            ws.terminate();
            resolve();
          }, 5_000);
        }),
    ),
  );
}

async function main() {
  buildBundle();
  const persistRoot = makePersistRoot();
  const ours = await startOurs(persistRoot, { IACCODE_A2A_WS_MAX_SOCKETS_PER_CALLER: CAP, IACCODE_A2A_TRUSTED_PROXY: "true" });
  const url = `${ours.url.replace(/^http/, "ws")}/`;
  const rss = () => memoryOf(ours.pid)?.rssKiB ?? Number.NaN;
  const rows = [];
  const result = { sockets: SOCKETS, callers: CALLERS, cap: Number(CAP), settleSeconds: SETTLE_S, baselineKiB: 0, waves: [] };
  try {
    await sleep(1000);
    result.baselineKiB = rss();
    rows.push(["before any socket", "", "", mib(result.baselineKiB), ""]);
    for (let i = 0; i < WAVES; i++) {
      log(`wave ${i + 1}: ${SOCKETS} sockets over ${CALLERS} callers (cap ${CAP} each)`);
      const outcomes = await wave(url, i);
      const peakKiB = rss();
      const answered = outcomes.filter((o) => o.answered).length;
      const capped = outcomes.filter((o) => o.refusedStatus === 429).length;
      await closeAll(outcomes);
      await sleep(SETTLE_S * 1000);
      const settledKiB = rss();
      result.waves.push({ answered, capped, peakKiB, settledKiB });
      rows.push([`wave ${i + 1}`, String(answered), String(capped), mib(peakKiB), mib(settledKiB)]);
    }
    const markdown = `WebSocket memory: ${WAVES} waves of ${SOCKETS} sockets over ${CALLERS} callers, cap ${CAP} per caller, ${SETTLE_S} s to settle after each wave closed:\n\n${table(
      ["", "answered", "refused 429 at the upgrade (cap)", "workerd RSS at peak", "RSS after close + settle"],
      rows,
      ["l", "r", "r", "r", "r"],
    )}\n`;
    console.log(markdown);
    writeFileSync("bench/results/websocket-memory.json", `${JSON.stringify(result, null, 2)}\n`);
    writeFileSync("bench/results/websocket-memory.md", markdown);
  } finally {
    await ours.mf.dispose().catch(() => {});
    removePersistRoot(persistRoot);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
