/**
 * Issue 27 item 4: the checker is tested by mutation. For every request of the request-check suite
 * whose template the check finds right (nothing not expressed, broader, unconfirmed or unrequested),
 * every single mutation of the six classes (helpers/template-mutations.ts) is made, and the check,
 * run on the mutant exactly as the server runs it on a turn, must flag it. Target: at least 99%
 * flagged. The rate per class and every miss, with what the check said, are printed.
 */
import { describe, expect, it } from "vitest";
import type { Message } from "../../src/a2a/types";
import { checkRequest, parseTemplate } from "../../src/iac";
import type { RequestCheck } from "../../src/iac/check/result";
import { ALL_CASES } from "../worker/iac/request-suite-cases";
import { message, turn } from "./helpers/suite-turns";
import { type MutationClass, mutationsOf } from "./helpers/template-mutations";

const TARGET = 0.99;
const CLASSES: readonly MutationClass[] = ["removed", "moved", "broadened", "count", "engine", "dropped"];

const flagged = (check: RequestCheck | undefined) =>
  check === undefined || check.notExpressed.length + check.broader.length + check.unplaced.length + check.unrequested.length > 0;

interface Tally {
  made: number;
  flagged: number;
  misses: string[];
}

describe("issue 27 item 4: the request check flags every mutation of a right template", () => {
  it(`flags at least ${TARGET * 100}% of the mutations, in every class`, async () => {
    const tally = Object.fromEntries(CLASSES.map((kind): [MutationClass, Tally] => [kind, { made: 0, flagged: 0, misses: [] }])) as Record<
      MutationClass,
      Tally
    >;
    let right = 0;
    let terraform = 0;
    for (const suiteCase of ALL_CASES) {
      const history: Message[] = [];
      const requests: string[] = [];
      let before: string | undefined;
      for (const [index, step] of suiteCase.turns.entries()) {
        const outcome = await turn(step.ask, history);
        history.push(message("ROLE_USER", step.ask, `u-${history.length}`), message("ROLE_AGENT", outcome.reply, `a-${history.length}`));
        const template = outcome.template;
        const input = { request: step.ask, earlierRequests: [...requests], ...(before ? { before } : {}) };
        requests.push(step.ask);
        if (template === undefined) continue;
        before = template;
        const baseline = checkRequest({ ...input, template });
        if (!baseline || flagged(baseline) || baseline.applied.length === 0) continue;
        const parsed = parseTemplate(template);
        if (!parsed.ok) {
          terraform += 1;
          continue;
        }
        right += 1;
        const seen = new Set<string>();
        for (const mutation of mutationsOf(parsed.template, baseline.applied)) {
          if (seen.has(`${mutation.kind}|${mutation.name}`)) continue;
          seen.add(`${mutation.kind}|${mutation.name}`);
          const check = checkRequest({ ...input, template: JSON.stringify(mutation.template) });
          const row = tally[mutation.kind];
          row.made += 1;
          if (flagged(check)) row.flagged += 1;
          else row.misses.push(`${suiteCase.name} #${index + 1} "${step.ask}": ${mutation.name}`);
        }
      }
    }
    const made = CLASSES.reduce((sum, kind) => sum + tally[kind].made, 0);
    const caught = CLASSES.reduce((sum, kind) => sum + tally[kind].flagged, 0);
    const lines = [
      `mutation suite: ${right} right ROS templates (${terraform} Terraform ones not mutated), ${made} mutations, ${caught} flagged (${((100 * caught) / made).toFixed(1)}%)`,
      ...CLASSES.map(
        (kind) =>
          `  ${kind}: ${tally[kind].flagged}/${tally[kind].made} (${tally[kind].made ? ((100 * tally[kind].flagged) / tally[kind].made).toFixed(1) : "-"}%)`,
      ),
      ...CLASSES.flatMap((kind) => tally[kind].misses.map((miss) => `  miss (${kind}): ${miss}`)),
    ];
    // Written past the reporter's console capture: the figures are always on screen.
    process.stdout.write(`${lines.join("\n")}\n`);
    expect(right).toBeGreaterThan(100);
    for (const kind of CLASSES) expect(tally[kind].made, kind).toBeGreaterThan(0);
    expect(caught / made).toBeGreaterThanOrEqual(TARGET);
  });
});
