/**
 * The README's lists of resource kinds, rendered from the registry (src/iac/kinds): the table of
 * kinds with their types, billing, dependencies and the values each accepts, the inline list of
 * kinds in the skills table, and the size of the offline property catalogue. Each sits between
 * `<!-- registry:NAME -->` and `<!-- /registry:NAME -->` in docs/offline-engine.md; test/node/readme-kinds.test.ts
 * fails when one differs from its rendering, and `npm run -s docs:kinds` rewrites them.
 *
 * Why generated: adding a kind touches its own file and its tests; a hand-kept table would be the
 * one place that silently goes stale.
 */
import { ROS_PROPERTY_CATALOGUE } from "../../../src/iac/template/data/ros-property-catalogue.ts";
import { KINDS, type KindDefinition, type KindValue, kindCatalogue, RESOURCE_KINDS } from "../../../src/iac/kinds/index.ts";

const NONE = "—";

function code(text: string): string {
  return `\`${text}\``;
}

function cell(text: string): string {
  return text.replaceAll("|", "\\|");
}

/** "opened port: `SecurityGroupIngress[].PortRange`; Terraform `alicloud_security_group_rule.port_range`". */
function valueLine(definition: KindDefinition, value: KindValue): string {
  const type = value.rosType === definition.rosType ? "" : `${code(value.rosType)} `;
  const parameter = value.rosParameter ? ` (parameter ${code(value.rosParameter)})` : "";
  const terraform =
    value.terraformType && value.terraformArgument ? `Terraform ${code(`${value.terraformType}.${value.terraformArgument}`)}` : "not in Terraform";
  return `${value.label.en}: ${type}${code(value.rosProperty)}${parameter}; ${terraform}`;
}

function kindRow(definition: KindDefinition): string {
  const list = (items: readonly string[]) => (items.length > 0 ? items.join(", ") : NONE);
  const columns = [
    code(definition.kind),
    `${definition.label.en} / ${definition.label.zh}`,
    list([definition.rosType, ...definition.rosParts].map(code)),
    list([definition.terraformType, ...definition.terraformParts].map(code)),
    definition.billable ? "yes" : "no",
    list(definition.needs.map(code)),
    list(definition.takesAlong.map(code)),
    String(definition.maxCount),
    definition.values.length > 0 ? definition.values.map((value) => valueLine(definition, value)).join("<br>") : NONE,
  ];
  return `| ${columns.map(cell).join(" | ")} |`;
}

export function renderKindsTable(): string {
  return [
    "| kind | label (English / 中文) | ROS types | Terraform types | billed | needs | removing it also removes | at most | values a request may state: ROS property; Terraform argument |",
    "|---|---|---|---|---|---|---|---|---|",
    ...RESOURCE_KINDS.map((kind) => kindRow(KINDS[kind])),
  ].join("\n");
}

/** Every generated region of the README, by name, with its rendering. */
export const README_REGIONS: Readonly<Record<string, () => string>> = {
  "kinds-table": renderKindsTable,
  "kinds-list": () => kindCatalogue("en"),
  "catalogue-types": () => String(Object.keys(ROS_PROPERTY_CATALOGUE).length),
};

export interface RegionDifference {
  name: string;
  /** The region's current text, or undefined when its markers are missing. */
  actual?: string;
  expected: string;
}

function markers(name: string): [string, string] {
  return [`<!-- registry:${name} -->`, `<!-- /registry:${name} -->`];
}

/** The region's text between its markers; block regions (the table) keep their own lines. */
function regionSpan(readme: string, name: string): { start: number; end: number; block: boolean } | undefined {
  const [open, close] = markers(name);
  const at = readme.indexOf(open);
  const end = at < 0 ? -1 : readme.indexOf(close, at + open.length);
  if (at < 0 || end < 0) return undefined;
  const start = at + open.length;
  return { start, end, block: readme[start] === "\n" };
}

/** The regions whose text is not their rendering (or whose markers are missing). */
export function readmeDifferences(readme: string): RegionDifference[] {
  return Object.entries(README_REGIONS).flatMap(([name, render]) => {
    const expected = render();
    const span = regionSpan(readme, name);
    if (!span) return [{ name, expected }];
    const actual = readme.slice(span.start, span.end);
    const wanted = span.block ? `\n${expected}\n` : expected;
    return actual === wanted ? [] : [{ name, actual: actual.trim(), expected }];
  });
}

/** The README with every region replaced by its rendering; a region without markers is left to add by hand. */
export function renderReadme(readme: string): string {
  let text = readme;
  for (const [name, render] of Object.entries(README_REGIONS)) {
    const span = regionSpan(text, name);
    if (!span) continue;
    const body = span.block ? `\n${render()}\n` : render();
    text = text.slice(0, span.start) + body + text.slice(span.end);
  }
  return text;
}

/** A line diff (longest common subsequence; the regions are tens of lines): "- " lines to drop, "+ " lines to add. */
export function lineDiff(actual: string, expected: string): string {
  const a = actual.split("\n");
  const b = expected.split("\n");
  const common: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i -= 1)
    for (let j = b.length - 1; j >= 0; j -= 1) common[i]![j] = a[i] === b[j] ? common[i + 1]![j + 1]! + 1 : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      i += 1;
      j += 1;
    } else if (i < a.length && (j === b.length || common[i + 1]![j]! >= common[i]![j + 1]!)) out.push(`- ${a[i++]}`);
    else out.push(`+ ${b[j++]}`);
  }
  return out.join("\n");
}
