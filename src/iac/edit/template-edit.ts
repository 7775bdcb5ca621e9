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
import { NUMBER_WORDS } from "../read/lexer-tables";
import { applyRequestedValues, dropParameter } from "../generate/apply-values";
import { roleTypeEdit } from "./role-type-edit";
import { spreadServers } from "./spread-servers";
import { resourcesDescription } from "../generate/ros-build/builder";
import { gatherExistingGroupRules } from "../kinds/security-group/existing-group-rules";
import { parseCidr, type CidrBlock } from "../read/cidr";
import { moveIntoExistingVpc } from "./existing-vpc-edit";
import { moveRegion } from "./region-edit";
import { zonesOfNewVSwitches } from "./new-vswitch-zones";
import { addListeners, moveOnlyListener, switchListenerProtocol } from "./listener-edit";
import { changeLoadBalancerScope } from "./load-balancer-scope-edit";
import { readableText } from "../read/request-text";
import {
  differentZones,
  EIP_PER_SERVER,
  explicitCounts,
  parseGenerationRequest,
  zoneCount,
  type InfrastructureRequest,
  type RdsEngine,
} from "../read/generation-request";
import { BILLABLE_ROS_TYPES, dependentsOf, KINDS, RESOURCE_KINDS, requestMentions, type ResourceKind, WIRING_ROS_TYPES } from "../kinds";
import { portMappingsOf } from "../read/port-mappings";
import { insideOnlyPorts, sameRangePorts } from "../read/port-scopes";
import { tokenize } from "../kinds/vocabulary";
import { phrase, type Phrase } from "../read/request-language";
import { parseRequestedValues } from "../read/request-values";
import type { RequestedValues } from "../kinds/values";
import { buildRosTemplate } from "../generate/ros-template-builder";
import { currentCounts, listenerMappingsOf, namesOfType, regionSuffix } from "./template-inventory";
import { functionCallName, referencedSymbols, resourceProperties, resourceType, section, usedParameterNames } from "../template/template-model";
import { isRecord } from "../template/template-parser";
import { rulesNotAdded, SECURITY_GROUP_RULES_MAX } from "../kinds/security-group/rule-quota";
import { rdsEditionOf } from "../kinds/rds/instance-class";

type Template = Record<string, unknown>;

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
const MORE_WORD = /\b(?:more|another|additional|extra|second|third|2nd|3rd)\b|再加|再来|再增加|多加|额外|第二个|第三个/i;
const ADD_WORD = /\badd\b|加一|添加|增加|新增|再加/i;
const SET_WORD =
  /\b(?:make it|make them|scale (?:it |them )?(?:out |up )?to|change (?:it |them )?to|set (?:it |them )?to|increase (?:it |them )?to|reduce (?:it |them )?to|go to|total of)\b|改成|改为|调整为|调整到|调到|增加到|减少到|扩到|扩容到|缩到|变成|一共/i;

/** "把 SLB 去掉", "NAT 网关删掉", "the NAT gateway can go": a removal verb right after the noun. */
const REMOVE_AFTER =
  /^\s{0,3}(?:网关|实例|数据库|缓存|负载均衡|gateway|instance|database)?\s{0,2}(?:也|都|就)?\s{0,2}(?:去掉|删掉|删除|移除|拿掉|不要了|can go\b|goes\b|has to go\b)/i;

/** The kinds whose noun follows a removal verb ("remove the NAT gateway", "去掉 Redis") or comes before one ("把 SLB 去掉"). */
function removedKinds(text: string): Set<ResourceKind> {
  const removed = new Set<ResourceKind>();
  for (const kind of RESOURCE_KINDS) {
    for (const match of requestMentions(text, kind)) {
      const start = match.index ?? 0;
      const before = text.slice(Math.max(0, start - 24), start);
      const after = text.slice(start + match[0].length, start + match[0].length + 16);
      if (REMOVE_VERB.test(before) || REMOVE_AFTER.test(after)) removed.add(kind);
    }
  }
  return removed;
}

/** "remove one of the servers", "drop a server", "get rid of one ECS", "去掉一台服务器", "删掉1台ECS": one fewer, not none (issue 27 item 6). */
const REMOVE_ONE =
  /(?:remove|delete|drop|get rid of|kill|去掉|删掉|删除|移除|减少|减掉|拿掉)\s{0,3}(?:one(?:\s{1,3}of(?:\s{1,3}the)?)?|an?|a single|一台|一个|1\s{0,2}台|1\s{0,2}个)\s{0,3}(?:[a-z-]{1,12}\s{1,3})?$/i;

function removedOne(text: string): Set<ResourceKind> {
  const fewer = new Set<ResourceKind>();
  for (const kind of RESOURCE_KINDS) {
    if (requestMentions(text, kind).some((match) => REMOVE_ONE.test(text.slice(Math.max(0, (match.index ?? 0) - 32), match.index ?? 0)))) fewer.add(kind);
  }
  return fewer;
}

