/**
 * Never broader than asked (issue 27 item 3): the scopes a template may silently widen, read from
 * the lexer's tokens — a lifecycle rule for every object where a prefix was given ("expire objects
 * under logs/": `Prefix: ''` expires the whole website), a port open to 0.0.0.0/0 where "the VPC
 * only" was asked, public where private was asked (a bucket's ACL, an internal load balancer), and
 * a user's source range reused as a network's own range (a VPC's CidrBlock). The source-range case
 * of a port given a range is bindings.ts. Each finding names the words, what was asked, what the
 * template has, and where.
 */
import type { Token } from "../read/token";
import { familyOfType } from "./families";
import type { RequestedValue } from "./requested-value";
import type { BroaderScope } from "./result";
import { holds, type TemplateRules } from "./template-rules";
import type { Slot, TemplateView } from "./template-slots";
import { portScopes, saysInsideOnly, saysSameRange } from "../read/port-scopes";
import { internalLoadBalancers, mixedInternalPositions, mixedPortScopes } from "../read/load-balancer-scope";
import { asksNoInternetAccess } from "../read/no-internet";
import { askedAway, bucketsOneByOne, clauseOf, PROTOCOL_PORTS } from "./token-context";
import { icmpAsk, isIcmp } from "../read/icmp-rules";

const ANYWHERE = new Set(["0.0.0.0/0", "::/0"]);
const NETWORK_KEYS = /^(?:CidrBlock|cidr_block|VpcCidrBlock|SecondaryCidrBlock)$/;

function prefixScopes(tokens: readonly Token[], rules: TemplateRules, out: BroaderScope[]): void {
  for (const token of tokens) {
    if (token.kind !== "pathPrefix") continue;
    const prefix = String(token.value);
    if (rules.lifecycle.some((rule) => rule.prefix.toLowerCase() === prefix || `${rule.prefix.toLowerCase()}/` === prefix)) continue;
    const whole = rules.lifecycle.find((rule) => rule.prefix === "");
    if (whole)
      out.push({
        kind: "prefix",
        text: token.text,
        asked: `objects under ${token.text}`,
        found: "every object of the bucket (empty prefix)",
        where: whole.where,
      });
  }
}

/**
 * "Open 8080 to the VPC only", "8080 仅内网访问", "also open 6379 from the same range": the port's
 * rules must not be open to everyone (read/port-scopes.ts says which words are the port's).
 */
function insideOnlyScopes(tokens: readonly Token[], rules: TemplateRules, out: BroaderScope[]): void {
  const seen = new Set<number>();
  for (const scope of portScopes(tokens)) {
    const asked = saysInsideOnly(scope.words) ? "from inside the VPC only" : saysSameRange(scope.words) ? "from the same range as before" : undefined;
    if (!asked) continue;
    for (const port of scope.ports) {
      if (seen.has(port)) continue;
      seen.add(port);
      const open = rules.ingress.find((rule) => holds(rule, port) && ANYWHERE.has(rule.source ?? ""));
      if (open) out.push({ kind: "source-range", text: String(port), asked: `port ${port} ${asked}`, found: `from ${open.source}`, where: open.where });
    }
  }
}

/**
 * "ICMP from 10.0.0.0/8": an ICMP rule open to everyone is broader than the ranges asked
 * (read/icmp-rules.ts reads the clause); one this turn opened to everyone without ICMP asked at all is
 * an unasked opening.
 */
function icmpScopes(tokens: readonly Token[], rules: TemplateRules, before: TemplateRules | undefined, out: BroaderScope[]): void {
  const open = rules.ingress.find((rule) => rule.protocol === "icmp" && ANYWHERE.has(rule.source ?? ""));
  if (!open) return;
  let asked = false;
  for (let index = 0; index < tokens.length; index += 1) {
    if (!isIcmp(tokens[index])) continue;
    const ask = icmpAsk(tokens, index);
    const token = tokens[index] as Token;
    asked ||= !ask.refused;
    if (!ask.refused && ask.sources.length > 0 && !ask.sources.some((source) => ANYWHERE.has(source)))
      out.push({ kind: "source-range", text: token.text, asked: `ICMP from ${ask.sources.join(", ")}`, found: `ICMP from ${open.source}`, where: open.where });
    index = ask.end;
  }
  const earlier = before?.ingress.some((rule) => rule.protocol === "icmp" && ANYWHERE.has(rule.source ?? "")) === true;
  if (!asked && !earlier)
    out.push({ kind: "source-range", text: "ICMP", asked: "no opening of ICMP", found: `ICMP open to ${open.source}`, where: open.where });
}

