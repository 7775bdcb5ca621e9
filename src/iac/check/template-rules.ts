/**
 * The template's rules as records, for bindings (issue 27 item 2): a value must sit on the right
 * rule, not in some rule. From the flat slots (template-slots.ts) it groups each security-group
 * ingress rule (ports, source range, protocol), each listener (front and back ports, protocol),
 * each lifecycle rule (prefix, days) and each website setting, ROS and Terraform alike. One pass
 * over the slots into a map keyed by resource and path: linear.
 */
import type { Slot, TemplateView } from "./template-slots";

export interface Rule {
  /** `Resource.Path` of the rule, for the report. */
  where: string;
  resource: string;
  type: string;
  /** The rule's scalars by property name (the last name of each path). */
  fields: Map<string, Slot>;
}

export interface IngressRule extends Rule {
  low: number;
  high: number;
  source: string | undefined;
  protocol: string | undefined;
}

export interface ListenerRule extends Rule {
  front: number | undefined;
  back: number | undefined;
  protocol: string | undefined;
}

export interface LifecycleRule extends Rule {
  /** The prefix the rule applies to; "" (or none written) is the whole bucket. */
  prefix: string;
}

const PORT_RANGE = new Set(["PortRange", "port_range"]);
const SOURCE = new Set(["SourceCidrIp", "cidr_ip", "source_cidr_ip"]);
const PROTOCOL = new Set(["IpProtocol", "ip_protocol", "Protocol", "protocol"]);
const FRONT = new Set(["ListenerPort", "listener_port", "frontend_port", "FrontendPort"]);
const BACK = new Set(["BackendServerPort", "backend_port", "BackendPort"]);
const PREFIX = new Set(["Prefix", "prefix"]);
const EGRESS = new Set(["egress", "Egress"]);

/** The slots grouped by the object that holds them: resource and path without its last name. */
export function ruleRecords(view: TemplateView): Rule[] {
  const records = new Map<string, Rule>();
  for (const slot of view.slots) {
    const dot = slot.path.lastIndexOf(".");
    const parent = dot < 0 ? "" : slot.path.slice(0, dot);
    const id = `${slot.resource}|${parent}`;
    let record = records.get(id);
    if (!record) {
      record = { where: parent === "" ? slot.resource : `${slot.resource}.${parent}`, resource: slot.resource, type: slot.type, fields: new Map() };
      records.set(id, record);
    }
    record.fields.set(slot.key, slot);
  }
  return [...records.values()];
}

const text = (slot: Slot | undefined) => (slot === undefined ? undefined : String(slot.value));

/** Protocols without ports: their rules' `-1/-1` holds no port. */
const PORTLESS = new Set(["icmp", "gre", "icmpv6"]);
/** Every port: what `-1/-1` means on a rule of protocol `all` (or one written without a protocol). */
const ALL_PORTS: [number, number] = [1, 65535];
/** What `-1/-1` holds: no port for ICMP or GRE (low and high -1), every port otherwise. */
const ANY_PORT = /^\s*-1\s*\/\s*-1\s*$/;

function portsOf(value: string | undefined, protocol: string | undefined): [number, number] | undefined {
  if (value === undefined) return undefined;
  if (ANY_PORT.test(value)) return PORTLESS.has(protocol ?? "") ? [-1, -1] : ALL_PORTS;
  const [low, high] = value.split(/[/-]/).map(Number);
  if (low === undefined || !Number.isInteger(low)) return undefined;
  return [low, high !== undefined && Number.isInteger(high) ? high : low];
}

export function ingressRules(records: readonly Rule[]): IngressRule[] {
  const out: IngressRule[] = [];
  for (const record of records) {
    const range = [...PORT_RANGE].map((key) => record.fields.get(key)).find((slot) => slot !== undefined);
    const protocol = [...PROTOCOL]
      .map((key) => text(record.fields.get(key)))
      .find((value) => value !== undefined)
      ?.toLowerCase();
    const ports = portsOf(text(range), protocol);
    if (!ports || EGRESS.has(text(record.fields.get("type")) ?? "")) continue;
    const source = [...SOURCE].map((key) => text(record.fields.get(key))).find((value) => value !== undefined);
    out.push({ ...record, low: ports[0], high: ports[1], source, protocol });
  }
  return out;
}

export function listenerRules(records: readonly Rule[]): ListenerRule[] {
  const out: ListenerRule[] = [];
  for (const record of records) {
    const front = [...FRONT].map((key) => record.fields.get(key)).find((slot) => slot !== undefined);
    if (!front) continue;
    const back = [...BACK].map((key) => record.fields.get(key)).find((slot) => slot !== undefined);
    const protocol = [...PROTOCOL].map((key) => text(record.fields.get(key))).find((value) => value !== undefined);
    out.push({ ...record, front: Number(front.value), back: back === undefined ? undefined : Number(back.value), protocol: protocol?.toLowerCase() });
  }
  return out;
}

/** Lifecycle rules: records under a lifecycle property that carry a prefix, or carry the rule's days with no prefix at all. */
export function lifecycleRules(records: readonly Rule[]): LifecycleRule[] {
  const rules = new Map<string, LifecycleRule>();
  for (const record of records) {
    if (!/lifecycle/i.test(record.where)) continue;
    // "…Rule[0].Expiration" belongs to "…Rule[0]"; "lifecycle_rule.expiration" to "lifecycle_rule".
    const ruleWhere = record.where.replace(/\.(?:Expiration|expiration|Transitions?(?:\[\d{1,4}\])?|transitions?(?:\[\d{1,4}\])?)$/, "");
    const prefix = [...PREFIX].map((key) => text(record.fields.get(key))).find((value) => value !== undefined);
    const known = rules.get(ruleWhere);
    if (known && prefix === undefined) continue;
    rules.set(ruleWhere, { ...record, where: ruleWhere, prefix: prefix ?? known?.prefix ?? "" });
  }
  return [...rules.values()];
}

/** Whether a port range holds the port. */
export const holds = (rule: { low: number; high: number }, port: number) => rule.low <= port && port <= rule.high;

/** The rules of one template, grouped once per check. */
export interface TemplateRules {
  ingress: IngressRule[];
  listeners: ListenerRule[];
  lifecycle: LifecycleRule[];
}

export function templateRules(view: TemplateView): TemplateRules {
  const records = ruleRecords(view);
  return { ingress: ingressRules(records), listeners: listenerRules(records), lifecycle: lifecycleRules(records) };
}
