/**
 * `npm run bench:offline` (with the offline engine's rates): what the end of a checked turn adds,
 * issue 27 item 8. `replyWithCheck` reads the model's whole final reply (sentence by sentence, when
 * the check has a finding), `boundedCheck` measures and cuts the check before it is stored. Both
 * run once per turn; the rows are their cost on replies and checks far past any real turn's.
 * Runs in Node (a Worker's clock stands still while synchronous code runs). Prints a table; asserts nothing.
 */
import { it } from "vitest";
import { replyWithCheck } from "../../src/agent/reply-check";
import { boundedCheck } from "../../src/agent/request-check-bounds";
import { MISSING_CHECK } from "../../test/node/helpers/request-checks";

const MiB = 1024 * 1024;
const fill = (unit: string, length: number) => unit.repeat(Math.floor(length / unit.length));
const MISSING = MISSING_CHECK;

const value = (i: number) => ({ kind: "port", text: String(i), where: `SecurityGroup.SecurityGroupIngress[${i}].PortRange` });

const CLAIMS = fill("All values you gave are in the template. ", MiB);
const PLAIN = fill("The VPC uses 10.0.0.0/16. ", MiB);
const CHINESE = fill("所有值都已在模板中。\n", MiB);
const SMALL = { applied: Array.from({ length: 200 }, (_, i) => value(i)), notExpressed: [], unrequested: [] };
const HUGE = { applied: Array.from({ length: 100_000 }, (_, i) => value(i)), notExpressed: [], unrequested: [] };

/** The inputs are built before the clock starts: each row times the call only. */
const CASES: Record<string, () => unknown> = {
  "replyWithCheck, 1 MiB reply of claims (every sentence dropped)": () => replyWithCheck(CLAIMS, MISSING, "en"),
  "replyWithCheck, 1 MiB reply of plain sentences, one line": () => replyWithCheck(PLAIN, MISSING, "en"),
  "replyWithCheck, 1 MiB Chinese reply of claims, a line each": () => replyWithCheck(CHINESE, MISSING, "zh"),
  "boundedCheck, 200 values (fits: measured only)": () => boundedCheck(SMALL),
  "boundedCheck, 100,000 values (cut to 32 KiB)": () => boundedCheck(HUGE),
};

it("the end of a checked turn: reply rewrite and check bounds", () => {
  const rows = ["| case | ms (best of 3) |", "|---|---:|"];
  for (const [name, run] of Object.entries(CASES)) {
    let best = Number.POSITIVE_INFINITY;
    for (let round = 0; round < 3; round++) {
      const start = performance.now();
      run();
      best = Math.min(best, performance.now() - start);
    }
    rows.push(`| ${name} | ${best.toFixed(1)} |`);
  }
  console.log(rows.join("\n"));
}, 600_000);
