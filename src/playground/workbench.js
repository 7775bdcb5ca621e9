// The workbench beside the chat (issue 28 items 1–3): the context's template as it stands, version
// by version (YAML, or main.tf when the user asked for Terraform) with Copy and Download; a diff
// between any two versions; the template as a diagram (drawn from its ROS form, with what changed
// marked, exported as SVG or PNG); the turn's request check as a table; and the protocol each turn
// spoke. A version is the template file a turn wrote, fetched from its artifact with the caller's
// credentials; a Terraform turn's ROS form comes from the reply, which carries it for follow-ups.
import { get } from "./api.js";
import { renderCheckTable } from "./check-table.js";
import { drawDiagram, exportPng, exportSvg } from "./diagram.js";
import { renderDiff } from "./diff.js";
import { $, el } from "./dom.js";
import { codeBlock } from "./markdown.js";
import { renderExchange } from "./protocol.js";
import { templateChanges } from "./template-model.js";
import { parseTemplateText } from "./yaml-lite.js";

const TABS = ["template", "diff", "diagram", "check", "protocol"];
/** A file an artifact carries that is a template: ROS YAML/JSON or Terraform. */
const TEMPLATE_FILE = /\.(ya?ml|json|tf)$/i;
/** The ROS form a Terraform reply carries, in the fenced block after "ROS form". */
/**
 * The ROS form a Terraform reply carries: the first fenced block after the words "ROS form". Found
 * with indexOf, not one pattern: a lazy run up to a closing fence, retried at every "ROS form",
 * is quadratic on a long reply.
 */
function rosFormOf(reply) {
  const marker = reply.toLowerCase().indexOf("ros form");
  if (marker < 0) return undefined;
  const fence = reply.indexOf("```", marker);
  const bodyStart = fence < 0 ? -1 : reply.indexOf("\n", fence);
  if (bodyStart < 0) return undefined;
  const close = reply.indexOf("\n```", bodyStart);
  return close < 0 ? undefined : reply.slice(bodyStart + 1, close);
}

function langOf(filename) {
  return /\.tf$/i.test(filename) ? "hcl" : /\.json$/i.test(filename) ? "json" : "yaml";
}

/** The template files a turn's events announced, last one last. */
function templateParts(events) {
  return events
    .flatMap((e) => e.artifactUpdate?.artifact?.parts ?? [])
    .filter((part) => part.url && TEMPLATE_FILE.test(part.filename ?? ""))
    .map((part) => ({ url: part.url, filename: part.filename }));
}

function option(value, label, selected) {
  return el("option", { value, selected: selected || undefined }, label);
}

export class Workbench {
  versions = [];
  turns = [];
  tab = "template";

  constructor() {
    for (const button of document.querySelectorAll("#workbench-tabs button")) button.addEventListener("click", () => this.show(button.dataset.tab));
    this.render();
  }

  reset() {
    this.versions = [];
    this.turns = [];
    this.render();
  }

  /** A new turn's protocol record, filled by the stream's trace. */
  startTurn(label, { replayed = false } = {}) {
    const record = { label, frames: [], replayed };
    this.turns.push({ record, check: undefined });
    this.render();
    return record;
  }

  /** The turn ended: its check, and a new version when it wrote a template. Returns the version, if any. */
  async endTurn({ taskId, events, reply, check }) {
    const turn = this.turns.at(-1);
    if (turn) turn.check = check;
    const part = templateParts(events).at(-1);
    let version;
    if (part) {
      const response = await get(part.url);
      if (response.ok) version = this.addVersion({ taskId, filename: part.filename, text: await response.text(), reply });
    }
    this.render();
    return version;
  }

  addVersion({ taskId, filename, text, reply }) {
    const rosText = /\.tf$/i.test(filename) ? rosFormOf(reply ?? "") : text;
    const parsed = rosText === undefined ? { ok: false, error: "the reply carries no ROS form" } : parseTemplateText(rosText);
    const previous = this.versions.at(-1);
    const ros = parsed.ok ? parsed.template : undefined;
    const changes = previous?.ros && ros ? templateChanges(previous.ros, ros) : { added: [], changed: [], removed: [] };
    const version = { n: this.versions.length + 1, taskId, filename, text, ros, rosError: parsed.ok ? undefined : parsed.error, changes, first: !previous };
    this.versions.push(version);
    return version;
  }

  show(tab) {
    if (TABS.includes(tab)) this.tab = tab;
    this.render();
  }