/** "another EIP", "one more server", "an extra vSwitch", "a second vSwitch", "再加一个 Redis", "加第二个交换机": one more of a kind the template has. */
const ONE_MORE =
  /(?:\banother|\bone more|\ban? (?:extra|additional|second|third|2nd|3rd)|再加一个|再加一台|再来一个|再来一台|多加一个|多加一台|(?:再?加|添加|增加|新增)第[二三四]个|(?:再?加|添加|增加|新增)第[二三四]台)\s{0,3}(?:[a-z-]{1,12}\s{1,3})?$/i;

function asksOneMore(text: string, kind: ResourceKind): boolean {
  return requestMentions(text, kind).some((match) => ONE_MORE.test(text.slice(Math.max(0, (match.index ?? 0) - 24), match.index ?? 0)));
}

/** "an SLB", "一个负载均衡": an article before the noun, not a number of them. Bounded window before the noun. */
const ARTICLE_BEFORE = /(?:^|[^a-z0-9])(?:an?|一个|一台)\s{0,3}(?:[a-z-]{1,12}\s{1,3})?$/i;

/**
 * "Add an SLB in front" to a template that has an SLB names the kind, not a second one: an engineer
 * who wants two says "another SLB", "one more", "2 SLBs". Only an article, with an add verb and no
 * word of more, keeps the count.
 */
function namesPresentKind(text: string, kind: ResourceKind, count: number | undefined): boolean {
  if (count !== 1 || MORE_WORD.test(text) || SET_WORD.test(text) || !ADD_WORD.test(text)) return false;
  const mentions = requestMentions(text, kind);
  return mentions.length > 0 && mentions.every((match) => ARTICLE_BEFORE.test(text.slice(Math.max(0, (match.index ?? 0) - 24), match.index ?? 0)));
}

/** "3 of them", "four of those", "remove one of them": a count said of the servers the template has. */
const OF_THEM = /\b(\d{1,2}|one|two|three|four|five|six)\s{1,3}of\s{1,3}(?:them|those|these)\b/i;
const REMOVE_WORD = /\b(?:remove|delete|drop|get rid of|kill)\b|去掉|删除|删掉/i;

/** "scale it to 4", "scale out to 6": a number after a scaling verb. */
const SCALE_TO = /\bscale(?:\s{1,3}(?:it|them|out|up|down|in))?\s{1,3}to\s{1,3}(\d{1,2})(?![\d.]|\s{0,2}(?:g|gb|gib|t|tb|m|mbps|%|vcpu|cores?)\b)/i;
/** Change words before a count of machines ("改成3台", "扩容到5台", "加到 4 台"). */
const SET_TO_WORDS = new Set(["改成", "改为", "变成", "调到", "调整为", "到", "扩到", "缩到", "加到", "减到"]);

/** How many servers an edit asks for when it names no product: a count of 台 after a change word, or "scale to N". */
function serverCountSaid(text: string): number | undefined {
  const scaled = SCALE_TO.exec(text);
  if (scaled) return Number(scaled[1]);
  const tokens = tokenize(text);
  const counted = tokens.findIndex((token, index) => token.kind === "count" && token.text.endsWith("台") && SET_TO_WORDS.has(String(tokens[index - 1]?.value)));
  return counted < 0 ? undefined : Number(tokens[counted]?.value);
}

