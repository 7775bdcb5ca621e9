/**
 * Bindings, not presence (issue 27 item 2): a source range must be on the rule of the port the
 * request gives it to ("SSH only from X": the port-22 rule's source is X), and a port written with
 * a protocol must be served with it ("443 (TCP)": the 443 listener is TCP). A value found only on
 * another rule is misplaced; a port open to 0.0.0.0/0 where a range was asked is a broader scope.
 * Days written for a prefix must be on that prefix's lifecycle rule, and days written with an
 * action (an expiry, a storage class) on an entry doing it (lifecycle-actions.ts), and days written
 * in one bucket's words on that bucket's rules (bucket-days.ts).
 * The engine ↔ version, front ↔ back, disk ↔ size and count ↔ kind pairs are bound where the
 * families are located (locate.ts); this file adds the pairs the lexer's tokens tell.
 */
import type { Token } from "../read/token";
import type { BroaderScope, CheckedValue } from "./result";
import { holds, type TemplateRules } from "./template-rules";
import { familyOfType } from "./families";
import type { TemplateView } from "./template-slots";
import { isClauseEnd, portsGivenTo, protocolOfPort } from "./token-context";
import { bindLifecycleActions } from "./lifecycle-actions";
import { misplacedBucketDays } from "./bucket-days";

export interface BindingFindings {
  /** Values found, but not where the request puts them. */
  misplaced: CheckedValue[];
  broader: BroaderScope[];
  /** Texts of the range tokens whose binding held: they may stay applied. */
  bound: Set<string>;
}

const ANYWHERE = new Set(["0.0.0.0/0", "::/0"]);

function sameRange(source: string | undefined, wanted: string): boolean {
  if (source === undefined) return false;
  const bare = wanted.endsWith("/32") ? wanted.slice(0, -3) : wanted;
  return source.split(",").some((item) => item.trim() === wanted || item.trim() === bare);
}

/** One source range given to ports: on their rules, on another rule, or wider than asked. */
function bindRange(token: Token, ports: readonly number[], rules: TemplateRules, out: BindingFindings): void {
  const wanted = token.kind === "address" ? `${token.value}/32` : String(token.value);
  let held = true;
  for (const port of new Set(ports)) {
    const onPort = rules.ingress.filter((rule) => holds(rule, port));
    const open = ANYWHERE.has(wanted) ? undefined : onPort.find((rule) => ANYWHERE.has(rule.source ?? ""));
    // A rule open to everyone beside the one with the range still opens the port to everyone.
    if (open) {
      held = false;
      out.broader.push({
        kind: "source-range",
        text: token.text,
        asked: `port ${port} from ${token.text}`,
        found: `port ${port} from ${open.source}`,
        where: open.where,
      });
    }
    if (onPort.length === 0 || onPort.some((rule) => sameRange(rule.source, wanted))) continue;
    held = false;
    const elsewhere = rules.ingress.find((rule) => sameRange(rule.source, wanted));
    out.misplaced.push({
      kind: "cidr",
      text: token.text,
      target: "source",
      reason: "misplaced",
      where: elsewhere
        ? `${elsewhere.where} (port ${elsewhere.low === elsewhere.high ? elsewhere.low : `${elsewhere.low}/${elsewhere.high}`}), not port ${port}`
        : `not on port ${port}`,
    });
  }
  if (held) out.bound.add(token.text);
}

/** A port written with its protocol: its listener (or else its rule) must speak it. */
function bindProtocol(tokens: readonly Token[], index: number, rules: TemplateRules, out: BindingFindings): void {
  const token = tokens[index] as Token;
  const protocol = protocolOfPort(tokens, index);
  if (!protocol) return;
  const port = Number(token.value);
  const listeners = rules.listeners.filter((listener) => listener.front === port);
  // "RDP 3389" names its protocol before the port; "443 (TCP)", "22/tcp" after it.
  const before = tokens[index - 1];
  const text =
    before?.kind === "name" && before.of === "protocol"
      ? `${before.text} ${token.text}`
      : tokens
          .slice(index, index + 4)
          .filter((other) => other.start < token.end + 8 && other.kind !== "word")
          .map((other) => other.text)
          .join("");
  if (listeners.length > 0) {
    const listener = listeners.find((candidate) => candidate.protocol === protocol);
    if (listener) {
      // "UDP 53 -> 53": the servers' rule on the backend port must admit UDP too, or no datagram reaches them.
      const back = listener.back ?? port;
      const onBack = protocol === "udp" ? rules.ingress.filter((rule) => holds(rule, back)) : [];
      if (onBack.length > 0 && !onBack.some((rule) => rule.protocol === "udp" || rule.protocol === "all"))
        out.misplaced.push({ kind: "protocol", text, reason: "misplaced", where: `${onBack[0]?.where} is ${onBack[0]?.protocol}, not udp` });
      return;
    }
    out.misplaced.push({ kind: "protocol", text, reason: "misplaced", where: `${listeners[0]?.where} is ${listeners[0]?.protocol ?? "no protocol"}` });
    return;
  }
  // An application protocol (HTTP, SSH, RDP, FTP…) rides on TCP; a transport or ICMP is itself.
  const transport = protocol === "udp" || protocol === "icmp" || protocol === "tcp" ? protocol : "tcp";
  const onPort = rules.ingress.filter((rule) => holds(rule, port));
  if (onPort.length === 0 || onPort.some((rule) => rule.protocol === undefined || rule.protocol === transport || rule.protocol === "all")) return;
  out.misplaced.push({ kind: "protocol", text, reason: "misplaced", where: `${onPort[0]?.where} is ${onPort[0]?.protocol}` });
}

