/**
 * Error text made safe to store or show: secrets become `[REDACTED]`, local paths `[PATH]`, and the
 * result is cut to a maximum length. It covers what the original's `public_errors.py` covers
 * (secret assignments, `Authorization`/`Cookie` values, signed-URL parameters, cloud and API keys,
 * home, temp, workspace, Windows and UNC paths), for push dead letters (`lastError`) and any error
 * detail that leaves the process.
 *
 * It errs towards redacting too much: an error text loses little when `max_tokens=100` reads
 * `max_tokens=[REDACTED]`, and a leaked key cannot be taken back. Secret names are the shared list
 * of `secret-names.ts`, matched by word.
 *
 * Every pattern runs in linear time: the input is bounded first, each pattern starts only where
 * its literal prefix or the start of a name run is, and no two quantifiers can share characters,
 * so hostile text (`token.` 4,000 times) costs a single pass.
 */
import { isSecretName } from "./secret-names";

/** The original stores a push job's `lastError` sanitized and at most 1000 characters (`push_worker.py`). */
export const SANITIZED_ERROR_MAX_LENGTH = 1000;
export const REDACTED = "[REDACTED]";
export const PATH_PLACEHOLDER = "[PATH]";
/**
 * Text past this is never looked at: the output keeps at most `max` (1000 by default) characters,
 * and 16 times that leaves room for redactions to shorten what comes before the cut.
 */
export const SANITIZE_INPUT_MAX_LENGTH = 16 * SANITIZED_ERROR_MAX_LENGTH;

/**
 * A name (a run of name characters starting where no name character precedes it), an optional
 * closing quote, then `:` or `=`. Not after `/` or `\`, so `.aws/credentials: denied` is a path.
 */
