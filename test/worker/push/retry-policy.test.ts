import { describe, it, expect } from "vitest";
import {
  PUSH_RETRY,
  classifyDeliveryOutcome,
  decideDelivery,
  nextDelaySeconds,
  shouldGiveUp,
  type DeliveryOutcome,
  type DeliveryResult,
} from "../../../src/push/retry-policy";

/** A deterministic stream of values in [0, 1) (a 32-bit LCG), so the bounds test is reproducible. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe("classifyDeliveryOutcome", () => {
  const table: ReadonlyArray<readonly [string, DeliveryResult, DeliveryOutcome]> = [
    ["200 OK", { status: 200 }, "delivered"],
    ["201 Created", { status: 201 }, "delivered"],
    ["202 Accepted", { status: 202 }, "delivered"],
    ["204 No Content", { status: 204 }, "delivered"],
    ["299", { status: 299 }, "delivered"],
    ["a network error", { networkError: true }, "retry"],
    ["a time-out", { timeout: true }, "retry"],
    ["408 Request Timeout", { status: 408 }, "retry"],
    ["409 Conflict", { status: 409 }, "retry"],
    ["425 Too Early", { status: 425 }, "retry"],
    ["429 Too Many Requests", { status: 429 }, "retry"],
    ["500 Internal Server Error", { status: 500 }, "retry"],
    ["501 Not Implemented", { status: 501 }, "retry"],
    ["502 Bad Gateway", { status: 502 }, "retry"],
    ["503 Service Unavailable", { status: 503 }, "retry"],
    ["504 Gateway Timeout", { status: 504 }, "retry"],
    ["599", { status: 599 }, "retry"],
    ["100 Continue", { status: 100 }, "dead"],
    ["199", { status: 199 }, "dead"],
    ["300 Multiple Choices", { status: 300 }, "dead"],
    ["301 Moved Permanently (redirects are not followed)", { status: 301 }, "dead"],
    ["302 Found", { status: 302 }, "dead"],
    ["304 Not Modified", { status: 304 }, "dead"],
    ["307 Temporary Redirect", { status: 307 }, "dead"],
    ["308 Permanent Redirect", { status: 308 }, "dead"],
    ["400 Bad Request", { status: 400 }, "dead"],
    ["401 Unauthorized", { status: 401 }, "dead"],
    ["403 Forbidden", { status: 403 }, "dead"],
    ["404 Not Found", { status: 404 }, "dead"],
    ["405 Method Not Allowed", { status: 405 }, "dead"],
    ["410 Gone", { status: 410 }, "dead"],
    ["413 Content Too Large", { status: 413 }, "dead"],
    ["415 Unsupported Media Type", { status: 415 }, "dead"],
    ["422 Unprocessable Content", { status: 422 }, "dead"],
    ["600, outside HTTP", { status: 600 }, "dead"],
    ["0, outside HTTP", { status: 0 }, "dead"],
  ];
  for (const [name, result, outcome] of table) {
    it(`${name} → ${outcome}`, () => {
      expect(classifyDeliveryOutcome(result)).toBe(outcome);
    });
  }
});

describe("nextDelaySeconds", () => {
  it("starts at 1 s and doubles, without jitter at the midpoint", () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 5, 6].map((attempt) => nextDelaySeconds(attempt, middle))).toEqual([1, 2, 4, 8, 16, 32]);
  });

  it("caps the base at 60 s", () => {
    expect(nextDelaySeconds(7, () => 0.5)).toBe(60);
    expect(nextDelaySeconds(30, () => 0.5)).toBe(60);
  });

  it("applies ±20% jitter and rounds to whole seconds", () => {
    expect(nextDelaySeconds(4, () => 0)).toBe(6); // 8 × 0.8 = 6.4
    expect(nextDelaySeconds(4, () => 0.999999)).toBe(10); // 8 × 1.2 ≈ 9.6
    expect(nextDelaySeconds(7, () => 0)).toBe(48); // 60 × 0.8
    expect(nextDelaySeconds(7, () => 0.999999)).toBe(72); // 60 × 1.2: the cap applies before jitter
  });

  it("never goes under 1 s", () => {
    expect(nextDelaySeconds(1, () => 0)).toBe(1);
  });

  it("clamps a random source that strays outside [0, 1)", () => {
    expect(nextDelaySeconds(4, () => -3)).toBe(nextDelaySeconds(4, () => 0));
    expect(nextDelaySeconds(4, () => 7)).toBe(nextDelaySeconds(4, () => 1));
    expect(nextDelaySeconds(4, () => Number.NaN)).toBe(8);
  });

  it("stays within ±20% of the capped base (rounded) for 2000 random values per attempt", () => {
    const random = seededRandom(42);
    for (let attempt = 1; attempt <= 10; attempt++) {
      const base = Math.min(PUSH_RETRY.maxDelaySeconds, PUSH_RETRY.initialDelaySeconds * 2 ** (attempt - 1));
      const low = Math.max(1, Math.round(base * (1 - PUSH_RETRY.jitterRatio)));
      const high = Math.round(base * (1 + PUSH_RETRY.jitterRatio));
      const seen = new Set<number>();
      for (let i = 0; i < 2000; i++) {
        const delay = nextDelaySeconds(attempt, random);
        expect(Number.isInteger(delay)).toBe(true);
        expect(delay).toBeGreaterThanOrEqual(low);
        expect(delay).toBeLessThanOrEqual(high);
        seen.add(delay);
      }
      // Jitter really spreads the delays once they are long enough to show it in whole seconds.
      if (base >= 4) expect(seen.size).toBeGreaterThan(1);
    }
  });

  it("refuses an attempt that is not a whole number from 1", () => {
    for (const attempt of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => nextDelaySeconds(attempt, () => 0.5)).toThrow(RangeError);
    }
  });
});

describe("shouldGiveUp", () => {
  it("allows five attempts in all", () => {
    expect(PUSH_RETRY.maxAttempts).toBe(5);
    expect([1, 2, 3, 4, 5, 6].map(shouldGiveUp)).toEqual([false, false, false, false, true, true]);
  });

  it("refuses an attempt that is not a whole number from 1", () => {
    expect(() => shouldGiveUp(0)).toThrow(RangeError);
  });
});

describe("decideDelivery", () => {
  const middle = () => 0.5;
  it("acknowledges a 2xx, even on the last attempt", () => {
    expect(decideDelivery({ status: 204 }, 1, middle)).toEqual({ action: "ack" });
    expect(decideDelivery({ status: 200 }, 5, middle)).toEqual({ action: "ack" });
  });

  it("dead-letters a final failure at once", () => {
    expect(decideDelivery({ status: 404 }, 1, middle)).toEqual({ action: "dead-letter", reason: "rejected" });
    expect(decideDelivery({ status: 302 }, 1, middle)).toEqual({ action: "dead-letter", reason: "rejected" });
  });

  it("retries a transient failure with the backoff delay", () => {
    expect(decideDelivery({ status: 503 }, 1, middle)).toEqual({ action: "retry", delaySeconds: 1 });
    expect(decideDelivery({ timeout: true }, 3, middle)).toEqual({ action: "retry", delaySeconds: 4 });
    expect(decideDelivery({ networkError: true }, 4, middle)).toEqual({ action: "retry", delaySeconds: 8 });
  });

  it("dead-letters a transient failure once attempts are exhausted", () => {
    expect(decideDelivery({ status: 429 }, 5, middle)).toEqual({ action: "dead-letter", reason: "exhausted" });
  });
});
