/**
 * Issue 19 item 4 ("edits that mean what users mean", for Terraform) through the real Worker,
 * Durable Objects and R2 workspace: a Terraform conversation keeps the configuration's ROS form
 * (its twin) as its current template, each follow-up edits the twin with the ROS editor and
 * `main.tf` is rendered from the edited twin and written back in place. Asserted on `main.tf` as
 * the workspace holds it, on the twin the reply carries, and on the request check in the reply.
 */
import { describe, expect, it } from "vitest";
import { BASE, fileArtifacts, send, userMessage, worker } from "../helpers/rpc";

const HAN = /[\u4e00-\u9fff]/;

interface Turn {
  reply: string;
  /** `main.tf` as the workspace holds it after the turn (without a workspace: the turn's artifact). */
  file: string;
  /** The ROS form the reply carries under the template marker. */
  twin: string;
}

async function workspaceFile(path: string): Promise<{ status: number; text: string }> {
  const res = await worker().fetch(`${BASE}/iac-code/workspace${path}`);
  return { status: res.status, text: await res.text() };
}

/** The turn's last file artifact, downloaded. */
async function lastArtifact(task: Parameters<typeof fileArtifacts>[0]): Promise<string> {
  const part = fileArtifacts(task).at(-1)?.parts[0] as { url?: string } | undefined;
  if (!part?.url) return "";
  const res = await worker().fetch(part.url);
  expect(res.status).toBe(200);
  return res.text();
}

/** One conversation in one context and workspace (or none). */
function conversation(cwd?: string) {
  let contextId: string | undefined;
  return {
    async say(text: string): Promise<Turn> {
      const { task } = await send(userMessage(text, { ...(contextId ? { contextId } : {}), ...(cwd ? { metadata: { iac_code: { cwd } } } : {}) }));
      if (!task) throw new Error("no task");
      contextId = task.contextId;
      expect(task.status.state).toBe("TASK_STATE_INPUT_REQUIRED");
      const reply = task.status.message?.parts[0]?.text ?? "";
      expect(HAN.test(reply.slice(0, 60)), reply.slice(0, 120)).toBe(HAN.test(text));
      const twin = /(?:ROS form of `main\.tf`|`main\.tf` ?的 ROS 形式)[^\n]*\n```yaml\n([\s\S]*?)```/.exec(reply)?.[1] ?? "";
      if (!cwd) return { reply, file: await lastArtifact(task), twin };
      const file = await workspaceFile(`${cwd}/main.tf`);
      expect(file.status).toBe(200);
      return { reply, file: file.text, twin };
    },
  };
}

/** The body of `resource "type" "name" { … }` in a configuration, or undefined. */
function block(file: string, type: string, name: string): string | undefined {
  const at = file.indexOf(`resource "${type}" "${name}" {`);
  return at < 0 ? undefined : file.slice(at, file.indexOf("\n}\n", at) + 2);
}

const resourcesOf = (file: string, type: string) => [...file.matchAll(new RegExp(`^resource "${type}" "([\\w-]+)"`, "gm"))].map((match) => match[1]);

/** The lines of `after` not in `before` and the lines of `before` not in `after` (as multisets). */
function lineDiff(before: string, after: string): { added: string[]; removed: string[] } {
  const count = (lines: string[]) => lines.reduce((map, line) => map.set(line, (map.get(line) ?? 0) + 1), new Map<string, number>());
  const [was, now] = [count(before.split("\n")), count(after.split("\n"))];
  const extra = (a: Map<string, number>, b: Map<string, number>) =>
    [...a].flatMap(([line, n]) => Array(Math.max(0, n - (b.get(line) ?? 0))).fill(line) as string[]);
  return { added: extra(now, was), removed: extra(was, now) };
}

const FIRST =
  "Terraform: a VPC 10.20.0.0/16 with two ECS instances (ecs.g7.large) and a security group allowing 443 from 0.0.0.0/0 and 22 only from 10.20.0.0/16";