const ASSIGNMENT = /(?<![A-Za-z0-9_.\-/\\])(["']?)([A-Za-z0-9_.-]+)(["']?)(\s*[:=]\s*)/g;
/** A quoted string, or a bare word up to a separator; never an earlier `[REDACTED]`. */
const SECRET_VALUE = /(?!\[REDACTED\])(?:"[^"]*"|'[^']*'|[^\s,;&}\]]+)/y;

type Rule = readonly [RegExp, string | ((match: string, ...groups: string[]) => string)];

const SECRET_RULES: readonly Rule[] = [
  // Header lines: everything after the name up to the end of the line.
  // The value must start at its first non-blank, so a second pass cannot re-match "[REDACTED]".
  [/\b((?:proxy-)?authorization|(?:set-)?cookie)([ \t]*:[ \t]*)(?!\[REDACTED\])[^\s][^\r\n]*/gi, `$1$2${REDACTED}`],
  [/\b(bearer)\s+[A-Za-z0-9._~+/-]+=*/gi, `$1 ${REDACTED}`],
  // Signed URLs: AWS SigV4 and SigV2, Alibaba Cloud OSS, Google Cloud Storage, Azure SAS, OAuth.
  [
    /([?&](?:x-amz-signature|x-amz-credential|x-amz-security-token|signature|awsaccesskeyid|ossaccesskeyid|accesskeyid|accesskeysecret|security-token|x-oss-signature|x-oss-credential|x-oss-security-token|x-goog-signature|x-goog-credential|sig|access_token|refresh_token|token|api_key|apikey|key)=)[^&#\s"'<>]+/gi,
    `$1${REDACTED}`,
  ],
  [/\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, REDACTED],
  [/\bLTAI[0-9A-Za-z]{12,}\b/g, REDACTED],
  [/\bsk-[A-Za-z0-9][A-Za-z0-9_-]{7,}/g, REDACTED],
  [/\bgh[pousr]_[A-Za-z0-9]{20,}\b/g, REDACTED],
  [/(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, REDACTED],
];

/** Where a path ends: whitespace, quotes, brackets, separators. */
const PATH_REST = String.raw`[^\s"'<>|,;:()\[\]{}]*`;

const PATH_RULES: readonly Rule[] = [
  [new RegExp(String.raw`\bfile:\/\/[^\s"'<>|,;()\[\]{}]*`, "gi"), PATH_PLACEHOLDER],
  [new RegExp(String.raw`(?:~|\$HOME|%USERPROFILE%)[/\\]${PATH_REST}`, "gi"), PATH_PLACEHOLDER],
  // Absolute paths under home, temp and workspace roots, but not the path part of a URL.
  [
    new RegExp(
      String.raw`(?<![\w.~/\\-])\/(?:Users|home|root|tmp|var\/tmp|var\/folders|private\/tmp|private\/var|workspace|workspaces)(?![\w.-])${PATH_REST}`,
      "g",
    ),
    PATH_PLACEHOLDER,
  ],
  // Drive paths `C:\…` and `C:/…`, before UNC so that a JSON-escaped `C:\\Users` stays whole.
  [new RegExp(String.raw`(?<![A-Za-z0-9])[A-Za-z]:[\\/]${PATH_REST}`, "g"), PATH_PLACEHOLDER],
  // UNC `\\server\share\…`.
  [new RegExp(String.raw`\\\\[^\s\\"'<>|]+\\${PATH_REST}`, "g"), PATH_PLACEHOLDER],
];

/**
 * Redacts secrets and local paths in `text`, then cuts it to `max` characters. Percent-encoded
 * text is decoded first, so `%2Ftmp%2Fkey` is caught as well as `/tmp/key`.
 */
export function sanitizeErrorText(text: string, max: number = SANITIZED_ERROR_MAX_LENGTH): string {
  let out = decodePercentRuns(bound(text));
  for (const [pattern, replacement] of SECRET_RULES) {
    out = typeof replacement === "string" ? out.replace(pattern, replacement) : out.replace(pattern, replacement);
  }
  out = redactAssignments(out);
  for (const [pattern, replacement] of PATH_RULES) {
    out = typeof replacement === "string" ? out.replace(pattern, replacement) : out.replace(pattern, replacement);
  }
  return truncate(out, max);
}

/** Cuts hostile input before any pattern sees it, at the last blank so no word is cut in half. */
function bound(text: string): string {
  if (text.length <= SANITIZE_INPUT_MAX_LENGTH) return text;
  const cut = text.slice(0, SANITIZE_INPUT_MAX_LENGTH);
  for (let i = cut.length - 1; i >= 0; i--) if (/\s/.test(cut[i] ?? "")) return cut.slice(0, i);
  return "";
}

/**
 * `password=…`, `token: …`, `"api_key": "…"`, `'token': …`: the value after a secret name (the
 * shared list, by word) becomes `[REDACTED]` in the quotes it had. One left-to-right pass.
 */
function redactAssignments(text: string): string {
  let out = "";
  let from = 0;
  ASSIGNMENT.lastIndex = 0;
  for (let m = ASSIGNMENT.exec(text); m !== null; m = ASSIGNMENT.exec(text)) {
    const [, open = "", name = "", close = ""] = m;
    if (open !== close || !isSecretName(name)) continue;
    SECRET_VALUE.lastIndex = ASSIGNMENT.lastIndex;
    const value = SECRET_VALUE.exec(text);
    if (!value) continue;
    out += text.slice(from, ASSIGNMENT.lastIndex) + quoteLike(value[0]);
    from = ASSIGNMENT.lastIndex = SECRET_VALUE.lastIndex;
  }
  return out + text.slice(from);
}

/** `[REDACTED]`, in the quotes the value had. */
function quoteLike(value: string): string {
  const quote = value[0];
  return quote === '"' || quote === "'" ? `${quote}${REDACTED}${quote}` : REDACTED;
}

function decodePercentRuns(text: string): string {
  return text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
}

function truncate(text: string, max: number): string {
  const limit = Number.isNaN(max) ? SANITIZED_ERROR_MAX_LENGTH : Math.max(0, Math.floor(max));
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit);
  // Never end on half of a surrogate pair.
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}
