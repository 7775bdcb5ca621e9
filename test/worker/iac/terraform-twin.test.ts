/**
 * Issue 19 item 4 (Terraform edits that mean what users mean) over item 6's request suite: every
 * Terraform configuration is rendered from its ROS twin, so the twin is the conversation's memory.
 * The properties, for every suite case that asks for Terraform and for ROS cases flipped to
 * Terraform:
 * - `main.tf` is exactly what the twin renders to (one path for the first turn and every edit);
 * - every value the request check finds in the twin it finds in `main.tf` too, but for the values
 *   the offline Terraform builder cannot write (an existing resource's id, a named zone, the backup
 *   retention, a data disk), and those the check lists as not expressed, so the reply names them;
 * - no stated value is silently dropped: each is in `main.tf` or listed as not expressed, and the
 *   values the suite says the template must carry are in `main.tf`;
 * - over the suite's conversations flipped to Terraform, each edit of the twin renders a
 *   configuration that passes the self-check and carries what the edited twin carries.
 */
import { describe, expect, it } from "vitest";
import { type CheckedValue, checkRequest, editTemplate, generateTemplate, terraformOfTwin, toRosYaml } from "../../../src/iac";
import { checkTerraform } from "../../../src/iac/terraform/terraform-check";
import { ALL_CASES, CONVERSATIONS, type SuiteCase } from "./request-suite-cases";

/** What the offline Terraform builder cannot write: the reply names these under "Not expressed". */
function cannotExpress(value: CheckedValue): boolean {
  if (value.kind === "resource-id" || value.kind === "zone" || value.kind === "days") return true;
  if (value.kind === "size") return value.target === "data-disk" || value.target === "data disk";
  // "两个可用区": the zones are looked up with a data source, not named.
  return value.kind === "count" && /zone|可用区/i.test(value.text);
}

const key = (value: CheckedValue) => `${value.kind}:${value.text}`;

/** Asserts the properties for one Terraform request; `values` are the suite's `kind:fragment` values of its turn. */
function assertTwinProperties(label: string, ask: string, values: readonly string[], inTemplate: readonly string[]): void {
  const generated = generateTemplate({ text: ask });
  expect(generated.format, label).toBe("terraform");
  const twin = generated.template;
  if (!twin) throw new Error(`${label}: no twin`);
  expect(generated.content, `${label}: main.tf is rendered from the twin`).toBe(terraformOfTwin(twin).text);
  const inFile = checkRequest({ request: ask, template: generated.content });
  const inTwin = checkRequest({ request: ask, template: toRosYaml(twin) });
  if (!inFile || !inTwin) throw new Error(`${label}: no check`);
  const applied = new Set(inFile.applied.map(key));
  const missed = new Set(inFile.notExpressed.map(key));
  const twinOnly = inTwin.applied.filter((value) => !applied.has(key(value)));
  for (const value of twinOnly) {
    expect(cannotExpress(value), `${label}: ${key(value)} is in the twin but not in main.tf`).toBe(true);
    expect(missed.has(key(value)), `${label}: ${key(value)} is listed as not expressed`).toBe(true);
  }
  // The generator says so too, not only the check.
  if (twinOnly.length > 0) expect(generated.summary, label).toMatch(/Not expressed in the Terraform configuration|未写入 Terraform 配置/);
  const found = (expected: string, among: readonly CheckedValue[]) => {
    const [kind, ...rest] = expected.split(":");
    const fragment = rest.join(":").toLowerCase();
    return among.some((value) => value.kind === kind && value.text.toLowerCase().includes(fragment));
  };
  for (const expected of values) expect(found(expected, [...inFile.applied, ...inFile.notExpressed]), `${label}: ${expected} silently dropped`).toBe(true);
  for (const expected of inTemplate) expect(found(expected, inFile.applied), `${label}: ${expected} in main.tf`).toBe(true);
}

const firstTurn = (suiteCase: SuiteCase) => suiteCase.turns[0];
const asksTerraform = (suiteCase: SuiteCase) => {
  const turn = firstTurn(suiteCase);
  return turn !== undefined && (turn.skill ?? "generation") === "generation" && generateTemplate({ text: turn.ask }).format === "terraform";
};

