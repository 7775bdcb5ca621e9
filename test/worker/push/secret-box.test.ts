import { describe, it, expect, vi } from "vitest";
import {
  DEVELOPMENT_KEYRING_KID,
  SECRET_BOX_MESSAGES,
  SecretBoxError,
  developmentKeyring,
  parseKeyring,
  type SecretKeyring,
} from "../../../src/push/secret-box";

function keyBase64(seed: number, length = 32): string {
  return btoa(String.fromCharCode(...Array.from({ length }, (_, i) => (seed * 31 + i * 7) & 0xff)));
}

const KEY_A = keyBase64(1);
const KEY_B = keyBase64(2);
const CONTEXT = "task-1/config-1";

function ring(raw: string): SecretKeyring {
  const keyring = parseKeyring(raw);
  if (keyring === undefined) throw new Error("expected a keyring");
  return keyring;
}

async function errorOf(promise: Promise<unknown>): Promise<SecretBoxError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof SecretBoxError) return error;
    throw error;
  }
  throw new Error("expected a SecretBoxError");
}

function parseError(raw: string): SecretBoxError {
  try {
    parseKeyring(raw);
  } catch (error) {
    if (error instanceof SecretBoxError) return error;
    throw error;
  }
  throw new Error("expected a SecretBoxError");
}

describe("parseKeyring", () => {
  it("returns undefined when the variable is unset or blank", () => {
    expect(parseKeyring(undefined)).toBeUndefined();
    expect(parseKeyring("")).toBeUndefined();
    expect(parseKeyring("  \t ")).toBeUndefined();
  });

  it("makes the first key the primary and keeps every kid in order", () => {
    const keyring = ring(`new:${KEY_B}, old:${KEY_A}`);
    expect(keyring.primaryKid).toBe("new");
    expect(keyring.kids).toEqual(["new", "old"]);
  });

  it("accepts URL-safe base64 and missing padding", () => {
    const urlSafe = KEY_A.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    expect(ring(`a:${urlSafe}`).kids).toEqual(["a"]);
  });

  it("accepts kids of 1 to 32 characters of A-Z a-z 0-9 _ -", () => {
    expect(ring(`x:${KEY_A},${"K".repeat(32)}:${KEY_B},a_b-9:${keyBase64(3)}`).kids).toHaveLength(3);
  });

  const malformed: ReadonlyArray<readonly [string, string, string]> = [
    ["a trailing comma", `a:${KEY_A},`, SECRET_BOX_MESSAGES.emptyEntry(2)],
    ["a leading comma", `,a:${KEY_A}`, SECRET_BOX_MESSAGES.emptyEntry(1)],
    ["a key without a kid", KEY_A, SECRET_BOX_MESSAGES.entryShape(1)],
    ["an empty kid", `:${KEY_A}`, SECRET_BOX_MESSAGES.invalidKid(1)],
    ["a kid with a space", `my key:${KEY_A}`, SECRET_BOX_MESSAGES.invalidKid(1)],
    ["a kid with a dot", `a:${KEY_A},b.1:${KEY_B}`, SECRET_BOX_MESSAGES.invalidKid(2)],
    ["a kid of 33 characters", `${"k".repeat(33)}:${KEY_A}`, SECRET_BOX_MESSAGES.invalidKid(1)],
    ["a duplicate kid", `a:${KEY_A},a:${KEY_B}`, SECRET_BOX_MESSAGES.duplicateKid("a")],
    ["a key that is not base64", `a:${KEY_A.slice(0, 20)}*${KEY_A.slice(21)}`, SECRET_BOX_MESSAGES.invalidBase64("a")],
    ["a key with too much padding", `a:${KEY_A}=`, SECRET_BOX_MESSAGES.invalidBase64("a")],
    ["a 16-byte key", `a:${keyBase64(4, 16)}`, SECRET_BOX_MESSAGES.wrongLength("a", 16)],
    ["a 33-byte key", `a:${keyBase64(5, 33)}`, SECRET_BOX_MESSAGES.wrongLength("a", 33)],
    ["an empty key", "a:", SECRET_BOX_MESSAGES.wrongLength("a", 0)],
  ];

  for (const [name, raw, message] of malformed) {
    it(`refuses ${name} with a message free of key material`, () => {
      const error = parseError(raw);
      expect(error.message).toBe(message);
      expect(error.message).toContain("IACCODE_A2A_PUSH_KEYRING");
      for (const key of [KEY_A, KEY_B, KEY_A.slice(0, 12), KEY_B.slice(0, 12)]) {
        expect(error.message).not.toContain(key);
      }
    });
  }

  it("words each message exactly", () => {
    expect(SECRET_BOX_MESSAGES.emptyEntry(2)).toBe("IACCODE_A2A_PUSH_KEYRING entry 2 is empty");
    expect(SECRET_BOX_MESSAGES.entryShape(1)).toBe("IACCODE_A2A_PUSH_KEYRING entry 1 must look like <kid>:<base64 key>");
    expect(SECRET_BOX_MESSAGES.invalidKid(1)).toBe("IACCODE_A2A_PUSH_KEYRING entry 1 has an invalid key id: use 1 to 32 characters of A-Z, a-z, 0-9, _ and -");
    expect(SECRET_BOX_MESSAGES.duplicateKid("a")).toBe('IACCODE_A2A_PUSH_KEYRING has the key id "a" more than once');
    expect(SECRET_BOX_MESSAGES.invalidBase64("a")).toBe('IACCODE_A2A_PUSH_KEYRING key "a" is not valid base64');
    expect(SECRET_BOX_MESSAGES.wrongLength("a", 16)).toBe('IACCODE_A2A_PUSH_KEYRING key "a" must decode to 32 bytes (AES-256), not 16');
  });

  it("shows no key material when the keyring itself is serialized", () => {
    const keyring = ring(`a:${KEY_A}`);
    const dumped = `${JSON.stringify(keyring)} ${String(keyring)} ${Object.values(keyring).join(" ")}`;
    expect(dumped).not.toContain(KEY_A);
    expect(dumped).not.toContain(KEY_A.slice(0, 12));
  });
});