function targetCounts(current: Record<ResourceKind, number>, text: string, kept: ResourceKind[]): Record<ResourceKind, number> {
  const asked = parseGenerationRequest(text);
  const explicit = explicitCounts(text);
  const fewer = removedOne(text);
  const removed = removedKinds(text);
  for (const kind of fewer) removed.delete(kind);
  const target = { ...current };
  for (const kind of asked.mentioned) {
    if (removed.has(kind)) continue;
    if (fewer.has(kind)) {
      target[kind] = Math.max(current[kind] - 1, 0);
      continue;
    }
    const count = explicit[kind];
    // A kind the template lacks is added; one it has changes only by a count written next to it.
    if (current[kind] === 0) target[kind] = asked.counts[kind];
    else if (count === undefined) target[kind] += asksOneMore(text, kind) ? 1 : 0;
    else if (namesPresentKind(text, kind, count)) kept.push(kind);
    else if (MORE_WORD.test(text) || (ADD_WORD.test(text) && !SET_WORD.test(text))) target[kind] = current[kind] + count;
    else target[kind] = count;
  }
  for (const kind of removed) target[kind] = 0;
  // "actually 3 of them", "make it 4 of those": a count of the servers the template has, when the edit names no product.
  // "remove one of them": one server fewer.
  const ofThem = OF_THEM.exec(text);
  const said = NUMBER_WORDS.get(ofThem?.[1]?.toLowerCase() ?? "") ?? Number(ofThem?.[1]);
  if (ofThem && asked.mentioned.length === 0 && current.ecs > 0) target.ecs = REMOVE_WORD.test(text) ? Math.max(current.ecs - said, 0) : said;
  // "改成3台", "扩容到5台", "scale it to 4": machines counted with no product named are the template's servers.
  const machines = asked.mentioned.length === 0 && current.ecs > 0 && !ofThem ? serverCountSaid(text) : undefined;
  if (machines !== undefined) target.ecs = machines;
  // "给每台 ECS 一个 EIP", "an EIP for each server": one per server (and the NAT gateway's own), as in a new template.
  if (target.ecs > 1 && EIP_PER_SERVER.test(text) && !removed.has("eip")) target.eip = Math.max(target.eip, target.ecs + (target.nat > 0 ? 1 : 0));
  const uses = (kind: ResourceKind) => dependentsOf(kind).some((user) => target[user] > 0);
  if (uses("vswitch")) {
    target.vpc = Math.max(target.vpc, 1);
    target.vswitch = Math.max(target.vswitch, 1);
  }
  if (uses("securityGroup")) target.securityGroup = Math.max(target.securityGroup, 1);
  if (uses("eip")) target.eip = Math.max(target.eip, 1);
  const zones = zoneCount(text) ?? differentZones(text, target.ecs);
  if (zones !== undefined && target.vpc > 0 && !databaseEditionOnly(target, text)) target.vswitch = Math.max(target.vswitch, zones);
  return target;
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
  const vpcName = namesOfType(current, KINDS.vpc.rosType)[0];
  const cidrText = vpcName ? resourceProperties(section(current, "Resources")[vpcName]).CidrBlock : undefined;
  const vpcCidr: CidrBlock = (typeof cidrText === "string" ? parseCidr(cidrText) : undefined) ?? asked.vpcCidr;
  const rdsName = namesOfType(current, KINDS.rds.rosType)[0];
  const engine = rdsName ? resourceProperties(section(current, "Resources")[rdsName]).Engine : undefined;
  const listeners = listenerMappingsOf(current);
  // With listeners, they are all the load balancers listen on: a port opened on the servers alone ("open 8080") gets none in a rebuild.
  const listened = (port: number) => listeners.length === 0 || listeners.some(({ front, back }) => port === front || port === back);
  const ports = publicPortsOf(current).filter(listened);
  // A template built in an existing VPC (and vSwitch) keeps them as parameters: no new VPC or vSwitch.
  const existingVpc = namesOfType(current, KINDS.vpc.rosType).length === 0 && "VpcId" in section(current, "Parameters");
  const vswitchParameter = section(current, "Parameters").VSwitchId;
  const existingVSwitch = existingVpc && namesOfType(current, KINDS.vswitch.rosType).length === 0 && isRecord(vswitchParameter) ? vswitchParameter : undefined;
  return {
    ...asked,
    format: "ros",
    counts,
    vpcCidr,
    vswitchCidrs: [],
    rdsEngine: typeof engine === "string" && engine !== "" && counts.rds > 0 && !asked.mentioned.includes("rds") ? (engine as RdsEngine) : asked.rdsEngine,
    publicPorts: ports.length > 0 ? ports : asked.publicPorts,
    // The listeners the template has keep their mappings (a rebuild must not add a listener per server port).
    portMappings: [...listeners, ...asked.portMappings],
    existingVpc,
    ...(existingVSwitch ? { existingVSwitchId: typeof existingVSwitch.Default === "string" ? existingVSwitch.Default : "" } : {}),
    ...existingSecurityGroupOf(current),
  };
}

/** A template whose servers join an existing security group (a parameter) keeps it: an edit adds no group of its own. */
function existingSecurityGroupOf(current: Template): { existingSecurityGroupId?: string } {
  const parameter = section(current, "Parameters").SecurityGroupId;
  if (!isRecord(parameter) || namesOfType(current, KINDS.securityGroup.rosType).length > 0) return {};
  return { existingSecurityGroupId: typeof parameter.Default === "string" ? parameter.Default : "sg-" };
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
    if (WIRING_ROS_TYPES.has(type)) continue;
    const currentNames = namesOfType(current, type);
    namesOfType(fresh, type).forEach((name, index) => {
      const target = currentNames[index];
      if (target !== undefined) names.set(name, target);
      else if (name in section(current, "Resources")) names.set(name, `${name}New`);
    });
  }
  return names;
}

/** What makes two wiring resources the same connection: a listener's load balancer and port, an association's EIP… */
const WIRING_IDENTITY: Readonly<Record<string, readonly string[]>> = {
  "ALIYUN::SLB::Listener": ["LoadBalancerId", "ListenerPort"],
  "ALIYUN::SLB::BackendServerAttachment": ["LoadBalancerId"],
  "ALIYUN::VPC::EIPAssociation": ["AllocationId"],
  "ALIYUN::VPC::SnatEntry": ["SnatTableId", "SourceVSwitchId"],
};

/**
 * The name under which the template already has this connection (the user's own name, or one whose
 * port an edit changed), so a rebuild does not add it twice: a second listener on a port, a second
 * association of one EIP.
 */
function sameWiring(resources: Record<string, unknown>, wiring: unknown): string | undefined {
  const type = resourceType(wiring) ?? "";
  const keys = WIRING_IDENTITY[type];
  if (!keys) return undefined;
  const identity = (resource: unknown) => JSON.stringify(keys.map((key) => resourceProperties(resource)[key]));
  const wanted = identity(wiring);
  return Object.entries(resources).find(([, resource]) => resourceType(resource) === type && identity(resource) === wanted)?.[0];
}

