/**
 * Port mappings of a load balancer: "80 to backend 8080", "listener 443 → 8443", "80 转发到后端
 * 8080", "backend port 8080 behind listener 80", "forward 80 to 8080". A mapping is read only where the words say
 * forwarding (an arrow, "forward", "backend", "转发", "后端"), so "change port 80 to 8080" stays an
 * edit of one port.
 *
 * Linear by construction: every repetition is bounded and no two optional runs of spaces touch.
 */
import { HTTPS_TERMINATION } from "../kinds/slb/protocol";
export interface PortMapping {
  /** The port the load balancer listens on. */
  front: number;
  /** The port of the backend servers. */
  back: number;
  /** The listener's protocol when the request states one ("443 (TCP)"): kinds/slb/protocol.ts. */
  protocol?: "tcp" | "udp" | "http" | "https";
  /** The listener redirects to this listener port instead of forwarding (a twin's `HttpConfig.ForwardPort`). */
  redirectTo?: number;
}

const PORT = String.raw`(\d{2,5})(?!\d)`;
const SPACE = String.raw`\s{0,3}`;
/** "80 → 8080", "SLB :443 -> ECS :8080", "443 https (cert …) -> 8080", "监听 80 转 8080", "443 TCP → 8443", "listening on 443 and forwarding to 8443", "the 443 listener to forward to 9443", "80 to backend port 8080", "80 forwarding to 8080", "80 转发到后端 8080". */
const FORWARD = new RegExp(
  String.raw`(?<!\d)${PORT}${SPACE}(?:(?:tcp|udp|https?)${SPACE})?(?:[(（][^()（）\n]{0,40}[)）]${SPACE})?(?:listener\s{1,3}(?:(?:to|should|must|will)\s{1,3})?|监听${SPACE})?(?:->|→|=>|(?:and\s{1,3})?forward(?:s|ed|ing)?\s{1,3}to|to\s{1,3}(?:the\s{1,3})?backend|转发到|转发至|映射到|到后端|转(?:到|至)?)${SPACE}(?:the\s{1,3})?(?:backend\s{1,3}|后端${SPACE})?(?:(?:ecs|servers?|instances?)(?:\s{0,3}:|\s{1,3}))?(?:(?:tcp|udp|https?)\s{1,3})?(?:port\s{0,3}|端口${SPACE})?${PORT}`,
  "gi",
);
/** "forward 80 to 8080", "forward port 80 to backend port 8080", "forwarding TCP 443 to port 8443" ("把80转发到8080" is FORWARD): the verb before both ports. */
const VERB_FIRST = new RegExp(
  String.raw`forward(?:s|ed|ing)?\s{1,3}(?:(?:tcp|udp|https?)\s{1,3})?(?:port\s{0,3})?${PORT}\s{1,3}to\s{1,3}(?:the\s{1,3})?(?:backend\s{1,3})?(?:port\s{0,3})?${PORT}`,
  "gi",
);
/** "forwards 443 to 8443 and 80 to 8080": the pairs that continue a verb-first mapping, without the verb again. */
const CONTINUED = new RegExp(String.raw`^\s{0,3}(?:,|，|and|&)\s{0,3}(?:and\s{1,3})?(?:port\s{0,3})?${PORT}\s{1,3}to\s{1,3}(?:port\s{0,3})?${PORT}`, "i");
/** The most pairs one verb continues to (a bound, so the chain stays linear). */
const CONTINUED_MAX = 4;

/** "backend port 8080 behind listener 80" / "后端 8080，监听 80" / "监听 80 和 443，后端都是 80" / "backends 2 ECS on port 8080" / "后端 2 台 ECS 8080" / "listening on 80 and 443, both forwarding to 8080": the two named apart, in either order. */
const BACKEND = new RegExp(
  String.raw`(?:backends?|后端|\b(?:both|all|each)\s{1,3}forward(?:s|ing)?\s{1,3}to)${SPACE}(?:\d{1,3}(?:\s{0,3}台)?\s{0,3}(?:ecs|servers?|instances?|vms?|machines?)\s{1,3})?(?:(?:https?|tcp)\s{1,3})?(?:servers?\s{1,3})?(?:(?:all\s{1,3}(?:on\s{1,3})?|(?:listening\s{1,3})?on\s{1,3}|都是|均为|都|均|是|为)${SPACE})?(?:port\s{0,3}|端口${SPACE})?${PORT}`,
  "i",
);
/** "listening on 80", "监听 443", "a CLB on 80/443", "SLB on 80 and 443": the listener ports, up to LISTED_FRONTS_MAX of them. */
const LISTENER = new RegExp(
  String.raw`(?:listen(?:er|ing|s)?|监听|(?:slb|clb|load[- ]?balancer|负载均衡)\s{1,3}on)${SPACE}(?:on\s{1,3})?(?:ports?\s{0,3}|端口${SPACE})?(\d{2,5}(?:\s{0,2}(?:\/|,|，|、|&|and|和)\s{0,2}\d{2,5}){0,3})(?![\d.])`,
  "i",
);
/** "SLB HTTPS 443 … to 2 backends on 8443": a port its protocol names is the listener's when no listener word is written. */
const PROTOCOL_PORT = /\b(?:https?|tcp|udp)\s{0,3}(?:port\s{0,3})?(\d{2,5})(?![\d.])/gi;
/** The most listener ports one phrase lists (LISTENER's own bound: one and three more). */
const LISTED_FRONTS_MAX = 4;
/** The ports of a listed listener phrase ("80/443"). */
const LISTED_FRONTS = /\d{2,5}/g;

