// The template as a picture (issue 28 item 2): an SVG drawn in the page from template-model.js —
// the sources the rules name in a column on the left, the resources outside any network in a row on
// top, each VPC a box holding its vSwitches side by side, each resource in the box it references.
// Colours are presentation attributes, not CSS, so the exported SVG looks the same on its own and
// the page's strict CSP (no inline style) holds. What changed since the previous version is marked
// (`data-change`, a coloured outline and a tag); removed resources are named in the legend. Export:
// the SVG as a file, or a PNG drawn from it on a canvas; nothing leaves the page.
import { el } from "./dom.js";
import { templateModel } from "./template-model.js";

const SVG = "http://www.w3.org/2000/svg";
const NODE = { w: 150, h: 46 };
const GAP = 18;
const PAD = 14;
/** Room for a container's name and address range above what it holds. */
const HEADER = 40;
/** Room for the "Sources" label above the top row. */
const ROW_LABEL = 26;
/** Characters of the removed-resources legend per line. */
const LEGEND_LINE = 90;
/** A legend's lines: words joined up to LEGEND_LINE characters (a word longer than that stands alone). */
function wrapLegend(text) {
  const lines = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line !== "" && line.length + 1 + word.length > LEGEND_LINE) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  if (line !== "") lines.push(line);
  return lines;
}
const COLORS = {
  vpc: "#eef4ff",
  vswitch: "#f6f9ff",
  securityGroup: "#fff4e0",
  ecs: "#e3f0ff",
  slb: "#e8e3ff",
  rds: "#e0f5ec",
  redis: "#fde6e6",
  oss: "#fff9d6",
  eip: "#e6f7fb",
  nat: "#efe9f5",
  other: "#f0f0f0",
  source: "#ffffff",
};
const CHANGE_STROKE = { added: "#15803d", changed: "#d97706" };

function svg(tag, attributes = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined) node.setAttribute(name, String(value));
  for (const child of children.flat()) if (child) node.append(typeof child === "string" ? document.createTextNode(child) : child);
  return node;
}

function text(x, y, content, attributes = {}) {
  return svg("text", { x, y, "font-family": "system-ui, sans-serif", "font-size": 12, fill: "#1d2330", ...attributes }, content);
}

/** Positions of every box: sources, the top row, the VPCs with their vSwitches and nodes. */
function layout(model) {
  const at = new Map();
  const left = model.sources.length ? NODE.w + 2 * GAP : GAP;
  model.sources.forEach((source, i) => at.set(source, { x: GAP, y: GAP + ROW_LABEL + i * (NODE.h / 1.5 + 10), w: NODE.w, h: NODE.h / 1.5 }));
  model.outside.forEach((node, i) => at.set(node.name, { x: left + i * (NODE.w + GAP), y: GAP + ROW_LABEL, w: NODE.w, h: NODE.h }));
  let x = left;
  const top = GAP + ROW_LABEL + (model.outside.length ? NODE.h + 2 * GAP : 0);
  for (const vpc of model.vpcs) {
    const strip = vpc.nodes.length ? NODE.h + GAP : 0;
    let sx = x + PAD;
    let tallest = 0;
    for (const vswitch of vpc.vswitches) {
      const h = HEADER + PAD + Math.max(1, vswitch.nodes.length) * (NODE.h + GAP) - GAP + PAD;
      at.set(vswitch.name, { x: sx, y: top + HEADER + strip + PAD, w: NODE.w + 2 * PAD, h });
      vswitch.nodes.forEach((node, i) => at.set(node.name, { x: sx + PAD, y: top + HEADER + strip + PAD + HEADER + i * (NODE.h + GAP), w: NODE.w, h: NODE.h }));
      sx += NODE.w + 2 * PAD + GAP;
      tallest = Math.max(tallest, h);
    }
    vpc.nodes.forEach((node, i) => at.set(node.name, { x: x + PAD + i * (NODE.w + GAP), y: top + HEADER, w: NODE.w, h: NODE.h }));
    const w = Math.max(sx - x - GAP + PAD, PAD + vpc.nodes.length * (NODE.w + GAP) - GAP + PAD, NODE.w + 2 * PAD);
    at.set(vpc.name ?? "vpc:existing", { x, y: top, w, h: HEADER + strip + PAD + tallest + PAD });
    x += w + GAP;
  }
  const boxes = [...at.values()];
  const width = Math.max(...boxes.map((b) => b.x + b.w), 320) + GAP;
  const height = Math.max(...boxes.map((b) => b.y + b.h), 120) + GAP + 40;
  return { at, width, height };
}

