/**
 * `node bench/ab.mjs <scenario> <before>/index.js [after]/index.js [pairs] [seconds]`: is a change
 * faster? Both builds run at once (one workerd each, inside this checkout: `cp -r dist dist-before`
 * before the change, rebuild after), each prepared the same way, then loaded in turns, before and
 * after alternating `pairs` times (default 8) for `seconds` each (default 2).
 *
 * Why this and not two runs of the bench: on this shared VM a single run's throughput moves by a
 * quarter from one minute to the next. Alternating short runs puts both builds under the same noise,
 * and the median of the per-pair ratios is steady where the absolute numbers are not.
 */
import { makePersistRoot, removePersistRoot, startOurs } from "./lib/servers.mjs";
import { closeClient, median } from "./lib/measure.mjs";
import { describeRun, prepareScenario } from "./lib/quick-scenarios.mjs";

const [scenario = "send", before, after = "dist/index.js", pairsArg = "8", secondsArg = "2"] = process.argv.slice(2);
if (!before) {
  console.error("usage: node bench/ab.mjs <scenario> <before>/index.js [after]/index.js [pairs] [seconds]");
  process.exit(2);
}
const pairs = Number(pairsArg);
const seconds = Number(secondsArg);

const root = makePersistRoot();
const servers = [];
try {
  for (const [name, scriptPath] of [
    ["before", before],
    ["after", after],
  ]) {
    const server = await startOurs(`${root}/${name}`, {}, { scriptPath });
    servers.push({ name, server, scenario: await prepareScenario(scenario, server) });
  }
  for (const s of servers) await s.scenario.run(0.5); // warm-up, not recorded
  const ratios = { rps: [], cpu: [], first: [] };
  for (let pair = 0; pair < pairs; pair++) {
    // Alternate which goes first, so neither always meets the other's aftermath.
    const order = pair % 2 === 0 ? servers : [...servers].reverse();
    const results = {};
    for (const s of order) results[s.name] = await s.scenario.run(seconds);
    console.error(`pair ${pair + 1}: before ${describeRun(results.before)} after ${describeRun(results.after)}`);
    ratios.rps.push(results.after.rps / results.before.rps);
    ratios.cpu.push(results.after.workerdCpuMsPerRequest / results.before.workerdCpuMsPerRequest);
    if (results.after.firstMs) ratios.first.push(results.after.firstMs / results.before.firstMs);
  }
  const fmt = (values) => (values.length ? `${median(values).toFixed(3)}× (${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)})` : "n/a");
  console.log(`${scenario}: after ÷ before, median of ${pairs} pairs (min–max)`);
  console.log(`  req/s               ${fmt(ratios.rps)}`);
  console.log(`  workerd CPU per req ${fmt(ratios.cpu)}`);
  if (ratios.first.length) console.log(`  first SSE event     ${fmt(ratios.first)}`);
} finally {
  closeClient();
  for (const s of servers) await s.server.mf.dispose().catch(() => {});
  removePersistRoot(root);
}
