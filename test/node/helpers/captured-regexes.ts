/**
 * Catches the regular expressions the source builds at run time. `RegExp` is swapped for a
 * constructor that records each pattern and the source file that built it (the first frame of
 * the call's stack under `src/`), then the modules are imported: a pattern built when its module
 * loads is caught here. The regex-safety test requires every run-time construction to be caught,
 * so a pattern built inside a function (from a value only a caller knows) fails that test and
 * has to move to module scope, where it is analysed like any literal.
 */
import { relative } from "node:path";

export interface CapturedRegex {
  readonly file: string;
  readonly source: string;
  readonly flags: string;
}

const FRAME_FILE = /\(?(?:file:\/\/)?(\/[^():]+\/src\/[^():]+):\d+:\d+\)?/g;

function builderFile(root: string, stack: string): string | undefined {
  for (const match of stack.matchAll(FRAME_FILE)) {
    const path = match[1];
    if (path && !path.includes("/node_modules/")) return relative(root, path);
  }
  return undefined;
}

/** Imports `modules` with `RegExp` recording, and returns what they built while loading. */
export async function captureModuleRegexes(root: string, modules: readonly string[]): Promise<CapturedRegex[]> {
  const captured: CapturedRegex[] = [];
  const original = globalThis.RegExp;
  const recording = new Proxy(original, {
    construct(target, args: [string | RegExp, string?]) {
      const made = Reflect.construct(target, args) as RegExp;
      const file = builderFile(root, new Error().stack ?? "");
      if (file) captured.push({ file, source: made.source, flags: made.flags });
      return made;
    },
    apply(target, _this, args: [string | RegExp, string?]) {
      const made = Reflect.construct(target, args) as RegExp;
      const file = builderFile(root, new Error().stack ?? "");
      if (file) captured.push({ file, source: made.source, flags: made.flags });
      return made;
    },
  });
  globalThis.RegExp = recording;
  try {
    for (const path of modules) await import(/* @vite-ignore */ path);
  } finally {
    globalThis.RegExp = original;
  }
  return captured;
}