function box(b, { name, fill, title, subtitle, change, kind, container = false }) {
  const stroke = CHANGE_STROKE[change] ?? (container ? "#93a3c0" : "#7b8794");
  const group = svg(
    "g",
    { class: container ? "container" : "node", "data-resource": name, "data-kind": kind, "data-change": change },
    svg("rect", {
      x: b.x,
      y: b.y,
      width: b.w,
      height: b.h,
      rx: 6,
      fill,
      stroke,
      "stroke-width": change ? 2.5 : 1,
      "stroke-dasharray": kind === "source" ? "4 3" : undefined,
    }),
    text(b.x + 8, b.y + 17, title, { "font-weight": 600 }),
    subtitle ? text(b.x + 8, b.y + 33, subtitle.length > 24 ? `${subtitle.slice(0, 23)}…` : subtitle, { "font-size": 11, fill: "#4b5563" }) : undefined,
    change ? text(b.x + b.w - 8, b.y + 15, change === "added" ? "new" : "changed", { "text-anchor": "end", "font-size": 10, fill: stroke }) : undefined,
  );
  group.append(svg("title", {}, `${name ?? title}${subtitle ? ` — ${subtitle}` : ""}`));
  return group;
}

/** The point where the line from the centre of `a` towards `b` leaves `a`'s box. */
function border(a, b) {
  const [ax, ay, bx, by] = [a.x + a.w / 2, a.y + a.h / 2, b.x + b.w / 2, b.y + b.h / 2];
  const [dx, dy] = [bx - ax, by - ay];
  if (dx === 0 && dy === 0) return [ax, a.y + a.h];
  const scale = Math.min(Math.abs(a.w / 2 / (dx || 1e-9)), Math.abs(a.h / 2 / (dy || 1e-9)));
  return [ax + dx * scale, ay + dy * scale];
}

function edge(at, { from, to, label }, style, slot = 0) {
  const a = at.get(from);
  const b = at.get(to);
  if (!a || !b) return undefined;
  const [x1, y1] = border(a, b);
  const [x2, y2] = from === to ? [x1, y1 + 24] : border(b, a);
  // Edges between the same two boxes (two listeners to one server) put their labels at different points.
  const t = 0.5 + (slot % 2 === 0 ? 1 : -1) * Math.ceil(slot / 2) * 0.18;
  const [mx, my] = [x1 + (x2 - x1) * t, y1 + (y2 - y1) * t];
  const width = label.length * 6.2 + 8;
  return svg(
    "g",
    {},
    svg("line", { x1, y1, x2, y2, stroke: style.color, "stroke-width": 1.4, "stroke-dasharray": style.dash, "marker-end": "url(#arrow)" }),
    label ? svg("rect", { x: mx - width / 2, y: my - 8, width, height: 15, rx: 3, fill: "#ffffff", "fill-opacity": 0.9 }) : undefined,
    label ? text(mx, my + 4, label, { "text-anchor": "middle", "font-size": 10.5, fill: style.color }) : undefined,
  );
}

const EDGE_STYLES = {
  listener: { color: "#6d28d9" },
  attachment: { color: "#6d28d9", dash: "5 3" },
  association: { color: "#0e7490" },
  snat: { color: "#7c3aed", dash: "2 3" },
  ingress: { color: "#b45309" },
  rule: { color: "#b45309" },
  member: { color: "#9ca3af", dash: "3 3" },
  whitelist: { color: "#047857" },
};

/**
 * The SVG of `template`, with `changes` ({ added, changed, removed } resource names) marked.
 * Returns the <svg> element; `data-resources` on it counts the resources drawn.
 */
