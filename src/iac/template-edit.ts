/**
 * Edits the context's current ROS template from a follow-up request ("add a Redis", "make it three
 * servers", "remove the NAT gateway", "change port 80 to 8080", "系统盘改成 100G") and keeps
 * everything the user did not ask to change.
 *
 * How: the request is read with the same grammar as a new one (kinds, counts, values), turned into
 * a target per kind (add, set, remove), and a template for the target is built; resources the current
 * template lacks are merged in, wired to the current resources of the same type (by type and order,
 * so a user's own logical names keep working); wiring resources (listeners, attachments, SNAT
 * entries) are rebuilt; resources above a lowered count are removed with what only they used. Values
 * and port changes are then written into the result.
 */
import { applyRequestedValues, dropParameter } from "./apply-values";
import { parseCidr, type CidrBlock } from "./cidr";
import { explicitCounts, parseGenerationRequest, type InfrastructureRequest, type RdsEngine, type ResourceKind } from "./generation-request";
import { phrase, type Phrase } from "./request-language";
import { parseRequestedValues } from "./request-values";
import { buildRosTemplate } from "./ros-template-builder";
import { functionCallName, referencedSymbols, resourceProperties, resourceType, section, usedParameterNames } from "./template-model";
import { isRecord } from "./template-parser";

type Template = Record<string, unknown>;

export const KIND_TYPES: Readonly<Record<ResourceKind, string>> = {
  vpc: "ALIYUN::ECS::VPC",
  vswitch: "ALIYUN::ECS::VSwitch",
  securityGroup: "ALIYUN::ECS::SecurityGroup",
  ecs: "ALIYUN::ECS::Instance",
  slb: "ALIYUN::SLB::LoadBalancer",
  rds: "ALIYUN::RDS::DBInstance",
  oss: "ALIYUN::OSS::Bucket",
  eip: "ALIYUN::VPC::EIP",
  nat: "ALIYUN::VPC::NatGateway",
  redis: "ALIYUN::REDIS::Instance",
};

/** Resources that only connect others: rebuilt from the new layout on every edit. */
const WIRING_TYPES: ReadonlySet<string> = new Set([
  "ALIYUN::SLB::Listener",
  "ALIYUN::SLB::BackendServerAttachment",
  "ALIYUN::VPC::EIPAssociation",
  "ALIYUN::VPC::SnatEntry",
]);

export interface EditResult {
  template: Template;
  changes: Phrase[];
  applied: Phrase[];
  unsupported: Phrase[];
  /** False when the request asked for nothing the engine could do to the template. */
  understood: boolean;
}

const REMOVE_VERB =
  /(?:remove|delete|drop|get rid of|without|no longer need|去掉|删除|删掉|移除|不要|不需要)\s*(?:(?:the|all|any|a|an|那个|这个|所有的?)\s*)?$/i;
const MORE_WORD = /\b(?:more|another|additional|extra)\b|再加|再来|再增加|多加|额外/i;
const ADD_WORD = /\badd\b|加一|添加|增加|新增|再加/i;
const SET_WORD =
  /\b(?:make it|make them|scale (?:it |them )?(?:out |up )?to|change (?:it |them )?to|set (?:it |them )?to|increase (?:it |them )?to|reduce (?:it |them )?to|go to|total of)\b|改成|改为|调整为|调整到|增加到|减少到|扩到|缩到|一共/i;

const LABELS: Record<ResourceKind, Phrase> = {
  vpc: phrase("VPC", "VPC"),
  vswitch: phrase("vSwitch", "交换机"),
  securityGroup: phrase("security group", "安全组"),
  ecs: phrase("ECS instance", "ECS 实例"),
  slb: phrase("SLB load balancer", "SLB 负载均衡"),
  rds: phrase("RDS database", "RDS 数据库"),
  oss: phrase("OSS bucket", "OSS 存储桶"),
  eip: phrase("EIP", "EIP"),
  nat: phrase("NAT gateway", "NAT 网关"),
  redis: phrase("Redis instance", "Redis 实例"),
};

function namesOfType(template: Template, type: string): string[] {
  return Object.entries(section(template, "Resources"))
    .filter(([, resource]) => resourceType(resource) === type)
    .map(([name]) => name);
}

