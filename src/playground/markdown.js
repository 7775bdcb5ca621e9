// Safe Markdown for the agent's replies: the text is parsed here and built as DOM nodes (elements
// from a fixed list, text in text nodes), never assigned as HTML, so nothing an agent writes can
// become markup, a script, an event handler or a request. Supported: headings, paragraphs, bold,
// italic, inline code, bullet and numbered lists, tables, block quotes, rules and fenced code
// blocks (monospace, with Copy and Download). A link shows its text and its address as plain text:
// the page never links to, loads or navigates to anything an agent names.
import { el } from "./dom.js";

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([\w+.#-]*)/;
const HEADING = /^ {0,3}(#{1,6}) (.*)$/;
const LIST_ITEM = /^( *)([-*+]|\d{1,9}[.)]) (.*)$/;

/** `---`, `***`, `___` (spaces allowed between): a rule. */
function isRule(line) {
  const bare = line.replace(/ /g, "");
  return line.length - line.trimStart().length <= 3 && /^(-{3,}|\*{3,}|_{3,})$/.test(bare);
}

/** `|---|:---:|`: the line under a table's header row. */
function isTableSeparator(line) {
  const bare = line.replace(/[ \t]/g, "");
  return bare.includes("-") && bare.includes("|") && /^[|:-]+$/.test(bare);
}

/** File extensions for a fenced block's language, for its Download button. */
const EXTENSIONS = {
  yaml: "yaml",
  yml: "yaml",
  json: "json",
  hcl: "tf",
  terraform: "tf",
  tf: "tf",
  bash: "sh",
  sh: "sh",
  shell: "sh",
  python: "py",
  ts: "ts",
  js: "js",
};

/** The name a code block downloads as: a ROS template is template.yaml, else snippet.<ext>. */
function fileNameFor(text, lang) {
  const ext = EXTENSIONS[lang.toLowerCase()] ?? "txt";
  if (ext === "yaml" && /^ROSTemplateFormatVersion\s*:/m.test(text)) return "template.yaml";
  if (ext === "json" && /"ROSTemplateFormatVersion"/.test(text)) return "template.json";
  if (ext === "tf") return "main.tf";
  return `snippet.${ext}`;
}

/** Puts `text` on the clipboard; the button says Copied (or Copy failed), then its label again. */
export async function copyText(text, button, label = "Copy") {
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = "Copied";
  } catch {
    button.textContent = "Copy failed";
  }
  setTimeout(() => (button.textContent = label), 1500);
}

function downloadText(text, filename) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const link = el("a", { href: url, download: filename, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A monospace block with its language, a Copy and a Download button. */
export function codeBlock(text, { lang = "", filename = fileNameFor(text, lang) } = {}) {
  const copy = el("button", { type: "button", class: "copy" }, "Copy");
  copy.addEventListener("click", () => void copyText(text, copy));
  const download = el("button", { type: "button", class: "save", title: `download as ${filename}` }, "Download");
  download.addEventListener("click", () => downloadText(text, filename));
  return el(
    "div",
    { class: "codeblock", "data-filename": filename },
    el("div", { class: "codebar" }, el("span", { class: "lang" }, lang || "text"), copy, download),
    el("pre", {}, el("code", {}, text)),
  );
}

/** Inline spans: `code`, **bold**, __bold__, *italic*, _italic_, [text](address) as plain text. */
export function inline(text) {
  const nodes = [];
  let plain = "";
  const flush = () => {
    if (plain) nodes.push(plain);
    plain = "";
  };
  // A delimiter with no closing one after position p has none after any later position either.
  const unclosed = new Set();
  const closing = (delim, from) => {
    if (unclosed.has(delim)) return -1;
    const at = text.indexOf(delim, from);
    if (at < 0) unclosed.add(delim);
    return at;
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === "`") {
      let n = 1;
      while (text[i + n] === "`") n++;
      const fence = "`".repeat(n);
      const end = closing(fence, i + n);
      if (end > i + n) {
        flush();
        nodes.push(el("code", {}, text.slice(i + n, end).trim() || text.slice(i + n, end)));
        i = end + n;
        continue;
      }
      plain += fence;
      i += n;
      continue;
    }
    const pair = text.slice(i, i + 2);
    if ((pair === "**" || pair === "__") && text[i + 2] !== " ") {
      const end = closing(pair, i + 2);
      if (end > i + 2) {
        flush();
        nodes.push(el("strong", {}, inline(text.slice(i + 2, end))));
        i = end + 2;
        continue;
      }
    }
    const wordBefore = i > 0 && /[A-Za-z0-9]/.test(text[i - 1]);
    if ((c === "*" || (c === "_" && !wordBefore)) && text[i + 1] !== undefined && text[i + 1] !== " " && text[i + 1] !== c) {
      const end = closing(c, i + 1);
      const wordAfter = end > 0 && /[A-Za-z0-9]/.test(text[end + 1] ?? "");
      if (end > i + 1 && !(c === "_" && wordAfter)) {
        flush();
        nodes.push(el("em", {}, inline(text.slice(i + 1, end))));
        i = end + 1;
        continue;
      }
    }
    if (c === "[") {
      const close = closing("](", i + 1);
      const end = close > i ? closing(")", close + 2) : -1;
      if (close > i && end > close && !text.slice(i + 1, close).includes("\n")) {
        flush();
        nodes.push(el("span", { class: "link-text" }, inline(text.slice(i + 1, close))), el("span", { class: "muted" }, ` (${text.slice(close + 2, end)})`));
        i = end + 1;
        continue;
      }
    }
    plain += c;
    i++;
  }
  flush();
  return nodes;
}

function splitRow(line) {
  const cells = line.trim().replace(/^\|/, "").replace(/\|$/, "").split("|");
  return cells.map((cell) => cell.trim());
}

function table(lines) {
  const [head = "", , ...body] = lines;
  return el(
    "table",
    {},
    el(
      "thead",
      {},
      el(
        "tr",
        {},
        splitRow(head).map((cell) => el("th", {}, inline(cell))),
      ),
    ),
    el(
      "tbody",
      {},
      body.map((row) =>
        el(
          "tr",
          {},
          splitRow(row).map((cell) => el("td", {}, inline(cell))),
        ),
      ),
    ),
  );
}

/** Consecutive list items as <ul>/<ol>, a deeper indent nesting a list in the item above it. */
function list(items) {
  const fragment = document.createDocumentFragment();
  const stack = [];
  for (const item of items) {
    while (stack.length > 0 && item.indent < stack[stack.length - 1].indent) stack.pop();
    let top = stack[stack.length - 1];
    if (top && top.indent === item.indent && top.ordered !== item.ordered) {
      stack.pop();
      top = undefined;
    }
    if (!top || item.indent > top.indent) {
      const node = el(item.ordered ? "ol" : "ul", item.ordered && item.start !== 1 ? { start: item.start } : {});
      const parent = stack[stack.length - 1];
      (parent?.lastItem ?? fragment).append(node);
      top = { indent: item.indent, ordered: item.ordered, node, lastItem: undefined };
      stack.push(top);
    }
    top.lastItem = el("li", {}, inline(item.text));
    top.node.append(top.lastItem);
  }
  return fragment;
}

/** The blocks of a Markdown text, as a DocumentFragment of safe elements. */
export function renderMarkdown(text) {
  const out = document.createDocumentFragment();
  const lines = String(text ?? "")
    .replace(/\r\n?/g, "\n")
    .split("\n");
  let paragraph = [];
  const endParagraph = () => {
    if (paragraph.length) out.append(el("p", {}, inline(paragraph.join("\n"))));
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const fence = FENCE.exec(line);
    if (fence) {
      endParagraph();
      const marker = fence[1];
      // A fence indented under a list item: its lines lose that indent.
      const indent = line.length - line.trimStart().length;
      const body = [];
      while (++i < lines.length && !lines[i].trimStart().startsWith(marker)) {
        const own = lines[i].length - lines[i].trimStart().length;
        body.push(lines[i].slice(Math.min(indent, own)));
      }
      out.append(codeBlock(body.join("\n"), { lang: fence[2] ?? "" }));
      continue;
    }
    if (line.trim() === "") {
      endParagraph();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      endParagraph();
      const title = heading[2].trimEnd().replace(/ #+$/, "").trimEnd();
      out.append(el(`h${Math.min(6, heading[1].length + 2)}`, { class: "md-heading" }, inline(title)));
      continue;
    }
    if (isRule(line)) {
      endParagraph();
      out.append(el("hr"));
      continue;
    }
    if (line.trimStart().startsWith("|") && isTableSeparator(lines[i + 1] ?? "")) {
      endParagraph();
      const rows = [line];
      while (i + 1 < lines.length && lines[i + 1].trimStart().startsWith("|")) rows.push(lines[++i]);
      out.append(table(rows));
      continue;
    }
    if (LIST_ITEM.test(line)) {
      endParagraph();
      const items = [];
      for (let m = LIST_ITEM.exec(line); m; ) {
        items.push({ indent: m[1].length, ordered: /\d/.test(m[2]), start: Number.parseInt(m[2], 10), text: m[3].trimStart() });
        m = LIST_ITEM.exec(lines[i + 1] ?? "");
        if (m) i++;
      }
      out.append(list(items));
      continue;
    }
    if (line.startsWith(">")) {
      endParagraph();
      const quoted = [];
      for (i--; i + 1 < lines.length && lines[i + 1].startsWith(">"); ) quoted.push(lines[++i].replace(/^> ?/, ""));
      out.append(el("blockquote", {}, renderMarkdown(quoted.join("\n"))));
      continue;
    }
    paragraph.push(line);
  }
  endParagraph();
  return out;
}
