/**
 * Loopback hosts as the URL parser writes them: `localhost` and its subdomains (RFC 6761 §6.3),
 * 127.0.0.0/8, and `[::1]`. Used where "this is a local development server" must be decided from
 * a request: the push keyring guard and the trusted-local mode's Host check.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  return host === "localhost" || host.endsWith(".localhost") || host === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
