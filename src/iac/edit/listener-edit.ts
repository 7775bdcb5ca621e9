/**
 * "add HTTPS on 443", "add a listener on 8443", "also listen on 443 → 8443", "SLB 再加一个 443 监听":
 * a listener added to the load balancers the template has, on each port it does not listen on yet,
 * with the protocol the request states (HTTPS takes a certificate parameter, as a generated one does)
 * and the backend port a mapping gives (else the same port). The servers' own rules for the backend
 * port are opened by the port edit (template-edit.ts `openPorts`). The listener is the generator's
 * (kinds/slb/ros.ts), so a rebuild and an edit write the same resource.
 */
import { CERTIFICATE_PARAMETER, certificateParameter, listenerProperties } from "../kinds/slb/ros";
import { listenerProtocols, protocolFor } from "../kinds/slb/protocol";
import { tokenize } from "../kinds/vocabulary";
import { portMappingsOf } from "../read/port-mappings";
import { CERTIFICATE_ID } from "../read/certificate-id";
import { phrase, type Phrase } from "../read/request-language";
import { resourceProperties, section } from "../template/template-model";
import { namesOfType } from "./template-inventory";

type Template = Record<string, unknown>;

/** "add a listener on 8443", "also HTTPS", "open 443 on the SLB too", "SLB 加一个 443 监听". */
const LISTENER_CUE = /\blisten(?:er|ers|ing)?\b|\bhttps?\b|\bon\s{1,3}(?:the\s{1,3})?(?:slbs?|clbs?|load\s{1,3}balancers?|lbs?)\b|监听/i;
const ADD_CUE = /\b(?:add|also|another|new|enable|open|too)\b|加|新增|增加|再/i;
/** A protocol named without a port: HTTPS is 443, HTTP 80. */
const PROTOCOL_PORT: ReadonlyArray<[RegExp, number]> = [
  [/\bhttps\b/i, 443],
  [/\bhttp\b/i, 80],
];
const LISTENER_TYPE = "ALIYUN::SLB::Listener";

/** The ports the request asks the load balancers to listen on, with their backend ports. */
function askedListeners(text: string): Array<{ front: number; back: number }> {
  const mappings = portMappingsOf(text);
  const ports = new Set<number>(mappings.map((mapping) => mapping.front));
  for (const token of tokenize(text)) if (token.kind === "port") ports.add(Number(token.value));
  if (ports.size === 0) for (const [word, port] of PROTOCOL_PORT) if (word.test(text)) ports.add(port);
  return [...ports].map((front) => ({ front, back: mappings.find((mapping) => mapping.front === front)?.back ?? front }));
}

/** Adds the asked listeners to every load balancer of the template; says what it added. */
export function addListeners(template: Template, text: string, changes: Phrase[]): void {
  if (!LISTENER_CUE.test(text) || !ADD_CUE.test(text)) return;
  const balancers = namesOfType(template, "ALIYUN::SLB::LoadBalancer");
  if (balancers.length === 0) return;
  const resources = section(template, "Resources");
  const listened = new Set(
    namesOfType(template, LISTENER_TYPE).map((name) => {
      const properties = resourceProperties(resources[name]);
      return `${JSON.stringify(properties.LoadBalancerId)}|${String(properties.ListenerPort)}`;
    }),
  );
  const protocols = listenerProtocols(text);
  // "also open 443 on the SLB, with cert 555-cn-hangzhou": a certificate makes 443 an HTTPS listener.
  const certified = CERTIFICATE_ID.test(text);
  for (const { front, back } of askedListeners(text)) {
    // "add HTTPS on 443": the protocol word before the port is the listener's.
    const protocol = protocolFor(front, protocols.get(front) ?? (certified && front === 443 ? "https" : undefined));
    for (const balancer of balancers) {
      if (listened.has(`${JSON.stringify({ Ref: balancer })}|${front}`) || resources[`${balancer}Listener${front}`] !== undefined) continue;
      resources[`${balancer}Listener${front}`] = { Type: LISTENER_TYPE, Properties: listenerProperties(balancer, front, back, protocol) };
      if (protocol === "https") {
        template.Parameters = section(template, "Parameters");
        section(template, "Parameters")[CERTIFICATE_PARAMETER] ??= certificateParameter();
      }
      changes.push(
        phrase(
          `added a ${protocol.toUpperCase()} listener on ${front} (backend port ${back}) to \`${balancer}\``,
          `为 \`${balancer}\` 添加 ${protocol.toUpperCase()} 监听 ${front}（后端端口 ${back}）`,
        ),
      );
    }
  }
}

