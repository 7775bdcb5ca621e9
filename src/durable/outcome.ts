/**
 * What a Durable Object method returns over RPC. Errors travel as plain shapes, not thrown:
 * exceptions lose their class across RPC, and an A2A error is an answer, not a crash.
 */
import { A2AError, errors, type ErrorShape } from "../a2a/errors";

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: ErrorShape };

export const success = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const failure = (error: A2AError): Outcome<never> => ({ ok: false, error: error.toShape() });

/** Runs `fn`, turning an `A2AError` into a failure and anything else into a logged internal error. */
export async function outcomeOf<T>(fn: () => Promise<T> | T, where: string): Promise<Outcome<T>> {
  try {
    return success(await fn());
  } catch (error) {
    if (error instanceof A2AError) return failure(error);
    console.error(`${where}: unexpected error`, error instanceof Error ? error.name : typeof error);
    return failure(errors.internal());
  }
}