function mergeInto(current: Template, fresh: Template, changes: Phrase[]): void {
  const names = freshToCurrent(fresh, current);
  const resources = section(current, "Resources");
  const before = new Set(Object.keys(resources));
  for (const [name, resource] of Object.entries(section(fresh, "Resources"))) {
    const target = names.get(name) ?? name;
    const type = resourceType(resource) ?? "";
    if (before.has(target) && !WIRING_ROS_TYPES.has(type)) continue;
    const renamed = renameSymbols(resource, names);
    const existing = target in resources ? undefined : sameWiring(resources, renamed);
    // An attachment follows the new server list under its existing name; other connections are kept as they are.
    if (existing !== undefined && type === "ALIYUN::SLB::BackendServerAttachment") resources[existing] = renamed;
    if (existing !== undefined) continue;
    resources[target] = renamed;
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
    if (!before.has(name) && !WIRING_ROS_TYPES.has(resourceType(resource) ?? ""))
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
/**
 * A removal takes along what only the removed resources used: the EIP a NAT gateway's association
 * and SNAT entries bound (kinds' `takesAlong`). A resource something else still uses stays. Lowers
 * the target of the kinds taken, deletes them and says why.
 */
function takeAlong(current: Template, counts: Record<ResourceKind, number>, target: Record<ResourceKind, number>, changes: Phrase[]): Set<string> {
  const resources = section(current, "Resources");
  const shrinking = RESOURCE_KINDS.filter((kind) => target[kind] < counts[kind]);
  const going = new Set(shrinking.flatMap((kind) => namesOfType(current, KINDS[kind].rosType).slice(target[kind])));
  const taken = new Set<string>();
  for (const kind of shrinking) {
    for (const along of KINDS[kind].takesAlong) {
      for (const name of namesOfType(current, KINDS[along].rosType)) {
        if (going.has(name) || taken.has(name)) continue;
        const users = Object.entries(resources).filter(([other, resource]) => other !== name && referencedSymbols(resourceProperties(resource)).includes(name));
        // The billed resources it serves, through its wiring (association, SNAT entries) or directly; the vSwitch a SNAT entry names is not served.
        const served = users
          .flatMap(([other, resource]) => (WIRING_ROS_TYPES.has(resourceType(resource) ?? "") ? referencedSymbols(resourceProperties(resource)) : [other]))
          .filter((symbol) => symbol !== name && BILLABLE_ROS_TYPES.has(resourceType(resources[symbol]) ?? ""));
        if (served.length === 0 || !served.every((symbol) => going.has(symbol))) continue;
        delete resources[name];
        taken.add(name);
        target[along] = Math.max(0, target[along] - 1);
        const label = KINDS[along].label;
        changes.push(
          phrase(
            `removed \`${name}\` (${label.en}): only the removed ${KINDS[kind].label.en} used it`,
            `删除 \`${name}\`（${label.zh}）：只有被删除的${KINDS[kind].label.zh}使用它`,
          ),
        );
      }
    }
  }
  return taken;
}

/** Removes what exceeds the target counts and the wiring that pointed at it; returns the wiring removed. */
function removeExcess(current: Template, target: Record<ResourceKind, number>, changes: Phrase[], taken: ReadonlySet<string>): string[] {
  const resources = section(current, "Resources");
  const removed = new Set<string>(taken);
  for (const kind of RESOURCE_KINDS) {
    const names = namesOfType(current, KINDS[kind].rosType);
    for (const name of names.slice(target[kind])) {
      delete resources[name];
      removed.add(name);
      changes.push(phrase(`removed \`${name}\` (${KINDS[kind].label.en})`, `删除 \`${name}\`（${KINDS[kind].label.zh}）`));
    }
  }
  const wiring: string[] = [];
  if (removed.size === 0) return wiring;
  let changed = true;
  while (changed) {
    changed = false;
    for (const [name, resource] of Object.entries(resources)) {
      const uses = referencedSymbols(resourceProperties(resource));
      if (WIRING_ROS_TYPES.has(resourceType(resource) ?? "") && uses.some((symbol) => removed.has(symbol))) {
        delete resources[name];
        removed.add(name);
        wiring.push(name);
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
  return wiring;
}

/** Names the wiring an edit removed for good (not rebuilt for what remains). */
function reportWiring(current: Template, wiring: readonly string[], changes: Phrase[]): void {
  const gone = wiring.filter((name) => !(name in section(current, "Resources"))).map((name) => `\`${name}\``);
  if (gone.length === 0) return;
  changes.push(phrase(`removed ${gone.join(", ")}: they connected the removed resources`, `删除 ${gone.join("、")}：它们连接的是被删除的资源`));
}

/** Parameters this edit left unused (the ones already unused before are the user's business). */
function dropNewlyUnused(current: Template, unusedBefore: ReadonlySet<string>): void {
  const used = usedParameterNames(current);
  for (const name of Object.keys(section(current, "Parameters"))) if (!used.has(name) && !unusedBefore.has(name)) dropParameter(current, name);
}

/** Every port the template's rules and listeners use, to tell "change 443 to 8443" from other numbers. */
function portsInUse(current: Template): Set<number> {
  const ports = new Set(publicPortsOf(current));
  for (const resource of Object.values(section(current, "Resources"))) {
    const properties = resourceProperties(resource);
    if (resourceType(resource) !== "ALIYUN::SLB::Listener") continue;
    for (const port of [properties.ListenerPort, properties.BackendServerPort]) if (typeof port === "number") ports.add(port);
  }
  return ports;
}

/** "change port 80 to 8080", "把443改成8443", "443 → 8443": the port in rules and listeners (a listener's backend only where it was the same port). */
function changePort(current: Template, from: number, to: number): void {
  for (const resource of Object.values(section(current, "Resources"))) {
    const properties = resourceProperties(resource);
    for (const rule of Array.isArray(properties.SecurityGroupIngress) ? properties.SecurityGroupIngress : []) {
      if (isRecord(rule) && rule.PortRange === `${from}/${from}`) {
        rule.PortRange = `${to}/${to}`;
        rule.Description = typeof rule.Description === "string" ? rule.Description.replace(String(from), String(to)) : rule.Description;
      }
    }
    if (resourceType(resource) !== "ALIYUN::SLB::Listener") continue;
    if (properties.ListenerPort === from) {
      if (properties.BackendServerPort === from) properties.BackendServerPort = to;
      properties.ListenerPort = to;
    } else if (properties.BackendServerPort === from) properties.BackendServerPort = to;
  }
}

/** "change 443 to 8443"; never "restrict 443 to 10.2.0.0/16" (a port is not followed by ".digit": that is an address). */
const CHANGE_PORT =
  /(?:port\s{0,3})?(?<!\d)(\d{2,5})\s{0,3}(?:port\s{0,3}|端口\s{0,3}|号端口\s{0,3})?(?:to|->|→|改成|改为|换成|改到|调到|变成)\s{0,3}(?:port\s{0,3})?(\d{2,5})(?!\d|\.\d)(?!\s{0,2}(?:(?:g|gb|gib|t|tb|m|mbps|days?)\b|个|台|块|天))/i;
/**
 * "close port 22", "remove the port-22 rule", "去掉 22 端口", "把22端口删掉", "把 443 去掉", "关闭 3389": the verb
 * before or after the port; a verb other than close needs the port word ("remove 2 servers" is no port)
 * or the word rule ("remove the 22 rule").
 */
const CLOSE_PORT =
  /(?:close|block|remove|delete|drop|关闭|关掉|删除|删掉|去掉|移除)\s{0,3}(?:the\s{1,3})?(?:[a-z]{2,12}\s{1,3})?(?:port[-\s]{0,3}|端口\s{0,3})(\d{2,5})|(?:close|block|关闭|关掉|封禁)\s{0,3}(\d{2,5})\s{0,3}(?:端口)?|(?:remove|delete|drop|删除|删掉|去掉|移除)\s{0,3}(\d{2,5})\s{0,3}(?:号\s{0,2})?(?:端口|port)|(?:^|[^\d])(\d{2,5})\s{0,3}(?:号\s{0,2})?端口(?:的规则)?\s{0,3}(?:去掉|删掉|删除|关闭|关掉|移除)|(?:remove|delete|drop)\s{0,3}(?:the\s{1,3})?(\d{2,5})\s{0,3}(?:ingress\s{1,3})?rule\b|把\s{0,3}(\d{2,5})\s{0,3}(?:去掉|删掉|删除|关闭|关掉|移除)/i;

/** The port a close names, if any; "把 443 去掉" (no port word, the last form) only when the template uses that port. */
function closedPortOf(text: string, used: ReadonlySet<number>): number | undefined {
  const close = CLOSE_PORT.exec(text);
  if (!close) return undefined;
  const port = Number(close[1] ?? close[2] ?? close[3] ?? close[4] ?? close[5] ?? close[6]);
  if (!Number.isInteger(port) || port <= 0 || (close[6] !== undefined && !used.has(port))) return undefined;
  return port;
}

/** The security groups' rule for `from` now opens `to` (or goes, when a rule for `to` is already there). */
function moveRule(current: Template, from: number, to: number): void {
  for (const name of namesOfType(current, "ALIYUN::ECS::SecurityGroup")) {
    const properties = resourceProperties(section(current, "Resources")[name]);
    const rules = Array.isArray(properties.SecurityGroupIngress) ? properties.SecurityGroupIngress : [];
    const opensTo = rules.some((rule) => isRecord(rule) && rule.PortRange === `${to}/${to}`);
    properties.SecurityGroupIngress = rules.flatMap((rule) => {
      if (!isRecord(rule) || rule.PortRange !== `${from}/${from}`) return [rule];
      if (opensTo) return [];
      const description = typeof rule.Description === "string" ? rule.Description.replace(String(from), String(to)) : rule.Description;
      return [{ ...rule, PortRange: `${to}/${to}`, Description: description }];
    });
  }
}

const FORWARDING_WORDS = /forward|redirect|backend|listen|转发|后端|监听|映射/i;

/**
 * "change the listener to forward 80 to 8080", "backend 8080 behind listener 80": the listener on the
 * front port keeps it and forwards to the new backend port, which the servers' rule opens instead of
 * the old one (unless another listener still forwards there). True when a listener took a mapping.
 */
function remapListeners(current: Template, text: string, changes: Phrase[]): boolean {
  // "443 → 8443 please" alone changes the port everywhere; only forwarding words make it a listener's mapping.
  if (!FORWARDING_WORDS.test(text)) return false;
  let remapped = false;
  const listeners = namesOfType(current, "ALIYUN::SLB::Listener").map((name) => resourceProperties(section(current, "Resources")[name]));
  for (const { front, back } of portMappingsOf(text)) {
    const listener = listeners.find((properties) => properties.ListenerPort === front);
    if (!listener) continue;
    remapped = true;
    const before = listener.BackendServerPort;
    if (before === back) continue;
    listener.BackendServerPort = back;
    const stillUsed = listeners.some((properties) => properties.BackendServerPort === before);
    if (typeof before === "number" && !stillUsed) moveRule(current, before, back);
    changes.push(phrase(`listener ${front} now forwards to backend port ${back}`, `监听 ${front} 改为转发到后端端口 ${back}`));
  }
  return remapped;
}

function editPorts(current: Template, text: string, changes: Phrase[]): void {
  if (remapListeners(current, text, changes)) return;
  const change = CHANGE_PORT.exec(text);
  const used = portsInUse(current);
  // Without the word "port", a number is a port only when the template uses it ("把443改成8443").
  if (change?.[1] && change[2] && (/port|端口/i.test(text) || used.has(Number(change[1])))) {
    const [from, to] = [Number(change[1]), Number(change[2])];
    changePort(current, from, to);
    changes.push(phrase(`port ${from} changed to ${to}`, `端口 ${from} 改为 ${to}`));
  }
  const closed = closedPortOf(text, used);
  if (closed !== undefined) {
    for (const resource of Object.values(section(current, "Resources"))) {
      const properties = resourceProperties(resource);
      if (Array.isArray(properties.SecurityGroupIngress))
        properties.SecurityGroupIngress = properties.SecurityGroupIngress.filter((rule) => !(isRecord(rule) && rule.PortRange === `${closed}/${closed}`));
    }
    changes.push(phrase(`port ${closed} closed`, `关闭端口 ${closed}`));
  }
}

/** The ranges of the VPCs the template creates (written as literals). */
function vpcRangesOf(current: Template): string[] {
  const resources = section(current, "Resources");
  return namesOfType(current, "ALIYUN::ECS::VPC").flatMap((name) => {
    const range = resourceProperties(resources[name]).CidrBlock;
    return typeof range === "string" ? [range] : [];
  });
}

/** The source range a request gave before: the last ingress rule's range that is neither the Internet nor the VPC's own. */
function earlierSourceRange(current: Template): string | undefined {
  const resources = section(current, "Resources");
  const vpcRanges = new Set(vpcRangesOf(current));
  let found: string | undefined;
  for (const name of namesOfType(current, "ALIYUN::ECS::SecurityGroup")) {
    const rules = resourceProperties(resources[name]).SecurityGroupIngress;
    for (const rule of Array.isArray(rules) ? rules : []) {
      const source = isRecord(rule) ? rule.SourceCidrIp : undefined;
      if (typeof source === "string" && source !== "0.0.0.0/0" && !vpcRanges.has(source)) found = source;
    }
  }
  return found;
}

/** "加一个 8443", "加个 9000": a bare number added (two to five digits, no unit or measure word after it). */
const ADDED_NUMBER = /加(?:一个|个)\s{0,2}(\d{2,5})(?![\d.])(?!\s{0,2}(?:g|gb|t|tb|m|mbps|台|个|块|核|天)(?![a-z]))/gi;

/** Ports asked to be opened that the security groups do not open yet. */
/** "open 443 too", "also open 8080 and 8443", "开放8443": numbers right after the verb, without the word "port". Bounded. */
function openPorts(current: Template, text: string, changes: Phrase[], notDone: Phrase[]): void {
  // "再开一个 8080 端口", "开个 9000": 开 before a port opens it too.
  // "add HTTPS on 443", "add a listener on 8443": a listener added needs its backend port open on the servers.
  // "加一个 8443 端口", "add port 8443": an added port is opened.
  if (
    !/open|allow|expose|开放|放行|打开|开(?:一个|个)?\s{0,2}\d|加(?:一个|个)?\s{0,2}(?:端口\s{0,2})?\d|\badd\s{1,3}(?:port\s{0,3})?\d|\badd\b[^.;,\n]{0,24}(?:listen|https?\b)|加[^，。；,;\n]{0,8}监听/i.test(
      text,
    )
  )
    return;
  const asked = new Set(parseGenerationRequest(text).publicPorts);
  // "把 443 去掉，加一个 8443": a number added is a port, without the word "port".
  for (const match of text.matchAll(ADDED_NUMBER)) asked.add(Number(match[1]));
  // "change port 443 to 8443 and also allow SSH …": the port changed away from is not opened again.
  const movedFrom = Number(CHANGE_PORT.exec(text)?.[1]);
  if (Number.isInteger(movedFrom)) asked.delete(movedFrom);
  // "把 80 端口关掉，开 443": the port closed is not opened again.
  const closed = closedPortOf(text, portsInUse(current));
  if (closed !== undefined) asked.delete(closed);
  const existing = new Set(publicPortsOf(current));
  const tokens = tokenize(text);
  // "also open 6379 from the same range": the range given before, never the whole Internet.
  const byReference = sameRangePorts(tokens);
  const earlier = byReference.size > 0 ? earlierSourceRange(current) : undefined;
  // "再开一个 8080 端口给内网", "open 9000 to the VPC only": the VPC's own range.
  const inside = insideOnlyPorts(tokens);
  const vpcRange = inside.size > 0 ? vpcRangesOf(current)[0] : undefined;
  for (const port of inside) if (vpcRange) asked.add(port);
  let full = 0;
  for (const port of [...asked].filter((candidate) => !existing.has(candidate) && candidate !== 22)) {
    if (byReference.has(port) && !earlier) {
      notDone.push(
        phrase(
          `port ${port} not opened: "the same range" names no range the template has (say the range)`,
          `未开放端口 ${port}：“同样的网段”在模板中找不到对应网段（请给出网段）`,
        ),
      );
      continue;
    }
    const source = byReference.has(port) && earlier ? earlier : inside.has(port) && vpcRange ? vpcRange : "0.0.0.0/0";
    let opened = false;
    for (const name of namesOfType(current, "ALIYUN::ECS::SecurityGroup")) {
      const properties = resourceProperties(section(current, "Resources")[name]);
      const rules = Array.isArray(properties.SecurityGroupIngress) ? properties.SecurityGroupIngress : (properties.SecurityGroupIngress = []);
      if (rules.length >= SECURITY_GROUP_RULES_MAX) {
        full += 1;
        continue;
      }
      rules.push({
        IpProtocol: "tcp",
        PortRange: `${port}/${port}`,
        SourceCidrIp: source,
        Policy: "accept",
        Priority: 1,
        Description: source === "0.0.0.0/0" ? `Port ${port} from the Internet` : `Port ${port} from ${source}`,
      });
      opened = true;
    }
    if (opened)
      changes.push(
        source === "0.0.0.0/0"
          ? phrase(`port ${port} opened`, `开放端口 ${port}`)
          : phrase(`port ${port} opened to ${source}`, `开放端口 ${port}，来源 ${source}`),
      );
  }
  if (full > 0) changes.push(rulesNotAdded(full));
}

/** The engine's own "Resources: … x1" description follows the edit; a description the user wrote is kept. */
function refreshDescription(template: Template): void {
  if (typeof template.Description !== "string" || !template.Description.startsWith("Resources: ")) return;
  template.Description = `${resourcesDescription(section(template, "Resources"))}${regionSuffix(template.Description)}`;
}

/** What the reply says for an "add an X" the template already has: which X is kept, and how to ask for a second. */
function alreadyThere(template: Template, kind: ResourceKind): Phrase {
  const names = namesOfType(template, KINDS[kind].rosType)
    .map((name) => `\`${name}\``)
    .join(", ");
  const { en, zh } = KINDS[kind].label;
  return phrase(
    `kept ${names} (${en}): the template already has one, so none was added; ask for "another ${en}" to add a second`,
    `保留 ${names}（${zh}）：模板中已有，未重复添加；如需再加一个，请说“再加一个${zh}”`,
  );
}

/** "把第二台的规格改成 ecs.c7.large", "make the second server a c7.large", "server 2": one server of several named by its place. */
const ONE_SERVER =
  /第\s{0,2}[一二两三四五六七八九十\d]{1,2}\s{0,2}台|\b(?:first|second|third|fourth|fifth|last|\d(?:st|nd|rd|th))\s{1,3}(?:server|instance|ecs|machine|node|box|vm|one)\b|\b(?:server|instance|vm)\s{0,2}#?\s{0,2}\d(?![\d台个])\b/i;

/**
 * The servers share one instance type (the `EcsInstanceType` parameter): a type or size asked for one
 * of them alone cannot be written without changing them all, so it is not applied, and the reply
 * says why (the check then names the type as not in the template, rather than the edit changing
 * every server silently).
 */
function oneServerValuesNamed(values: RequestedValues, text: string, servers: number, notDone: Phrase[]): RequestedValues {
  if (servers < 2 || !ONE_SERVER.test(text) || !(values.ecsInstanceType || values.sizeSpec)) return values;
  const { ecsInstanceType, sizeSpec, sizeHint, ...rest } = values;
  const asked = ecsInstanceType ?? sizeHint ?? "";
  notDone.push(
    phrase(
      `${asked} for one server alone: the servers share the \`EcsInstanceType\` parameter, so the edit would change them all; not applied (ask for all of them, or give that server its own type after deploying)`,
      `只给其中一台设为 ${asked}：所有服务器共用 \`EcsInstanceType\` 参数，修改会改变全部服务器，因此未应用（可对全部服务器修改，或部署后单独调整那台）`,
    ),
  );
  return rest;
}

/** "内存改成 8G", "bump the memory to 8GB": said of a template whose only product with memory is a Redis instance. */
const MEMORY_WORDS = /\b(?:memory|ram)\b|内存/i;

/** A size or a version said alone ("make it 8G", "version 7.0", "升级到 7.0"). */
const SIZE_OR_VERSION = /\d{1,3}\s{0,2}(?:g|gb|gib)\b|\bversion\s{0,2}\d|版本|\b\d{1,2}\.\d\b/i;

/** A product named in an edit: with none, a value speaks of the one product that can hold it. */
const PRODUCT_WORDS = /\b(?:redis|tair|rds|database|db|mysql|postgres(?:ql)?|mariadb|sql ?server|ecs|servers?|instances?)\b|数据库|服务器/i;

/** The engine of the template's databases, as its name reads in a request ("MySQL"). */
function databaseEngine(template: Template): string {
  const database = Object.values(section(template, "Resources")).find((resource) => resourceType(resource) === KINDS.rds.rosType);
  const engine = resourceProperties(database).Engine;
  return typeof engine === "string" ? engine : "MySQL";
}

/**
 * The edit's text as the value grammars read it. Said without a product, a value speaks of the only
 * product that can hold it: "内存改成 8G" of the one Redis instance when nothing else has memory,
 * "upgrade to 8.0 and make it high availability" of the databases when there are no servers.
 */
function valuesText(template: Template, text: string): string {
  if (PRODUCT_WORDS.test(text)) return text;
  const counts = currentCounts(template);
  // "make it 8G and version 7.0" of a template whose one sized, versioned product is a Redis instance.
  if (counts.redis > 0 && counts.ecs === 0 && counts.rds === 0 && (MEMORY_WORDS.test(text) || SIZE_OR_VERSION.test(text)))
    return `Redis ${text.trim().replace(UPGRADE_TO, "version ")}`;
  if (counts.rds > 0 && counts.ecs === 0 && counts.redis === 0) return `RDS ${databaseEngine(template)} ${text.replace(UPGRADE_TO, "version ")}`;
  return text;
}

/** "upgrade to 8.0", "bump it to 15", "升级到 8.0": an engine version without the engine's name. */
const UPGRADE_TO = /\b(?:upgrade|bump|move|update)\s{1,3}(?:it\s{1,3}|the\s{1,3}engine\s{1,3})?to\s{1,3}(?:version\s{1,3})?(?=\d)|升级(?:到|至)\s{0,2}(?=\d)/gi;

/** "make it high availability" of a template with databases and no servers: the database's edition, not a second zone. */
function databaseEditionOnly(target: Record<ResourceKind, number>, text: string): boolean {
  return target.ecs === 0 && target.rds > 0 && rdsEditionOf(text) === "HighAvailability" && !EXPLICIT_ZONES.test(text);
}
const EXPLICIT_ZONES = /\b(?:zones?|azs?)\b|可用区/i;

export function editTemplate(current: Template, request: string): EditResult {
  // Read in the one spelling the grammars know (read/request-text.ts).
  const text = readableText(request);
  const template = structuredClone(current);
  // Rules on the user's own group are edited as a group's, and written back as rules by applyRequestedValues.
  gatherExistingGroupRules(template);
  const changes: Phrase[] = [];
  const unusedBefore = new Set(Object.keys(section(template, "Parameters")).filter((name) => !usedParameterNames(template).has(name)));
  const counts = currentCounts(template);
  const vswitchesBefore = new Set(namesOfType(template, KINDS.vswitch.rosType));
  const kept: ResourceKind[] = [];
  const target = targetCounts(counts, text, kept);
  for (const kind of kept) changes.push(alreadyThere(template, kind));
  if (RESOURCE_KINDS.some((kind) => target[kind] !== counts[kind])) {
    const along: Phrase[] = [];
    const taken = takeAlong(template, counts, target, along);
    const request = requestFor(template, target, text);
    const wiring = removeExcess(template, target, changes, taken);
    changes.push(...along);
    mergeInto(template, buildRosTemplate(request), changes);
    reportWiring(template, wiring, changes);
  }
  // "put them in different zones": the servers over the vSwitches the zones asked for.
  if ((zoneCount(text) ?? differentZones(text, counts.ecs)) !== undefined) spreadServers(template, changes);
  editPorts(template, text, changes);
  addListeners(template, text, changes);
  moveOnlyListener(template, text, changes);
  switchListenerProtocol(template, text, changes);
  const notOpened: Phrase[] = [];
  // "swap the SLB to internal", "SLB 改成内网".
  changeLoadBalancerScope(template, text, changes, notOpened);
  openPorts(template, text, changes, notOpened);
  const moved = moveRegion(template, text);
  changes.push(...moved.changes);
  notOpened.push(...moved.unsupported);
  // "put it in vpc-…": after any rebuild, so the rebuilt resources are moved with the rest.
  changes.push(...moveIntoExistingVpc(template, text));
  // "add a second vswitch in zone i": the zone is the new vSwitch's, in the template's region (new-vswitch-zones.ts).
  const newZones = zonesOfNewVSwitches(template, vswitchesBefore, text);
  changes.push(...newZones.changes);
  // "make the workers 16c64g": the named role's own type parameter (role-type-edit.ts).
  const byRole = roleTypeEdit(template, text, parseRequestedValues(valuesText(template, text)));
  const parsed = byRole.values;
  const values = applyRequestedValues(
    template,
    oneServerValuesNamed(newZones.used ? { ...parsed, zones: [] } : parsed, text, currentCounts(template).ecs, notOpened),
  );
  values.applied.unshift(...byRole.applied);
  dropNewlyUnused(template, unusedBefore);
  refreshDescription(template);
  return {
    template,
    changes,
    applied: values.applied,
    unsupported: [...notOpened, ...values.unsupported],
    understood: changes.length > 0 || values.applied.length > 0 || notOpened.length > 0,
  };
}
