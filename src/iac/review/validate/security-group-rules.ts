/**
 * Validator checks of the security group kind (kinds/security-group/): each ingress rule's protocol
 * and port range, and sensitive ports open to the world. Split out of template-validator.ts; the
 * codes are listed there.
 */
import type { Report } from "../../template/diagnostic";
import { SENSITIVE_PORTS } from "../../generate/resource-defaults";
import { exposureSeverity } from "../public-exposure";
import { isRecord } from "../../template/template-parser";
import { resourceProperties, resourceType, section } from "../../template/template-model";

const SECURITY_GROUP_PROTOCOLS: ReadonlySet<string> = new Set(["tcp", "udp", "icmp", "gre", "all", "icmpv6"]);

interface RuleLocation {
  rule: Record<string, unknown>;
  path: string;
}

function securityGroupRules(template: Record<string, unknown>): RuleLocation[] {
  const rules: RuleLocation[] = [];
  for (const [name, resource] of Object.entries(section(template, "Resources"))) {
    const type = resourceType(resource);
    const properties = resourceProperties(resource);
    const path = `Resources/${name}/Properties`;
    if (type === "ALIYUN::ECS::SecurityGroup") {
      for (const key of ["SecurityGroupIngress", "SecurityGroupEgress"]) {
        const list = properties[key];
        if (!Array.isArray(list)) continue;
        list.forEach((rule, index) => {
          if (isRecord(rule)) rules.push({ rule, path: `${path}/${key}/${index}` });
        });
      }
    }
    if (type === "ALIYUN::ECS::SecurityGroupIngress" || type === "ALIYUN::ECS::SecurityGroupEgress") {
      rules.push({ rule: properties, path });
    }
  }
  return rules;
}

/** `"22/22"` → [22, 22]; undefined when the text is not a valid range for the protocol. */
export function parsePortRange(value: unknown): [number, number] | undefined {
  if (typeof value !== "string") return undefined;
  const match = /^(-?\d+)\/(-?\d+)$/.exec(value.trim());
  if (!match) return undefined;
  const from = Number(match[1]);
  const to = Number(match[2]);
  if (from === -1 && to === -1) return [-1, -1];
  if (from < 1 || to > 65535 || from > to) return undefined;
  return [from, to];
}

export function checkSecurityGroupRules(template: Record<string, unknown>, report: Report): void {
  for (const { rule, path } of securityGroupRules(template)) {
    const protocol = rule.IpProtocol;
    if (typeof protocol === "string" && !SECURITY_GROUP_PROTOCOLS.has(protocol.toLowerCase())) {
      report({
        code: "ROS5502",
        severity: "error",
        path: `${path}/IpProtocol`,
        message: `IpProtocol "${protocol}" is not valid.`,
        fix: "Use tcp, udp, icmp, gre or all.",
      });
      continue;
    }
    const range = parsePortRange(rule.PortRange);
    const needsAnyPort = typeof protocol === "string" && ["icmp", "gre", "all"].includes(protocol.toLowerCase());
    if (typeof rule.PortRange === "string" && (!range || (needsAnyPort && range[0] !== -1))) {
      report({
        code: "ROS5502",
        severity: "error",
        path: `${path}/PortRange`,
        message: `PortRange "${rule.PortRange}" is not valid for protocol ${String(protocol)}.`,
        fix: needsAnyPort ? "Use -1/-1 for icmp, gre and all." : "Write it as start/end with 1 <= start <= end <= 65535, e.g. 80/80.",
      });
      continue;
    }
    const source = rule.SourceCidrIp;
    // ICMP and GRE carry no port: their -1/-1 exposes no service ("ICMP from anywhere" is a ping, not every port).
    const portless = typeof protocol === "string" && ["icmp", "gre"].includes(protocol.toLowerCase());
    if (!range || portless || (source !== "0.0.0.0/0" && source !== "::/0")) continue;
    const exposed = [...SENSITIVE_PORTS].filter((port) => range[0] === -1 || (port >= range[0] && port <= range[1]));
    if (exposed.length === 0) continue;
    const severity = exposureSeverity(range, exposed);
    report({
      code: "ROS5501",
      severity,
      path,
      message: `Security group rule opens ${range[0] === -1 || (range[0] <= 1 && range[1] >= 65535) ? "every port" : `port(s) ${exposed.join(", ")}`} to the whole Internet (${String(source)}).`,
      fix: "Restrict SourceCidrIp to the administrators' or application's address range.",
    });
  }
}
