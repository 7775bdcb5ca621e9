/**
 * Storage scenarios of `npm run bench` (after the main scenarios and push), on the deploy bundle
 * served by workerd through Miniflare like bench/run.mjs:
 *
 * - **long conversation**: one context, one task, 200 turns of 20 KB of text (blocking
 *   SendMessage follow-ups). SendMessage and GetTask latency around turn 10 and around turn 200,
 *   and the event-log bytes each turn wrote (read back with a `Last-Event-ID` replay of the turn,
 *   which returns exactly the events it logged).
 * - **large parts**: a 5 MiB inline image (raw part) and an 8 MiB text prompt, each sent as a
 *   blocking SendMessage several times: turn latency, and the peak RSS of workerd over the scenario.
 *
 * Writes bench/results/storage.json and prints a markdown table.
 */
import { writeFileSync } from "node:fs";
import { buildBundle, makePersistRoot, memoryOf, removePersistRoot, startOurs } from "./lib/servers.mjs";
import { closeClient, median, quantile, request, rpc, V1 } from "./lib/measure.mjs";
import { num, table, mib } from "./lib/report.mjs";

const TURNS = Number(process.env.BENCH_LONG_TURNS ?? 200);
const TURN_TEXT = Number(process.env.BENCH_LONG_TEXT ?? 20_000);
const GET_SAMPLES = 30;
const LARGE_REPEATS = Number(process.env.BENCH_LARGE_REPEATS ?? 5);
const log = (...args) => console.error("[bench storage]", ...args);

const message = (text, extra = {}) => ({ messageId: `m-${Math.random().toString(16).slice(2)}`, role: "ROLE_USER", parts: [{ text }], ...extra });

async function timed(fn) {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

/** The events a finished turn logged after `afterSeq`: a resume replays them, then closes. */
async function replay(base, taskId, afterSeq) {
  const res = await request(`${base}/`, {
    method: "POST",
    headers: { ...V1, "Last-Event-ID": String(afterSeq) },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "SubscribeToTask", params: { id: taskId } }),
  });
  let bytes = 0;
  let lastSeq = afterSeq;
  for (const block of res.body.split("\n\n")) {
    const id = /^id: (\d+)$/m.exec(block);
    const data = /^data: (.*)$/m.exec(block);
    if (!id || !data) continue;
    lastSeq = Number(id[1]);
    bytes += Buffer.byteLength(JSON.stringify(JSON.parse(data[1]).result));
  }
  return { bytes, lastSeq };
}

async function longConversation(base) {
  const text = (turn) => `${turn}:${"c".repeat(TURN_TEXT)}`;
  const first = await rpc(base, "SendMessage", { message: message(text(1)) });
  const taskId = first.task.id;
  let seq = (await replay(base, taskId, 0)).lastSeq;
  const turns = [];
  for (let turn = 2; turn <= TURNS; turn++) {
    const send = await timed(() => rpc(base, "SendMessage", { message: message(text(turn), { taskId }) }));
    const logged = await replay(base, taskId, seq);
    seq = logged.lastSeq;
    turns.push({ turn, sendMs: send.ms, eventBytes: logged.bytes });
    if (turn === 10 || turn === TURNS) {
      const gets = [];
      for (let i = 0; i < GET_SAMPLES; i++) gets.push((await timed(() => rpc(base, "GetTask", { id: taskId }))).ms);
      turns.at(-1).getMs = median(gets);
      turns.at(-1).getP99 = quantile(gets, 0.99);
    }
  }
  const window = (from, to) => turns.filter((t) => t.turn >= from && t.turn <= to);
  const early = window(6, 15);
  const late = window(TURNS - 9, TURNS);
  const at = (n) => turns.find((t) => t.turn === n);
  return {
    turns: TURNS,
    textBytes: TURN_TEXT,
    sendMsEarly: median(early.map((t) => t.sendMs)),
    sendMsLate: median(late.map((t) => t.sendMs)),
    getMsAt10: at(10).getMs,
    getMsAtLast: at(TURNS).getMs,
    eventBytesAt10: at(10).eventBytes,
    eventBytesAtLast: at(TURNS).eventBytes,
    eventBytesMax: Math.max(...turns.map((t) => t.eventBytes)),
    perTurn: turns.map(({ turn, sendMs, eventBytes }) => ({ turn, sendMs: Number(sendMs.toFixed(2)), eventBytes })),
  };
}

