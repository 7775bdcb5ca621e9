/** The security group: the firewall of the ECS instances (SSH only from inside the VPC by default). Free of charge. */
import { phrase } from "../request-language";
import type { KindDefinition } from "./kind";
import { parseCidr } from "../cidr";
import type { RequestedValues } from "./values";

const RULES = "ALIYUN::ECS::SecurityGroup";

/** Source ranges: a CIDR after "from", "source", "allow", "来自", "仅允许"… belongs to a rule, not the address plan. */
const SOURCE_CIDR =
  /(?:from|source|allow(?:ed)?|only|restrict(?:ed)? to|(?:restrict(?:ed)?|limit(?:ed)?) (?:ssh|rdp|port \d{2,5}) to|来自|来源|仅允许|只允许|允许)\s{0,3}(?:the\s{1,3})?(?:[a-z-]{1,16}\s{1,3}){0,2}(?:网段\s{0,3})?(\d{1,3}(?:\.\d{1,3}){3}\/\d{1,2})/gi;

export interface SourceRanges {
  /** For the opened ports. */
  ports?: string;
  /** For SSH, when the request names a range for it ("SSH from 198.51.100.0/24"). */
  ssh?: string;
  /** "SSH only from …", "restrict SSH to …": the range replaces the default SSH rule instead of joining it. */
  sshOnly?: boolean;
  /** Every source range, to keep out of the address plan. */
  all: string[];
  /** Where each source range is written ([start, end) offsets), so only those occurrences leave the address plan. */
  spans: [number, number][];
}

/** Words before a source range that make it the only one allowed. */
const ONLY = /\bonly\b|\brestrict|\blimit|仅|只/i;

export function sourceRangesOf(text: string): SourceRanges {
  const ranges: SourceRanges = { all: [], spans: [] };
  for (const match of text.matchAll(SOURCE_CIDR)) {
    const cidr = match[1];
    if (!cidr || !parseCidr(cidr)) continue;
    ranges.all.push(cidr);
    const end = (match.index ?? 0) + match[0].length;
    ranges.spans.push([end - cidr.length, end]);
    const before = text.slice(Math.max(0, (match.index ?? 0) - 16), end);
    if (/\bssh\b|\b22\b/i.test(before)) {
      if (ranges.ssh === undefined && ONLY.test(text.slice(Math.max(0, (match.index ?? 0) - 24), end))) ranges.sshOnly = true;
      ranges.ssh ??= cidr;
    } else ranges.ports ??= cidr;
  }
  return ranges;
}

const CIDR_TEXT = /\d{1,3}(?:\.\d{1,3}){3}\/\d{1,2}/g;
const PORT_NUMBER = /\b\d{2,5}\b/g;

/** The port numbers a request names outside its CIDR blocks: the ports a source range is for. */
export function portsNamedIn(text: string): Set<number> {
  return new Set((text.replace(CIDR_TEXT, " ").match(PORT_NUMBER) ?? []).map(Number));
}

/**
 * Whether an opened port's rule takes the request's source range: a rule open to all does when the
 * request names no port, or names this one; a rule limited to the VPC (a sensitive port) only when
 * the request names its port; SSH keeps its own range. Shared by the ROS values step
 * (apply-values.ts) and the Terraform builder (terraform-build/network.ts).
 */
export function takesSourceRange(port: number, openToAll: boolean, vpcOnly: boolean, named: ReadonlySet<number>): boolean {
  if (openToAll) return named.size === 0 || named.has(port);
  return port !== 22 && named.has(port) && vpcOnly;
}

/** The rules' source ranges: for the opened ports, for SSH, and whether SSH is allowed only from its range. */
function readSecurityGroupValues(text: string, into: RequestedValues): void {
  const sources = sourceRangesOf(text);
  if (sources.ports) into.sourceCidr = sources.ports;
  if (sources.ssh) into.sshCidr = sources.ssh;
  if (sources.sshOnly) into.sshOnly = true;
}

export const securityGroup: KindDefinition = {
  kind: "securityGroup",
  label: phrase("security group", "安全组"),
  catalogueName: phrase("security groups", "安全组"),
  rosType: RULES,
  rosParts: [],
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
  },
};