/** The kinds whose noun follows a removal verb ("remove the NAT gateway", "去掉 Redis"). */
function removedKinds(text: string): Set<ResourceKind> {
  const removed = new Set<ResourceKind>();
  const nouns: Record<ResourceKind, RegExp> = {
    vpc: /\bvpc\b|专有网络/gi,
    vswitch: /\bv-?switch(?:es)?\b|交换机/gi,
    securityGroup: /security groups?|安全组/gi,
    ecs: /\becs(?: instances?)?\b|\bservers?\b|\bvms?\b|服务器|云服务器|ecs/gi,
    slb: /\bslb\b|load balancer|负载均衡/gi,
    rds: /\brds\b|\bdatabases?\b|\bmysql\b|\bpostgres(?:ql)?\b|数据库/gi,
    oss: /\boss\b|\bbuckets?\b|存储桶|对象存储/gi,
    eip: /\beips?\b|elastic ips?|public ips?|弹性公网\s*ip|公网\s*ip/gi,
    nat: /\bnat(?: gateway)?\b|nat\s*网关/gi,
    redis: /\bredis\b|缓存/gi,
  };
  for (const kind of Object.keys(nouns) as ResourceKind[]) {
    for (const match of text.matchAll(nouns[kind])) {
      const before = text.slice(Math.max(0, (match.index ?? 0) - 24), match.index ?? 0);
      if (REMOVE_VERB.test(before)) removed.add(kind);
    }
  }
  return removed;
}

const ZONE_WORDS: Record<string, number> = { two: 2, three: 3, four: 4, 两: 2, 二: 2, 三: 3, 四: 4, 双: 2 };

/** How many zones a layout change asks for: "across three zones" → 3, "high availability" → 2. */
function zoneCount(text: string): number | undefined {
  const named = /(\d|two|three|four|两|二|三|四|双)\s*(?:个\s*)?(?:different |separate |availability )?(?:zones|可用区)/i.exec(text)?.[1];
  if (named) return Number(named) || ZONE_WORDS[named.toLowerCase()];
  return /high(?:ly)?[- ]availab|multi[- ]?zone|\bha\b|多可用区|高可用/i.test(text) ? 2 : undefined;
}

function targetCounts(current: Record<ResourceKind, number>, text: string): Record<ResourceKind, number> {
  const asked = parseGenerationRequest(text);
  const explicit = explicitCounts(text);
  const removed = removedKinds(text);
  const target = { ...current };
  for (const kind of asked.mentioned) {
    if (removed.has(kind)) continue;
    const count = explicit[kind];
    // A kind the template lacks is added; one it has changes only by a count written next to it.
    if (current[kind] === 0) target[kind] = asked.counts[kind];
    else if (count === undefined) continue;
    else if (MORE_WORD.test(text) || (ADD_WORD.test(text) && !SET_WORD.test(text))) target[kind] = current[kind] + count;
    else target[kind] = count;
  }
  for (const kind of removed) target[kind] = 0;
  const networkUsers = target.ecs + target.rds + target.redis + target.nat;
  if (networkUsers > 0) {
    target.vpc = Math.max(target.vpc, 1);
    target.vswitch = Math.max(target.vswitch, 1);
  }
  if (target.ecs > 0) target.securityGroup = Math.max(target.securityGroup, 1);
  if (target.nat > 0) target.eip = Math.max(target.eip, 1);
  const zones = zoneCount(text);
  if (zones !== undefined && target.vpc > 0) target.vswitch = Math.max(target.vswitch, zones);
  return target;
}

function currentCounts(template: Template): Record<ResourceKind, number> {
  const counts = {} as Record<ResourceKind, number>;
  for (const kind of Object.keys(KIND_TYPES) as ResourceKind[]) counts[kind] = namesOfType(template, KIND_TYPES[kind]).length;
  return counts;
}

function publicPortsOf(template: Template): number[] {
  const ports = new Set<number>();
  for (const name of namesOfType(template, "ALIYUN::ECS::SecurityGroup")) {
    const rules = resourceProperties(section(template, "Resources")[name]).SecurityGroupIngress;
    for (const rule of Array.isArray(rules) ? rules : []) {
      const from = isRecord(rule) ? Number(String(rule.PortRange ?? "").split("/")[0]) : NaN;
      if (Number.isInteger(from) && from !== 22) ports.add(from);
    }
  }
  return [...ports].sort((a, b) => a - b);
}

