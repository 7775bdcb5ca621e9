/**
 * Ports of a request: single ports and lists ("ports 80, 443 and 8080", "开放 22 端口"), ranges
 * ("8000-8100"), mappings in both word orders ("80→8080", "80 to backend 8080", "80 转发到 8080",
 * "backend 8080 behind listener 80"), replacements ("change 443 to 8443", "把443改成8443": only the
 * new port is wanted) and closings ("close port 22": the port must be gone). A number is a port only
 * with a port cue near it, so "3 servers" or "MySQL 8" never read as ports.
 */
import { HTTPS_TERMINATION } from "../kinds/slb/protocol";
import { isWordChar, type Scanner } from "./prose";
import type { RequestedValue } from "./requested-value";

const NUMBER = /\d{1,5}/g;
const PORT_CUES = [
  "port",
  // A web server or app "on" a number: "nginx on 80/443", "app on 8080".
  "nginx on",
  "apache on",
  "tomcat on",
  "app on",
  "web on",
  "端口",
  "listen",
  "监听",
  "tcp",
  "udp",
  "http",
  "ssh",
  "rdp",
  "转发",
  "forward",
  "backend",
  "后端",
  "→",
  "->",
  "=>",
  "open",
  "开放",
  // "把 443 去掉，加一个 8443": a number added is a port.
  "加一个",
  "加个",
  "expose",
  "security group",
  "安全组",
  "rule",
  "规则",
  "ingress",
  "inbound",
];
const AFTER_CUES = [
  "端口",
  // "把 443 去掉": a number closed is a port.
  "去掉",
  "删掉",
  "关掉",
  "port",
  "/tcp",
  "/udp",
  "from",
  "rule",
  "规则",
  "只允许",
  "仅允许",
  "只对",
  "对所有人",
  "对外",
  "open",
  "开放",
  "to the internet",
  "to anywhere",
];
const MAPPING_WORDS =
  /^(?:[ ]{0,3}(?:端口|port)?[ ,，]{0,3}(?:(?:tcp|udp|https?)[ ]{1,3})?(?:→|->|=>|:|to|至|到|转发到|转发至|转到|映射到|映射至|forward to|forwards to|forwarding to|forwarded to|maps to|mapped to|on))[ ]{0,3}(?:the )?(?:backend|后端|servers|server|服务器|ecs|instances|实例)?[ ]{0,3}(?:port|端口)?[ ]{0,3}$/;
/** "80 redirects to 443", "80 跳转到 443", "80 重定向到 443": the gap of a redirect. */
const REDIRECT_GAP = /^[ ]{0,3}(?:redirect(?:s|ed)? to|跳转到|跳转至|跳转|重定向到|重定向至|重定向)[ ]{0,3}(?:端口|port)?[ ]{0,3}$/;
/** "把443改成8443", "change 443 to 8443": the gap of a replacement; the old port goes, the new one is wanted. */
const REPLACE_GAP = /^[ ]{0,3}(?:端口|port)?[ ]{0,3}(?:改成|改为|换成|改到|调到|调整为|to|->|→|with)[ ]{0,3}(?:端口|port)?[ ]{0,3}$/;
/** Replacements name ports (or listeners); a port is 20 or more, so "change 2 to 3" is no port. */
const MIN_REPLACED_PORT = 20;
const CHANGE_WORDS = ["change", "switch", "replace", "move", "update", "instead of", "改", "换", "调整", "替换", "from"];
const CLOSE_WORDS = ["close", "remove", "delete", "drop", "block", "revoke", "关闭", "删除", "删掉", "去掉", "移除", "禁止", "关掉"];
const BACKEND_FIRST = ["backend", "后端"];
const FRONTEND_CUES = ["listener", "frontend", "behind", "前端", "监听"];
const LIST_GAP = /^[ ]{0,3}(?:,|，|、|\/|&|and|or|和|及|或|以及)?[ ]{0,3}(?:port|端口)?[ ]{0,3}$/;

