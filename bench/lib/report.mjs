/** Formatting: aligned markdown tables (readable on stdout and in the README). */

export function table(headers, rows, align) {
  const cells = [headers, ...rows].map((r) => r.map((c) => String(c)));
  const widths = headers.map((_, i) => Math.max(3, ...cells.map((r) => r[i].length)));
  const pad = (text, i) => (align?.[i] === "r" ? text.padStart(widths[i]) : text.padEnd(widths[i]));
  const line = (r) => `| ${r.map(pad).join(" | ")} |`;
  const rule = `|${widths.map((w, i) => (align?.[i] === "r" ? `${"-".repeat(w + 1)}:` : "-".repeat(w + 2))).join("|")}|`;
  return [line(cells[0]), rule, ...cells.slice(1).map(line)].join("\n");
}

function digits(v) {
  const a = Math.abs(v);
  if (a >= 100) return 0;
  if (a >= 10) return 1;
  return 2;
}

export function num(v, d) {
  if (!Number.isFinite(v)) return "n/a";
  return v.toFixed(d ?? digits(v));
}

/** "median (min–max)" */
export function spread(s, d) {
  if (!s || !Number.isFinite(s.median)) return "n/a";
  const k = d ?? digits(s.median);
  return `${num(s.median, k)} (${num(s.min, k)}–${num(s.max, k)})`;
}

export function ratio(s) {
  if (!s || !Number.isFinite(s.median)) return "n/a";
  return `${num(s.median, 2)}× (${num(s.min, 2)}–${num(s.max, 2)})`;
}

export const mib = (kib) => (Number.isFinite(kib) ? `${(kib / 1024).toFixed(0)} MiB` : "n/a");

/** A byte count in B, KiB or MiB, whichever reads best. */
export function bytes(n) {
  if (!Number.isFinite(n)) return "n/a";
  if (Math.abs(n) < 1024) return `${n.toFixed(0)} B`;
  if (Math.abs(n) < 1024 * 1024) return `${num(n / 1024)} KiB`;
  return `${num(n / 1024 / 1024)} MiB`;
}
