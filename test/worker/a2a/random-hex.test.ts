/**
 * Random ids (src/a2a/random-hex.ts): task ids, trace and span ids and request ids come from one
 * pool of CSPRNG bytes refilled 4 KiB at a time. Across many refills every id is lowercase hex of
 * the asked length and none repeats; a draw larger than the pool is still whole. W3C trace ids and
 * span ids made from it are never all zeros (trace-context §3.2.2.3–4).
 */
import { describe, expect, it } from "vitest";
import { randomHex } from "../../../src/a2a/random-hex";
import { newSpanId, serverSpan } from "../../../src/a2a/trace-context";
import { newTaskId } from "../../../src/a2a/ids";

describe("random hex ids from the pool", () => {
  it("are lowercase hex of the asked length and unique across many refills of the pool", () => {
    const seen = new Set<string>();
    // 20,000 ids of 8 and 16 bytes: about 117 refills of the 4 KiB pool, odd offsets included.
    for (let i = 0; i < 20_000; i++) {
      const bytes = i % 3 === 0 ? 16 : 8;
      const id = randomHex(bytes);
      expect(id).toMatch(bytes === 16 ? /^[0-9a-f]{32}$/ : /^[0-9a-f]{16}$/);
      seen.add(id);
    }
    expect(seen.size).toBe(20_000);
  });

  it("draws more than the pool holds in one piece", () => {
    expect(randomHex(5000)).toMatch(/^[0-9a-f]{10000}$/);
  });

  it("make task ids, trace ids and span ids of the right shape", () => {
    expect(newTaskId("a".repeat(64))).toMatch(/^a{64}\.[0-9a-f]{16}$/);
    const span = serverSpan(undefined);
    expect(span.traceId).toMatch(/^(?!0+$)[0-9a-f]{32}$/);
    expect(span.spanId).toMatch(/^(?!0+$)[0-9a-f]{16}$/);
    expect(span.flags).toBe("01");
    expect(newSpanId()).not.toBe(newSpanId());
  });
});
