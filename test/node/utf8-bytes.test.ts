/**
 * `utf8Bytes` (src/storage/limits.ts) counts what every row guard, view budget and stored-message
 * plan holds against its byte limit. Issue 29 item 4 made it find the ASCII run before the first
 * other character with the regex engine; its count must stay the UTF-8 encoder's, wherever the
 * first non-ASCII character falls and whatever it is.
 */
import { describe, expect, it } from "vitest";
import { utf8Bytes } from "../../src/storage/limits";

const encoded = (text: string): number => new TextEncoder().encode(text).byteLength;

describe("utf8Bytes", () => {
  it("is the encoder's byte count for ASCII, 2-, 3- and 4-byte characters at the start, middle and end", () => {
    const others = ["é", "ß", "中", "€", "😀", "\u0080", "\u07ff", "\u0800", "\uffff"];
    const texts = ["", "a", "x".repeat(1400), JSON.stringify({ role: "ROLE_USER", parts: [{ text: "load" }] })];
    for (const other of others) texts.push(`${other}abc`, `abc${other}def`, `abc${other}`, `${other}${other}`, `中文 ${other} and ascii`);
    for (const text of texts) expect(utf8Bytes(text), JSON.stringify(text)).toBe(encoded(text));
  });

  it("counts a surrogate pair as 4 bytes and a lone surrogate as the 3 of its replacement character", () => {
    expect(utf8Bytes("a😀b")).toBe(6);
    expect(utf8Bytes("a\udc00b")).toBe(encoded("a\udc00b"));
    expect(utf8Bytes("ab\ud83d")).toBe(encoded("ab\ud83d"));
  });
});
