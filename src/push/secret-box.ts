/**
 * Encryption at rest for push secrets (a config's `token` and `authentication.credentials`),
 * AES-256-GCM through WebCrypto, with keys from `IACCODE_A2A_PUSH_KEYRING` and rotation by key id.
 * This follows the original, whose Fernet keyring (`push_secrets.py`) did the same for a local file.
 *
 * A sealed secret reads `v1.<kid>.<base64url iv>.<base64url ciphertext+tag>`. The caller's context
 * string (for example task id and config id) is bound as AES-GCM additional data, so a ciphertext
 * copied into another config does not decrypt. The first key of the ring encrypts; every key
 * decrypts, so a new key goes first and old ones stay until every secret is re-sealed
 * (`needsReencryption`).
 *
 * No message from this module ever contains key material or plaintext. The keyring's variable is
 * parsed with the rest of the configuration (src/config/push-keyring.ts); this module seals and opens.
 */
import { decodeBase64, KEYRING_REASONS, KID_PATTERN, parsePushKeyring, PUSH_KEYRING_VARIABLE, type PushKeyMaterial } from "../config/push-keyring";

import { trimEnd } from "../a2a/trim-end";

export { PUSH_KEYRING_VARIABLE };

/** 96-bit IVs (NIST SP 800-38D §8.2); random IVs stay safe up to 2^32 encryptions per key (§8.3). */
const IV_BYTES = 12;
/** The GCM tag that WebCrypto appends to the ciphertext. */
const TAG_BYTES = 16;
const FORMAT_VERSION = "v1";

const keyringMessage =
  <A extends unknown[]>(reason: (...args: A) => string) =>
  (...args: A): string =>
    `${PUSH_KEYRING_VARIABLE} ${reason(...args)}`;

export const SECRET_BOX_MESSAGES = {
  emptyEntry: keyringMessage(KEYRING_REASONS.emptyEntry),
  entryShape: keyringMessage(KEYRING_REASONS.entryShape),
  invalidKid: keyringMessage(KEYRING_REASONS.invalidKid),
  duplicateKid: keyringMessage(KEYRING_REASONS.duplicateKid),
  invalidBase64: keyringMessage(KEYRING_REASONS.invalidBase64),
  wrongLength: keyringMessage(KEYRING_REASONS.wrongLength),
  malformed: "A2A push secret is malformed",
  unknownKid: (kid: string) => `A2A push secret was encrypted with unknown key id "${kid}"`,
  undecryptable: "A2A push secret could not be decrypted: wrong key, wrong context or tampered data",
  emptyContext: "A2A push secret context must not be empty",
} as const;

/** Thrown for a malformed keyring and for any secret that cannot be opened. */
export class SecretBoxError extends Error {
  override readonly name = "SecretBoxError";
}

export interface SecretKeyring {
  /** The key id that encrypts. */
  readonly primaryKid: string;
  /** Every key id, the primary first. */
  readonly kids: readonly string[];
  /** Seals `plaintext` under the primary key, bound to `context`. */
  encrypt(plaintext: string, context: string): Promise<string>;
  /** Opens a sealed secret with the key its kid names; `context` must be the one it was sealed with. */
  decrypt(sealed: string, context: string): Promise<string>;
  /** True when `sealed` was sealed under a key other than the primary, so it should be re-sealed. */
  needsReencryption(sealed: string): boolean;
}

/**
 * Parses `kid1:<base64 key>,kid2:<base64 key>` (the configuration's parser, src/config/push-keyring.ts).
 * Returns undefined when the value is unset or blank; throws SecretBoxError when it is malformed.
 */
export function parseKeyring(raw: string | undefined): SecretKeyring | undefined {
  const material = parsePushKeyring(raw, (reason) => new SecretBoxError(`${PUSH_KEYRING_VARIABLE} ${reason}`));
  return material && keyringOf(material);
}

/** One keyring per parsed configuration, so each key is imported into WebCrypto once per isolate. */
const keyrings = new WeakMap<PushKeyMaterial, SecretKeyring>();

/** The keyring of the configured key material (`config.pushKeyring`). */
export function keyringOf(material: PushKeyMaterial): SecretKeyring {
  let keyring = keyrings.get(material);
  if (!keyring) {
    keyring = new AesGcmKeyring(material.entries());
    keyrings.set(material, keyring);
  }
  return keyring;
}

export const DEVELOPMENT_KEYRING_KID = "dev";
/** Public by design: whatever it seals, anyone with this source can open. */
const DEVELOPMENT_KEY_LABEL = "iac-code-a2a development push keyring v1 (not a secret)";
let developmentKeyringPromise: Promise<SecretKeyring> | undefined;

/**
 * A keyring derived from a fixed, public label, for local development when
 * `IACCODE_A2A_PUSH_KEYRING` is unset. It keeps the code path identical, not the secrets safe:
 * production MUST set `IACCODE_A2A_PUSH_KEYRING`. Its kid `dev` never matches a configured ring
 * unless someone names a key `dev`, so secrets sealed in development do not open in production.
 */
