/**
 * Ports of a request: single ports and lists ("ports 80, 443 and 8080", "开放 22 端口"), ranges
 * ("8000-8100"), mappings in both word orders ("80→8080", "80 to backend 8080", "80 转发到 8080",
 * "backend 8080 behind listener 80"), replacements ("change 443 to 8443", "把443改成8443": only the
 * new port is wanted) and closings ("close port 22": the port must be gone). A number is a port only
 * with a port cue near it, so "3 servers" or "MySQL 8" never read as ports.
 */
import { isWordChar, type Scanner } from "./prose";
import type { RequestedValue } from "./requested-value";

const NUMBER = /\d{1,5}/g;
const PORT_CUES = [
  "port",
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
  "expose",
];
const AFTER_CUES = ["端口", "port", "/tcp", "/udp"];
const MAPPING_WORDS =
  /^(?:[ ]{0,3}(?:→|->|=>|:|to|至|到|转发到|转发至|转到|映射到|映射至|forward to|forwards to|forwarding to|forwarded to|maps to|mapped to|on))[ ]{0,3}(?:the )?(?:backend|后端|servers|server|服务器|ecs|instances|实例)?[ ]{0,3}(?:port|端口)?[ ]{0,3}$/;
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

function hasCue(scan: Scanner, found: Found): boolean {
  const before = scan.before(found.start, 24);
  const after = scan.after(found.end, 8);
  return PORT_CUES.some((cue) => before.includes(cue)) || AFTER_CUES.some((cue) => after.trimStart().startsWith(cue));
}

function roleOf(scan: Scanner, found: Found): "wanted" | "removed" {
  const before = scan.before(found.start, 32);
  return CLOSE_WORDS.some((word) => before.includes(word)) ? "removed" : "wanted";
}

/** Whether the words before a mapping's first port make it a replacement ("change 80 to 8080"). */
function isReplacement(scan: Scanner, found: Found): boolean {
  const before = scan.before(found.start, 32);
  return CHANGE_WORDS.some((word) => before.includes(word));
}

export function portValues(scan: Scanner): RequestedValue[] {
  const numbers = numbersOf(scan);
  const values: RequestedValue[] = [];
  const ports = new Set<number>();
  let previousPortEnd = -1;
  for (let i = 0; i < numbers.length; i += 1) {
    const found = numbers[i] as Found;
    const next = numbers[i + 1];
    const listed = previousPortEnd >= 0 && LIST_GAP.test(scan.lower.slice(previousPortEnd, found.start));
    if (!listed && !hasCue(scan, found)) continue;
    const gap = next ? scan.lower.slice(found.end, next.start) : "";
    if (next && /^[ ]{0,2}-[ ]{0,2}$/.test(gap) && next.port > found.port) {
      values.push({ kind: "port-range", text: scan.original(found.start, next.end), role: roleOf(scan, found), value: found.port, second: next.port });
      previousPortEnd = next.end;
      i += 1;
      continue;
    }
    if (next && gap.length <= 32 && MAPPING_WORDS.test(gap)) {
      const text = scan.original(found.start, next.end);
      if (isReplacement(scan, found)) values.push({ kind: "port", text: String(next.port), role: "wanted", value: next.port });
      else values.push({ kind: "port-mapping", text, role: "wanted", value: found.port, second: next.port });
      previousPortEnd = next.end;
      i += 1;
      continue;
    }
    if (next && gap.length <= 32 && BACKEND_FIRST.some((cue) => scan.before(found.start, 16).includes(cue)) && FRONTEND_CUES.some((cue) => gap.includes(cue))) {
      values.push({ kind: "port-mapping", text: scan.original(found.start, next.end), role: "wanted", value: next.port, second: found.port });
      previousPortEnd = next.end;
      i += 1;
      continue;
    }
    const role = roleOf(scan, found);
    if (!ports.has(found.port) || role === "removed") values.push({ kind: "port", text: String(found.port), role, value: found.port });
    ports.add(found.port);
    previousPortEnd = found.end;
  }
  return values;
}