export function drawDiagram(template, changes = { added: [], changed: [], removed: [] }) {
  const model = templateModel(template);
  const { at, width, height } = layout(model);
  const changeOf = (name) => (changes.added.includes(name) ? "added" : changes.changed.includes(name) ? "changed" : undefined);
  const root = svg("svg", {
    xmlns: SVG,
    class: "diagram",
    width,
    height,
    viewBox: `0 0 ${width} ${height}`,
    role: "img",
    "aria-label": "Diagram of the template",
  });
  root.append(
    svg(
      "defs",
      {},
      svg(
        "marker",
        { id: "arrow", viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" },
        svg("path", { d: "M0,0 L10,5 L0,10 z", fill: "#6b7280" }),
      ),
    ),
    svg("rect", { x: 0, y: 0, width, height, fill: "#ffffff" }),
  );
  if (model.sources.length) root.append(text(GAP, GAP + 12, "Sources", { "font-weight": 600, fill: "#6b7280" }));
  for (const vpc of model.vpcs) {
    const key = vpc.name ?? "vpc:existing";
    root.append(
      box(at.get(key), {
        name: vpc.name,
        fill: COLORS.vpc,
        title: vpc.name ?? "VPC",
        subtitle: vpc.cidr,
        change: changeOf(vpc.name),
        kind: "vpc",
        container: true,
      }),
    );
    for (const s of vpc.vswitches) {
      root.append(
        box(at.get(s.name), {
          name: s.name,
          fill: COLORS.vswitch,
          title: s.name,
          subtitle: s.cidr,
          change: changeOf(s.name),
          kind: "vswitch",
          container: true,
        }),
      );
    }
  }
  const nodes = [...model.outside, ...model.vpcs.flatMap((v) => [...v.nodes, ...v.vswitches.flatMap((s) => s.nodes)])];
  for (const node of nodes) {
    root.append(
      box(at.get(node.name), {
        name: node.name,
        fill: COLORS[node.kind] ?? COLORS.other,
        title: node.name,
        subtitle: node.label,
        change: changeOf(node.name),
        kind: node.kind,
      }),
    );
  }
  for (const source of model.sources) root.append(box(at.get(source), { fill: COLORS.source, title: source.slice("source:".length), kind: "source" }));
  const slots = new Map();
  const slotOf = (e) => {
    const key = [e.from, e.to].sort().join("→");
    slots.set(key, (slots.get(key) ?? -1) + 1);
    return slots.get(key);
  };
  for (const rule of model.rules) {
    const drawn = edge(at, rule, EDGE_STYLES[rule.kind], slotOf(rule));
    if (!drawn) continue;
    drawn.setAttribute("class", `edge ${rule.kind}`);
    root.append(drawn);
  }
  for (const group of model.groups) {
    const g = svg("g", {
      class: `edge-group ${group.kind}`,
      "data-resource": group.resource,
      "data-kind": group.kind,
      "data-change": changeOf(group.resource),
    });
    g.append(svg("title", {}, `${group.resource} (${group.kind})`), ...group.edges.map((e) => edge(at, e, EDGE_STYLES[group.kind], slotOf(e))).filter(Boolean));
    root.append(g);
  }
  const legend = changes.removed.length ? `removed since the previous version: ${changes.removed.join(", ")}` : "";
  const lines = wrapLegend(legend);
  if (lines.length) {
    const total = height + (lines.length - 1) * 15;
    root.setAttribute("height", total);
    root.setAttribute("viewBox", `0 0 ${width} ${total}`);
    root.querySelector("rect").setAttribute("height", total);
    root.append(
      svg(
        "g",
        { class: "removed" },
        lines.map((line, i) => text(GAP, height - 14 + i * 15, line.trim(), { fill: "#b91c1c" })),
      ),
    );
  }
  root.setAttribute("data-resources", String(model.resources.length));
  return root;
}

function save(blob, filename) {
  const url = URL.createObjectURL(blob);
  const link = el("a", { href: url, download: filename, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The SVG as a standalone file's text. */
export function svgText(root) {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(root)}`;
}

export function exportSvg(root, filename = "diagram.svg") {
  save(new Blob([svgText(root)], { type: "image/svg+xml" }), filename);
}

/** The SVG drawn on a canvas at twice its size, saved as PNG. */
export async function exportPng(root, filename = "diagram.png") {
  const url = URL.createObjectURL(new Blob([svgText(root)], { type: "image/svg+xml" }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = el("canvas", { width: Number(root.getAttribute("width")) * 2, height: Number(root.getAttribute("height")) * 2 });
    const context = canvas.getContext("2d");
    context.scale(2, 2);
    context.drawImage(image, 0, 0);
    const blob = await new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
    save(blob, filename);
  } finally {
    URL.revokeObjectURL(url);
  }
}
