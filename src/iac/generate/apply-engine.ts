/**
 * An engine switch written into a ROS template (issue 27 item 6): "use PostgreSQL 15 instead of
 * MySQL", "换成 PostgreSQL 15" change the database's `Engine`, give it a version RDS offers for that
 * engine (the stated one, else the engine's default), point the class selector at the new engine's
 * classes (a class literal of the old engine's family becomes the selector's default no longer), and
 * move the security group rules of the old engine's port to the new one. Changing only the version
 * left `Engine: MySQL, EngineVersion: '15.0'`, a database ROS refuses.
 */
import type { RdsEngine } from "../read/infrastructure-request";
import { phrase, type Phrase } from "../read/request-language";
import { resourceProperties, resourceType, section } from "../template/template-model";
import { isRecord } from "../template/template-parser";
import { RDS_ENGINE_VERSIONS } from "./resource-defaults";
import { classForEngine } from "../kinds/rds/instance-class";

type Template = Record<string, unknown>;

/** The port each engine listens on by default (RDS). */
export const ENGINE_PORTS: Readonly<Record<RdsEngine, number>> = { MySQL: 3306, MariaDB: 3306, PostgreSQL: 5432, SQLServer: 1433 };

/** The family word of each engine's instance classes: "rds.mysql.s2.large", "pg.n2.medium.1", "mssql.x4.medium.e2". */
const CLASS_FAMILY: Readonly<Record<RdsEngine, string>> = { MySQL: "mysql", MariaDB: "mariadb", PostgreSQL: "pg", SQLServer: "mssql" };

function ingressOf(template: Template): Record<string, unknown>[] {
  const rules: Record<string, unknown>[] = [];
  for (const resource of Object.values(section(template, "Resources"))) {
    const properties = resourceProperties(resource);
    if (resourceType(resource) === "ALIYUN::ECS::SecurityGroupIngress") rules.push(properties);
    if (resourceType(resource) === "ALIYUN::ECS::SecurityGroup" && Array.isArray(properties.SecurityGroupIngress))
      rules.push(...properties.SecurityGroupIngress.filter(isRecord));
  }
  return rules;
}

/** Rules of the old engine's port now open the new engine's port. */
function movePort(template: Template, from: number, to: number): boolean {
  let moved = false;
  for (const rule of ingressOf(template)) {
    if (rule.PortRange !== `${from}/${from}`) continue;
    rule.PortRange = `${to}/${to}`;
    moved = true;
  }
  return moved;
}

/**
 * A class literal of another engine's family is no class of this one: a general-purpose class keeps
 * its size in the new engine's name ("pg.n4.large.2c" → "mysql.n4.large.2c"); any other, the selector
 * takes over again.
 */
function reclass(template: Template, database: Record<string, unknown>, engine: RdsEngine, version: string): string | undefined {
  const foreign = (value: unknown): value is string => typeof value === "string" && !value.split(".").includes(CLASS_FAMILY[engine]);
  const selector = section(template, "Parameters").RdsInstanceClass;
  if (isRecord(selector)) {
    if (isRecord(selector.AssociationPropertyMetadata)) Object.assign(selector.AssociationPropertyMetadata, { Engine: engine, EngineVersion: version });
    if (typeof selector.Description === "string") selector.Description = `Instance class of the ${engine} database.`;
    if (foreign(selector.Default)) {
      const kept = classForEngine(selector.Default, engine);
      if (kept) selector.Default = kept;
      else delete selector.Default;
      if (kept) return kept;
    }
  }
  if (!foreign(database.DBInstanceClass)) return undefined;
  const kept = classForEngine(database.DBInstanceClass, engine);
  database.DBInstanceClass = kept ?? { Ref: "RdsInstanceClass" };
  return kept;
}

/**
 * Switches every database of the template to `engine` when it runs another one; `version` is the
 * one the request states (already checked against what RDS offers), else the engine's default.
 * Returns what changed, for the reply; nothing when the databases already run that engine.
 */
export function switchEngine(template: Template, databases: Record<string, unknown>[], engine: RdsEngine, version: string | undefined): Phrase[] {
  const changes: Phrase[] = [];
  const target = version ?? RDS_ENGINE_VERSIONS[engine];
  for (const database of databases) {
    const from = database.Engine;
    if (typeof from !== "string" || from === engine || !(from in ENGINE_PORTS)) continue;
    database.Engine = engine;
    database.EngineVersion = target;
    const kept = reclass(template, database, engine, target);
    const oldPort = ENGINE_PORTS[from as RdsEngine];
    const newPort = ENGINE_PORTS[engine];
    if (typeof database.Port === "number") database.Port = newPort;
    const moved = oldPort !== newPort && movePort(template, oldPort, newPort);
    changes.push(
      phrase(
        `engine ${from} → ${engine} ${target}${kept ? `, class ${kept} (the same size)` : ""}${moved ? `, port ${oldPort} → ${newPort} in the security group` : ""}`,
        `引擎 ${from} → ${engine} ${target}${kept ? `，规格 ${kept}（同等大小）` : ""}${moved ? `，安全组端口 ${oldPort} → ${newPort}` : ""}`,
      ),
    );
  }
  return changes;
}