  /** Redraws the protocol tab only when it is the one showing (a stream updates it per frame). */
  protocolChanged() {
    if (this.tab !== "protocol" || this.pending) return;
    this.pending = true;
    requestAnimationFrame(() => {
      this.pending = false;
      this.render();
    });
  }

  render() {
    for (const button of document.querySelectorAll("#workbench-tabs button")) button.setAttribute("aria-selected", String(button.dataset.tab === this.tab));
    const pane = $("#workbench-pane");
    pane.dataset.tab = this.tab;
    pane.replaceChildren(this[`${this.tab}Pane`]());
  }

  /** A select of versions; `onPick(version)` when another is chosen. */
  picker(name, selected, onPick) {
    const select = el(
      "select",
      { name },
      this.versions.map((v) => option(String(v.n), `v${v.n} · ${v.filename}`, v === selected)),
    );
    select.addEventListener("change", () => onPick(this.versions[Number(select.value) - 1]));
    return select;
  }

  templatePane() {
    const version = this.shown ?? this.versions.at(-1);
    if (!version) return el("p", { class: "muted" }, "No template yet: ask for infrastructure, and the template it writes stands here, version by version.");
    const head = el(
      "div",
      { class: "row" },
      this.picker("version", version, (v) => {
        this.shown = v === this.versions.at(-1) ? undefined : v;
        this.render();
      }),
      el("span", { class: "muted" }, `${version.filename} · ${version.text.split("\n").length} lines`),
    );
    return el(
      "div",
      { class: "template-view", "data-version": version.n },
      head,
      codeBlock(version.text, { lang: langOf(version.filename), filename: version.filename }),
    );
  }

  diffPane() {
    if (this.versions.length < 2) return el("p", { class: "muted" }, "A diff needs two versions: ask for a change to the template.");
    const to = this.diffTo ?? this.versions.at(-1);
    const from = this.diffFrom ?? this.versions.at(-2);
    const head = el(
      "div",
      { class: "row" },
      "from ",
      this.picker("from", from, (v) => {
        this.diffFrom = v;
        this.render();
      }),
      " to ",
      this.picker("to", to, (v) => {
        this.diffTo = v;
        this.render();
      }),
    );
    return el("div", { class: "diff-view" }, head, renderDiff(from.text, to.text));
  }

  diagramPane() {
    const version = this.diagramShown ?? this.versions.at(-1);
    if (!version) return el("p", { class: "muted" }, "No template yet: its diagram is drawn here.");
    if (!version.ros) return el("p", { class: "error" }, `v${version.n} cannot be drawn: ${version.rosError}`);
    const svgNode = drawDiagram(version.ros, version.changes);
    const name = `diagram-v${version.n}`;
    const svgButton = el("button", { type: "button", class: "export-svg" }, "Export SVG");
    svgButton.addEventListener("click", () => exportSvg(svgNode, `${name}.svg`));
    const pngButton = el("button", { type: "button", class: "export-png" }, "Export PNG");
    pngButton.addEventListener("click", () => void exportPng(svgNode, `${name}.png`));
    const { added, changed, removed } = version.changes;
    const note = version.first ? "first version" : `since v${version.n - 1}: ${added.length} added, ${changed.length} changed, ${removed.length} removed`;
    const head = el(
      "div",
      { class: "row" },
      this.picker("diagram-version", version, (v) => {
        this.diagramShown = v === this.versions.at(-1) ? undefined : v;
        this.render();
      }),
      svgButton,
      pngButton,
      el("span", { class: "muted" }, /\.tf$/i.test(version.filename) ? `the ROS form of ${version.filename}; ${note}` : note),
    );
    return el("div", { class: "diagram-view" }, head, el("div", { class: "diagram-box" }, svgNode));
  }

  checkPane() {
    const turn = this.turns.at(-1);
    if (!turn) return el("p", { class: "muted" }, "No turn yet: the request check of each reply is shown here as a table.");
    return el("div", { class: "check-view" }, renderCheckTable(turn.check));
  }

  protocolPane() {
    const index = this.protocolTurn ?? this.turns.length - 1;
    const select = el(
      "select",
      { name: "turn" },
      this.turns.map((t, i) => option(String(i), `turn ${i + 1}: ${t.record.label.slice(0, 40)}`, i === index)),
    );
    select.addEventListener("change", () => {
      this.protocolTurn = Number(select.value) === this.turns.length - 1 ? undefined : Number(select.value);
      this.render();
    });
    return el(
      "div",
      { class: "protocol-view" },
      this.turns.length ? el("div", { class: "row" }, select) : undefined,
      renderExchange(this.turns[index]?.record),
    );
  }
}