function requestFor(current: Template, counts: Record<ResourceKind, number>, text: string): InfrastructureRequest {
  const asked = parseGenerationRequest(text);
  const vpcName = namesOfType(current, KIND_TYPES.vpc)[0];
  const cidrText = vpcName ? resourceProperties(section(current, "Resources")[vpcName]).CidrBlock : undefined;
  const vpcCidr: CidrBlock = (typeof cidrText === "string" ? parseCidr(cidrText) : undefined) ?? asked.vpcCidr;
  const rdsName = namesOfType(current, KIND_TYPES.rds)[0];
  const engine = rdsName ? resourceProperties(section(current, "Resources")[rdsName]).Engine : undefined;
  const ports = publicPortsOf(current);
  // A template built in an existing VPC (and vSwitch) keeps them as parameters: no new VPC or vSwitch.
  const existingVpc = namesOfType(current, KIND_TYPES.vpc).length === 0 && "VpcId" in section(current, "Parameters");
  const vswitchParameter = section(current, "Parameters").VSwitchId;
  const existingVSwitch = existingVpc && namesOfType(current, KIND_TYPES.vswitch).length === 0 && isRecord(vswitchParameter) ? vswitchParameter : undefined;
  return {
    ...asked,
    format: "ros",
    counts,
    vpcCidr,
    vswitchCidrs: [],
    rdsEngine: typeof engine === "string" && engine !== "" && counts.rds > 0 && !asked.mentioned.includes("rds") ? (engine as RdsEngine) : asked.rdsEngine,
    publicPorts: ports.length > 0 ? ports : asked.publicPorts,
    existingVpc,
    ...(existingVSwitch ? { existingVSwitchId: typeof existingVSwitch.Default === "string" ? existingVSwitch.Default : "" } : {}),
  };
}

/** Renames Ref / GetAtt / ${} targets below `value` (resources of the fresh template → current names). */
function renameSymbols(value: unknown, names: ReadonlyMap<string, string>): unknown {
  if (typeof value === "string")
    return value.replace(/\$\{([A-Za-z0-9]+)(\.[^{}]*)?\}/g, (all, name: string, rest: string | undefined) =>
      names.has(name) ? `\${${names.get(name) ?? name}${rest ?? ""}}` : all,
    );
  if (Array.isArray(value)) return value.map((item) => renameSymbols(item, names));
  if (!isRecord(value)) return value;
  const call = functionCallName(value);
  if (call === "Ref" && typeof value.Ref === "string") return { Ref: names.get(value.Ref) ?? value.Ref };
  if (call === "Fn::GetAtt" && Array.isArray(value["Fn::GetAtt"])) {
    const [target, attribute] = value["Fn::GetAtt"] as unknown[];
    return { "Fn::GetAtt": [typeof target === "string" ? (names.get(target) ?? target) : target, attribute] };
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, renameSymbols(item, names)]));
}

function freshToCurrent(fresh: Template, current: Template): Map<string, string> {
  const names = new Map<string, string>();
  const types = new Set(
    Object.values(section(fresh, "Resources"))
      .map(resourceType)
      .filter((type): type is string => type !== undefined),
  );
  for (const type of types) {
    if (WIRING_TYPES.has(type)) continue;
    const currentNames = namesOfType(current, type);
    namesOfType(fresh, type).forEach((name, index) => {
      const target = currentNames[index];
      if (target !== undefined) names.set(name, target);
      else if (name in section(current, "Resources")) names.set(name, `${name}New`);
    });
  }
  return names;
}

function mergeInto(current: Template, fresh: Template, changes: Phrase[]): void {
  const names = freshToCurrent(fresh, current);
  const resources = section(current, "Resources");
  const before = new Set(Object.keys(resources));
  for (const [name, resource] of Object.entries(section(fresh, "Resources"))) {
    const target = names.get(name) ?? name;
    const type = resourceType(resource) ?? "";
    if (before.has(target) && !WIRING_TYPES.has(type)) continue;
    resources[target] = renameSymbols(resource, names);
  }
  const parameters = (current.Parameters = section(current, "Parameters"));
  for (const [name, definition] of Object.entries(section(fresh, "Parameters"))) if (!(name in parameters)) parameters[name] = renameSymbols(definition, names);
  const outputs = (current.Outputs = section(current, "Outputs"));
  for (const [name, definition] of Object.entries(section(fresh, "Outputs"))) {
    const renamed = renameSymbols(definition, names);
    const refersToNew = referencedSymbols(renamed).some((symbol) => symbol in resources && !before.has(symbol));
    // An output listing resources (`Fn::Join` of vSwitch ids) follows the new list; others are the user's.
    const aggregate = isRecord(renamed) && isRecord(renamed.Value) && functionCallName(renamed.Value) === "Fn::Join";
    if ((!(name in outputs) || aggregate) && refersToNew) outputs[name] = renamed;
  }
  for (const [name, resource] of Object.entries(resources)) {
    if (!before.has(name) && !WIRING_TYPES.has(resourceType(resource) ?? ""))
      changes.push(phrase(`added \`${name}\` (${resourceType(resource) ?? ""})`, `新增 \`${name}\`（${resourceType(resource) ?? ""}）`));
  }
  mergeParameterGroups(current, fresh);
}

