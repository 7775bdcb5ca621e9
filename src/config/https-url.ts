/**
 * URLs of outside services the Worker calls with its own authority (a JWKS host, a DNS-over-HTTPS
 * resolver): https, or http on a loopback host only (a local service in development and tests), so
 * a deployment never fetches keys or DNS answers in the clear. `publicHttpsOrLoopbackUrl` also
 * refuses an https URL whose host is a private, link-local or special-use address or name (10.0.0.1,
 * 169.254.169.254, fd00::1, `*.internal`): the Worker would otherwise send its own requests into a
 * network the operator never meant it to reach (issue 23, minor items). Loopback stays allowed in
 * either scheme, for local development, as before.
 */
import { classifyCallbackHost } from "../a2a/host-kind";
import type { ConfigError } from "./config-error";

function isLoopbackHost(hostname: string): boolean {
  return hostname === "localhost" || hostname === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

export function httpsOrLoopbackUrl(raw: string, name: string, fail: (variable: string, reason: string) => ConfigError): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw fail(name, "must be an absolute https URL");
  }
  const loopback = isLoopbackHost(url.hostname);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback)) throw fail(name, "must be an absolute https URL");
  if (url.username || url.password) throw fail(name, "must not contain credentials");
  return url.href;
}

/** As httpsOrLoopbackUrl, and the host must be public (or loopback, for development). */
export function publicHttpsOrLoopbackUrl(raw: string, name: string, fail: (variable: string, reason: string) => ConfigError): string {
  const href = httpsOrLoopbackUrl(raw, name, fail);
  const { hostname } = new URL(href);
  if (!isLoopbackHost(hostname) && classifyCallbackHost(hostname) !== "public") throw fail(name, "must not point at a private, link-local or special-use host");
  return href;
}