function valid(port: number): boolean {
  return port >= 1 && port <= 65535;
}

export function portMappingsOf(text: string): PortMapping[] {
  const mappings: PortMapping[] = [];
  // One mapping per front port, the first written: looked up in a set, not searched for in the list.
  const fronts = new Set<number>();
  const add = (front: number, back: number) => {
    if (!valid(front) || !valid(back) || fronts.has(front)) return;
    fronts.add(front);
    mappings.push({ front, back });
  };
  for (const pattern of [FORWARD, VERB_FIRST]) {
    for (const match of text.matchAll(pattern)) {
      add(Number(match[1]), Number(match[2]));
      if (pattern !== VERB_FIRST) continue;
      // "forwards 443 to 8443 and 80 to 8080": the verb carries over to the pairs after it.
      let at = match.index + match[0].length;
      for (let pairs = 0; pairs < CONTINUED_MAX; pairs += 1) {
        const next = CONTINUED.exec(text.slice(at, at + 48));
        if (!next) break;
        add(Number(next[1]), Number(next[2]));
        at += next[0].length;
      }
    }
  }
  if (mappings.length > 0) return mappings;
  const back = Number(BACKEND.exec(text)?.[1]);
  if (!valid(back)) return [];
  // "a CLB on 80/443, backend 8080": every listener port forwards to the one backend port; "HTTPS termination … backend HTTP 8080": 443 does.
  const written = [...(LISTENER.exec(text)?.[1] ?? "").matchAll(LISTED_FRONTS)].map((match) => Number(match[0]));
  const named = written.length === 0 ? [...text.matchAll(PROTOCOL_PORT)].map((match) => Number(match[1])).filter((port) => port !== back) : [];
  const listed = written.length > 0 ? written : named.length > 0 ? named.slice(0, LISTED_FRONTS_MAX) : HTTPS_TERMINATION.test(text) ? [443] : [];
  // "监听 80 和 443，后端都是 80": 80 → 80 is a listener too; a lone "listener 80, backend 80" needs no mapping.
  const listeners = listed.filter(valid);
  return listeners.length === 1 && listeners[0] === back ? [] : listeners.map((front) => ({ front, back }));
}

/** An HTTP listener that redirects to another ("redirect 80 to 443", "80 跳转到 443", "HTTP to HTTPS redirect"). */
export interface PortRedirect {
  from: number;
  to: number;
}

/** "redirect 80 to 443", "80 redirects to 443", "80 跳转 443", "80 重定向到 443". */
const REDIRECT = new RegExp(
  String.raw`redirect(?:s|ed|ing)?\s{1,3}(?:port\s{0,3})?${PORT}\s{1,3}to\s{1,3}(?:port\s{0,3})?${PORT}|(?<!\d)${PORT}${SPACE}(?:redirect(?:s|ed|ing)?\s{1,3}to|跳转到?|重定向到?)${SPACE}(?:port\s{0,3}|端口${SPACE})?${PORT}`,
  "gi",
);
/** "HTTP to HTTPS redirect", "redirect HTTP to HTTPS", "http 跳转 https": 80 to 443. */
const HTTP_TO_HTTPS =
  /\bhttp\s{1,3}(?:to|->|→)\s{1,3}https\s{1,3}redirect|\bredirect\s{1,3}(?:all\s{1,3})?http\s{1,3}(?:traffic\s{1,3})?to\s{1,3}https\b|\bhttp\s{0,3}(?:跳转|重定向)(?:到|至)?\s{0,3}https\b/i;

export function portRedirectsOf(text: string): PortRedirect[] {
  const redirects: PortRedirect[] = [];
  for (const match of text.matchAll(REDIRECT)) {
    const from = Number(match[1] ?? match[3]);
    const to = Number(match[2] ?? match[4]);
    if (valid(from) && valid(to) && from !== to && !redirects.some((redirect) => redirect.from === from)) redirects.push({ from, to });
  }
  if (redirects.length === 0 && HTTP_TO_HTTPS.test(text)) redirects.push({ from: 80, to: 443 });
  return redirects;
}