describe("SecretKeyring.encrypt / decrypt", () => {
  it("round-trips text, including non-ASCII and the empty string", async () => {
    const keyring = ring(`a:${KEY_A}`);
    for (const secret of ["secure-client-token-for-task-aaa", "jürgen:pässwörd ✓", ""]) {
      expect(await keyring.decrypt(await keyring.encrypt(secret, CONTEXT), CONTEXT)).toBe(secret);
    }
  });

  it("writes v1.<kid>.<base64url iv>.<base64url ciphertext> with a fresh 12-byte IV each time", async () => {
    const keyring = ring(`a:${KEY_A}`);
    const first = await keyring.encrypt("token", CONTEXT);
    const second = await keyring.encrypt("token", CONTEXT);
    expect(first).toMatch(/^v1\.a\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(first).not.toBe(second);
    expect(first.split(".")[2]).not.toBe(second.split(".")[2]);
    expect(first).not.toContain("token");
  });

  it("decrypts after rotation: sealed with [a], opened with [b, a]", async () => {
    const sealed = await ring(`a:${KEY_A}`).encrypt("token", CONTEXT);
    const rotated = ring(`b:${KEY_B},a:${KEY_A}`);
    expect(await rotated.decrypt(sealed, CONTEXT)).toBe("token");
    expect(rotated.needsReencryption(sealed)).toBe(true);
    const resealed = await rotated.encrypt("token", CONTEXT);
    expect(resealed.startsWith("v1.b.")).toBe(true);
    expect(rotated.needsReencryption(resealed)).toBe(false);
    expect(rotated.needsReencryption("garbage")).toBe(true);
  });

  it("refuses a kid the keyring no longer has", async () => {
    const sealed = await ring(`a:${KEY_A}`).encrypt("token", CONTEXT);
    const error = await errorOf(ring(`b:${KEY_B}`).decrypt(sealed, CONTEXT));
    expect(error.message).toBe('A2A push secret was encrypted with unknown key id "a"');
  });

  it("refuses another context (a ciphertext copied to another config)", async () => {
    const keyring = ring(`a:${KEY_A}`);
    const sealed = await keyring.encrypt("token", "task-1/config-1");
    const error = await errorOf(keyring.decrypt(sealed, "task-1/config-2"));
    expect(error.message).toBe(SECRET_BOX_MESSAGES.undecryptable);
    expect(error.message).toBe("A2A push secret could not be decrypted: wrong key, wrong context or tampered data");
  });

  it("refuses the same kid with another key", async () => {
    const sealed = await ring(`a:${KEY_A}`).encrypt("token", CONTEXT);
    const error = await errorOf(ring(`a:${KEY_B}`).decrypt(sealed, CONTEXT));
    expect(error.message).toBe(SECRET_BOX_MESSAGES.undecryptable);
  });

  it("refuses a ciphertext relabelled with another kid of the ring", async () => {
    const both = ring(`a:${KEY_A},b:${KEY_B}`);
    const sealed = await both.encrypt("token", CONTEXT);
    const error = await errorOf(both.decrypt(sealed.replace(/^v1\.a\./, "v1.b."), CONTEXT));
    expect(error.message).toBe(SECRET_BOX_MESSAGES.undecryptable);
  });

  describe("tampering", () => {
    const flip = (text: string) => (text[0] === "A" ? `B${text.slice(1)}` : `A${text.slice(1)}`);
    const tamperings: ReadonlyArray<readonly [string, (parts: string[]) => string[]]> = [
      ["the first ciphertext character", ([v, k, iv, ct]) => [v!, k!, iv!, flip(ct!)]],
      // Not the last character: its low bits may be padding, which decoding ignores.
      ["the tag, near its end", ([v, k, iv, ct]) => [v!, k!, iv!, `${ct!.slice(0, -2)}${flip(ct!.slice(-2))}`]],
      ["the IV", ([v, k, iv, ct]) => [v!, k!, flip(iv!), ct!]],
    ];
    for (const [name, tamper] of tamperings) {
      it(`refuses a change to ${name}`, async () => {
        const keyring = ring(`a:${KEY_A}`);
        const sealed = await keyring.encrypt("secure-client-token", CONTEXT);
        const tampered = tamper(sealed.split(".")).join(".");
        expect(tampered).not.toBe(sealed);
        const error = await errorOf(keyring.decrypt(tampered, CONTEXT));
        expect(error.message).toBe(SECRET_BOX_MESSAGES.undecryptable);
        expect(error.message).not.toContain("secure-client-token");
      });
    }
  });

  const malformed: ReadonlyArray<readonly [string, string]> = [
    ["empty", ""],
    ["plaintext", "secure-client-token"],
    ["another version", "v2.a.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA"],
    ["three parts", "v1.a.AAAAAAAAAAAAAAAA"],
    ["five parts", "v1.a.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA.x"],
    ["a bad kid", "v1.a!.AAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA"],
    ["an 8-byte IV", "v1.a.AAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA"],
    ["standard base64 in the IV", "v1.a.AAAAAAAAAAAAAA+/.AAAAAAAAAAAAAAAAAAAAAA"],
    ["a ciphertext shorter than the tag", "v1.a.AAAAAAAAAAAAAAAA.AAAA"],
  ];
  for (const [name, sealed] of malformed) {
    it(`refuses a malformed value: ${name}`, async () => {
      const error = await errorOf(ring(`a:${KEY_A}`).decrypt(sealed, CONTEXT));
      expect(error.message).toBe("A2A push secret is malformed");
    });
  }

  it("requires a context on both sides", async () => {
    const keyring = ring(`a:${KEY_A}`);
    expect((await errorOf(keyring.encrypt("token", ""))).message).toBe("A2A push secret context must not be empty");
    const sealed = await keyring.encrypt("token", CONTEXT);
    expect((await errorOf(keyring.decrypt(sealed, ""))).message).toBe(SECRET_BOX_MESSAGES.emptyContext);
  });

  it("imports each CryptoKey once per keyring, not once per call", async () => {
    const importKey = vi.spyOn(crypto.subtle, "importKey");
    try {
      const keyring = ring(`a:${KEY_A},b:${KEY_B}`);
      await Promise.all([keyring.encrypt("one", CONTEXT), keyring.encrypt("two", CONTEXT)]);
      const sealed = await keyring.encrypt("three", CONTEXT);
      await keyring.decrypt(sealed, CONTEXT);
      await keyring.decrypt(sealed, CONTEXT);
      expect(importKey).toHaveBeenCalledTimes(2);
    } finally {
      importKey.mockRestore();
    }
  });
});

describe("developmentKeyring", () => {
  it("is a working keyring with kid dev, the same one every time", async () => {
    const keyring = await developmentKeyring();
    expect(keyring.primaryKid).toBe(DEVELOPMENT_KEYRING_KID);
    expect(keyring.kids).toEqual(["dev"]);
    expect(await developmentKeyring()).toBe(keyring);
    expect(await keyring.decrypt(await keyring.encrypt("token", CONTEXT), CONTEXT)).toBe("token");
  });

  it("seals nothing a configured keyring would open", async () => {
    const sealed = await (await developmentKeyring()).encrypt("token", CONTEXT);
    const error = await errorOf(ring(`a:${KEY_A}`).decrypt(sealed, CONTEXT));
    expect(error.message).toBe('A2A push secret was encrypted with unknown key id "dev"');
  });
});
