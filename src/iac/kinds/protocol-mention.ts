/**
 * A product's name used for its protocol or port is not a request for the product: "allow MySQL
 * port 3306", "open the Redis port", "port 6379 (Redis)", "MySQL 流量" ask for a firewall rule, not
 * a billable database or cache. Shared by the kinds whose names are also protocols (RDS, Redis).
 *
 * Linear by construction: each pattern is anchored at one end of a short slice and every
 * repetition is bounded.
 */
const PORT_WORDS = String.raw`(?:ports?\b|端口|traffic\b|流量|protocol\b|协议|clients?\b|客户端|connections?\b|连接)`;

/** A port word right after the name; built once at load, where the ReDoS test sees it. */
const PORT_WORD_AFTER = new RegExp(String.raw`^\s{0,3}(?:'s\s{1,3})?(?:default\s{1,3}|默认\s{0,3})?(?:的\s{0,3})?${PORT_WORDS}`, "i");

/** "MySQL port", "MySQL's default port", "Redis 端口", "MySQL (3306)", "Redis 6379". */
function protocolAfter(after: string, ports: readonly number[]): boolean {
  if (PORT_WORD_AFTER.test(after)) return true;
  const number = /^\s{0,3}(?:的\s{0,3})?[(（]?\s{0,3}(?:port\s{0,3}|端口\s{0,3})?(\d{2,5})\b/i.exec(after)?.[1];
  return number !== undefined && ports.includes(Number(number));
}

/** "port 3306 (MySQL)", "port 6379 for Redis", "3306 端口给 MySQL", "6379/Redis". */
function protocolBefore(before: string, ports: readonly number[]): boolean {
  const number = /(\d{2,5})\s{0,3}(?:端口)?\s{0,3}(?:[(（/]|for\b|用于|给|of\b)?\s{0,3}(?:the\s{1,3})?$/i.exec(before)?.[1];
  return number !== undefined && ports.includes(Number(number));
}

/** The `notARequest` rule of a kind whose names are protocols listening on `ports`. */
export function protocolMention(ports: readonly number[], names: RegExp): (mention: string, before: string, after: string) => boolean {
  return (mention, before, after) => names.test(mention) && (protocolAfter(after, ports) || protocolBefore(before, ports));
}
