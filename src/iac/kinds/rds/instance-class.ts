/**
 * A database's class from the vCPUs and memory a request gives it ("PostgreSQL 14, 4 cores 8 GB",
 * "RDS MySQL 2核4G"), and its edition ("high availability", "高可用", "basic edition"). RDS sells
 * its general-purpose classes by a pattern the class name spells: `<engine>.n<GiB per vCPU>.<size>.<edition>`,
 * sizes small (1 vCPU), medium (2), large (4) and xlarge (8), editions `2c` (high availability,
 * cloud disks) and `1` (basic, MySQL's). A pair outside that pattern, or an engine whose classes
 * are named otherwise (SQL Server, MariaDB), gets no class: the reply names it as not expressed
 * and the class stays the console's selector. Never a guessed name outside the pattern.
 */
import type { RdsEngine } from "../../read/infrastructure-request";

export type RdsEdition = "Basic" | "HighAvailability";

const ENGINE_PREFIX: Partial<Record<RdsEngine, string>> = { MySQL: "mysql", PostgreSQL: "pg" };
/** GiB per vCPU of the general-purpose families. */
const FAMILY_BY_RATIO: Readonly<Record<number, string>> = { 2: "n2", 4: "n4" };
const SIZE_BY_VCPUS: Readonly<Record<number, string>> = { 1: "small", 2: "medium", 4: "large", 8: "xlarge" };
/** The 1-vCPU size is sold in the 1:2 family only. */
const SMALL_FAMILIES = new Set(["n2"]);

function editionSuffix(engine: RdsEngine, edition: RdsEdition): string | undefined {
  if (edition === "HighAvailability") return "2c";
  return engine === "MySQL" ? "1" : undefined;
}

/**
 * "make it high availability" on a basic database: its class re-spelt for the new edition
 * ("mysql.n2.small.1" → "mysql.n2.small.2c"), so class and `Category` agree; undefined when the class
 * is not of the general-purpose pattern or the edition has no suffix for the engine.
 */
export function classForEdition(engine: RdsEngine, instanceClass: string, edition: RdsEdition): string | undefined {
  const prefix = ENGINE_PREFIX[engine];
  const suffix = editionSuffix(engine, edition);
  const parts = instanceClass.split(".");
  if (!prefix || !suffix || parts.length !== 4 || parts[0] !== prefix || !/^n[24]$/.test(parts[1] ?? "")) return undefined;
  return parts[3] === suffix ? undefined : `${parts.slice(0, 3).join(".")}.${suffix}`;
}

/**
 * "change it to MySQL 8.0, keep the size": a general-purpose class of one engine re-spelt for another
 * ("pg.n4.large.2c" → "mysql.n4.large.2c"), same size and edition; undefined when either engine's
 * classes are not of the pattern, or the edition has no suffix for the new engine.
 */
export function classForEngine(instanceClass: string, engine: RdsEngine): string | undefined {
  const prefix = ENGINE_PREFIX[engine];
  const parts = instanceClass.split(".");
  if (!prefix || parts.length !== 4 || !Object.values(ENGINE_PREFIX).includes(parts[0] ?? "") || !/^n[24]$/.test(parts[1] ?? "")) return undefined;
  const edition: RdsEdition = parts[3] === "2c" ? "HighAvailability" : "Basic";
  const suffix = editionSuffix(engine, edition);
  return suffix && parts[3] === (edition === "HighAvailability" ? "2c" : "1") ? `${prefix}.${parts[1]}.${parts[2]}.${suffix}` : undefined;
}

/** The general-purpose class of that size, or undefined when RDS sells none by this pattern. */
export function rdsClassForSize(engine: RdsEngine, vcpus: number, memoryGib: number, edition: RdsEdition): string | undefined {
  const prefix = ENGINE_PREFIX[engine];
  const family = memoryGib % vcpus === 0 ? FAMILY_BY_RATIO[memoryGib / vcpus] : undefined;
  const size = SIZE_BY_VCPUS[vcpus];
  const suffix = editionSuffix(engine, edition);
  if (!prefix || !family || !size || !suffix || (size === "small" && !SMALL_FAMILIES.has(family))) return undefined;
  return `${prefix}.${family}.${size}.${suffix}`;
}

/** "high availability", "HA", "primary/standby", "primary and standby", "一主一备", "双机高可用", "主备": the high-availability edition. */
const HIGH_AVAILABILITY =
  /\bhigh[- ]?availability\b|\bha\b(?![- ]?proxy)|\bprimary ?[/+&-] ?(?:standby|replica|secondary)\b|\bprimary and (?:a )?(?:standby|secondary)\b|\bmaster[/ -](?:standby|slave)\b|高可用|主备|一主一备|双机/i;
/** "basic edition", "single node", "single-instance", "基础版", "单机版", "单节点": the basic edition. */
const BASIC = /\bbasic (?:edition|series|tier|version)\b|\bsingle[- ](?:node|instance)\b|基础版|单机版|单节点|单实例/i;

/** The edition the request names for its database, if any. */
export function rdsEditionOf(text: string): RdsEdition | undefined {
  if (BASIC.test(text)) return "Basic";
  return HIGH_AVAILABILITY.test(text) ? "HighAvailability" : undefined;
}
