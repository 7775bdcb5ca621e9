// The request check as a table (issue 28 item 1): each value the request stated, what kind of value
// it is, where it landed (`Resource.Property`) and whether the check confirmed it — ✓, not
// confirmed, still present (asked to remove) or broader than asked — then the billable resources
// nobody asked for. The check arrives as `metadata.iac_code.requestCheck` of the turn's final status
// (or the last event that carries it): `applied`, `notExpressed`, `unrequested`, and any further
// class of values the server adds (a "broader" one), each read the same way.
import { el } from "./dom.js";

/** The requestCheck of a turn: its final status message's metadata first, then the final status event's, then the last event's that has one. */
export function requestCheckOf(events) {
  const final = [...events].reverse().find((e) => e.statusUpdate && !/WORKING|SUBMITTED/.test(e.statusUpdate.status?.state ?? ""));
  const candidates = [
    final?.statusUpdate?.status?.message?.metadata?.iac_code?.requestCheck,
    final?.statusUpdate?.metadata?.iac_code?.requestCheck,
    ...[...events].reverse().flatMap((e) => {
      const update = e.statusUpdate ?? e.task;
      return [update?.status?.message?.metadata?.iac_code?.requestCheck, update?.metadata?.iac_code?.requestCheck];
    }),
  ];
  return candidates.find((c) => c && typeof c === "object");
}

const KNOWN = new Set(["applied", "notExpressed", "unrequested"]);

function statusOf(group, value) {
  if (group === "applied") return ["ok", "✓"];
  if (/broad/i.test(group) || /broad/i.test(value.reason ?? "")) return ["broader", "broader than asked"];
  if (value.reason === "still-present") return ["miss", "still present (asked to remove)"];
  return ["miss", "not confirmed"];
}

/** Every stated value of the check, with its class: applied, not expressed, and any other list of values. */
export function checkRows(check) {
  const groups = Object.entries(check ?? {}).filter(([name, list]) => name !== "unrequested" && Array.isArray(list));
  groups.sort(([a], [b]) => Number(KNOWN.has(b)) - Number(KNOWN.has(a)));
  return groups.flatMap(([group, list]) =>
    list
      .filter((v) => v && typeof v === "object")
      .map((value) => {
        const [cls, status] = statusOf(group, value);
        return { value: String(value.text ?? ""), kind: [value.kind, value.target].filter(Boolean).join(", "), where: value.where ?? "", cls, status };
      }),
  );
}

/** The table; a line that says so when the turn carried no check (a review, a greeting). */
export function renderCheckTable(check) {
  if (!check) return el("p", { class: "muted" }, "This turn carries no request check (it wrote no template, or the request states no value).");
  const rows = checkRows(check);
  const ok = rows.filter((r) => r.cls === "ok").length;
  const head = el(
    "p",
    { class: "check-summary" },
    rows.length === 0 ? "The request states no explicit value." : `${ok} of ${rows.length} stated values confirmed in the template.`,
  );
  const table = el(
    "table",
    { class: "check-table" },
    el("thead", {}, el("tr", {}, el("th", {}, "value"), el("th", {}, "kind"), el("th", {}, "where it landed"), el("th", {}, "check"))),
    el(
      "tbody",
      {},
      rows.map((r) =>
        el(
          "tr",
          { class: r.cls },
          el("td", {}, el("code", {}, r.value)),
          el("td", {}, r.kind),
          el("td", {}, r.where ? el("code", {}, r.where) : "—"),
          el("td", { class: "verdict" }, r.status),
        ),
      ),
    ),
  );
  const unrequested = (check.unrequested ?? []).filter((u) => u && typeof u === "object");
  const extra = unrequested.length
    ? [
        el("p", { class: "check-unrequested" }, "Billable resources you did not ask for:"),
        el(
          "ul",
          {},
          unrequested.map((u) => el("li", {}, el("code", {}, `${u.resource}: ${u.type}`))),
        ),
      ]
    : [];
  return el("div", { class: "check" }, head, rows.length ? table : undefined, extra);
}
