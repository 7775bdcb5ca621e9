/**
 * Facts shared by the generators and the validator: the ports that must never be open to the
 * Internet (SSH, RDP and the database and cache ports), and the engine version a generated RDS
 * instance gets when the request names none.
 */
import type { RdsEngine } from "./generation-request";

export const SENSITIVE_PORTS: ReadonlySet<number> = new Set([22, 3389, 3306, 5432, 1433, 6379, 27017]);

export const RDS_ENGINE_VERSIONS: Readonly<Record<RdsEngine, string>> = {
  MySQL: "8.0",
  PostgreSQL: "14.0",
  SQLServer: "2019_std_ha",
  MariaDB: "10.3",
};