// A conversation is several turns through the Durable Object: more than the default 5 s on a busy machine.
describe("issue 19 item 4: Terraform follow-ups edit the configuration through its ROS form", { timeout: 60_000 }, () => {
  it("EN: VPC + 2 ECS → change 443 to 8443 (nothing else moves) → add a Redis 6.0 (everything else kept) → 3 ECS → SSH only from 203.0.113.0/24", async () => {
    const chat = conversation("/workspace/tf1");
    const first = await chat.say(FIRST);
    expect(first.reply).toContain("Generated a Terraform configuration");
    expect(first.reply).toMatch(/\*\*Request check:\*\* all \d+ values you gave are in the template/);
    expect(first.twin).toContain("ALIYUN::ECS::VPC");
    expect(block(first.file, "alicloud_security_group_rule", "port_443")).toContain('cidr_ip           = "0.0.0.0/0"');
    expect(block(first.file, "alicloud_security_group_rule", "ssh_from_vpc")).toContain('cidr_ip           = "10.20.0.0/16"');
    expect(resourcesOf(first.file, "alicloud_instance")).toEqual(["ecs_1", "ecs_2"]);

    // Step 2 of the reproduction: an edit, not "cannot help"; only the rule's port moves.
    const second = await chat.say("change 443 to 8443");
    expect(second.reply).toContain("Updated the Terraform configuration (`main.tf`) by editing its ROS form");
    expect(second.reply).toContain("port 443 changed to 8443");
    expect(second.reply).not.toContain("cannot help");
    expect(second.reply).toMatch(/^\*\*Request check:\*\* all 2 values you gave are in the template/); // 8443 there and 443 gone (issue 27 item 1: the old port is a value too)
    expect(block(second.file, "alicloud_security_group_rule", "port_8443")).toContain('port_range        = "8443/8443"');
    expect(second.file).not.toContain('"443/443"');
    const diff = lineDiff(first.file, second.file);
    expect(diff.removed.sort()).toEqual(['  port_range        = "443/443"', 'resource "alicloud_security_group_rule" "port_443" {'].sort());
    expect(diff.added.sort()).toEqual(['  port_range        = "8443/8443"', 'resource "alicloud_security_group_rule" "port_8443" {'].sort());
    expect(second.twin).toContain("PortRange: 8443/8443");

    // Step 3: Redis joins the Terraform configuration; nothing of it is dropped.
    const third = await chat.say("add a Redis 6.0 instance");
    expect(third.reply).not.toContain("There is no earlier template");
    expect(third.reply).toContain("`main.tf`: added `alicloud_kvstore_instance.redis_1`");
    expect(block(third.file, "alicloud_kvstore_instance", "redis_1")).toContain('engine_version   = "6.0"');
    expect(lineDiff(second.file, third.file).removed).toEqual([]);
    expect(third.file).toContain('cidr_block = "10.20.0.0/16"');
    expect(third.file).toContain('instance_type              = "ecs.g7.large"');
    expect(block(third.file, "alicloud_security_group_rule", "port_8443")).toBeDefined();

    const fourth = await chat.say("make it 3 ECS instances");
    expect(resourcesOf(fourth.file, "alicloud_instance")).toEqual(["ecs_1", "ecs_2", "ecs_3"]);
    expect(block(fourth.file, "alicloud_instance", "ecs_3")).toContain('instance_type              = "ecs.g7.large"');
    expect(resourcesOf(fourth.file, "alicloud_kvstore_instance")).toEqual(["redis_1"]);
    expect(fourth.reply).toMatch(/^\*\*Request check:\*\* all 2 values you gave are in the template/); // the count and the product

    const fifth = await chat.say("SSH only from 203.0.113.0/24");
    expect(block(fifth.file, "alicloud_security_group_rule", "ssh_from_range")).toContain('cidr_ip           = "203.0.113.0/24"');
    expect(block(fifth.file, "alicloud_security_group_rule", "ssh_from_vpc")).toBeUndefined();
    expect(fifth.file.match(/"22\/22"/g)).toHaveLength(1);
    expect(block(fifth.file, "alicloud_security_group_rule", "port_8443")).toContain('cidr_ip           = "0.0.0.0/0"');
    expect(fifth.reply).toMatch(/^\*\*Request check:\*\* all 2 values you gave are in the template/); // the range and SSH, placed on the port-22 rule
  });

  it("EN: ECS behind a NAT gateway → remove the NAT gateway: its EIP, association and SNAT entries go from main.tf", async () => {
    const chat = conversation("/workspace/tf2");
    const first = await chat.say("Terraform: a VPC with two vSwitches, 2 ECS instances and a NAT gateway with an EIP for outbound access, in Shanghai");
    expect(resourcesOf(first.file, "alicloud_nat_gateway")).toEqual(["main"]);
    expect(resourcesOf(first.file, "alicloud_snat_entry")).toHaveLength(2);
    expect(resourcesOf(first.file, "alicloud_eip_address")).toHaveLength(1);
    const second = await chat.say("remove the NAT gateway");
    for (const type of ["alicloud_nat_gateway", "alicloud_snat_entry", "alicloud_eip_address", "alicloud_eip_association"])
      expect(resourcesOf(second.file, type), type).toEqual([]);
    expect(resourcesOf(second.file, "alicloud_instance")).toEqual(["ecs_1", "ecs_2"]);
    expect(resourcesOf(second.file, "alicloud_vswitch")).toEqual(["vsw_1", "vsw_2"]);
    expect(second.file).toContain('default     = "cn-shanghai"');
    expect(second.reply).toContain("`main.tf`: removed");
    expect(second.twin).not.toContain("ALIYUN::VPC::NatGateway");
  });

  it("ZH: Terraform 配置 → 把443改成8443 → 加一个 Redis；回复和核对都是中文", async () => {
    const chat = conversation("/workspace/tf3");
    const first = await chat.say("用Terraform写：VPC 10.30.0.0/16，两台ECS，安全组开放443端口");
    expect(block(first.file, "alicloud_security_group_rule", "port_443")).toBeDefined();
    const second = await chat.say("把443改成8443");
    expect(second.reply).toContain("已通过修改其 ROS 形式更新 Terraform 配置");
    expect(second.reply).toContain("端口 443 改为 8443");
    expect(second.reply).toMatch(/^\*\*请求核对：\*\* 你给出的 2 个值都已在模板中/); // 8443 与已去掉的 443
    expect(block(second.file, "alicloud_security_group_rule", "port_8443")).toContain('"8443/8443"');
    expect(lineDiff(first.file, second.file).added).toHaveLength(2);
    const third = await chat.say("加一个 Redis");
    expect(resourcesOf(third.file, "alicloud_kvstore_instance")).toEqual(["redis_1"]);
    expect(resourcesOf(third.file, "alicloud_instance")).toEqual(["ecs_1", "ecs_2"]);
    expect(third.file).toContain('cidr_block = "10.30.0.0/16"');
    expect(third.file).toContain('"8443/8443"');
    expect(third.twin).toContain("ALIYUN::REDIS::Instance");
    const fourth = await chat.say("系统盘改成100G");
    for (const name of ["ecs_1", "ecs_2"]) expect(block(fourth.file, "alicloud_instance", name)).toContain("system_disk_size           = 100");
    expect(lineDiff(third.file, fourth.file).removed).toEqual(Array(2).fill("  system_disk_size           = 40"));
  });

  it("EN, no workspace: the configuration comes back as each turn's artifact, and a follow-up edits it", async () => {
    const chat = conversation();
    const first = await chat.say("Terraform: two ECS instances behind an SLB, port 80");
    expect(first.reply).toContain("ROS form of `main.tf`");
    expect(resourcesOf(first.file, "alicloud_slb_listener")).toEqual(["slb_1_80"]);
    const second = await chat.say("change port 80 to 8080");
    expect(resourcesOf(second.file, "alicloud_slb_listener")).toEqual(["slb_1_8080"]);
    expect(block(second.file, "alicloud_slb_listener", "slb_1_8080")).toContain("backend_port     = 8080");
    expect(resourcesOf(second.file, "alicloud_instance")).toEqual(["ecs_1", "ecs_2"]);
  });

  it("a main.tf changed in the workspace after this conversation wrote it is not overwritten", async () => {
    const chat = conversation("/workspace/tf4");
    const first = await chat.say("Terraform: a VPC with one ECS instance opening port 80");
    const mine = `${first.file}\n# my own change\n`;
    const res = await worker().fetch(`${BASE}/iac-code/workspace/workspace/tf4/main.tf`, { method: "PUT", body: mine });
    expect(res.status).toBeLessThan(300);
    const second = await chat.say("change 80 to 8080");
    expect(second.reply).toContain("no longer holds the configuration this conversation wrote");
    expect(second.file).toBe(mine);
  });

  it("review it: a Terraform conversation's review is of its ROS form, and says so", async () => {
    const chat = conversation("/workspace/tf5");
    await chat.say("Terraform: a VPC with one ECS instance opening port 80");
    const review = await chat.say("review it");
    expect(review.reply).toMatch(/^Reviewed the ROS form of `main\.tf`/);
  });
});
