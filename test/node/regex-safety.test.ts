/**
 * Issue 23, item 1: no regular expression in src/ can take super-linear time on its input.
 *
 * The analyser is recheck (makenowjust-labs/recheck): it decides ReDoS by building the pattern's
 * automaton and checking its ambiguity (exponential and polynomial degrees alike), falls back to
 * fuzzing with a real backtracking matcher for what the automaton cannot model (lookarounds,
 * back-references), and reports an attack string for each vulnerable pattern. Star-height
 * heuristics (safe-regex) miss the polynomial cases that froze the server (`\s*\s*`, overlapping
 * runs before a keyword), and redos-detector ran out of memory on our longer patterns.
 *
 * A quadratic pattern counts as a failure: the contract allows 1 MiB of text, and 1 MiB squared
 * is 10^12 steps, which freezes a Durable Object as surely as an exponential one.
 */
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { checkSync, type Diagnostics } from "recheck";
import { describe, expect, it } from "vitest";
import { captureModuleRegexes } from "./helpers/captured-regexes";
import { sourceRegexes } from "./helpers/source-regexes";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
// Per pattern; a pattern the analyser cannot decide in this time fails as "unknown" (never passes).
const ANALYSIS_TIMEOUT_MS = 120_000;
// The fuzzing checker (used for lookarounds and large bounded repeats) is seeded, so every run
// tries the same strings. Its other limits are in steps, except two in milliseconds: a match that
// runs past one counts as slow, so on a loaded machine (CI on two cores beside workerd) a linear
// pattern was once called polynomial. They are set to 20 times recheck's defaults: a super-linear
// pattern still reads millions of characters within them, a linear one never comes near.
const FUZZ_SEED = 23;
const FUZZ_TIME_LIMITS = { attackTimeout: 20_000, incubationTimeout: 5_000 };

function verdict(source: string, flags: string): string | undefined {
  const result: Diagnostics = checkSync(source, flags, { timeout: ANALYSIS_TIMEOUT_MS, randomSeed: FUZZ_SEED, ...FUZZ_TIME_LIMITS });
  if (result.status === "safe") return undefined;
  if (result.status === "vulnerable") return `${result.complexity.type} (attack: ${JSON.stringify(result.attack.pattern).slice(0, 100)})`;
  return `analysis did not finish: ${result.error.kind}`;
}

const { literals, constructions } = sourceRegexes(ROOT);

describe("every regular expression in src/ runs in linear time (issue 23 item 1)", () => {
  it("finds the patterns to check", () => {
    expect(literals.length).toBeGreaterThan(300);
  });

  it("no literal pattern is super-linear", () => {
    const failures = literals.flatMap(({ file, line, source, flags }) => {
      const problem = verdict(source, flags.replace(/[gy]/g, ""));
      return problem ? [`${file}:${line} /${source}/${flags}: ${problem}`] : [];
    });
    expect(failures, failures.join("\n")).toEqual([]);
  });

  it("every pattern built at run time is built when its module loads, and is linear", async () => {
    const files = [...new Set(constructions.map((site) => site.file))];
    const captured = await captureModuleRegexes(
      ROOT,
      files.map((file) => join(ROOT, file)),
    );
    const uncaught = files.filter((file) => {
      const built = new Set(captured.filter((regex) => regex.file === file).map((regex) => `${regex.flags}/${regex.source}`));
      return built.size < constructions.filter((site) => site.file === file).length;
    });
    expect(uncaught, `build these patterns at module scope, where they can be analysed:\n${uncaught.join("\n")}`).toEqual([]);
    const failures = captured.flatMap(({ file, source, flags }) => {
      const problem = verdict(source, flags.replace(/[gy]/g, ""));
      return problem ? [`${file} new RegExp(/${source}/${flags}): ${problem}`] : [];
    });
    expect(failures, failures.join("\n")).toEqual([]);
  });
});
