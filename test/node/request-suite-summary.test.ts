/**
 * Issue 19 item 6: the request-check suite's summary line. The same requests as the Worker run
 * (test/worker/iac/request-suite-cases.ts), through the real IaC agent — its turn loop, the offline
 * provider, the real tools and the server's own request check — in Node, where the output is
 * printed: `request suite: … N silent drops; M unrequested billable resources`. Silent drops must
 * be 0. The Worker run (test/worker/iac-agent/request-suite.test.ts) proves the same through the
 * Durable Objects, R2 and the A2A wire; this one is here so the count is always on screen.
 */
import { describe, expect, it } from "vitest";
import type { Message } from "../../src/a2a/types";
import { ALL_CASES } from "../worker/iac/request-suite-cases";
import { assertTurn, newTally, summaryLine } from "../worker/iac/request-suite-assert";
import { message, turn } from "./helpers/suite-turns";

describe("issue 19 item 6: the request-check suite's summary", () => {
  it("every stated value is in the template or named as not expressed: 0 silent drops", async () => {
    const tally = newTally();
    for (const suiteCase of ALL_CASES) {
      const history: Message[] = [];
      for (const [index, step] of suiteCase.turns.entries()) {
        const outcome = await turn(step.ask, history);
        assertTurn(step, outcome, `${suiteCase.name} #${index + 1}`, tally);
        history.push(message("ROLE_USER", step.ask, `u-${history.length}`), message("ROLE_AGENT", outcome.reply, `a-${history.length}`));
      }
    }
    // Written past the reporter's console capture (the project prints only failing tests' logs): the line is always on screen.
    process.stdout.write(`${summaryLine(tally)}\n`);
    expect(tally.requests).toBeGreaterThanOrEqual(120);
    expect(tally.silentDrops).toEqual([]);
  });
});