interface Found {
  port: number;
  start: number;
  end: number;
}

function numbersOf(scan: Scanner): Found[] {
  const found: Found[] = [];
  for (const match of scan.lower.matchAll(NUMBER)) {
    const start = match.index;
    const end = start + match[0].length;
    const port = Number(match[0]);
    if (isWordChar(scan.lower[start - 1]) || isWordChar(scan.lower[end]) || scan.lower[start - 1] === "." || scan.lower[end] === ".") continue;
    if (port < 1 || port > 65535) continue;
    found.push({ port, start, end });
  }
  return found;
}

/** Below this a number near a port word is a port only when the word is right next to it ("port 3"), not "port 8080 with 3 replicas". */
const MIN_LOOSE_PORT = 20;

function hasCue(scan: Scanner, found: Found): boolean {
  const before = scan.before(found.start, 24);
  const after = scan.after(found.end, 8);
  if (found.port < MIN_LOOSE_PORT) {
    const near = before.trimEnd();
    return near.endsWith("port") || near.endsWith("端口") || ["端口", "/tcp", "/udp"].some((cue) => after.trimStart().startsWith(cue));
  }
  return PORT_CUES.some((cue) => before.includes(cue)) || AFTER_CUES.some((cue) => after.trimStart().startsWith(cue));
}

/** "把22端口删掉", "22 端口的规则去掉": the closing verb after the port. */
const CLOSED_AFTER = /^[ ]{0,3}(?:号[ ]{0,2})?(?:端口|port)?(?:的规则)?[ ]{0,3}(?:去掉|删掉|删除|关闭|关掉|移除)/;

function roleOf(scan: Scanner, found: Found): "wanted" | "removed" {
  const before = scan.before(found.start, 32);
  if (CLOSED_AFTER.test(scan.after(found.end, 16))) return "removed";
  // "把 80 端口关掉，开 443": an open verb after the close word opens the ports after it.
  const closeAt = Math.max(...CLOSE_WORDS.map((word) => before.lastIndexOf(word)));
  const openAt = Math.max(...OPEN_WORDS.map((word) => before.lastIndexOf(word)));
  return closeAt >= 0 && closeAt > openAt ? "removed" : "wanted";
}
/** Verbs that open a port: after a close word they start a clause of their own ("把 443 端口去掉，加一个 8443 端口"). */
const OPEN_WORDS = ["open", "allow", "expose", "add", "开放", "打开", "放行", "开", "加"];

/** A gap that maps by itself, without a port word around: an arrow or a forwarding verb. */
const FORWARDING = ["→", "->", "=>", "转发", "forward", "映射", "map"];

/**
 * Whether the words before a mapping's first port make it a replacement ("change 80 to 8080"); a
 * forwarding verb nearer the ports keeps it a mapping ("change the listener to forward 80 to 8080").
 */
function isReplacement(scan: Scanner, found: Found): boolean {
  const before = scan.before(found.start, 32);
  const change = Math.max(...CHANGE_WORDS.map((word) => before.lastIndexOf(word)));
  return change >= 0 && change >= Math.max(...FORWARDING.map((word) => before.lastIndexOf(word)));
}

function isReplacementGap(scan: Scanner, found: Found, gap: string): boolean {
  if (gap.length > 16 || !REPLACE_GAP.test(gap)) return false;
  return /[\u4e00-\u9fff]/.test(gap) || isReplacement(scan, found);
}