function mergeParameterGroups(current: Template, fresh: Template): void {
  type Group = { Parameters: string[]; Label: { default: string } };
  const groupsOf = (template: Template): Group[] | undefined =>
    (section(template, "Metadata")["ALIYUN::Interface"] as { ParameterGroups?: Group[] } | undefined)?.ParameterGroups;
  const freshGroups = groupsOf(fresh) ?? [];
  const metadata = (current.Metadata = section(current, "Metadata"));
  const iface = (metadata["ALIYUN::Interface"] = isRecord(metadata["ALIYUN::Interface"]) ? metadata["ALIYUN::Interface"] : {});
  const groups = (iface.ParameterGroups = Array.isArray(iface.ParameterGroups) ? (iface.ParameterGroups as Group[]) : []);
  const listed = new Set(groups.flatMap((group) => group.Parameters));
  for (const group of freshGroups) {
    const missing = group.Parameters.filter((name) => !listed.has(name) && name in section(current, "Parameters"));
    if (missing.length === 0) continue;
    const existing = groups.find((candidate) => candidate.Label?.default === group.Label.default);
    if (existing) existing.Parameters.push(...missing);
    else groups.push({ Parameters: missing, Label: { default: group.Label.default } });
  }
}

/** Removes resources above the target counts, then wiring and outputs that pointed at them. */
function removeExcess(current: Template, target: Record<ResourceKind, number>, changes: Phrase[]): void {
  const resources = section(current, "Resources");
  const removed = new Set<string>();
  for (const kind of Object.keys(KIND_TYPES) as ResourceKind[]) {
    const names = namesOfType(current, KIND_TYPES[kind]);
    for (const name of names.slice(target[kind])) {
      delete resources[name];
      removed.add(name);
      changes.push(phrase(`removed \`${name}\` (${LABELS[kind].en})`, `删除 \`${name}\`（${LABELS[kind].zh}）`));
    }
  }
  if (removed.size === 0) return;
  let changed = true;
  while (changed) {
    changed = false;
    for (const [name, resource] of Object.entries(resources)) {
      const uses = referencedSymbols(resourceProperties(resource));
      if (WIRING_TYPES.has(resourceType(resource) ?? "") && uses.some((symbol) => removed.has(symbol))) {
        delete resources[name];
        removed.add(name);
        changed = true;
      }
    }
  }
  for (const resource of Object.values(resources)) {
    const properties = resourceProperties(resource);
    for (const [key, value] of Object.entries(properties)) {
      if (Array.isArray(value)) properties[key] = value.filter((item) => !referencedSymbols(item).some((symbol) => removed.has(symbol)));
    }
  }
  const outputs = section(current, "Outputs");
  for (const [name, definition] of Object.entries(outputs)) if (referencedSymbols(definition).some((symbol) => removed.has(symbol))) delete outputs[name];
}

/** Parameters this edit left unused (the ones already unused before are the user's business). */
function dropNewlyUnused(current: Template, unusedBefore: ReadonlySet<string>): void {
  const used = usedParameterNames(current);
  for (const name of Object.keys(section(current, "Parameters"))) if (!used.has(name) && !unusedBefore.has(name)) dropParameter(current, name);
}

