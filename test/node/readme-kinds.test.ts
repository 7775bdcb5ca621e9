/**
 * Issue 19 item 3: the documented tables of resource kinds derive from the registry. The table of kinds,
 * the list of kinds in the skills table and the size of the property catalogue are rendered from
 * src/iac/kinds; this test fails, with the diff and the command that fixes it, when the page that holds
 * them (docs/offline-engine.md since issue 28 split the README) says anything else.
 * `npm run -s docs:kinds` runs this file with IACCODE_WRITE_README=1 to rewrite them.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { KINDS, RESOURCE_KINDS } from "../../src/iac/kinds/index.ts";
import { lineDiff, readmeDifferences, renderKindsTable, renderReadme } from "./helpers/readme-kinds.ts";

const PAGE = "docs/offline-engine.md";
const README = join(resolve(dirname(fileURLToPath(import.meta.url)), "../.."), PAGE);
const FIX = "npm run -s docs:kinds";

if (process.env.IACCODE_WRITE_README === "1") writeFileSync(README, renderReadme(readFileSync(README, "utf8")));

function report(readme: string): string {
  return readmeDifferences(readme)
    .map(({ name, actual, expected }) =>
      actual === undefined
        ? `${PAGE} has no <!-- registry:${name} --> … <!-- /registry:${name} --> markers; add them where the text belongs`
        : `${PAGE}'s "${name}" differs from the registry (- page, + registry):\n${lineDiff(actual, expected)}`,
    )
    .join("\n\n");
}

describe("issue 19 item 3: README tables derived from the registry of kinds", () => {
  it("renders one row per kind, with each kind's types and every value it accepts", () => {
    const rows = renderKindsTable().split("\n").slice(2);
    expect(rows).toHaveLength(RESOURCE_KINDS.length);
    RESOURCE_KINDS.forEach((kind, index) => {
      const row = rows[index] ?? "";
      expect(row).toContain(`\`${KINDS[kind].rosType}\``);
      expect(row).toContain(`\`${KINDS[kind].terraformType}\``);
      for (const value of KINDS[kind].values) expect(row).toContain(value.label.en);
    });
  });

  it("finds a README that lags the registry, and rewrites it to match", () => {
    const current = renderReadme(readFileSync(README, "utf8"));
    const stale = current.replace(/^\| `redis` \|.*\n/m, "").replace("OSS, EIP, NAT, Redis<!--", "OSS, EIP, NAT<!--");
    expect(stale).not.toBe(current);
    const message = report(stale);
    expect(message).toContain('"kinds-table" differs');
    expect(message).toMatch(/^\+ \| `redis` \|/m);
    expect(message).toContain('"kinds-list" differs');
    expect(report(renderReadme(stale))).toBe("");
  });

  it("docs/offline-engine.md's kind tables are the registry's", () => {
    const message = report(readFileSync(README, "utf8"));
    expect(message, `${message}\n\nTo update ${PAGE} from the registry, run: ${FIX}`).toBe("");
  });
});
