// What went wrong between a2a-client and the server, said so that a person knows what to do next.
// fetch() reports every connection problem as `TypeError: fetch failed` with the reason in `cause`;
// these helpers turn the base URL a person typed into a URL, and the causes into one sentence each.

export class A2AClientError extends Error {
  constructor(message, code) {
    super(message);
    this.code = code;
  }
}

/** `127.0.0.1:8787` or `localhost:8787/` get `http://`; anything that is not an http(s) URL is refused. */
export function normalizeBaseUrl(raw) {
  const text = String(raw).trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`;
  let url;
  try {
    url = new URL(withScheme);
  } catch {
    throw new A2AClientError(`--url "${text}" is not a URL; give the server's address, e.g. --url http://127.0.0.1:8787`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new A2AClientError(`--url "${text}" is not an http:// or https:// URL; e.g. --url http://127.0.0.1:8787`);
  }
  return trimTrailingSlashes(url.href);
}

/** The URL without trailing slashes (a loop: `/\/+$/` is quadratic on a long run of them). */
function trimTrailingSlashes(url) {
  let end = url.length;
  while (end > 0 && url[end - 1] === "/") end -= 1;
  return url.slice(0, end);
}

const TLS_MISMATCH = /wrong version number|packet length too long|EPROTO|ERR_SSL|unknown protocol/i;

/** One sentence for a failed fetch of `url`; `undefined` when the error is not a connection problem. */
export function explainFetchError(error, url) {
  if (!(error instanceof TypeError) || error.message !== "fetch failed") return undefined;
  const cause = error.cause ?? {};
  const code = cause.code ?? "";
  const target = new URL(url);
  const origin = target.origin;
  const detail = `${code} ${cause.message ?? ""}`;
  if (code === "ECONNREFUSED") return `cannot connect to ${origin} — is the server running? (npm run dev, or --url for another server)`;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return `cannot resolve the host "${target.hostname}" of ${origin} — check --url (or $A2A_URL)`;
  if (target.protocol === "https:" && TLS_MISMATCH.test(detail)) {
    return `${origin} does not speak TLS — use http:// (npm run dev serves http://127.0.0.1:8787)`;
  }
  if (target.protocol === "https:" && code === "UND_ERR_CONNECT_TIMEOUT") {
    return `no TLS answer from ${origin} (timed out) — if it is a plain http server (npm run dev is), use http://`;
  }
  if (code === "UND_ERR_CONNECT_TIMEOUT" || code === "ETIMEDOUT") return `connecting to ${origin} timed out — is the address right and the server up?`;
  if (code === "ECONNRESET" || code === "UND_ERR_SOCKET") return `${origin} closed the connection — is it an A2A server? (check --url)`;
  if (/bad port/.test(detail)) return `${origin} uses a port fetch() refuses to call — pick another port`;
  return `cannot reach ${origin}: ${cause.message ?? code ?? "unknown network error"}`;
}

/** fetch, with connection problems turned into an A2AClientError that says what to do. */
export async function fetchExplained(fetchImpl, url, init) {
  try {
    return await fetchImpl(url, init);
  } catch (error) {
    const explained = explainFetchError(error, url);
    if (explained) throw new A2AClientError(explained);
    throw error;
  }
}

/** The sentence for a 401, naming the credentials that were given and where they came from. */
export function unauthorizedText(credentials) {
  if (!credentials) return "Unauthorized: pass --token, --basic or --api-key (the server needs credentials)";
  return `the server refused the ${credentials.what} given with ${credentials.from} (HTTP 401) — check it, or the server's configured credentials`;
}
