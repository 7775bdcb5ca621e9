/**
 * Issue 28 item 5, a README a newcomer reads in five minutes: at most 250 lines; its first screen
 * holds what it is, the two commands, the first request and the playground's screenshot; every page
 * it links exists, and the docs index links every page of docs/.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
/** The most lines the README may have (the limit). */
const README_MAX_LINES = 250;
/** What a first screen shows of a README rendered on a code host: about this many lines of source. */
const FIRST_SCREEN_LINES = 40;

const readme = readFileSync(join(ROOT, "README.md"), "utf8");

function links(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)].map((m) => m[1] ?? "").filter((target) => !/^[a-z]+:/.test(target));
}

describe("issue 28 item 5: the README and the docs index", () => {
  it(`has at most ${README_MAX_LINES} lines, and its first screen holds what it is, the two commands, the first request and the screenshot`, () => {
    const lines = readme.split("\n");
    expect(lines.length).toBeLessThanOrEqual(README_MAX_LINES);
    const first = lines.slice(0, FIRST_SCREEN_LINES).join("\n");
    expect(first).toMatch(/^# iac-code A2A server/);
    expect(first).toMatch(/^npm ci && npm run dev\b/m);
    expect(first).toMatch(/^npm test\b/m);
    expect(first).toMatch(/^npx a2a-client send .*"Create a VPC/m);
    expect(first).toContain("](docs/playground.png)");
  });

  it("links only pages that exist, and the docs index links every page of docs/", () => {
    for (const target of links(readme)) expect(existsSync(join(ROOT, target)), target).toBe(true);
    const index = readFileSync(join(ROOT, "docs", "index.md"), "utf8");
    for (const target of links(index)) expect(existsSync(join(ROOT, "docs", target)), target).toBe(true);
    const pages = readdirSync(join(ROOT, "docs")).filter((name) => name.endsWith(".md") && name !== "index.md");
    for (const page of pages) expect(links(index), `docs/index.md does not link ${page}`).toContain(page);
  });
});