/** "change the listener to 8080", "set the listener port to 8443", "监听改成 8080": the one listener's front port. */
const LISTENER_TO =
  /\b(?:change|set|move|switch)\s{1,3}(?:the\s{1,3})?(?:listener|frontend)(?:'s)?\s{1,3}(?:port\s{1,3})?to\s{1,3}(\d{2,5})(?![\d.])|监听(?:端口)?\s{0,2}(?:改成|改为|换成|改到)\s{0,2}(\d{2,5})(?![\d.])/i;

/** Moves the template's only listener to the port asked ("change the listener to 8080"); with several, the request names none of them, so nothing moves. */
export function moveOnlyListener(template: Template, text: string, changes: Phrase[]): void {
  const match = LISTENER_TO.exec(text);
  const port = Number(match?.[1] ?? match?.[2]);
  if (!match || !Number.isInteger(port) || port < 1 || port > 65535) return;
  const listeners = namesOfType(template, LISTENER_TYPE);
  const [only] = listeners;
  if (listeners.length !== 1 || only === undefined) return;
  const properties = resourceProperties(section(template, "Resources")[only]);
  const before = properties.ListenerPort;
  if (before === port) return;
  properties.ListenerPort = port;
  changes.push(phrase(`listener \`${only}\` moved from ${String(before)} to ${port}`, `监听 \`${only}\` 从 ${String(before)} 改为 ${port}`));
}

/**
 * "switch the 443 listener to tcp", "make the listener https with cert …", "把 443 监听改成 HTTPS": a
 * listener's protocol. The port names the listener; without one, the only listener (or, for HTTPS,
 * the one on 443). HTTPS serves the certificate parameter (its default is the id the request gives,
 * applied with the other values); another protocol serves none, and an HTTP setting (health-check
 * path, redirect) stays only on an HTTP(S) listener. Bounded patterns: linear.
 */
const SWITCH_PROTOCOL =
  /\b(?:switch|change|make|set|convert|turn)\s{1,3}(?:the\s{1,3})?(?:(\d{2,5})\s{1,3})?listener(?:'s)?\s{1,3}(?:(?:on\s{1,3})?(\d{2,5})\s{1,3})?(?:protocol\s{1,3})?(?:(?:to|into)\s{1,3})?(tcp|udp|https?)\b|(?:(\d{2,5})\s{0,2}(?:端口\s{0,2})?(?:的\s{0,2})?)?监听(?:协议)?\s{0,2}(?:改成|改为|换成|切换为|切到)\s{0,2}(tcp|udp|https?)/i;
const HTTP_ONLY = ["HttpConfig", "HealthCheck"] as const;

export function switchListenerProtocol(template: Template, text: string, changes: Phrase[]): void {
  const match = SWITCH_PROTOCOL.exec(text);
  if (!match) return;
  const protocol = (match[3] ?? match[5] ?? "").toLowerCase();
  const port = Number(match[1] ?? match[2] ?? match[4]);
  const resources = section(template, "Resources");
  const listeners = namesOfType(template, LISTENER_TYPE);
  const portOf = (name: string) => resourceProperties(resources[name]).ListenerPort;
  const picked = Number.isInteger(port)
    ? listeners.filter((name) => portOf(name) === port)
    : listeners.length === 1
      ? listeners
      : protocol === "https"
        ? listeners.filter((name) => portOf(name) === 443)
        : [];
  for (const name of picked) {
    const properties = resourceProperties(resources[name]);
    const before = String(properties.Protocol);
    if (before === protocol) continue;
    properties.Protocol = protocol;
    if (protocol === "https") {
      properties.ServerCertificateId = { Ref: CERTIFICATE_PARAMETER };
      template.Parameters = section(template, "Parameters");
      section(template, "Parameters")[CERTIFICATE_PARAMETER] ??= certificateParameter();
    } else delete properties.ServerCertificateId;
    if (protocol !== "http" && protocol !== "https") for (const key of HTTP_ONLY) delete properties[key];
    changes.push(
      phrase(
        `listener \`${name}\` (${String(properties.ListenerPort)}) now ${protocol.toUpperCase()}, was ${before.toUpperCase()}`,
        `监听 \`${name}\`（${String(properties.ListenerPort)}）改为 ${protocol.toUpperCase()}，原为 ${before.toUpperCase()}`,
      ),
    );
  }
  // No HTTPS listener left: the certificate parameter goes too (an unused parameter is a finding of the validator).
  const served = listeners.some((name) => resourceProperties(resources[name]).Protocol === "https");
  if (!served && picked.length > 0) delete section(template, "Parameters")[CERTIFICATE_PARAMETER];
}
