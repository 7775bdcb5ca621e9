/**
 * The import graph of `src/` as the test of the design's import rules reads it: every import and
 * re-export of every source file (static, type-only and dynamic, found by TypeScript's own
 * pre-processor, so an import over several lines or inside a comment is read as the compiler reads
 * it), resolved to a file; the arrows between top-level folders checked against the rules; and the
 * cycles of files (Tarjan's strongly connected components).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import ts from "typescript";

/** The source files the graph reads; styles and pages import nothing. */
const SOURCE = /\.(?:ts|mts|js|mjs)$/;
/** How a relative specifier without an extension finds its file (bundler resolution). */
const RESOLVE_SUFFIXES = ["", ".ts", ".mts", ".js", ".mjs", "/index.ts", "/index.js"];

export interface ImportEdge {
  /** Paths relative to the repository root, with `/`. */
  from: string;
  to: string;
  line: number;
  specifier: string;
}

export interface ImportGraph {
  files: string[];
  edges: ImportEdge[];
  /** Relative imports that name no file. */
  unresolved: ImportEdge[];
}

const posix = (path: string): string => path.split(sep).join("/");

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (SOURCE.test(name) && !name.endsWith(".d.ts")) out.push(path);
  }
  return out;
}

function resolveSpecifier(fromFile: string, specifier: string): string | undefined {
  const base = resolve(dirname(fromFile), specifier);
  for (const suffix of RESOLVE_SUFFIXES) {
    const candidate = base + suffix;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** Every import of the files under `root/srcDir`, relative imports resolved (packages are not ours). */
export function readImportGraph(root: string, srcDir = "src"): ImportGraph {
  const files = sourceFiles(join(root, srcDir));
  const edges: ImportEdge[] = [];
  const unresolved: ImportEdge[] = [];
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const info = ts.preProcessFile(text, true, true);
    const from = posix(relative(root, file));
    for (const ref of info.importedFiles) {
      if (!ref.fileName.startsWith(".")) continue;
      const line = text.slice(0, ref.pos).split("\n").length;
      const target = resolveSpecifier(file, ref.fileName);
      const edge = { from, to: target === undefined ? ref.fileName : posix(relative(root, target)), line, specifier: ref.fileName };
      (target === undefined ? unresolved : edges).push(edge);
    }
  }
  return { files: files.map((f) => posix(relative(root, f))), edges, unresolved };
}

/** `src/<folder>/…` → `<folder>`; a file directly under src/ is its own name. */
export function topFolder(path: string, srcDir = "src"): string {
  const parts = path.split("/");
  return parts[0] === srcDir && parts.length > 2 ? (parts[1] ?? "") : path;
}

export interface ImportRules {
  /** Top-level folder → the folders it may import (besides itself). */
  mayImport: ReadonlyMap<string, readonly string[]>;
  /** A file → folders it may import beyond its folder's row, with the reason. */
  fileExceptions: ReadonlyMap<string, { folders: readonly string[]; why: string }>;
}

export interface Violation {
  edge: ImportEdge;
  rule: string;
}

/** Every arrow between folders that the rules do not allow, and every folder the rules do not know. */
export function checkImports(graph: ImportGraph, rules: ImportRules, srcDir = "src"): Violation[] {
  const out: Violation[] = [];
  for (const edge of graph.edges) {
    const from = topFolder(edge.from, srcDir);
    const to = topFolder(edge.to, srcDir);
    if (from === to) continue;
    const allowed = rules.mayImport.get(from);
    if (allowed === undefined) {
      out.push({ edge, rule: `src/${from}/ has no row in the design's table, so it may import nothing of ours` });
      continue;
    }
    if (allowed.includes(to)) continue;
    const exception = rules.fileExceptions.get(edge.from);
    if (exception?.folders.includes(to)) continue;
    const may = allowed.length === 0 ? "nothing of ours" : allowed.join(", ");
    out.push({ edge, rule: `src/${from}/ may import ${may}; not src/${to}/` });
  }
  return out;
}

/** Files that import each other in a loop: each strongly connected component of two or more files (or one importing itself). */
export function importCycles(graph: ImportGraph): string[][] {
  const next = new Map<string, string[]>();
  for (const file of graph.files) next.set(file, []);
  for (const edge of graph.edges) next.get(edge.from)?.push(edge.to);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let counter = 0;
  const visit = (file: string): void => {
    index.set(file, counter);
    low.set(file, counter);
    counter++;
    stack.push(file);
    onStack.add(file);
    for (const to of next.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(to) ?? 0));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file) ?? 0, index.get(to) ?? 0));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    for (;;) {
      const top = stack.pop();
      if (top === undefined) break;
      onStack.delete(top);
      component.push(top);
      if (top === file) break;
    }
    if (component.length > 1 || (next.get(file) ?? []).includes(file)) cycles.push(component.sort());
  };
  for (const file of graph.files) if (!index.has(file)) visit(file);
  return cycles;
}

// ── the rules, from the design's table ──

/** The design's layout table: its header line and every row after it, as written. */
export function layoutTable(markdown: string): string[] {
  const lines = markdown.split("\n");
  const start = lines.findIndex((line) => /^\|\s*folder\s*\|.*\|\s*may import\s*\|\s*$/.test(line));
  if (start < 0) return [];
  const table: string[] = [];
  for (const line of lines.slice(start)) {
    if (!line.startsWith("|")) break;
    table.push(line.trimEnd());
  }
  return table;
}

/** `a2a, config, durable (stubs and RPC types)` → `["a2a", "config", "durable"]`; `nothing of ours` → `[]`. */
export function folderList(cell: string): string[] {
  const bare = cell.replace(/\([^)]*\)/g, "").trim();
  if (bare === "" || /^nothing\b/.test(bare)) return [];
  return bare
    .split(",")
    .map((name) => name.trim().replace(/`/g, ""))
    .filter((name) => name !== "");
}

/** The cells of a table row, split on the pipes outside backticks. */
function cells(line: string): string[] {
  const out: string[] = [];
  let cell = "";
  let code = false;
  for (const char of line.slice(1)) {
    if (char === "`") code = !code;
    if (char === "|" && !code) {
      out.push(cell.trim());
      cell = "";
    } else cell += char;
  }
  return out;
}

/** Folder → allowed folders, from the table's rows (the first cell names `src/<folder>/`). */
export function rulesOfTable(table: readonly string[]): Map<string, string[]> {
  const rules = new Map<string, string[]>();
  for (const line of table.slice(2)) {
    const [folderCell = "", , mayImport = ""] = cells(line);
    const folder = /`src\/([^/`]+)\/?`/.exec(folderCell)?.[1];
    if (folder === undefined) throw new Error(`a row of the layout table names no src/ folder: ${line.slice(0, 80)}`);
    rules.set(folder, folderList(mayImport));
  }
  return rules;
}

/** The exceptions table of docs/import-rules.md: `| file | may also import | why |`. */
export function exceptionsOf(markdown: string): Map<string, { folders: string[]; why: string }> {
  const lines = markdown.split("\n");
  const start = lines.findIndex((line) => /^\|\s*file\s*\|\s*may also import\s*\|/.test(line));
  const out = new Map<string, { folders: string[]; why: string }>();
  if (start < 0) return out;
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith("|")) break;
    const [file = "", folders = "", why = ""] = cells(line);
    out.set(file.replace(/`/g, ""), { folders: folderList(folders), why });
  }
  return out;
}
