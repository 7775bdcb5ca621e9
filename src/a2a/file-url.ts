/**
 * `file://` URLs of url parts (contract §6 "Parts"): only a local URL with an empty host names a
 * workspace file; every other scheme, remote `http(s)` included, is refused (the server does not
 * fetch remote URLs). Parsing is done by hand, not with `URL`, because WHATWG parsing would quietly
 * rewrite the input: it folds `file://localhost/` into an empty host and resolves `..` and `%2e%2e`
 * before the path could be checked.
 */
import { normalizeAbsolutePath } from "./workspace-path";

export type FileUrlPath = { path: string } | { error: "not-local-file" | "bad-path" };

const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;

/**
 * The normalized absolute path a file URL names: scheme `file` (any case), an empty authority
 * (`file:///p` or `file:/p`), query and fragment dropped, percent-escapes decoded, then `.`/`..`
 * resolved. A malformed escape or bytes that are not UTF-8 make it `not-local-file` (as in the Rust
 * port); a path that is not absolute, climbs above `/`, or holds control characters or `\` after
 * decoding is `bad-path`.
 */
export function filePathOfUrl(url: string): FileUrlPath {
  const scheme = SCHEME.exec(url);
  if (!scheme || scheme[1]?.toLowerCase() !== "file") return { error: "not-local-file" };
  let rest = url.slice(scheme[0].length);
  const end = rest.search(/[?#]/);
  if (end !== -1) rest = rest.slice(0, end);
  if (rest.startsWith("//")) {
    const slash = rest.indexOf("/", 2);
    const authority = slash === -1 ? rest.slice(2) : rest.slice(2, slash);
    if (authority !== "") return { error: "not-local-file" };
    rest = slash === -1 ? "" : rest.slice(slash);
  }
  const decoded = percentDecode(rest);
  if (decoded === undefined) return { error: "not-local-file" };
  const path = normalizeAbsolutePath(decoded);
  return path === undefined ? { error: "bad-path" } : { path };
}

/** Strict percent-decoding (the Rust port's rule): a malformed escape or invalid UTF-8 is refused. */
function percentDecode(text: string): string | undefined {
  if (/%(?![0-9A-Fa-f]{2})/.test(text)) return undefined;
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  for (let i = 0; i < text.length; ) {
    if (text[i] === "%") {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 3;
    } else {
      const char = String.fromCodePoint(text.codePointAt(i) ?? 0);
      for (const byte of encoder.encode(char)) bytes.push(byte);
      i += char.length;
    }
  }
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(new Uint8Array(bytes));
  } catch {
    return undefined;
  }
}

/**
 * The canonical URL of a normalized path, as Python's `Path.as_uri()` writes it: `file://` and the
 * path with every byte outside `A-Z a-z 0-9 _ . - ~ /` percent-encoded.
 */
export function fileUrlOfPath(path: string): `file://${string}` {
  let out = "";
  for (const byte of new TextEncoder().encode(path)) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9_.~/-]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return `file://${out}`;
}
