// A small reader of the YAML a ROS template is written in, for the diagram (issue 28 item 2): block
// mappings and sequences, `- key: value` items, quoted and plain scalars, `|` / `>` block scalars,
// short flow collections and the `!Ref` / `!GetAtt` tags; JSON is read as JSON. The page has no
// bundler and loads nothing from outside, so it cannot ship a full YAML library; what this does not
// read (anchors, multi-document files) makes `parseTemplateText` return an error, never a guess.

/** The most lines the page reads as a template: a larger text is refused, not parsed slowly. */
const MAX_LINES = 20_000;

class YamlError extends Error {}

function lexLines(text) {
  const lines = [];
  for (const raw of text.replace(/\r\n?/g, "\n").split("\n")) {
    if (/^\s*(#.*)?$/.test(raw) || raw === "---") {
      lines.push({ blank: true, raw });
      continue;
    }
    if (raw.includes("\t") && /^\s*\t/.test(raw)) throw new YamlError("tabs in indentation");
    const indent = raw.length - raw.trimStart().length;
    lines.push({ indent, text: raw.slice(indent), raw });
  }
  return lines;
}

/** A plain, quoted or flow scalar written after `key:` or `- `. */
function scalar(text) {
  const value = text.trim();
  if (value.startsWith("'")) return value.slice(1, value.lastIndexOf("'")).replace(/''/g, "'");
  if (value.startsWith('"')) return JSON.parse(value.slice(0, value.lastIndexOf('"') + 1));
  // One whitespace character, then the rest (scalar() trims it): `\s+(.*)` could split a run of spaces many ways.
  const tag = /^!(\w+)\s(.*)$/.exec(value);
  if (tag) {
    const inner = scalar(tag[2] ?? "");
    if (tag[1] === "Ref") return { Ref: inner };
    if (tag[1] === "GetAtt") return { "Fn::GetAtt": Array.isArray(inner) ? inner : String(inner).split(".") };
    return { [`Fn::${tag[1]}`]: inner };
  }
  if (value.startsWith("[") && value.endsWith("]")) {
    const inner = value.slice(1, -1).trim();
    return inner === "" ? [] : inner.split(",").map(scalar);
  }
  if (value === "{}") return {};
  // A comment starts at the first "#" after whitespace; found by one search, then the spaces before it trimmed.
  const comment = value.search(/\s#/);
  const plain = comment >= 0 ? value.slice(0, comment).trimEnd() : value;
  if (/^-?\d+(\.\d+)?$/.test(plain)) return Number(plain);
  if (/^(true|false)$/i.test(plain)) return plain.toLowerCase() === "true";
  if (/^(null|~)$/.test(plain)) return null;
  return plain;
}

/** `key: rest` split at the first `:` outside quotes that ends the line or is followed by a space. */
function splitKey(text) {
  let quote;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = undefined;
    } else if (c === "'" || c === '"') {
      if (i === 0) quote = c;
    } else if (c === ":" && (i + 1 === text.length || text[i + 1] === " ")) {
      return [scalar(text.slice(0, i)), text.slice(i + 1).trim()];
    }
  }
  return undefined;
}

class Reader {
  constructor(lines) {
    this.lines = lines;
    this.at = 0;
  }

  peek() {
    while (this.at < this.lines.length && this.lines[this.at].blank) this.at++;
    return this.lines[this.at];
  }

  node(indent) {
    const line = this.peek();
    if (!line || line.indent < indent) return null;
    return /^-( |$)/.test(line.text) ? this.sequence(line.indent) : this.mapping(line.indent);
  }

  sequence(indent) {
    const out = [];
    for (let line = this.peek(); line && line.indent === indent && /^-( |$)/.test(line.text); line = this.peek()) {
      const rest = line.text.slice(1).trimStart();
      if (rest === "") {
        this.at++;
        out.push(this.node(indent + 1));
      } else if (/^-( |$)/.test(rest) || splitKey(rest)) {
        // `- key: value` or `- - item`: the rest is a node of its own, indented where it starts.
        this.lines[this.at] = { indent: indent + (line.text.length - rest.length), text: rest };
        out.push(this.node(indent + 1));
      } else {
        this.at++;
        out.push(scalar(rest));
      }
    }
    return out;
  }

  mapping(indent) {
    const out = {};
    for (let line = this.peek(); line && line.indent === indent && !/^-( |$)/.test(line.text); line = this.peek()) {
      const pair = splitKey(line.text);
      if (!pair) throw new YamlError(`cannot read line ${this.at + 1}: ${line.text.slice(0, 60)}`);
      const [key, rest] = pair;
      this.at++;
      if (/^[|>][-+]?$/.test(rest)) out[key] = this.block(indent, rest);
      else if (rest !== "") out[key] = scalar(rest);
      else {
        const next = this.peek();
        const nested = next && (next.indent > indent || (next.indent === indent && /^-( |$)/.test(next.text)));
        out[key] = nested ? this.node(next.indent) : null;
      }
    }
    return out;
  }

  /** A `|` or `>` block scalar: the more-indented lines after its key. */
  block(indent, style) {
    const body = [];
    while (this.at < this.lines.length) {
      const line = this.lines[this.at];
      if (!line.blank && line.indent <= indent) break;
      body.push(line.raw);
      this.at++;
    }
    const cut = Math.min(...body.filter((l) => l.trim() !== "").map((l) => l.length - l.trimStart().length));
    const lines = body.map((l) => l.slice(Number.isFinite(cut) ? cut : 0));
    while (lines.length && lines.at(-1).trim() === "") lines.pop();
    return style.startsWith(">") ? lines.join(" ") : `${lines.join("\n")}\n`;
  }
}

/** The template as an object, from YAML or JSON: `{ ok: true, template }` or `{ ok: false, error }`. */
export function parseTemplateText(text) {
  try {
    const trimmed = String(text ?? "").trim();
    if (trimmed.startsWith("{")) return { ok: true, template: JSON.parse(trimmed) };
    const lines = lexLines(trimmed);
    if (lines.length > MAX_LINES) return { ok: false, error: `more than ${MAX_LINES} lines` };
    const reader = new Reader(lines);
    const template = reader.node(0);
    if (reader.peek()) throw new YamlError(`cannot read line ${reader.at + 1}`);
    return template && typeof template === "object" ? { ok: true, template } : { ok: false, error: "not a mapping" };
  } catch (error) {
    return { ok: false, error: error.message };
  }
}
