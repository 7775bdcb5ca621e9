/**
 * Reading one Worker var or secret: trimmed text (blank counts as unset), a boolean, a bounded
 * integer, a list. Every parser of src/config reads the environment through these, so a value of
 * the wrong type or out of range is always a `ConfigError` naming the variable.
 */
import { z } from "zod";
import { ConfigError } from "./config-error";

/** The Worker's `env` as configuration sees it: vars and secrets by name (bindings are objects). */
export type RawEnv = Record<string, unknown>;

export function read(env: RawEnv, name: string): string | undefined {
  const value = env[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw new ConfigError(name, "must be a string");
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

export function bool(env: RawEnv, name: string, fallback: boolean): boolean {
  const value = read(env, name)?.toLowerCase();
  if (value === undefined) return fallback;
  if (["true", "1", "yes", "on"].includes(value)) return true;
  if (["false", "0", "no", "off"].includes(value)) return false;
  throw new ConfigError(name, "must be true or false");
}

export function integer(env: RawEnv, name: string, fallback: number, min: number, max: number): number {
  const value = read(env, name);
  if (value === undefined) return fallback;
  const parsed = z.coerce.number().int().min(min).max(max).safeParse(value);
  if (!parsed.success) throw new ConfigError(name, `must be an integer from ${min} to ${max}`);
  return parsed.data;
}

export function list(env: RawEnv, name: string, separators: RegExp): string[] {
  return (read(env, name) ?? "")
    .split(separators)
    .map((s) => s.trim())
    .filter((s) => s !== "");
}