const NETWORK_KEYS = /^(?:CidrBlock|cidr_block)$/;
const NETWORK_FAMILIES = new Set(["vpc", "vswitch"]);
/** How many tokens back a range looks for its network's noun ("vSwitches 192.168.10.0/24 and 192.168.20.0/24"). */
const NETWORK_REACH = 6;

/** "VPC 10.0.0.0/16", "vSwitches A and B", "交换机网段 A": the network noun a range is written after. */
function networkOf(tokens: readonly Token[], index: number): string | undefined {
  let cut = false;
  for (let back = 1; back <= NETWORK_REACH; back += 1) {
    const token = tokens[index - back];
    if (!token || isClauseEnd(token)) return undefined;
    // "three /24 subnets carved from 10.20.0.0/16": the block the subnets are cut from is the VPC's.
    if (token.kind === "word" && CUT_WORDS.has(String(token.value))) cut = true;
    if (token.kind === "name" && token.of === "product") {
      const family = NETWORK_FAMILIES.has(String(token.value)) ? String(token.value) : undefined;
      return cut && family === "vswitch" ? "vpc" : family;
    }
  }
  return undefined;
}
/** Words between subnets and a block that make the block the one they are cut from (read/source-rules.ts reads the same). */
const CUT_WORDS = new Set(["from", "carved", "cut", "split", "sliced"]);

/** A network's own range on the network the request names: the VPC's range on the VPC, a vSwitch's on a vSwitch. */
function bindNetwork(tokens: readonly Token[], index: number, view: TemplateView, out: BindingFindings): void {
  const token = tokens[index] as Token;
  const family = networkOf(tokens, index);
  if (!family) return;
  const carriers = view.slots.filter((slot) => NETWORK_KEYS.test(slot.key) && slot.value === token.value);
  if (carriers.length === 0 || carriers.some((slot) => familyOfType(slot.type)?.id === family)) return;
  const other = carriers[0];
  out.misplaced.push({
    kind: "cidr",
    text: token.text,
    target: "network",
    reason: "misplaced",
    where: `${other?.resource}.${other?.path}, not on the ${family}`,
  });
}

/**
 * `networks`: the ranges the value families read as a network's own range (network-values.ts),
 * which bind to no port; every other range is given to the ports its clause names.
 */
/** A listener the request names forwards to a back port; when the template has ingress rules, one of them must open it. */
function bindBackends(ports: ReadonlySet<number>, rules: TemplateRules, out: BindingFindings): void {
  if (rules.ingress.length === 0) return;
  for (const listener of rules.listeners) {
    const back = listener.back ?? listener.front;
    if (listener.front === undefined || back === undefined || !(ports.has(listener.front) || ports.has(back))) continue;
    if (rules.ingress.some((rule) => holds(rule, back))) continue;
    out.misplaced.push({
      kind: "port",
      text: String(listener.front),
      reason: "misplaced",
      where: `${listener.where} forwards to ${back}, which no security group rule opens`,
    });
  }
}

/** The days a duration token states ("30 days", "2 years"), or undefined for other tokens. */
function daysOf(token: Token): number | undefined {
  if (token.kind !== "duration") return undefined;
  const per = token.unit === "year" ? 365 : token.unit === "month" ? 30 : token.unit === "day" ? 1 : undefined;
  return per === undefined ? undefined : Number(token.value) * per;
}

