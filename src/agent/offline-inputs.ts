/**
 * Finds what a request carries: a ROS template anywhere in the message (fenced or not, JSON or
 * YAML, on the same line as the instruction), Terraform files, or the name of a workspace file.
 */
// The info string's first word is the language; what follows it starts with another character, so
// the two runs cannot trade characters (that trade made the pattern quadratic on "```+++…").
const FENCE = /```([A-Za-z0-9_.+-]*)(?:[^A-Za-z0-9_.+\-\n`][^\n`]*)?\n([\s\S]*?)```/g;

function fences(text: string): Array<{ lang: string; body: string }> {
  return [...text.matchAll(FENCE)].map((m) => ({ lang: (m[1] ?? "").toLowerCase(), body: m[2] ?? "" }));
}

/** The JSON object that starts at `start`, by bracket matching outside strings. */
function jsonObjectAt(text: string, start: number): string | undefined {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i += 1) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i += 1;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{") depth += 1;
    else if (c === "}" && --depth === 0) return text.slice(start, i + 1);
  }
  return undefined;
}

/** The template a review request carries, wherever it is in the message. */
export function findTemplate(text: string): string | undefined {
  const fenced = fences(text).find((f) => /ROSTemplateFormatVersion|Resources/.test(f.body));
  if (fenced) return fenced.body;
  const json = /\{\s*"(?:ROSTemplateFormatVersion|Resources|Description|Parameters)"\s*:/.exec(text);
  if (json) return jsonObjectAt(text, json.index) ?? text.slice(json.index);
  const yaml = /(?:ROSTemplateFormatVersion|^[ \t]*Resources)\s*:/m.exec(text);
  if (!yaml) return undefined;
  const start = yaml.index + (yaml[0].length - yaml[0].trimStart().length);
  // Everything after the first key; a key pasted on the instruction's line starts a line of its own.
  return text.slice(start).replace(/^\s+/, "");
}

/** Terraform files a conversion request carries inline: fenced HCL blocks, or the raw text. */
export function terraformIn(text: string): Record<string, string> | undefined {
  const blocks = fences(text).filter((f) => f.lang === "hcl" || f.lang === "terraform" || f.lang === "tf" || /\bresource\s+"/.test(f.body));
  if (blocks.length > 0) return Object.fromEntries(blocks.map((b, i) => [i === 0 ? "main.tf" : `file${i + 1}.tf`, b.body]));
  const start = text.search(/^[ \t]*(?:terraform|provider|resource|module|variable)\s+(?:"[^"]+"\s*)*\{/m);
  return start >= 0 ? { "main.tf": text.slice(start) } : undefined;
}

/** A workspace file the request names (`network.yaml`, `infra/template.json`), outside code blocks. */
export function namedWorkspaceFile(text: string): string | undefined {
  const prose = text.replace(/```[\s\S]*?```/g, " ");
  return /(?:^|[\s`"'“(（])((?:[\w-]+\/)*[\w.-]+\.(?:ya?ml|json))(?=$|[\s`"'”),.，。:：;；)）])/i.exec(prose)?.[1];
}
