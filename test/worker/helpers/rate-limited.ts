/**
 * Driving a Workers Rate Limiting binding to its limit in a test, shared by the rate-limit and the
 * failed-authentication suites: send until the first 429, and the exact 429 answer.
 */
import { expect } from "vitest";

/**
 * Sends until the first 429 and answers how many answers with `status` came before it. The binding
 * counts in fixed windows, so a window may end mid-run: at least `limit` pass, and a 429 comes within
 * two windows.
 */
export async function sentBefore429(send: (i: number) => Promise<Response>, limit: number, status = 200): Promise<{ passed: number; refused: Response }> {
  for (let i = 0; i <= 2 * limit + 1; i++) {
    const res = await send(i);
    if (res.status === 429) return { passed: i, refused: res };
    expect(res.status).toBe(status);
    await res.arrayBuffer();
  }
  throw new Error("never limited");
}

/** The answer over any limit: 429, `Retry-After: 60`, and the JSON body. */
export async function expect429(res: Response): Promise<void> {
  expect(res.status).toBe(429);
  expect(res.headers.get("Retry-After")).toBe("60");
  expect(await res.json()).toEqual({ error: "Too Many Requests", retryAfterSeconds: 60 });
}
