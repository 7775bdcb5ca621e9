/**
 * The one list of secret-looking names, shared by the error sanitizer (`password=…` in a text) and
 * the metadata redactor (`"alibaba_cloud_access_key_id": …` in a message's metadata), so a name
 * that is secret in one place is secret in the other.
 *
 * A name is split into its words (at `_`, `-`, `.`, spaces and camelCase humps, lower-cased) and is
 * secret when one word, or two adjacent words, are on the list (plurals included):
 * `alibaba_cloud_access_key_id` and `accessKeyId` hold `access key`, `X-API-Key` holds `api key`,
 * `client_secret` holds `secret`, and `max_tokens` holds `tokens` (it errs towards redacting),
 * while `keyword`, `author` and `tokenizer` are not secret. Matching words, not substrings, keeps
 * the check linear and ordinary names readable.
 */

/** Single words that make a name secret. */
const SECRET_WORDS = new Set([
  "password",
  "passwd",
  "passphrase",
  "pwd",
  "secret",
  "token",
  "apikey",
  "credential",
  "authorization",
  "signature",
  "cookie",
  "sessionid",
  "accesskey",
  "accesskeyid",
  "privatekey",
]);

/** Adjacent word pairs that make a name secret (joined with a space). */
const SECRET_PAIRS = new Set(["api key", "access key", "private key", "session id", "secret key", "auth key"]);

/** A word, or its singular when it ends in `s`. */
function listed(set: ReadonlySet<string>, word: string): boolean {
  return set.has(word) || (word.endsWith("s") && set.has(word.slice(0, -1)));
}

/** The words of a name: `alibabaCloud_ACCESS-key.id` → alibaba, cloud, access, key, id. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z])(?=[A-Z][a-z])/g, "$1 ")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== "");
}

export function isSecretName(name: string): boolean {
  const words = nameWords(name);
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? "";
    if (listed(SECRET_WORDS, word)) return true;
    if (i + 1 < words.length && listed(SECRET_PAIRS, `${word} ${words[i + 1]}`)) return true;
  }
  return false;
}
