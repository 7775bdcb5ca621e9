/**
 * URLs of outside services the Worker calls with its own authority (a JWKS host, a DNS-over-HTTPS
 * resolver): https, or http on a loopback host only (a local service in development and tests), so
 * a deployment never fetches keys or DNS answers in the clear.
 */
import type { ConfigError } from "./config-error";

export function httpsOrLoopbackUrl(raw: string, name: string, fail: (variable: string, reason: string) => ConfigError): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw fail(name, "must be an absolute https URL");
  }
  const loopback = url.hostname === "localhost" || url.hostname === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(url.hostname);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback)) throw fail(name, "must be an absolute https URL");
  if (url.username || url.password) throw fail(name, "must not contain credentials");
  return url.href;
}
