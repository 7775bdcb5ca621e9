/**
 * Products named with a version ("MySQL 8.0", "PostgreSQL 14", "Redis 6.0", "mysql5.7"), database
 * engines named alone ("a MariaDB database"), and instance or class type strings ("ecs.g7.large",
 * "rds.mysql.s2.large", "redis.master.small.default"). An engine word used for a protocol ("MySQL
 * port 3306", "allow Redis traffic") names no product and no version.
 */
import { ENGINE_ON_SERVERS_AFTER } from "../read/self-hosted";
import { isWordChar, type Scanner, withoutTrailingPunctuation } from "./prose";
import type { RequestedValue } from "./requested-value";

const ENGINE = /postgresql|postgres|pgsql|mysql|sql server|sqlserver|mariadb|redis|tair|mongodb/g;
const VERSION = /^[ ]{0,2}(?:version|ver|版本|v)?[ ]{0,2}(?:用|为|是|改成|改为|to)?[ ]{0,2}(\d{1,4})/;
/** A version is one or two digits ("8", "14"), or a year for SQL Server ("2019"); "MySQL 3306" is a port. */
const VERSION_NUMBER = /^(?:\d{1,2}|20\d\d)$/;
const DECIMAL = /^\.\d{1,2}/;
/** A number after an engine word that is a size or a count, not a version ("Redis 2 GB", "MySQL 2 instances"). */
const NOT_A_VERSION = /^[ ]{0,2}(?:g|gb|gib|m|mb|t|tb|个|台|node|instance|副本|replica)/;
const TYPE = /(?<![\w.-])(?:ecs|rds|redis|slb|mysql|pg|mssql|kvstore|polardb|polar|dds|mongo|tair)\.[a-z0-9][a-z0-9.-]{1,40}/g;
const PROTOCOL_USE = /^[ ]{0,2}(?:port|端口|traffic|流量|access|访问|client|客户端|protocol|协议|\()/;

const ENGINE_NAMES: Record<string, string> = {
  postgresql: "PostgreSQL",
  postgres: "PostgreSQL",
  pgsql: "PostgreSQL",
  mysql: "MySQL",
  "sql server": "SQLServer",
  sqlserver: "SQLServer",
  mariadb: "MariaDB",
  redis: "Redis",
  tair: "Redis",
  mongodb: "MongoDB",
};
/** Engines a relational database is created with; the others are products of their own (a version only). */
const RDS_ENGINES = new Set(["MySQL", "PostgreSQL", "SQLServer", "MariaDB"]);

export function instanceTypes(scan: Scanner): RequestedValue[] {
  const values: RequestedValue[] = [];
  for (const match of scan.lower.matchAll(TYPE)) {
    const start = match.index;
    const token = withoutTrailingPunctuation(match[0]);
    const end = start + token.length;
    values.push({ kind: "instance-type", text: scan.original(start, end), role: "wanted", value: scan.original(start, end) });
    scan.claim(start, end);
  }
  return values;
}

/** A swap verb right before an engine, and the word that names its replacement right after it. */
const SWAP_BEFORE = /(?:\bswap|\breplace|\bswitch|\bchange|把|将)[ ]{1,3}(?:out[ ]{1,3})?(?:the[ ]{1,3})?$/;
const SWAP_AFTER = /^[ ]{0,3}(?:(?:database|db|rds)[ ]{1,3})?(?:(?:for|with|to|by)\b|换成|改成|替换为|改为)/;

export function engineValues(scan: Scanner): RequestedValue[] {
  const values: RequestedValue[] = [];
  const named = new Set<string>();
  for (const match of scan.lower.matchAll(ENGINE)) {
    const start = match.index;
    const end = start + match[0].length;
    if (isWordChar(scan.lower[start - 1])) continue;
    const engine = ENGINE_NAMES[match[0]] ?? match[0];
    const rest = scan.lower.slice(end, end + 16);
    if (
      PROTOCOL_USE.test(rest) ||
      (RDS_ENGINES.has(engine) && ENGINE_ON_SERVERS_AFTER.test(scan.lower.slice(end, end + 28))) ||
      /(?:port|端口|allow|允许)[ ]{0,2}$/.test(scan.before(start, 12))
    )
      continue;
    const version = VERSION.exec(rest);
    const decimal = version ? (DECIMAL.exec(rest.slice(version[0].length))?.[0] ?? "") : "";
    const after = version ? rest.slice(version[0].length + decimal.length) : "";
    if (version && VERSION_NUMBER.test(version[1] ?? "") && !isWordChar(after[0]) && after[0] !== "." && (decimal !== "" || !NOT_A_VERSION.test(after))) {
      const number = `${version[1]}${decimal}`;
      const versionEnd = end + version[0].length + decimal.length;
      values.push({ kind: "engine-version", text: scan.original(start, versionEnd), role: "wanted", value: number, target: engine });
      scan.claim(start, versionEnd);
      named.add(engine);
      continue;
    }
    // "swap mysql for postgres 15", "replace MySQL with PostgreSQL", "switch mysql to pg": the engine swapped out is asked away.
    const swappedOut = SWAP_BEFORE.test(scan.before(start, 16)) && SWAP_AFTER.test(rest);
    if (RDS_ENGINES.has(engine) && !named.has(engine))
      values.push({ kind: "engine", text: scan.original(start, end), role: swappedOut ? "removed" : "wanted", value: engine });
    named.add(engine);
  }
  return [...values, ...detachedVersions(scan)];
}

/** "版本 6.0", "version 5.7" apart from the engine word: the engine named last before it in the sentence owns it. */
const DETACHED_VERSION = /(?:\bversion|版本)[ ]{0,3}(?:用|为|是|改成|改为|换成|to)?[ ]{0,3}(\d{1,2}(?:\.\d{1,2})?)(?![\d.])/g;
const OWNER_REACH = 40;

function detachedVersions(scan: Scanner): RequestedValue[] {
  const values: RequestedValue[] = [];
  for (const match of scan.lower.matchAll(DETACHED_VERSION)) {
    const engines = [...scan.before(match.index, OWNER_REACH).matchAll(ENGINE)];
    const owner = engines[engines.length - 1]?.[0];
    if (!owner || !match[1]) continue;
    const end = match.index + match[0].length;
    values.push({ kind: "engine-version", text: scan.original(match.index, end), role: "wanted", value: match[1], target: ENGINE_NAMES[owner] ?? owner });
    scan.claim(match.index, end);
  }
  return values;
}
