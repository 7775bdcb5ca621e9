/**
 * Every regular expression the source tree writes, found by TypeScript's own parser (not a
 * regex over the source, which would miss or invent patterns): the literals with their flags, and
 * the places that build one at run time (`new RegExp(...)`, `RegExp(...)`), whose patterns only
 * exist once the code runs (see regex-safety.test.ts for how those are caught).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

export interface RegexLiteral {
  readonly file: string;
  readonly line: number;
  readonly source: string;
  readonly flags: string;
}

export interface RegexConstruction {
  readonly file: string;
  readonly line: number;
  readonly code: string;
}

const SOURCE_FILE = /\.(?:ts|mjs|js)$/;
const GENERATED = ".generated.ts";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return SOURCE_FILE.test(name) && !name.endsWith(GENERATED) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

function isRegExpConstructor(node: ts.Node): node is ts.NewExpression | ts.CallExpression {
  return (ts.isNewExpression(node) || ts.isCallExpression(node)) && ts.isIdentifier(node.expression) && node.expression.text === "RegExp";
}

export function sourceRegexes(root: string): { literals: RegexLiteral[]; constructions: RegexConstruction[] } {
  const literals: RegexLiteral[] = [];
  const constructions: RegexConstruction[] = [];
  for (const path of sourceFiles(join(root, "src"))) {
    const file = relative(root, path);
    const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true);
    const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    const visit = (node: ts.Node): void => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const text = node.getText();
        const end = text.lastIndexOf("/");
        literals.push({ file, line: lineOf(node), source: text.slice(1, end), flags: text.slice(end + 1) });
      } else if (isRegExpConstructor(node)) {
        constructions.push({ file, line: lineOf(node), code: node.getText().slice(0, 120) });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { literals, constructions };
}
