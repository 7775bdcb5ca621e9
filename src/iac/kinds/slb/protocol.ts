/**
 * A listener's protocol as the request writes it (issue 27 item 6): "SLB on 443 (TCP)" is a TCP
 * listener on 443, "HTTPS on 443" and "443 (HTTPS)" an HTTPS one, "a UDP listener on 53", "TCP 监听
 * 8080", "on 443 HTTPS". Without a protocol word a listener is HTTP on 80 and TCP elsewhere, as before. Read from the
 * request as written (read/request-text.ts drops "(TCP)" for the port grammars). Linear: each
 * pattern is one bounded pass.
 */
import { CERTIFICATE_ID } from "../../read/certificate-id";

export type ListenerProtocol = "tcp" | "udp" | "http" | "https";

/** "443 (TCP)", "443（https）", "443 (https, cert …)", "443/tcp": the protocol right after the port. */
const AFTER_PORT = /(?<![\d.])(\d{2,5})\s{0,2}(?:[(（]\s{0,2}(tcp|udp|https?)\s{0,2}[)）,，;；]|\/(tcp|udp))/gi;
/** "TCP 443", "HTTPS on 443", "a TCP listener on 8080", "TCP 监听 8080", "https listener port 443". */
const BEFORE_PORT = /\b(tcp|udp|https?)\s{1,3}(?:(?:listener|监听)\s{0,3})?(?:(?:on|at|port|端口)\s{0,3}){0,2}(\d{2,5})(?![\d.])/gi;

/** "on 443 HTTPS", "8080 tcp": the protocol word right after the port, when no other port follows it ("80 HTTPS on 443" is BEFORE_PORT's). */
const BARE_AFTER_PORT =
  /(?<![\d.])(\d{2,5})\s{1,2}(tcp|udp|https?)\b(?![:/.\w])(?!\s{1,3}(?:(?:listener|监听)\s{0,3})?(?:(?:on|at|port|端口)\s{0,3}){0,2}\d)/gi;

function protocolOf(word: string): ListenerProtocol {
  return word.toLowerCase() as ListenerProtocol;
}

/** "HTTPS termination", "terminate TLS at the SLB", "SSL offloading": an HTTPS listener on 443 (port-mappings.ts gives it the backend port). */
export const HTTPS_TERMINATION =
  /\bhttps\s{1,3}(?:termination|offload(?:ing)?)\b|\bterminat\w{0,5}\s{1,3}(?:https|tls|ssl)\b|\b(?:ssl|tls)\s{1,3}(?:termination|offload(?:ing)?)\b|https\s{0,2}卸载|证书卸载/i;

/** The protocols a request gives its listener ports, by port. */
export function listenerProtocols(text: string): Map<number, ListenerProtocol> {
  const protocols = new Map<number, ListenerProtocol>();
  if (HTTPS_TERMINATION.test(text)) protocols.set(443, "https");
  for (const match of text.matchAll(BARE_AFTER_PORT)) protocols.set(Number(match[1]), protocolOf(match[2] ?? "tcp"));
  for (const match of text.matchAll(BEFORE_PORT)) protocols.set(Number(match[2]), protocolOf(match[1] ?? "tcp"));
  // A protocol in parentheses after the port is the most specific: it wins.
  for (const match of text.matchAll(AFTER_PORT)) protocols.set(Number(match[1]), protocolOf(match[2] ?? match[3] ?? "tcp"));
  // "an SLB on 443 with cert 1234…_abc" (round thirteen: a TCP listener and no certificate): only an HTTPS listener serves one.
  if (CERTIFICATE_ID.test(text) && !protocols.has(443) && ![...protocols.values()].includes("https")) protocols.set(443, "https");
  return protocols;
}

/** The protocol of a listener on `front`: the request's, else HTTP on 80 and TCP elsewhere. */
export function protocolFor(front: number, stated: ListenerProtocol | undefined): ListenerProtocol {
  return stated ?? (front === 80 ? "http" : "tcp");
}

/** Words that ask for port 80 themselves: without them, a lone 80 is the load balancer's default listener. */
const NAMES_80 = /(?<![\d.])80(?![\d.])|\bhttp\b(?!\s{1,3}:?\d)|(?<![(（]\s{0,2})\bweb\b(?!\s{0,2}[)）])|网站|网页/i;

/**
 * The ports a request names with a listener protocol are the load balancer's listeners (and the
 * servers' ports behind them); the default HTTP listener on 80 goes when the request never asked for 80.
 */
export function withListenerPorts<T extends { counts: { slb: number }; publicPorts: number[]; portMappings: readonly { front: number }[] }>(
  request: T,
  protocols: ReadonlyMap<number, ListenerProtocol>,
  text: string,
): T & { listenerProtocols: ReadonlyMap<number, ListenerProtocol> } {
  if (request.counts.slb === 0 || protocols.size === 0) return { ...request, listenerProtocols: protocols };
  const fronts = new Set(request.portMappings.map((mapping) => mapping.front));
  const defaulted = request.publicPorts.length === 1 && request.publicPorts[0] === 80 && !protocols.has(80) && !NAMES_80.test(text);
  const ports = new Set(defaulted ? [] : request.publicPorts);
  for (const port of protocols.keys()) if (!fronts.has(port) && port >= 1 && port <= 65535) ports.add(port);
  return { ...request, publicPorts: [...ports].sort((a, b) => a - b), listenerProtocols: protocols };
}
