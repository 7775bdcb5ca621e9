/** The RDS database instance: billed by the hour and by storage; inside the VPC only. */
import { accountName, databaseNames } from "./schemas";
import { ENGINE_ON_SERVERS_AFTER } from "../../read/self-hosted";
import { type Phrase, phrase } from "../../read/request-language";
import { spec } from "../../template/data/ros-resource-type-spec";
import type { KindDefinition, ValueReading } from "../kind";
import { buildRds as buildRos } from "./ros";
import { buildRds as buildTerraform } from "./terraform";
import { protocolMention } from "../protocol-mention";
import { gibOf, sizeNear, sizePatterns } from "../stated-size";
import type { RequestedValues } from "../values";
import { detachedVersion, type VersionedEngine } from "../stated-version";
import type { RdsEngine } from "../../read/infrastructure-request";
import { wantedEngine } from "./engine";
import { computePairs } from "../compute-pair";
import { rdsClassForSize, rdsEditionOf } from "./instance-class";
import { readStorageAutoScale } from "./storage-autoscale";

const DATABASE = "ALIYUN::RDS::DBInstance";

const MYSQL_VERSIONS = ["5.6", "5.7", "8.0"];
const POSTGRES_VERSIONS = ["10.0", "11.0", "12.0", "13.0", "14.0", "15.0", "16.0", "17.0"];
const MARIADB_VERSIONS = ["10.3"];
/** SQL Server on RDS: the standard high-availability edition of each year RDS offers. */
const SQLSERVER_YEARS = ["2016", "2017", "2019", "2022"];

/** The RDS version of `written` for `engine`, or a named miss. */
function versionFor(engine: RdsEngine, written: string, unsupported: Phrase[]): string | undefined {
  if (engine === "SQLServer") {
    const year = written.slice(0, 4);
    if (SQLSERVER_YEARS.includes(year)) return `${year}_std_ha`;
    unsupported.push(
      phrase(`SQL Server ${written} (RDS offers ${SQLSERVER_YEARS.join(", ")})`, `SQL Server ${written}（RDS 支持 ${SQLSERVER_YEARS.join("、")}）`),
    );
    return undefined;
  }
  const offered = engine === "MySQL" ? MYSQL_VERSIONS : engine === "MariaDB" ? MARIADB_VERSIONS : POSTGRES_VERSIONS;
  // "PostgreSQL 15" is 15.0; "MySQL 8" is 8.0; "PostgreSQL 15.4" is the major 15.0 RDS offers.
  const version = engine === "PostgreSQL" ? `${written.split(".")[0]}.0` : written.includes(".") ? written : `${written}.0`;
  if (offered.includes(version)) return version;
  unsupported.push(phrase(`${engine} ${written} (RDS offers ${offered.join(", ")})`, `${engine} ${written}（RDS 支持 ${offered.join("、")}）`));
  return undefined;
}

const DETACHED: Record<RdsEngine, VersionedEngine> = { MySQL: "mysql", PostgreSQL: "postgres", MariaDB: "mariadb", SQLServer: "sqlserver" };

/** The engine the request asks for (engine.ts) and its version: "MySQL 8.0", "a MySQL database, version 8.0" (stated-version.ts). */
function engineVersion(text: string, into: RequestedValues): void {
  const wanted = wantedEngine(text);
  if (!wanted) return;
  into.rdsEngine = wanted.engine;
  const written = wanted.version ?? detachedVersion(text, DETACHED[wanted.engine]);
  // "SQL Server 2019 database": a year is a version; a lone small number after "MySQL" is one too.
  if (!written) return;
  const version = versionFor(wanted.engine, written, into.unsupported);
  if (version) into.rdsEngineVersion = version;
}

const STORAGE_SIZE = sizePatterns(String.raw`storage|disk space|存储空间|存储`);

/** The RDS values: engine version (or a named miss), storage, instance class. */
/**
 * "7 day backup retention", "14 days of backups", "backup retention of 30 days", "retain backups for
 * 14 days", "backup 14 days", "backups kept for 14 days", "备份保留7天", "备份 14 天", "保留30天备份".
 */
const BACKUP_RETENTION =
  /(\d{1,3})[ -]?days?\s{0,3}(?:of\s{1,3})?backups?(?:\s{0,3}retention)?|(?:backup retention|retain backups|keep backups)[^\d\n]{0,16}?(\d{1,3})\s{0,2}days?|备份(?:保留)?\s{0,3}(\d{1,3})\s{0,2}天|保留\s{0,3}(\d{1,3})\s{0,2}天的?备份|backups?\s{1,3}(?:(?:kept|retained)\s{1,3})?(?:for\s{1,3})?(\d{1,3})\s{0,2}days?/i;
