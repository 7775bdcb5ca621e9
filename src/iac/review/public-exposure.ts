/**
 * What a platform engineer would block before production (issue 19 item 5): a security group rule
 * that opens SSH, RDP or every port to the whole Internet (ROS5501, an error; other database and
 * cache ports stay a warning), and a database or cache whitelist that admits 0.0.0.0/0 (ROS5503,
 * an error). The repair puts the range in a parameter with no default: only the deployer knows
 * the administrators' or the application's address range.
 */
import type { Diagnostic } from "../template/diagnostic";
import { resourceProperties, resourceType, section } from "../template/template-model";
import { isRecord } from "../template/template-parser";
import { replaceAt, valueAt } from "../template/template-path";

/** Ports whose world-open rule is an error: remote administration. */
export const ADMIN_PORTS: ReadonlySet<number> = new Set([22, 3389]);

/** The whitelist property of each database and cache type. */
const WHITELISTS: Readonly<Record<string, string>> = {
  "ALIYUN::RDS::DBInstance": "SecurityIPList",
  "ALIYUN::RDS::PrepayDBInstance": "SecurityIPList",
  "ALIYUN::POLARDB::DBCluster": "SecurityIPList",
  "ALIYUN::REDIS::Instance": "SecurityIps",
  "ALIYUN::KVSTORE::Instance": "SecurityIps",
  "ALIYUN::MONGODB::Instance": "SecurityIPArray",
};

const WORLD = new Set(["0.0.0.0/0", "0.0.0.0", "::/0", "%"]);

/** ROS5501's severity: an error when the rule opens SSH, RDP or every port to the Internet. */
export function exposureSeverity(range: readonly [number, number], exposed: readonly number[]): Diagnostic["severity"] {
  const allPorts = range[0] === -1 || (range[0] <= 1 && range[1] >= 65535);
  return allPorts || exposed.some((port) => ADMIN_PORTS.has(port)) ? "error" : "warning";
}

export function checkWhitelists(template: Record<string, unknown>, report: (diagnostic: Diagnostic) => void): void {
  for (const [name, resource] of Object.entries(section(template, "Resources"))) {
    const type = resourceType(resource) ?? "";
    const key = WHITELISTS[type];
    const value = key ? resourceProperties(resource)[key] : undefined;
    const entries = typeof value === "string" ? value.split(",") : Array.isArray(value) ? value.map(String) : [];
    if (!entries.some((entry) => WORLD.has(entry.trim()))) continue;
    report({
      code: "ROS5503",
      severity: "error",
      path: `Resources/${name}/Properties/${key}`,
      message: `The whitelist of ${name} (${type}) admits the whole Internet (0.0.0.0/0).`,
      fix: "Whitelist only the VPC or the application's address range (e.g. the vSwitch CIDR).",
    });
  }
}

function uniqueParameter(template: Record<string, unknown>, base: string): string {
  const parameters = section(template, "Parameters");
  let name = base;
  for (let n = 2; name in parameters; n += 1) name = `${base}${n}`;
  return name;
}

function restrictTo(template: Record<string, unknown>, segments: string[], base: string, label: string): string {
  const name = uniqueParameter(template, base);
  const parameters = isRecord(template.Parameters) ? template.Parameters : {};
  parameters[name] = { Type: "String", Label: label, Description: `${label}; it was 0.0.0.0/0 (the whole Internet).` };
  template.Parameters = parameters;
  replaceAt(template, segments, { Ref: name });
  return name;
}

/** ROS5501: the rule's source becomes a parameter the deployer fills in. */
export function restrictRuleSource(template: Record<string, unknown>, segments: string[]): string | undefined {
  const source = [...segments, "SourceCidrIp"];
  if (typeof valueAt(template, source) !== "string") return undefined;
  const name = restrictTo(template, source, "AllowedSourceCidr", "Address range allowed to reach this port");
  return `restricted the world-open rule at ${segments.join("/")} to parameter ${name}`;
}

/** ROS5503: the whitelist becomes a parameter the deployer fills in. */
export function restrictWhitelist(template: Record<string, unknown>, segments: string[]): string | undefined {
  if (valueAt(template, segments) === undefined) return undefined;
  const name = restrictTo(template, segments, `${segments[1] ?? "Db"}Whitelist`, "Address ranges allowed to connect (the VPC or the application's CIDR)");
  return `restricted the whitelist of ${segments[1] ?? ""} to parameter ${name}`;
}
