/**
 * Issue 22 item 5: the design's import rules, enforced. Every import of `src/` is read and held
 * against the table in docs/import-rules.md (a copy of shared/design.md's, kept equal by the last
 * test here when the design sits beside the repository); a forbidden arrow fails with its file,
 * line and rule, and so does any cycle of files. The checker itself is proven on small trees of
 * real files first, so a green run means the rules hold, not that the checker saw nothing.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { checkImports, exceptionsOf, importCycles, layoutTable, readImportGraph, rulesOfTable, type ImportRules } from "./import-graph.ts";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const RULES_FILE = join(ROOT, "docs/import-rules.md");
/** Where the shared design sits: beside the repository (../shared), or beside a worktree's parent (../../shared). */
const DESIGN_CANDIDATES = [join(ROOT, "../shared/design.md"), join(ROOT, "../../shared/design.md")];

function rulesOf(markdown: string): ImportRules {
  return { mayImport: rulesOfTable(layoutTable(markdown)), fileExceptions: exceptionsOf(markdown) };
}

describe("the checker (on trees of real files)", () => {
  const dir = mkdtempSync(join(tmpdir(), "import-rules-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  const rules = rulesOf(
    [
      "| folder | what lives there | may import |",
      "|---|---|---|",
      "| `src/low/` | below everything | nothing of ours |",
      "| `src/mid/` | in between | low |",
      "| `src/top/` | above | low, mid (only `x`) |",
      "",
      "| file | may also import | why |",
      "|---|---|---|",
      "| `src/low/root.ts` | top | a composition root |",
    ].join("\n"),
  );

  it("reads the table: folders, a parenthesis dropped, `nothing of ours` as none, the exceptions", () => {
    expect([...rules.mayImport]).toEqual([
      ["low", []],
      ["mid", ["low"]],
      ["top", ["low", "mid"]],
    ]);
    expect(rules.fileExceptions.get("src/low/root.ts")?.folders).toEqual(["top"]);
  });

  it("reports a forbidden arrow with its file, the line of its module name and the rule, over several lines and type-only, and lets allowed ones pass", () => {
    write("src/low/a.ts", 'export const a = 1;\n// a comment\nimport type {\n  T,\n} from "../mid/m";\n');
    write("src/low/root.ts", 'export { t } from "../top/t";\n');
    write("src/mid/m.ts", 'import { a } from "../low/a";\nexport type T = typeof a;\n');
    write("src/top/t.ts", 'import "../mid/m";\nexport const t = await import("../low/a");\n');
    write("src/other/o.ts", 'import { a } from "../low/a";\n');
    const graph = readImportGraph(dir);
    expect(graph.unresolved).toEqual([]);
    const found = checkImports(graph, rules).map((v) => `${v.edge.from}:${v.edge.line} ${v.rule}`);
    expect(found.sort()).toEqual([
      "src/low/a.ts:5 src/low/ may import nothing of ours; not src/mid/",
      "src/other/o.ts:1 src/other/ has no row in the design's table, so it may import nothing of ours",
    ]);
  });

  it("finds each cycle once, type-only arrows included, and a relative import that names no file", () => {
    const graph = readImportGraph(dir);
    expect(importCycles(graph)).toEqual([["src/low/a.ts", "src/mid/m.ts"]]);
    write("src/mid/lost.ts", 'import "./gone";\n');
    expect(readImportGraph(dir).unresolved.map((e) => `${e.from}:${e.line} ${e.specifier}`)).toEqual(["src/mid/lost.ts:1 ./gone"]);
  });
});

describe("src/ keeps the design's import rules", () => {
  const markdown = readFileSync(RULES_FILE, "utf8");
  const graph = readImportGraph(ROOT);

  it("reads the whole table (every folder of the design) and a graph of src/", () => {
    expect([...rulesOf(markdown).mayImport.keys()].sort()).toEqual(
      ["a2a", "agent", "client", "config", "durable", "iac", "observability", "push", "queues", "storage", "worker"].sort(),
    );
    expect(graph.files.length).toBeGreaterThan(100);
    expect(graph.edges.length).toBeGreaterThan(300);
  });

  it("every import names a file", () => {
    expect(graph.unresolved.map((e) => `${e.from}:${e.line}: ${e.specifier} names no file`)).toEqual([]);
  });

  it("no arrow the table forbids (file:line: rule)", () => {
    expect(checkImports(graph, rulesOf(markdown)).map((v) => `${v.edge.from}:${v.edge.line}: imports ${v.edge.to}: ${v.rule}`)).toEqual([]);
  });

  it("no files import each other in a cycle", () => {
    expect(importCycles(graph).map((files) => `cycle among ${files.join(", ")}`)).toEqual([]);
  });

  const design = DESIGN_CANDIDATES.find((path) => existsSync(path));
  it.skipIf(design === undefined)("the table equals shared/design.md's (skipped only where the design is not beside the repository)", () => {
    expect(layoutTable(readFileSync(RULES_FILE, "utf8"))).toEqual(layoutTable(readFileSync(design ?? "", "utf8")));
  });
});

describe("the two rooms of src/durable (issue 22 item 3; docs/import-rules.md, 'The two rooms of src/durable/')", () => {
  const graph = readImportGraph(ROOT);
  const CONTEXT = "src/durable/context/";
  const INDEX = "src/durable/task-index/";
  const arrow = (e: { from: string; line: number; to: string }) => `${e.from}:${e.line}: imports ${e.to}`;

  it("the index room takes nothing from the context room, and the shared files of src/durable/ take from neither room", () => {
    const shared = (path: string) => path.startsWith("src/durable/") && !path.startsWith(CONTEXT) && !path.startsWith(INDEX);
    const wrong = graph.edges.filter(
      (e) => (e.from.startsWith(INDEX) && e.to.startsWith(CONTEXT)) || (shared(e.from) && (e.to.startsWith(CONTEXT) || e.to.startsWith(INDEX))),
    );
    expect(wrong.map(arrow)).toEqual([]);
    // Both rooms are there and the context room does reach the index (its writer), so the filter above looked at real arrows.
    expect(graph.edges.some((e) => e.from.startsWith(CONTEXT) && e.to.startsWith(INDEX))).toBe(true);
  });

  it("callers outside src/durable take only the stubs, the RPC shapes, the list function, and (the composition root alone) the object classes", () => {
    const open = ["src/durable/stubs.ts", "src/durable/outcome.ts", `${CONTEXT}context-agent.ts`, `${INDEX}list-tasks.ts`];
    const classes = [`${CONTEXT}context-agent.ts`, `${INDEX}task-index.ts`, "src/durable/owner-quota/owner-quota.ts"];
    const inbound = graph.edges.filter((e) => e.from.startsWith("src/") && !e.from.startsWith("src/durable/") && e.to.startsWith("src/durable/"));
    const wrong = inbound.filter((e) => !open.includes(e.to) && !(e.from === "src/worker/index.ts" && classes.includes(e.to)));
    expect(wrong.map(arrow)).toEqual([]);
    expect(inbound.length).toBeGreaterThan(3);
  });
});
