/**
 * Issue 27 item 5: generalization measured, not assumed. Every generation and edit conversation of
 * the request suite (test/worker/iac/request-suite-cases.ts) is rewritten by each rule of
 * test/worker/iac/metamorphic-rules.ts, and each variant runs through the real engine: the
 * generator for a first request, the editor for a follow-up, the request check on every turn. The
 * invariant: a variant's templates are the original's (identical applied values), or the check of
 * the variant names the difference (a value not expressed, or a billable resource nobody asked for,
 * beyond what the original's check names). Anything else is a silent drop. Targets: 0 silent drops,
 * at least 95% identical, at least 2,000 variants from at least 12 rules; the rate per rule is
 * printed. Pure engine calls, no Worker: it must run within a few minutes on 2 cores.
 */
import { describe, expect, it } from "vitest";
import { checkRequest, classifyRequest, editTemplate, generateTemplate, terraformOfTwin, toRosYaml } from "../../src/iac";
import { REWRITE_RULES } from "../worker/iac/metamorphic-rules";
import { CONVERSATIONS, GAPS_CLOSED, GENERATION_EN, GENERATION_ZH, type SuiteCase } from "../worker/iac/request-suite-cases";

type Template = Record<string, unknown>;

interface TurnResult {
  /** The template after the turn, without the engine's own description (a summary of counts). */
  key: string;
  /** What the check names: each not-expressed value's kind, each unrequested resource's type. */
  named: string[];
}

const EDITING_KINDS = new Set(["iac_generation", "out_of_scope"]);

function keyOf(template: Template | undefined): string {
  if (!template) return "none";
  const { Description: _description, ...rest } = template;
  return JSON.stringify(rest);
}

/** One conversation through the engine: the first request generates, a follow-up edits the current template. */
function run(asks: readonly string[]): TurnResult[] {
  const results: TurnResult[] = [];
  let current: Template | undefined;
  let terraform = false;
  for (const [index, ask] of asks.entries()) {
    const before = current;
    if (index === 0 || !current) {
      const generated = generateTemplate({ text: ask });
      current = generated.recognized ? generated.template : undefined;
      terraform = generated.format === "terraform";
    } else if (EDITING_KINDS.has(classifyRequest(ask))) {
      const edit = editTemplate(current, ask);
      if (edit.understood) current = edit.template;
    }
    const content = current ? (terraform ? terraformOfTwin(current).text : toRosYaml(current)) : undefined;
    const beforeContent = before ? (terraform ? terraformOfTwin(before).text : toRosYaml(before)) : undefined;
    const check = checkRequest({
      request: ask,
      template: content,
      earlierRequests: asks.slice(0, index),
      ...(beforeContent ? { before: beforeContent } : {}),
    });
    results.push({
      key: keyOf(current),
      // Whatever the first line names: a broader scope, a value not expressed or not confirmed, an unrequested resource.
      named: [
        ...(check?.broader ?? []).map((scope) => `broader:${scope.kind}`),
        ...(check?.notExpressed ?? []).map((value) => value.kind),
        ...(check?.unplaced ?? []).map((token) => `unplaced:${token.kind}`),
        ...(check?.unrequested ?? []).map((resource) => resource.type),
      ],
    });
  }
  return results;
}

/** True when `variant` names something the original's check did not (a multiset difference). */
function namesMore(original: readonly string[], variant: readonly string[]): boolean {
  const left = new Map<string, number>();
  for (const name of original) left.set(name, (left.get(name) ?? 0) + 1);
  for (const name of variant) {
    const count = left.get(name) ?? 0;
    if (count === 0) return true;
    left.set(name, count - 1);
  }
  return false;
}

type Outcome = "identical" | "named" | "silent";

/** The outcome, and for a difference the turn (1-based) where it first shows. */
function compare(original: readonly TurnResult[], variant: readonly TurnResult[]): { outcome: Outcome; turn?: number } {
  let result: { outcome: Outcome; turn?: number } = { outcome: "identical" };
  for (const [index, turn] of variant.entries()) {
    const base = original[index];
    if (!base || base.key === turn.key) continue;
    if (!namesMore(base.named, turn.named)) return { outcome: "silent", turn: index + 1 };
    result = { outcome: "named", turn: index + 1 };
  }
  return result;
}

const CASES: SuiteCase[] = [...GENERATION_EN, ...GAPS_CLOSED, ...GENERATION_ZH, ...CONVERSATIONS].filter((suiteCase) =>
  suiteCase.turns.every((turn) => turn.skill === undefined || turn.skill === "generation"),
);

describe("issue 27 item 5: the metamorphic suite", () => {
  it("every rewritten request gives the original's applied values, or the check names the difference", () => {
    const tally = new Map<string, Record<Outcome, number>>();
    const silent: string[] = [];
    for (const suiteCase of CASES) {
      const asks = suiteCase.turns.map((turn) => turn.ask);
      const original = run(asks);
      for (const rule of REWRITE_RULES) {
        for (let form = 0; form < (rule.forms ?? 1); form += 1) {
          const rewritten = asks.map((ask, turn) => rule.rewrite(ask, turn, form));
          if (rewritten.every((ask) => ask === undefined)) continue;
          const variant = rewritten.map((ask, turn) => ask ?? asks[turn] ?? "");
          const { outcome, turn } = compare(original, run(variant));
          const counts = tally.get(rule.name) ?? { identical: 0, named: 0, silent: 0 };
          counts[outcome] += 1;
          tally.set(rule.name, counts);
          if (outcome === "silent") silent.push(`[${rule.name}] ${suiteCase.name} (turn ${turn}): ${variant.join(" → ")}`);
        }
      }
    }
    const totals = { identical: 0, named: 0, silent: 0 };
    const lines = [...tally.entries()].map(([name, counts]) => {
      const all = counts.identical + counts.named + counts.silent;
      totals.identical += counts.identical;
      totals.named += counts.named;
      totals.silent += counts.silent;
      return `  ${name}: ${all} variants, ${((100 * counts.identical) / all).toFixed(1)}% identical, ${counts.named} named, ${counts.silent} silent`;
    });
    const variants = totals.identical + totals.named + totals.silent;
    const summary = `metamorphic suite: ${variants} variants from ${tally.size} rules over ${CASES.length} conversations; ${((100 * totals.identical) / variants).toFixed(1)}% identical, ${totals.named} named by the check, ${totals.silent} silent drops`;
    // Written past the reporter's console capture (only failing tests' logs are printed): the rates are always on screen.
    process.stdout.write(`${summary}\n${lines.join("\n")}\n`);
    if (process.env.IACCODE_METAMORPHIC_SILENT) process.stdout.write(`${silent.join("\n")}\n`);
    expect(tally.size).toBeGreaterThanOrEqual(12);
    expect(variants).toBeGreaterThanOrEqual(2000);
    expect(silent).toEqual([]);
    expect(totals.identical / variants).toBeGreaterThanOrEqual(0.95);
  });
});
