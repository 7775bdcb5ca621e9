// A line diff between two versions of a context's template (issue 28 item 1): the longest common
// subsequence of their lines, shown as unified hunks with a few lines of context, added lines
// green and removed ones red. Built from text nodes only, like the rest of the page.
import { el } from "./dom.js";

/** The most lines of each side the diff compares: the LCS table is lines × lines. */
const MAX_DIFF_LINES = 4000;
/** Unchanged lines kept around each change. */
const CONTEXT_LINES = 3;

/** The edit script between two lists of lines: [op, line] with op " ", "-" or "+". */
export function diffLines(before, after) {
  const a = before.slice(0, MAX_DIFF_LINES);
  const b = after.slice(0, MAX_DIFF_LINES);
  const width = b.length + 1;
  const table = new Uint16Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i * width + j] = a[i] === b[j] ? table[(i + 1) * width + j + 1] + 1 : Math.max(table[(i + 1) * width + j], table[i * width + j + 1]);
    }
  }
  const script = [];
  let [i, j] = [0, 0];
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) script.push([" ", a[i++], j++]);
    else if (table[(i + 1) * width + j] >= table[i * width + j + 1]) script.push(["-", a[i++]]);
    else script.push(["+", b[j++]]);
  }
  while (i < a.length) script.push(["-", a[i++]]);
  while (j < b.length) script.push(["+", b[j++]]);
  return script;
}

/** The diff as an element: hunks of changed lines with their context; "no difference" when none. */
export function renderDiff(beforeText, afterText) {
  const script = diffLines(beforeText.split("\n"), afterText.split("\n"));
  const changed = script.map((step) => step[0] !== " ");
  const added = script.filter((s) => s[0] === "+").length;
  const removed = script.filter((s) => s[0] === "-").length;
  const near = (k) => changed.slice(Math.max(0, k - CONTEXT_LINES), k + CONTEXT_LINES + 1).some(Boolean);
  const rows = [];
  let skipped = false;
  script.forEach(([op, line], k) => {
    if (!near(k)) {
      if (!skipped) rows.push(el("div", { class: "diff-gap" }, "⋯"));
      skipped = true;
      return;
    }
    skipped = false;
    rows.push(el("div", { class: `diff-line ${op === "+" ? "add" : op === "-" ? "del" : "same"}` }, `${op} ${line}`));
  });
  const summary = added + removed === 0 ? "no difference" : `+${added} −${removed} lines`;
  return el("div", { class: "diff" }, el("p", { class: "muted diff-summary" }, summary), el("pre", { class: "diff-body" }, added + removed === 0 ? [] : rows));
}