const PUBLIC_ACLS = new Set(["public-read", "public-read-write"]);

/** A private bucket asked, a public one written; an internal load balancer asked, an internet one written. */
function privateScopes(tokens: readonly Token[], view: TemplateView, out: BroaderScope[]): void {
  // "one for logs (private) and one for assets (public-read)": a private bucket is the one whose words say so (kinds/oss/bucket-clauses.ts).
  const clauses = bucketsOneByOne(tokens);
  const aclSlots = view.slots.filter((candidate) => /^(?:AccessControl|acl)$/.test(candidate.key));
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index] as Token;
    if (token.of === "acl" && token.value === "private" && !askedAway(tokens, index)) {
      const own = clauses ? clauseOf(clauses.starts, token.start) : -1;
      const candidates = own >= 0 && aclSlots.length === clauses?.starts.length ? [aclSlots[own] as Slot] : aclSlots;
      const slot = candidates.find((candidate) => PUBLIC_ACLS.has(String(candidate.value)));
      if (slot) out.push({ kind: "public", text: token.text, asked: "a private bucket", found: String(slot.value), where: `${slot.resource}.${slot.path}` });
    }
  }
  const scopes = view.slots.filter((candidate) => /^(?:AddressType|address_type)$/.test(candidate.key));
  // "one public …, one internal …": as many internal as asked, the others may face the internet; otherwise every one asked internal is.
  const mixed = mixedInternalPositions(tokens);
  const internalOnes = scopes.filter((candidate) => candidate.value === "intranet").length;
  for (const index of internalLoadBalancers(tokens)) {
    const slot = mixed !== undefined && internalOnes >= mixed.length ? undefined : scopes.find((candidate) => candidate.value === "internet");
    if (slot)
      out.push({
        kind: "public",
        text: tokens[index]?.text ?? "",
        asked: "an internal load balancer",
        found: "internet",
        where: `${slot.resource}.${slot.path}`,
      });
  }
}

/** "22 from 192.0.2.0/24" written as the VPC's own range: the user's source range reused for the network. */
function reusedRanges(values: readonly RequestedValue[], view: TemplateView, out: BroaderScope[]): void {
  const networks = new Set(values.filter((value) => value.kind === "cidr" && value.target !== "source").map((value) => String(value.value)));
  for (const value of values) {
    if (value.kind !== "cidr" || value.target !== "source" || networks.has(String(value.value))) continue;
    // The VPC's own range: a vSwitch cut to the range a whitelist names (the app subnet) is a design, not a widening.
    const slot = view.slots.find(
      (candidate) => NETWORK_KEYS.test(candidate.key) && candidate.value === value.value && familyOfType(candidate.type)?.id === "vpc",
    );
    if (slot)
      out.push({
        kind: "reused-range",
        text: value.text,
        asked: `${value.text} as a source range`,
        found: "the network's own range",
        where: `${slot.resource}.${slot.path}`,
      });
  }
}

/** The ports the request names: ports, ranges, mappings, and protocols named for their port. */
function requestPorts(tokens: readonly Token[], values: readonly RequestedValue[]): Array<[number, number]> {
  const ports: Array<[number, number]> = [];
  for (const [index, token] of tokens.entries()) {
    // "3 web servers": a web server serves HTTP (the generator opens 80 for it); "Web tier —" is a label.
    const webServer = token.of === "product" && token.value === "ecs" && /^web\b/i.test(token.text);
    if (webServer || (token.kind === "word" && token.value === "web" && tokens[index + 1]?.value !== "tier")) ports.push([80, 80]);
    if (token.kind === "port") ports.push([Number(token.value), Number(token.value)]);
    if (token.kind === "portRange" || token.kind === "range") ports.push([Number(token.value), token.second ?? Number(token.value)]);
    const known = token.of === "protocol" ? PROTOCOL_PORTS[String(token.value)] : undefined;
    if (known !== undefined) ports.push([known, known]);
  }
  for (const value of values) {
    if (value.kind !== "port" && value.kind !== "port-range" && value.kind !== "port-mapping" && value.kind !== "port-redirect") continue;
    ports.push([Number(value.value), value.kind === "port-range" ? (value.second ?? Number(value.value)) : Number(value.value)]);
    if ((value.kind === "port-mapping" || value.kind === "port-redirect") && value.second !== undefined) ports.push([value.second, value.second]);
  }
  return ports;
}

