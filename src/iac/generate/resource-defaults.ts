/**
 * Facts shared by the generators and the validator: the ports that must never be open to the
 * Internet (SSH, RDP and the database and cache ports), and the engine version a generated RDS
 * instance gets when the request names none, and the size limits a stated disk or storage size must
 * fall in (ROS and Terraform builders alike).
 */
import type { RdsEngine } from "../read/infrastructure-request";

/** ECS system disks: 20–2048 GiB for cloud disks (ECS block storage limits). */
export const SYSTEM_DISK_GIB = { min: 20, max: 2048 } as const;
/** RDS storage: 20–32000 GB for cloud-disk instances. */
export const RDS_STORAGE_GB = { min: 20, max: 32000 } as const;

/** A stated size within a limit, or undefined. */
export function sizeWithin(size: number | undefined, limit: { readonly min: number; readonly max: number }): number | undefined {
  return size !== undefined && size >= limit.min && size <= limit.max ? size : undefined;
}

export const SENSITIVE_PORTS: ReadonlySet<number> = new Set([22, 3389, 3306, 5432, 1433, 6379, 27017]);

export const RDS_ENGINE_VERSIONS: Readonly<Record<RdsEngine, string>> = {
  MySQL: "8.0",
  PostgreSQL: "14.0",
  SQLServer: "2019_std_ha",
  MariaDB: "10.3",
};