async function largeParts(base, pid) {
  const image = Buffer.alloc(5 * 1024 * 1024);
  for (let i = 0; i < image.length; i++) image[i] = (i * 31 + 7) & 0xff;
  const cases = [
    { label: "5 MiB inline image (raw)", parts: [{ raw: image.toString("base64"), mediaType: "image/png", filename: "big.png" }] },
    { label: "8 MiB text prompt", parts: [{ text: "p".repeat(8 * 1024 * 1024) }] },
  ];
  const before = memoryOf(pid);
  const out = [];
  for (const c of cases) {
    const times = [];
    for (let i = 0; i < LARGE_REPEATS; i++) {
      const body = { message: { ...message("x"), parts: c.parts } };
      const { ms, value } = await timed(() => rpc(base, "SendMessage", body));
      if (value.task.status.state !== "TASK_STATE_INPUT_REQUIRED") throw new Error(`${c.label}: ended ${value.task.status.state}`);
      times.push(ms);
    }
    out.push({ label: c.label, turnMs: median(times), turnMsMax: Math.max(...times), peakRssKiB: memoryOf(pid)?.hwmKiB });
  }
  return { rssBeforeKiB: before?.rssKiB, cases: out };
}

async function main() {
  buildBundle();
  const root = makePersistRoot();
  const ours = await startOurs(root);
  try {
    log(`ours on ${ours.url} (workerd pid ${ours.pid}); long conversation: ${TURNS} turns of ${TURN_TEXT} bytes`);
    const long = await longConversation(ours.url);
    log(`large parts: ${LARGE_REPEATS} sends each`);
    const large = await largeParts(ours.url, ours.pid);
    const result = { date: new Date().toISOString(), long, large };
    writeFileSync("bench/results/storage.json", `${JSON.stringify(result, null, 2)}\n`);

    const md = [];
    md.push(
      `Long conversation: one task, ${TURNS} blocking turns of ${TURN_TEXT / 1000} KB text (latency medians in ms; event bytes from a Last-Event-ID replay of the turn):`,
    );
    md.push("");
    md.push(
      table(
        ["measure", "around turn 10", `around turn ${TURNS}`, "ratio"],
        [
          ["SendMessage ms (turns 6–15 / last 10)", num(long.sendMsEarly), num(long.sendMsLate), `${num(long.sendMsLate / long.sendMsEarly)}×`],
          [`GetTask ms (${GET_SAMPLES} calls)`, num(long.getMsAt10), num(long.getMsAtLast), `${num(long.getMsAtLast / long.getMsAt10)}×`],
          ["event-log bytes of the turn", String(long.eventBytesAt10), String(long.eventBytesAtLast), `${num(long.eventBytesAtLast / long.eventBytesAt10)}×`],
        ],
        ["l", "r", "r", "r"],
      ),
    );
    md.push("");
    md.push(`Large parts (${LARGE_REPEATS} blocking sends each; workerd RSS before: ${mib(large.rssBeforeKiB)}):`);
    md.push("");
    md.push(
      table(
        ["input", "turn ms (median)", "turn ms (max)", "workerd peak RSS"],
        large.cases.map((c) => [c.label, num(c.turnMs), num(c.turnMsMax), mib(c.peakRssKiB)]),
        ["l", "r", "r", "r"],
      ),
    );
    console.log(md.join("\n"));
    writeFileSync("bench/results/storage.md", `${md.join("\n")}\n`);
  } finally {
    closeClient();
    await ours.mf.dispose();
    removePersistRoot(root);
  }
}

await main();