/** The lifecycle rule holding each number of days, the first in the template's order: built once per check, so each days token is one lookup. */
function daysHolders(rules: TemplateRules, view: TemplateView): Map<number, TemplateRules["lifecycle"][number]> {
  const holders = new Map<number, TemplateRules["lifecycle"][number]>();
  const daySlots = view.slots.filter((slot) => /^(?:Days|days)$/.test(slot.key));
  for (const rule of rules.lifecycle)
    for (const slot of daySlots)
      if (`${slot.resource}.${slot.path}`.startsWith(`${rule.where}.`) && !holders.has(Number(slot.value))) holders.set(Number(slot.value), rule);
  return holders;
}

/** Words that start another part of a clause: the days after them are not the prefix before them's by default. */
const PART_JOINERS = new Set(["and", "then", "和", "并", "并且", "以及", "然后"]);
const isCommaBreak = (token: Token | undefined) => token?.kind === "punctuation" && (token.value === "," || token.value === "，");

/**
 * The prefix each days token is written for, as [days index, prefix index]: the prefix before it in
 * its sentence ("delete objects under tmp/ after 3 days and move images/ to IA after 60 days"), or,
 * when its comma clause opens with the days, the prefix after it in that clause ("delete after 7
 * days for prefix tmp/, after 180 days for prefix archive/"). One pass over the tokens.
 */
function daysOwners(tokens: readonly Token[]): Array<[number, number]> {
  const owners: Array<[number, number]> = [];
  let last: number | undefined;
  let pending: number[] = [];
  let clauseHasPrefix = false;
  const settle = (owner: number | undefined) => {
    if (owner !== undefined) for (const days of pending) owners.push([days, owner]);
    pending = [];
  };
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index] as Token;
    if (isClauseEnd(token) || isCommaBreak(token)) {
      settle(last);
      clauseHasPrefix = false;
      if (isClauseEnd(token)) last = undefined;
    } else if (PART_JOINERS.has(String(token.value))) {
      // "… after 30 days for prefix raw/ and to IA after 7 days for prefix processed/": after "and", days look for their own prefix ahead.
      clauseHasPrefix = false;
    } else if (token.kind === "pathPrefix") {
      settle(index);
      last = index;
      clauseHasPrefix = true;
    } else if (daysOf(token) !== undefined) {
      if (clauseHasPrefix && last !== undefined) owners.push([index, last]);
      else pending.push(index);
    }
  }
  settle(last);
  return owners;
}

/** Days found only on another prefix's rule than the one the request writes them for are misplaced. */
function bindPrefixDays(
  tokens: readonly Token[],
  rules: TemplateRules,
  holders: ReadonlyMap<number, TemplateRules["lifecycle"][number]>,
  out: BindingFindings,
): void {
  for (const [at, owner] of daysOwners(tokens)) {
    const prefix = String(tokens[owner]?.value ?? "");
    const own = rules.lifecycle.find((rule) => rule.prefix.toLowerCase() === prefix || `${rule.prefix.toLowerCase()}/` === prefix);
    const token = tokens[at] as Token;
    const days = daysOf(token);
    const holder = days === undefined ? undefined : holders.get(days);
    if (!own || !holder || holder.where === own.where) continue;
    out.misplaced.push({ kind: "days", text: token.text, reason: "misplaced", where: `${holder.where} (prefix "${holder.prefix}"), not the ${prefix} rule` });
  }
}

export function checkBindings(tokens: readonly Token[], rules: TemplateRules, networks: ReadonlySet<string>, view: TemplateView): BindingFindings {
  const out: BindingFindings = { misplaced: [], broader: [], bound: new Set() };
  const holders = rules.lifecycle.length > 1 ? daysHolders(rules, view) : undefined;
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index] as Token;
    const source = !networks.has(token.kind === "address" ? `${token.value}/32` : String(token.value));
    if ((token.kind === "cidr" || token.kind === "address") && source) {
      const ports = portsGivenTo(tokens, index);
      if (ports.length > 0) bindRange(token, ports, rules, out);
    }
    if (token.kind === "cidr" && !source) bindNetwork(tokens, index, view, out);
    if (token.kind === "port") bindProtocol(tokens, index, rules, out);
  }
  if (holders) bindPrefixDays(tokens, rules, holders, out);
  // "one named acme-logs … 30 days, one named acme-assets … 90 days": each bucket's days on its own rules (bucket-days.ts).
  out.misplaced.push(...misplacedBucketDays(tokens, view, daysOf));
  if (rules.lifecycle.length > 0) {
    // Days on another prefix's rule are listed once, as that.
    const onOtherRule = new Set(out.misplaced.filter((value) => value.kind === "days").map((value) => value.text));
    out.misplaced.push(...bindLifecycleActions(tokens, view, daysOf).filter((value) => !onOtherRule.has(value.text)));
  }
  bindBackends(new Set(tokens.filter((token) => token.kind === "port" || token.kind === "number").map((token) => Number(token.value))), rules, out);
  return out;
}