function editPorts(current: Template, text: string, changes: Phrase[]): void {
  const change = /(?:port\s*)?(\d{2,5})\s*(?:port\s*|端口\s*|号端口\s*)?(?:to|->|→|改成|改为|换成|改到)\s*(?:port\s*)?(\d{2,5})/i.exec(text);
  const close = /(?:close|remove|delete|关闭|删除|去掉)\s*(?:the\s*)?(?:port\s*|端口\s*)(\d{2,5})|(?:close|关闭)\s*(\d{2,5})\s*(?:端口)?/i.exec(text);
  const resources = Object.values(section(current, "Resources"));
  if (change?.[1] && change[2] && /port|端口/i.test(text)) {
    const [from, to] = [Number(change[1]), Number(change[2])];
    for (const resource of resources) {
      const properties = resourceProperties(resource);
      for (const rule of Array.isArray(properties.SecurityGroupIngress) ? properties.SecurityGroupIngress : []) {
        if (isRecord(rule) && rule.PortRange === `${from}/${from}`) {
          rule.PortRange = `${to}/${to}`;
          rule.Description = typeof rule.Description === "string" ? rule.Description.replace(String(from), String(to)) : rule.Description;
        }
      }
      if (resourceType(resource) === "ALIYUN::SLB::Listener" && properties.ListenerPort === from) {
        properties.ListenerPort = to;
        properties.BackendServerPort = to;
      }
    }
    changes.push(phrase(`port ${from} changed to ${to}`, `端口 ${from} 改为 ${to}`));
  }
  const closed = Number(close?.[1] ?? close?.[2]);
  if (Number.isInteger(closed) && closed > 0) {
    for (const resource of resources) {
      const properties = resourceProperties(resource);
      if (Array.isArray(properties.SecurityGroupIngress))
        properties.SecurityGroupIngress = properties.SecurityGroupIngress.filter((rule) => !(isRecord(rule) && rule.PortRange === `${closed}/${closed}`));
    }
    changes.push(phrase(`port ${closed} closed`, `关闭端口 ${closed}`));
  }
}

/** Ports asked to be opened that the security groups do not open yet. */
function openPorts(current: Template, text: string, changes: Phrase[]): void {
  if (!/open|allow|expose|开放|放行|打开/i.test(text)) return;
  const asked = parseGenerationRequest(text).publicPorts;
  const existing = new Set(publicPortsOf(current));
  for (const port of asked.filter((candidate) => !existing.has(candidate) && candidate !== 22)) {
    for (const name of namesOfType(current, "ALIYUN::ECS::SecurityGroup")) {
      const properties = resourceProperties(section(current, "Resources")[name]);
      const rules = Array.isArray(properties.SecurityGroupIngress) ? properties.SecurityGroupIngress : (properties.SecurityGroupIngress = []);
      rules.push({
        IpProtocol: "tcp",
        PortRange: `${port}/${port}`,
        SourceCidrIp: "0.0.0.0/0",
        Policy: "accept",
        Priority: 1,
        Description: `Port ${port} from the Internet`,
      });
    }
    changes.push(phrase(`port ${port} opened`, `开放端口 ${port}`));
  }
}

/** The engine's own "Resources: … x1" description follows the edit; a description the user wrote is kept. */
function refreshDescription(template: Template): void {
  if (typeof template.Description !== "string" || !template.Description.startsWith("Resources: ")) return;
  const counts = new Map<string, number>();
  for (const resource of Object.values(section(template, "Resources"))) {
    const type = resourceType(resource) ?? "";
    counts.set(type, (counts.get(type) ?? 0) + 1);
  }
  const region = regionSuffix(template.Description);
  template.Description = `Resources: ${[...counts].map(([type, count]) => `${type} x${count}`).join(", ")}.${region}`;
}

/** " Region: cn-hangzhou" at the end of a generated description: from its first mention on the last line. */
function regionSuffix(description: string): string {
  const lastLine = description.slice(Math.max(...["\n", "\r", "\u2028", "\u2029"].map((end) => description.lastIndexOf(end))) + 1);
  const at = lastLine.indexOf(" Region: ");
  return at >= 0 ? lastLine.slice(at) : "";
}

export function editTemplate(current: Template, text: string): EditResult {
  const template = structuredClone(current);
  const changes: Phrase[] = [];
  const unusedBefore = new Set(Object.keys(section(template, "Parameters")).filter((name) => !usedParameterNames(template).has(name)));
  const counts = currentCounts(template);
  const target = targetCounts(counts, text);
  const request = requestFor(template, target, text);
  const grows = (Object.keys(target) as ResourceKind[]).some((kind) => target[kind] > counts[kind]);
  if (grows || (Object.keys(target) as ResourceKind[]).some((kind) => target[kind] !== counts[kind])) {
    removeExcess(template, target, changes);
    mergeInto(template, buildRosTemplate(request), changes);
  }
  editPorts(template, text, changes);
  openPorts(template, text, changes);
  const values = applyRequestedValues(template, parseRequestedValues(text));
  dropNewlyUnused(template, unusedBefore);
  refreshDescription(template);
  return {
    template,
    changes,
    applied: values.applied,
    unsupported: values.unsupported,
    understood: changes.length > 0 || values.applied.length > 0,
  };
}
