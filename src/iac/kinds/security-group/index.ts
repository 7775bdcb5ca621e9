/** The security group: the firewall of the ECS instances (SSH only from inside the VPC by default). Free of charge. */
import { phrase } from "../../read/request-language";
import { spec } from "../../template/data/ros-resource-type-spec";
import type { KindDefinition } from "../kind";
import { buildSecurityGroups as buildRos } from "./ros";
import { buildSecurityGroup as buildTerraform } from "./terraform";
import { clauseBefore, endsClause, type SourceRule, sourceRules } from "../../read/source-rules";
import type { RequestedValues } from "../values";

const RULES = "ALIYUN::ECS::SecurityGroup";

export interface SourceRanges {
  /** For the opened ports. */
  ports?: string;
  /** For SSH, when the request names a range for it ("SSH from 198.51.100.0/24"). */
  ssh?: string;
  /** Every range named for SSH, in order ("SSH only from 203.0.113.0/24 and 198.51.100.7"): the first is `ssh`. */
  sshAll: string[];
  /** "SSH only from …", "restrict SSH to …": the range replaces the default SSH rule instead of joining it. */
  sshOnly?: boolean;
  /** Every source range, to keep out of the address plan. */
  all: string[];
  /** Where each source range is written ([start, end) offsets), so only those occurrences leave the address plan (a subnet of the request's own servers stays in it). */
  spans: [number, number][];
  /** The ranges that are not SSH's, each with the ports of its clause (source-rules.ts). */
  rules: SourceRule[];
}

/** Words around a source range that make it the only one allowed. */
const ONLY = /\bonly\b|\brestrict|\blimit|仅|只|限制|限定/i;
const SSH_WORD = /\bssh\b/i;
/** How far after a range "only" still belongs to it: "port 22 from 198.51.100.7 only". */
const ONLY_AFTER_REACH = 8;

/** Source ranges (a CIDR or a single address after "from", "only", "whitelist", "只允许"…), each for the ports of its own clause. */
export function sourceRangesOf(text: string): SourceRanges {
  const ranges: SourceRanges = { all: [], spans: [], rules: [], sshAll: [] };
  // What the clause so far says, read once: a clause of many ranges is not read again for each.
  const clause = { readTo: 0, ssh: false, only: false };
  for (const rule of sourceRules(text)) {
    const [start, end] = rule.span;
    ranges.all.push(rule.cidr);
    // "from the web tier's subnet 10.0.1.0/24" names a vSwitch of the plan as well as the source.
    if (!rule.ownSubnet) ranges.spans.push(rule.span);
    const words = clauseBefore(text, start, Math.min(clause.readTo, start));
    const wordsStart = start - words.length;
    if (wordsStart === 0 || wordsStart > clause.readTo || endsClause(text, wordsStart - 1)) Object.assign(clause, { ssh: false, only: false });
    clause.ssh ||= SSH_WORD.test(words);
    clause.only ||= ONLY.test(words);
    clause.readTo = start;
    const ssh = clause.ssh || rule.ports.includes(22);
    if (ssh) {
      // "SSH from 10.1.0.0/16 and 10.2.0.0/16 only": "only" after any range of the list restricts SSH to the list.
      if ((ranges.ssh === undefined && clause.only) || ONLY.test(text.slice(end, end + ONLY_AFTER_REACH))) ranges.sshOnly = true;
      ranges.ssh ??= rule.cidr;
      if (!ranges.sshAll.includes(rule.cidr)) ranges.sshAll.push(rule.cidr);
    }
    const others = rule.ports.filter((port) => port !== 22);
    if (!ssh || others.length > 0 || (rule.ranges?.length ?? 0) > 0) {
      // A range for a database or a cache is its whitelist (apply-values.ts), not a source of the servers' ports.
      if (!rule.for) ranges.ports ??= rule.cidr;
      ranges.rules.push({ ...rule, ports: others });
    }
  }
  return ranges;
}

