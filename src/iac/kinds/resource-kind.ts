/**
 * The names of the resource kinds, in a file of their own: the request's shape
 * (infrastructure-request.ts) counts resources by kind, and the kinds' definitions (kind.ts) hold
 * builders that read that shape, so the names sit below both (the import rules forbid a cycle of files).
 */
export type ResourceKind = "vpc" | "vswitch" | "securityGroup" | "ecs" | "slb" | "rds" | "oss" | "eip" | "nat" | "redis";
