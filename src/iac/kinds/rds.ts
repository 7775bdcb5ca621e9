/** The RDS database instance: billed by the hour and by storage; inside the VPC only. */
import { phrase } from "../request-language";
import type { KindDefinition } from "./kind";
import { protocolMention } from "./protocol-mention";

const DATABASE = "ALIYUN::RDS::DBInstance";

export const rds: KindDefinition = {
  kind: "rds",
  label: phrase("RDS database", "RDS 数据库"),
  catalogueName: phrase("RDS", "RDS"),
  rosType: DATABASE,
  rosParts: [],
  terraformType: "alicloud_db_instance",
  terraformParts: ["alicloud_rds_account"],
  nouns: /\brds(?: instances?)?\b|\bdatabases?\b|\bmysql\b|\bpostgres(?:ql)?\b|\bsql ?server\b|\bmariadb\b|\bdb instances?\b|\bdbs?\b|数据库|云数据库/gi,
  // "allow MySQL port 3306" opens a port; the words that name the product itself ("database", "RDS") always ask for it.
  notARequest: protocolMention([3306, 5432, 1433], /^(?:mysql|postgres(?:ql)?|sql ?server|mariadb)$/i),
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
    { sort: "instanceClass", label: phrase("instance class", "实例规格"), rosType: DATABASE, rosProperty: "DBInstanceClass", rosParameter: "RdsInstanceClass" },
    {
      sort: "sourceRange",
      label: phrase("whitelist", "白名单"),
      rosType: DATABASE,
      rosProperty: "SecurityIPList",
      terraformType: "alicloud_db_instance",
      terraformArgument: "security_ips",
    },
  ],
};