export function developmentKeyring(): Promise<SecretKeyring> {
  developmentKeyringPromise ??= crypto.subtle
    .digest("SHA-256", new TextEncoder().encode(DEVELOPMENT_KEY_LABEL))
    .then((digest) => new AesGcmKeyring([[DEVELOPMENT_KEYRING_KID, new Uint8Array(digest)]]));
  return developmentKeyringPromise;
}

class AesGcmKeyring implements SecretKeyring {
  readonly primaryKid: string;
  readonly kids: readonly string[];
  // Private fields stay out of JSON.stringify and object inspection, so a logged keyring shows no key.
  #material: ReadonlyArray<readonly [string, Uint8Array]> | undefined;
  #keys: Promise<ReadonlyMap<string, CryptoKey>> | undefined;

  constructor(entries: ReadonlyArray<readonly [string, Uint8Array]>) {
    const first = entries[0];
    if (first === undefined) throw new SecretBoxError(SECRET_BOX_MESSAGES.emptyEntry(1));
    this.primaryKid = first[0];
    this.kids = entries.map(([kid]) => kid);
    this.#material = entries;
  }

  async encrypt(plaintext: string, context: string): Promise<string> {
    const key = (await this.#cryptoKeys()).get(this.primaryKid);
    if (key === undefined) throw new SecretBoxError(SECRET_BOX_MESSAGES.unknownKid(this.primaryKid));
    const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
    const ciphertext = await crypto.subtle.encrypt(
      { name: "AES-GCM", iv, additionalData: additionalData(this.primaryKid, context) },
      key,
      new TextEncoder().encode(plaintext),
    );
    return [FORMAT_VERSION, this.primaryKid, encodeBase64Url(iv), encodeBase64Url(new Uint8Array(ciphertext))].join(".");
  }

  async decrypt(sealed: string, context: string): Promise<string> {
    const parsed = parseSealed(sealed);
    if (parsed === undefined) throw new SecretBoxError(SECRET_BOX_MESSAGES.malformed);
    const key = (await this.#cryptoKeys()).get(parsed.kid);
    if (key === undefined) throw new SecretBoxError(SECRET_BOX_MESSAGES.unknownKid(parsed.kid));
    const aad = additionalData(parsed.kid, context);
    let plaintext: ArrayBuffer;
    try {
      plaintext = await crypto.subtle.decrypt({ name: "AES-GCM", iv: parsed.iv, additionalData: aad }, key, parsed.ciphertext);
    } catch {
      throw new SecretBoxError(SECRET_BOX_MESSAGES.undecryptable);
    }
    try {
      return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(plaintext);
    } catch {
      throw new SecretBoxError(SECRET_BOX_MESSAGES.undecryptable);
    }
  }

  needsReencryption(sealed: string): boolean {
    return parseSealed(sealed)?.kid !== this.primaryKid;
  }

  /** Imported once per keyring, not extractable; the raw bytes are dropped once imported. */
  #cryptoKeys(): Promise<ReadonlyMap<string, CryptoKey>> {
    this.#keys ??= (async () => {
      const material = this.#material ?? [];
      const imported = await Promise.all(
        material.map(async ([kid, bytes]) => [kid, await crypto.subtle.importKey("raw", bytes, { name: "AES-GCM" }, false, ["encrypt", "decrypt"])] as const),
      );
      this.#material = undefined;
      return new Map(imported);
    })();
    return this.#keys;
  }
}

function additionalData(kid: string, context: string): Uint8Array {
  if (context === "") throw new SecretBoxError(SECRET_BOX_MESSAGES.emptyContext);
  // NUL cannot occur in a kid, so the fields cannot run into each other.
  return new TextEncoder().encode(`iac-code-a2a push secret\u0000${FORMAT_VERSION}\u0000${kid}\u0000${context}`);
}

function parseSealed(sealed: string): { kid: string; iv: Uint8Array; ciphertext: Uint8Array } | undefined {
  const parts = sealed.split(".");
  if (parts.length !== 4 || parts[0] !== FORMAT_VERSION) return undefined;
  const [, kid = "", ivText = "", ciphertextText = ""] = parts;
  if (!KID_PATTERN.test(kid)) return undefined;
  const iv = decodeBase64Url(ivText);
  const ciphertext = decodeBase64Url(ciphertextText);
  if (iv?.length !== IV_BYTES || ciphertext === undefined || ciphertext.length < TAG_BYTES) return undefined;
  return { kid, iv, ciphertext };
}

// ── base64 ──

function encodeBase64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return trimEnd(btoa(binary).replace(/\+/g, "-").replace(/\//g, "_"), "=");
}

function decodeBase64Url(text: string): Uint8Array | undefined {
  return /^[A-Za-z0-9_-]*$/.test(text) ? decodeBase64(text) : undefined;
}
