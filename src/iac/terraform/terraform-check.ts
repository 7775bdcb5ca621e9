/**
 * A light self-check of generated Terraform: balanced brackets, and every `type.name`, `data.type.name`
 * and `var.name` reference points to something declared in the same configuration. It is not an HCL
 * parser; it catches the mistakes a generator can make, offline.
 */
/**
 * Each closed string literal replaced by the interpolations inside it (they are code; the rest is
 * blanked); an unclosed one is left as written. One pass with an index: the string-literal regex
 * `"(?:[^"\\]|\\.)*"` retried at every quote is quadratic on a long unclosed literal.
 */
function blankStrings(text: string): string {
  let out = "";
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf('"', at);
    if (open < 0) break;
    const close = closingQuote(text, open + 1);
    if (close < 0) break;
    out += text.slice(at, open) + (text.slice(open, close + 1).match(/\$\{[^{}]*\}/g) ?? []).join(" ");
    at = close + 1;
  }
  return out + text.slice(at);
}

/** The index of the quote that closes a literal whose body starts at `from`, or -1. */
function closingQuote(text: string, from: number): number {
  for (let i = from; i < text.length; i += 1) {
    if (text[i] === "\\") i += 1;
    else if (text[i] === '"') return i;
  }
  return -1;
}

export function checkTerraform(text: string): string[] {
  const problems: string[] = [];
  const withoutStrings = blankStrings(text);
  const pairs: Record<string, string> = { "}": "{", "]": "[", ")": "(" };
  const stack: string[] = [];
  for (const character of withoutStrings) {
    if (character === "{" || character === "[" || character === "(") stack.push(character);
    const opening = pairs[character];
    if (opening !== undefined && stack.pop() !== opening) {
      problems.push(`Unbalanced "${character}".`);
      break;
    }
  }
  if (stack.length > 0) problems.push(`${stack.length} unclosed bracket(s).`);

  const declared = new Set([...text.matchAll(/^resource "([\w-]+)" "([\w-]+)"/gm)].map((match) => `${match[1]}.${match[2]}`));
  const data = new Set([...text.matchAll(/^data "([\w-]+)" "([\w-]+)"/gm)].map((match) => `${match[1]}.${match[2]}`));
  const variables = new Set([...text.matchAll(/^variable "([\w-]+)"/gm)].map((match) => match[1]));
  for (const match of withoutStrings.matchAll(/(?<![\w.])(data\.)?((?:alicloud|random)_[a-z0-9_]+)\.([a-z0-9_]+)/g)) {
    const key = `${match[2]}.${match[3]}`;
    if (match[1] ? !data.has(key) : !declared.has(key)) {
      problems.push(`Reference to undeclared ${match[1] ? "data source" : "resource"} ${match[1] ?? ""}${key}.`);
    }
  }
  for (const match of withoutStrings.matchAll(/(?<![\w.])var\.([a-z0-9_]+)/g)) {
    if (!variables.has(match[1])) problems.push(`Reference to undeclared variable var.${match[1] ?? ""}.`);
  }
  return [...new Set(problems)];
}