/** ROS cases with values of every sort the builders write: ports, sources, mappings, sizes, versions, whitelists, buckets. */
const FLIPPED = [
  "db next to its vpc range",
  "listener to backend",
  "servers with disks and ssh source",
  "a source per port",
  "每个端口各自的来源",
  "web tier",
  "bastion",
  "redis whitelist",
  "rds class and two whitelists",
  "port range",
  // Values Terraform cannot write: an existing VPC and vSwitch, a backup retention.
  "redis in existing network",
  "backup retention kept",
];

describe("issue 19 item 4: a Terraform configuration carries what its ROS twin carries (issue 19 item 6's suite)", () => {
  const terraformCases = ALL_CASES.filter(asksTerraform);

  it("the suite has Terraform requests to prove it on", () => {
    expect(terraformCases.length).toBeGreaterThanOrEqual(6);
  });

  for (const suiteCase of terraformCases) {
    it(`Terraform: ${suiteCase.name}`, () => {
      const turn = firstTurn(suiteCase);
      if (!turn) throw new Error("no turn");
      assertTwinProperties(suiteCase.name, turn.ask, turn.values ?? [], turn.inTemplate ?? []);
    });
  }

  for (const name of FLIPPED) {
    it(`ROS flipped to Terraform: ${name}`, () => {
      const turn = ALL_CASES.find((suiteCase) => suiteCase.name === name)?.turns[0];
      if (!turn) throw new Error(`no suite case ${name}`);
      const ask = /[\u4e00-\u9fff]/.test(turn.ask) ? `用Terraform写：${turn.ask}` : `Terraform: ${turn.ask}`;
      assertTwinProperties(`${name} (Terraform)`, ask, turn.values ?? [], turn.inTemplate ?? []);
      // What the ROS template of the same request carries, main.tf carries too (but what Terraform cannot write).
      const ros = checkRequest({ request: turn.ask, template: generateTemplate({ text: turn.ask }).content });
      const file = checkRequest({ request: ask, template: generateTemplate({ text: ask }).content });
      const inFile = new Set((file?.applied ?? []).map(key));
      const lost = (ros?.applied ?? []).filter((value) => !inFile.has(key(value)) && !cannotExpress(value)).map(key);
      expect(lost, `${name}: in the ROS template, not in main.tf`).toEqual([]);
    });
  }

  it("a twin moved into an existing VPC (whose range nothing used) renders a VPC around its vSwitches, not the engine's default", () => {
    let twin = generateTemplate({ text: "Terraform: VPC 10.0.0.0/16, 2 ECS behind an SLB, open 80" }).template ?? {};
    for (const ask of ["close port 22", "put it in vpc-bp1qpo0kug3a2abcdefg"]) twin = editTemplate(twin, ask).template;
    const file = terraformOfTwin(twin).text;
    expect(file).toContain('cidr_block = "10.0.0.0/16"');
    expect(file).toContain('cidr_block   = "10.0.1.0/24"');
  });

  for (const conversation of CONVERSATIONS) {
    it(`conversation flipped to Terraform: ${conversation.name}`, () => {
      const [first, ...edits] = conversation.turns;
      if (!first) throw new Error("no turn");
      const zh = /[\u4e00-\u9fff]/.test(first.ask);
      const ask = /terraform/i.test(first.ask) ? first.ask : zh ? `用Terraform写：${first.ask}` : `Terraform: ${first.ask}`;
      let twin = generateTemplate({ text: ask }).template;
      if (!twin) throw new Error(`${conversation.name}: no twin`);
      for (const turn of edits) {
        twin = editTemplate(twin, turn.ask).template;
        const file = terraformOfTwin(twin).text;
        expect(checkTerraform(file), `${conversation.name} | ${turn.ask}`).toEqual([]);
        const inFile = new Set((checkRequest({ request: turn.ask, template: file })?.applied ?? []).map(key));
        const inTwin = checkRequest({ request: turn.ask, template: toRosYaml(twin) })?.applied ?? [];
        const lost = inTwin.filter((value) => !inFile.has(key(value)) && !cannotExpress(value)).map(key);
        expect(lost, `${conversation.name} | ${turn.ask}: in the edited twin, not in main.tf`).toEqual([]);
      }
    });
  }
});