/** A rule this turn opened to 0.0.0.0/0 for ports the request never names ("open 80" written as SSH to everyone). */
function unaskedOpenings(
  tokens: readonly Token[],
  values: readonly RequestedValue[],
  rules: TemplateRules,
  before: TemplateRules | undefined,
  out: BroaderScope[],
): void {
  const asked = requestPorts(tokens, values);
  // "ECS x2 with SLB": the load balancer the request asks for reaches its servers on the listeners' backend ports.
  if (tokens.some((token) => token.of === "product" && token.value === "slb"))
    for (const listener of rules.listeners) if (listener.back !== undefined) asked.push([listener.back, listener.back]);
  const earlier = new Set((before?.ingress ?? []).map((rule) => `${rule.low}/${rule.high}|${rule.source}`));
  for (const rule of rules.ingress) {
    // A rule without ports (ICMP) is judged by icmpScopes.
    if (rule.low < 0 || !ANYWHERE.has(rule.source ?? "") || earlier.has(`${rule.low}/${rule.high}|${rule.source}`)) continue;
    if (asked.some(([low, high]) => low <= rule.high && rule.low <= high)) continue;
    const ports = rule.low === rule.high ? `port ${rule.low}` : `ports ${rule.low}-${rule.high}`;
    out.push({ kind: "source-range", text: ports, asked: `no opening of ${ports}`, found: `${ports} open to ${rule.source}`, where: rule.where });
  }
}

/**
 * "No internet access at all" (read/no-internet.ts): a rule open to everyone, or a load balancer on
 * the Internet, is broader than asked. Rules and load balancers the request's turn kept are judged too:
 * the words say what the whole template must be.
 */
export function offInternetScopes(prose: string, view: TemplateView, rules: TemplateRules): BroaderScope[] {
  if (!asksNoInternetAccess(prose)) return [];
  const out: BroaderScope[] = [];
  for (const rule of rules.ingress) {
    if (!ANYWHERE.has(rule.source ?? "")) continue;
    const what = rule.low < 0 ? (rule.protocol ?? "ICMP").toUpperCase() : rule.low === rule.high ? `port ${rule.low}` : `ports ${rule.low}-${rule.high}`;
    out.push({ kind: "source-range", text: what, asked: "no internet access", found: `${what} open to ${rule.source}`, where: rule.where });
  }
  for (const slot of view.slots)
    if (/^(?:AddressType|address_type)$/.test(slot.key) && slot.value === "internet")
      out.push({ kind: "public", text: "load balancer", asked: "no internet access", found: "internet", where: `${slot.resource}.${slot.path}` });
  return out;
}

export function broaderScopes(
  tokens: readonly Token[],
  values: readonly RequestedValue[],
  view: TemplateView,
  rules: TemplateRules,
  before?: TemplateRules,
): BroaderScope[] {
  const out: BroaderScope[] = [];
  unaskedOpenings(tokens, values, rules, before, out);
  prefixScopes(tokens, rules, out);
  insideOnlyScopes(tokens, rules, out);
  icmpScopes(tokens, rules, before, out);
  privateScopes(tokens, view, out);
  mixedListenerScopes(tokens, view, rules, out);
  reusedRanges(values, view, out);
  return out;
}

const BALANCER_KEY = /^(?:LoadBalancerId|load_balancer_id)$/;

/**
 * "one public for web on 443, one internal for api on 8080": a port the request gives the internal
 * load balancer, served by an internet one, is broader than asked. A listener's load balancer is the
 * one its `LoadBalancerId` names (the view's refs); a load balancer's scope its `AddressType`.
 */
function mixedListenerScopes(tokens: readonly Token[], view: TemplateView, rules: TemplateRules, out: BroaderScope[]): void {
  const asked = mixedPortScopes(tokens).filter((scope) => scope.internal);
  if (asked.length === 0) return;
  const internet = new Set(
    view.slots.filter((slot) => /^(?:AddressType|address_type)$/.test(slot.key) && slot.value === "internet").map((slot) => slot.resource),
  );
  const balancerOf = new Map((view.refs ?? []).filter((ref) => BALANCER_KEY.test(ref.key)).map((ref) => [ref.resource, ref.target]));
  for (const { port, text } of asked) {
    const listener = rules.listeners.find((candidate) => candidate.front === port && internet.has(balancerOf.get(candidate.resource) ?? ""));
    if (listener)
      out.push({ kind: "public", text, asked: `port ${port} on the internal load balancer`, found: "an internet load balancer", where: listener.where });
  }
}
