/**
 * The source is text: no control character in any file of `src/`, `test/`, `bench/` or `scripts/`.
 * Found in round ten: a scripted edit had written a backspace (U+0008) where `\b` was meant, in the
 * engine's ALB and NLB patterns, so "an ALB in front of 2 ECS" was never named as not built and the
 * pattern could match nothing. A regex literal shows no difference in an editor; this test does.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const FOLDERS = ["src", "test", "bench", "scripts"];
const TEXT_FILE = /\.(?:ts|js|mjs|json|md|toml|html|css)$/;
/** Every C0 control character except tab, line feed and carriage return. */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

function filesUnder(folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (name === "node_modules" || name.startsWith(".")) continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (TEXT_FILE.test(name)) out.push(path);
    }
  };
  try {
    walk(join(ROOT, folder));
  } catch {
    // A folder the checkout does not have holds no file to read.
  }
  return out;
}

describe("source text", () => {
  it("the checker finds a control character where one is (a file it reads, written here)", () => {
    expect(CONTROL.test(String.raw`/\balb\b/`)).toBe(false);
    expect(CONTROL.test(`/${String.fromCharCode(8)}alb${String.fromCharCode(8)}/`)).toBe(true);
  });

  it("no file of src, test, bench or scripts holds a control character (a backspace for \\b once hid the ALB pattern)", () => {
    const files = FOLDERS.flatMap(filesUnder);
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, index) => (CONTROL.test(line) ? [`${relative(ROOT, file)}:${index + 1}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