/** Named without a number of days: the reply says it was not set. */
const RETENTION_WORDS = /backup retention|retain backups|keep backups|备份保留|保留.{0,4}备份/i;

function backupRetention(text: string, unsupported: Phrase[]): number | undefined {
  const match = BACKUP_RETENTION.exec(text);
  const days = match?.[1] ?? match?.[2] ?? match?.[3] ?? match?.[4] ?? match?.[5];
  if (days) return Number(days);
  if (RETENTION_WORDS.test(text))
    unsupported.push(phrase("the database backup retention (say how many days, 7 to 730)", "数据库备份保留策略（请给出天数，7 到 730）"));
  return undefined;
}

/** "4 cores 8 GB", "4C8G", "4核8G", "2 vCPU and 8 GB", "8 GB RAM": a size that is the memory of a compute spec, not storage. */
const MEMORY_BEFORE = /(?:\d\s{0,2}(?:cores?|vcpus?|cpus?|c|核)[\s,/]{0,3}(?:(?:and|with|&|和)\s{0,2})?)$/i;
const MEMORY_AFTER = /^\s{0,2}(?:of\s{1,2})?(?:memory|ram|mem|内存)/i;
const ANY_SIZE = /(\d{1,5})\s*(g|gb|gib|t|tb|tib)\b/gi;

/** The first size of a database-only request that is no compute spec's memory: its storage. */
function storageSize(text: string): RegExpExecArray | undefined {
  for (const match of text.matchAll(ANY_SIZE)) {
    const end = match.index + match[0].length;
    if (MEMORY_BEFORE.test(text.slice(Math.max(0, match.index - 16), match.index)) || MEMORY_AFTER.test(text.slice(end, end + 12))) continue;
    return match as RegExpExecArray;
  }
  return undefined;
}

/** "MySQL on 3307", "MySQL 8.0 on port 3307", "postgres listening on 5433", "database port 3307", "数据库端口 3307" (a correction's blanks may stand between: "MySQL on 3306? no, on 3307"). */
const DATABASE_PORT =
  /\b(?:mysql|postgres(?:ql)?|mariadb|sql ?server|database|rds|db)(?:\s{1,3}\d{1,2}(?:\.\d{1,2})?)?\s{1,3}(?:(?:listening|running)\s{1,3})?(?:on[\s?？]{1,24}(?:port\s{0,3})?|port\s{0,3})(\d{4,5})(?![\d.]|\s{0,2}(?:g|gb|gib|t|tb|m|mb)\b)|数据库\s{0,2}端口\s{0,3}(?:用|为|是)?\s{0,2}(\d{4,5})/i;
/** RDS takes ports 1000–65534 (ROS `Port`); the engines' own need no property. */
const MIN_DATABASE_PORT = 1000;
const ENGINE_OWN_PORTS: ReadonlySet<number> = new Set([3306, 5432, 1433]);