/** Which numbers are ports: those with a cue, those that map to another, and those listed next to a port ("80 and 443 from anywhere"). */
function portFlags(scan: Scanner, numbers: readonly Found[]): boolean[] {
  const flags = numbers.map((found, i) => {
    const next = numbers[i + 1];
    const gap = next ? scan.lower.slice(found.end, next.start) : "";
    if (hasCue(scan, found)) return true;
    if (gap.length <= 32 && MAPPING_WORDS.test(gap) && FORWARDING.some((word) => gap.includes(word))) return true;
    return next !== undefined && isReplacementGap(scan, found, gap) && Math.max(found.port, next.port) >= MIN_REPLACED_PORT;
  });
  // "80 -> 80, 3 backends": a number too small for a loose port joins no list of ports.
  const listedWith = (a: Found | undefined, b: Found | undefined) =>
    a !== undefined && b !== undefined && Math.min(a.port, b.port) >= MIN_LOOSE_PORT && LIST_GAP.test(scan.lower.slice(a.end, b.start));
  for (let i = 1; i < numbers.length; i += 1) if (flags[i - 1] && listedWith(numbers[i - 1], numbers[i])) flags[i] = true;
  for (let i = numbers.length - 2; i >= 0; i -= 1) if (flags[i + 1] && listedWith(numbers[i], numbers[i + 1])) flags[i] = true;
  return flags;
}

/** "backend HTTP 8080", "后端 8080": the words before a backend port. */
const BACKEND_CUE = /(?:backend|后端)\s{0,2}(?:https?|tcp)?\s{0,2}(?:port\s{0,2})?$/;

export function portValues(scan: Scanner): RequestedValue[] {
  const numbers = numbersOf(scan);
  const flags = portFlags(scan, numbers);
  const values: RequestedValue[] = [];
  const ports = new Set<number>();
  for (let i = 0; i < numbers.length; i += 1) {
    const found = numbers[i] as Found;
    const next = numbers[i + 1];
    if (!flags[i]) continue;
    const gap = next ? scan.lower.slice(found.end, next.start) : "";
    if (next && /^[ ]{0,2}-[ ]{0,2}$/.test(gap) && next.port > found.port) {
      values.push({ kind: "port-range", text: scan.original(found.start, next.end), role: roleOf(scan, found), value: found.port, second: next.port });
      i += 1;
      continue;
    }
    if (next && isReplacementGap(scan, found, gap)) {
      values.push({ kind: "port", text: String(next.port), role: "wanted", value: next.port });
      i += 1;
      continue;
    }
    if (
      next &&
      gap.length <= 32 &&
      (REDIRECT_GAP.test(gap) || (MAPPING_WORDS.test(gap) && /redirect\S{0,3}\s{1,3}(?:port\s{0,3})?$/.test(scan.before(found.start, 16))))
    ) {
      // "redirect 80 to 443", "80 跳转到 443": a listener that sends its clients to another, not a backend port.
      values.push({ kind: "port-redirect", text: scan.original(found.start, next.end), role: "wanted", value: found.port, second: next.port });
      i += 1;
      continue;
    }
    if (next && gap.length <= 32 && MAPPING_WORDS.test(gap)) {
      const text = scan.original(found.start, next.end);
      if (isReplacement(scan, found)) values.push({ kind: "port", text: String(next.port), role: "wanted", value: next.port });
      else values.push({ kind: "port-mapping", text, role: "wanted", value: found.port, second: next.port });
      i += 1;
      continue;
    }
    if (next && gap.length <= 32 && BACKEND_FIRST.some((cue) => scan.before(found.start, 16).includes(cue)) && FRONTEND_CUES.some((cue) => gap.includes(cue))) {
      values.push({ kind: "port-mapping", text: scan.original(found.start, next.end), role: "wanted", value: next.port, second: found.port });
      i += 1;
      continue;
    }
    // "HTTPS termination … backend HTTP 8080": the HTTPS listener on 443 forwards to that port.
    const backendBefore = scan.before(found.start, 24);
    const backend = HTTPS_TERMINATION.test(scan.lower) ? BACKEND_CUE.exec(backendBefore) : null;
    if (backend) {
      const start = found.start - (backendBefore.length - backend.index);
      values.push({ kind: "port-mapping", text: scan.original(start, found.end), role: "wanted", value: 443, second: found.port });
      ports.add(found.port);
      continue;
    }
    const role = roleOf(scan, found);
    if (!ports.has(found.port) || role === "removed") values.push({ kind: "port", text: String(found.port), role, value: found.port });
    ports.add(found.port);
  }
  return values;
}