const SECURITY_GROUP_ID = /\b(sg-[a-z0-9]{8,})\b/gi;
/** "22 from bastion sg-…", "3306 only from sg-… (the app's group)", "22 from the bastion's security group sg-…": a port, then a group as its source. */
const FROM_GROUP =
  /(?<![\d.])(\d{2,5})\s{1,3}(only\s{1,3})?from\s{1,3}(?:the\s{1,3})?(?:[a-z]{1,12}(?:'s|’s)?\s{1,3}){0,2}(?:(?:security\s{1,3}group|sg)\s{1,3})?(sg-[a-z0-9]{8,})\b(\s{1,3}only\b)?/gi;

function sourceGroupRules(text: string): { port: number; groupId: string; only: boolean }[] {
  return [...text.matchAll(FROM_GROUP)].flatMap((match) => {
    const port = Number(match[1]);
    return port >= 1 && port <= 65535 ? [{ port, groupId: (match[3] ?? "").toLowerCase(), only: match[2] !== undefined || match[4] !== undefined }] : [];
  });
}

/** The rules' source ranges: for the opened ports, for SSH, and whether SSH is allowed only from its range. */
function readSecurityGroupValues(text: string, into: RequestedValues): void {
  const sources = sourceRangesOf(text);
  if (sources.ports) into.sourceCidr = sources.ports;
  if (sources.ssh) into.sshCidr = sources.ssh;
  if (sources.sshAll.length > 1) into.sshCidrs = sources.sshAll;
  if (sources.sshOnly) into.sshOnly = true;
  into.sourceRules = sources.rules;
  // "22 from bastion sg-…": a group named as a source is no group the rules go on.
  const groupSources = sourceGroupRules(text);
  if (groupSources.length > 0) into.sourceGroupRules = groupSources;
  const sourceIds = new Set(groupSources.map((rule) => rule.groupId));
  const securityGroupId = [...text.matchAll(SECURITY_GROUP_ID)].map((match) => match[1] ?? "").find((id) => !sourceIds.has(id));
  if (securityGroupId) {
    into.existingSecurityGroupId = securityGroupId;
    // A security group belongs to a VPC: naming one names its VPC too.
    into.existingVpc = true;
  }
}

export const securityGroup: KindDefinition = {
  kind: "securityGroup",
  label: phrase("security group", "安全组"),
  catalogueName: phrase("security groups", "安全组"),
  rosType: RULES,
  // Rules on a group the user already has (existing-group-rules.ts).
  rosParts: ["ALIYUN::ECS::SecurityGroupIngress"],
  terraformType: "alicloud_security_group",
  terraformParts: ["alicloud_security_group_rule"],
  nouns: /\bsecurity[- ]?groups?\b|\bfirewall(?: rules?)?\b|安全组/gi,
  billable: false,
  maxCount: 3,
  needs: ["vpc"],
  neededBecause: () =>
    phrase(
      "Security group: every ECS instance must belong to one (SSH only from inside the VPC).",
      "安全组：每台 ECS 必须属于一个安全组（SSH 仅允许 VPC 内访问）。",
    ),
  takesAlong: [],
  values: [
    {
      sort: "port",
      label: phrase("opened port", "开放端口"),
      rosType: RULES,
      rosProperty: "SecurityGroupIngress[].PortRange",
      terraformType: "alicloud_security_group_rule",
      terraformArgument: "port_range",
    },
    {
      sort: "sourceRange",
      label: phrase("source range", "来源网段"),
      rosType: RULES,
      rosProperty: "SecurityGroupIngress[].SourceCidrIp",
      terraformType: "alicloud_security_group_rule",
      terraformArgument: "cidr_ip",
    },
  ],
  readValues: readSecurityGroupValues,
  rosProperties: {
    "ALIYUN::ECS::SecurityGroup":
      "Description:s ResourceGroupId:s SecurityGroupEgress:l SecurityGroupIngress:l SecurityGroupName:s SecurityGroupType:s=normal|enterprise Tags:l VpcId:s DeletionForce:b",
    "ALIYUN::ECS::SecurityGroupIngress":
      "SecurityGroupId:s IpProtocol:s PortRange:s SourceCidrIp:s SourceGroupId:s SourceGroupOwnerId:s SourcePortRange:s NicType:s=internet|intranet Policy:s=accept|drop Priority:i Description:s DestCidrIp:s Ipv6SourceCidrIp:s SourcePrefixListId:s",
  },
  rosResourceTypes: {
    "ALIYUN::ECS::SecurityGroup": spec("SecurityGroupId SecurityGroupName"),
    "ALIYUN::ECS::SecurityGroupIngress": spec("", "IpProtocol PortRange SecurityGroupId"),
  },
  build: { ros: buildRos, terraform: buildTerraform },
};