function readRdsValues(whole: string, into: RequestedValues, reading: ValueReading): void {
  engineVersion(whole, into);
  // "storage 200GB, autoscale up to 1000GB": the upper bound is no storage size, so its digits are blanked before storage is read.
  const autoScale = readStorageAutoScale(whole, into.unsupported);
  if (autoScale) into.rdsStorageAutoScale = autoScale.scale;
  const text = autoScale
    ? whole.slice(0, autoScale.bound.start) + " ".repeat(autoScale.bound.end - autoScale.bound.start) + whole.slice(autoScale.bound.end)
    : whole;
  const storage = sizeNear(text, STORAGE_SIZE);
  const databaseOnly =
    /rds|database|\bdbs?\b|mysql|postgres|mariadb|数据库|sql/i.test(text) && !/\becs\b|servers?\b|\bvms?\b|服务器|disk|盘|memory|内存|redis/i.test(text);
  // "a Postgres database, 50GB": with only a database in the request, a lone size is its storage.
  const loneSize = databaseOnly ? storageSize(text) : undefined;
  // "RDS MySQL 8.0, 50 GB, and one ECS": a free size next to the database is its storage.
  const forKind = reading.sizeForKind("rds");
  const kindSize = forKind === autoScale?.scale.upperBound ? undefined : forKind;
  const rdsStorage = storage ?? kindSize ?? (loneSize?.[1] ? gibOf(loneSize[1], loneSize[2]) : undefined);
  // "increase storage to 200 GB", "存储改成500G": a size said to be storage is the database's, in an edit too (applied only where there is one).
  if (rdsStorage !== undefined && (storage !== undefined || /rds|database|\bdbs?\b|mysql|postgres|mariadb|数据库|sql/i.test(text)))
    into.rdsStorage = rdsStorage;
  const retention = backupRetention(text, into.unsupported);
  if (retention !== undefined) into.backupRetentionDays = retention;
  const portMatch = DATABASE_PORT.exec(text);
  const port = portMatch?.[1] ?? portMatch?.[2];
  // "MySQL on 3307": a port of its own; the engine's own port (3306 for MySQL) needs no property.
  if (port !== undefined && Number(port) >= MIN_DATABASE_PORT && Number(port) <= 65535 && !ENGINE_OWN_PORTS.has(Number(port))) into.rdsPort = Number(port);
  const rdsClass = /\b((?:rds\.)?(?:mysql|pg|mssql|mariadb)\.[a-z0-9]+\.[a-z0-9]+(?:\.[a-z0-9]+)?)\b/i.exec(text)?.[1];
  if (rdsClass) into.rdsInstanceClass = rdsClass.toLowerCase();
  readDatabaseSize(text, into);
  const databases = databaseNames(text);
  if (databases.length > 0) into.rdsDatabases = databases;
  // An account's name is read only where the request is about a database (a server's "user" is no database account).
  const account = databases.length > 0 || /rds|database|\bdbs?\b|mysql|postgres|mariadb|数据库|sql/i.test(text) ? accountName(text) : undefined;
  if (account) into.rdsAccount = account;
}

/** A clause that names servers: a vCPU/memory pair with no product before it is theirs then. */
const SERVER_NAMED = /\b(?:ecs|(?<!(?:sql|database|db) ?)servers?|vms?|nodes?|hosts?|machines?|box(?:es)?)\b|服务器|主机|虚拟机/i;

/** The request names a database (not only a size): its edition and an unowned size are the database's. */
const DATABASE_NAMED = /rds|database|\bdbs?\b|mysql|postgres|mariadb|sql ?server|数据库/i;

/** "high availability", "basic edition"; "PostgreSQL 14, 4 cores 8 GB": the edition and the class of that size (instance-class.ts). */
function readDatabaseSize(text: string, into: RequestedValues): void {
  const edition = rdsEditionOf(text);
  const databaseNamed = DATABASE_NAMED.test(text);
  if (edition && databaseNamed) into.rdsEdition = edition;
  const pair = computePairs(text).find((candidate) => candidate.owner === "database" || (candidate.owner === undefined && !SERVER_NAMED.test(text)));
  if (!pair || into.rdsInstanceClass) return;
  const engine = into.rdsEngine ?? "MySQL";
  const instanceClass = rdsClassForSize(engine, pair.vcpus, pair.memoryGib, into.rdsEdition ?? "HighAvailability");
  if (instanceClass) {
    into.rdsInstanceClass = instanceClass;
    return;
  }
  // "一台突发性能实例 2核2G": a pair no product owns is no database's unless the request names one.
  if (pair.owner !== "database" && !databaseNamed) return;
  const size = `${pair.vcpus} vCPU / ${pair.memoryGib} GiB`;
  const name = engine === "SQLServer" ? "SQL Server" : engine;
  into.unsupported.push(
    phrase(
      `a ${name} database of ${size} as such: RDS sells no general-purpose class of that size by name pattern, so pick one in the \`RdsInstanceClass\` selector (or name the class)`,
      `按 ${size} 指定 ${name} 数据库规格：没有可按命名规则确定的通用规格，请在 \`RdsInstanceClass\` 选择器中选择（或直接给出规格名）`,
    ),
  );
}

const ENGINE_NAMES = /^(?:mysql|postgres(?:ql)?|sql ?server|mariadb)$/i;

export const rds: KindDefinition = {
  kind: "rds",
  label: phrase("RDS database", "RDS 数据库"),
  catalogueName: phrase("RDS", "RDS"),
  rosType: DATABASE,
  rosParts: [],
  terraformType: "alicloud_db_instance",
  terraformParts: ["alicloud_rds_account", "alicloud_db_backup_policy"],
  // "PolarDB MySQL", "PolarDB for PostgreSQL": another product (named as not built), not an RDS database.
  nouns:
    /\brds(?: instances?)?\b|\bdatabases?\b|(?<!polardb\s{0,2}(?:for\s{1,2})?|\.)\b(?:mysql|postgres(?:ql)?)\b|\bsql ?server\b|\bmariadb\b|\bdb instances?\b|\bdbs?\b|数据库|云数据库/gi,
  // "allow MySQL port 3306" opens a port; the words that name the product itself ("database", "RDS") always ask for it.
  // "my mysql boxes i-…", "MySQL on ECS hosts": a database the user runs on servers, not an RDS instance.
  notARequest: (mention, before, after) => ENGINE_ON_SERVERS_AFTER.test(after) || protocolMention([3306, 5432, 1433], ENGINE_NAMES)(mention, before, after),
  billable: true,
  maxCount: 3,
  needs: ["vpc", "vswitch"],
  takesAlong: [],
  values: [
    {
      sort: "engine",
      label: phrase("engine", "引擎"),
      rosType: DATABASE,
      rosProperty: "Engine",
      terraformType: "alicloud_db_instance",
      terraformArgument: "engine",
    },
    {
      sort: "engineVersion",
      label: phrase("engine version", "引擎版本"),
      rosType: DATABASE,
      rosProperty: "EngineVersion",
      terraformType: "alicloud_db_instance",
      terraformArgument: "engine_version",
    },
    {
      sort: "size",
      label: phrase("storage", "存储空间"),
      rosType: DATABASE,
      rosProperty: "DBInstanceStorage",
      terraformType: "alicloud_db_instance",
      terraformArgument: "instance_storage",
    },
    {
      sort: "instanceClass",
      label: phrase("instance class", "实例规格"),
      rosType: DATABASE,
      rosProperty: "DBInstanceClass",
      rosParameter: "RdsInstanceClass",
      // Written when the ROS twin states a class (terraform-build/from-ros.ts); looked up otherwise.
      terraformType: "alicloud_db_instance",
      terraformArgument: "instance_type",
    },
    {
      sort: "sourceRange",
      label: phrase("whitelist", "白名单"),
      rosType: DATABASE,
      rosProperty: "SecurityIPList",
      terraformType: "alicloud_db_instance",
      terraformArgument: "security_ips",
    },
  ],
  readValues: readRdsValues,
  rosProperties: {
    "ALIYUN::RDS::DBInstance": [
      "AllocatePublicConnection:b AutoRenew:b BackupPolicyMode:s=DataBackupPolicy|LogBackupPolicy BackupRetentionPeriod:i BurstingEnabled:b",
      "Category:s=Basic|HighAvailability|AlwaysOn|Finance|serverless_basic|serverless_standard|serverless_ha|cluster ConnectionMode:s=Performance|Safty",
      "ConnectionStringPrefix:s ConnectionStringType:s=Inner|Public DBInstanceClass:s DBInstanceDescription:s DBInstanceNetType:s=Internet|Intranet",
      "DBInstanceStorage:i DBInstanceStorageType:s=local_ssd|cloud_ssd|cloud_essd|cloud_essd2|cloud_essd3|general_essd DBIsIgnoreCase:i DBMappings:l DBParamGroupId:s",
      "DBTimeZone:s DedicatedHostGroupId:s DeletionProtection:b EncryptionKey:s Engine:s=MySQL|SQLServer|PostgreSQL|PPAS|MariaDB EngineVersion:s MaintainTime:s",
      "MasterUserPassword:s MasterUserType:s=Normal|Super|Sysadmin MasterUsername:s MultiAZ:b PayType:s=Postpaid|Prepaid|Serverless Period:i",
      "PeriodType:s=Month|Year Port:i PreferredBackupPeriod:l PreferredBackupTime:s PrivateIpAddress:s ResourceGroupId:s RoleARN:s",
      "SQLCollectorStatus:s=Enable|Disabled SSLSetting:s SecurityGroupId:s SecurityIPList:a SlaveZoneIds:l StorageAutoScale:s=Enable|Disable",
      "StorageThreshold:i StorageUpperBound:i Tags:m TargetDedicatedHostIdForLog:s TargetDedicatedHostIdForMaster:s TargetDedicatedHostIdForSlave:s",
      "VSwitchId:s VpcId:s VPCId:s ZoneId:s ServerlessConfig:m",
    ].join(" "),
  },
  rosResourceTypes: {
    "ALIYUN::RDS::DBInstance": spec(
      "DBInstanceId InnerConnectionString InnerIPAddress InnerPort PublicConnectionString PublicIPAddress PublicPort",
      "DBInstanceClass DBInstanceStorage Engine EngineVersion SecurityIPList",
    ),
  },
  build: { ros: buildRos, terraform: buildTerraform },
};
