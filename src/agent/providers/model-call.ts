/**
 * One streaming call to a model API: the request, its time-outs, its cancellation and the mapping
 * of whatever goes wrong to a `ProviderError` (see `errors.ts`).
 *
 * Time-outs. `timeoutMs` (default 60 s) bounds the wait for the response headers and its first
 * body byte; `idleTimeoutMs` (default 60 s, 0 turns it off) bounds every later wait for the next
 * chunk, so a stream that stalls half-way fails too; 0 turns either off. Both end in a `retryable` ProviderError. They
 * are one resettable timer on an AbortController joined to the caller's signal with
 * `AbortSignal.any([request.signal, timer])`. `AbortSignal.timeout(ms)` cannot be used for this:
 * it cannot be disarmed, and a fetch's signal also governs its response body, so it would cut every
 * healthy stream that lasts longer than the first-byte time-out.
 *
 * Cancellation. Every fetch gets the joined signal, and every read of the body races it, so an abort
 * ends the iteration at once, whatever the runtime does with the connection. After an abort the
 * stream throws `request.signal.reason` (a DOMException named "AbortError" unless the caller gave
 * another reason) and yields nothing more; it never returns normally as if the model had finished.
 */
import { ProviderError, type ModelEvent } from "../model";
import { cleanErrorText, malformedStream, networkError, providerErrorFromResponse } from "./errors";
import { SseLineTooLongError } from "./sse-lines";
import { traceHeaders, type TraceContext } from "../../a2a/trace-context";

export const DEFAULT_TIMEOUT_MS = 60_000;
export const DEFAULT_IDLE_TIMEOUT_MS = 60_000;

export interface TimeoutOptions {
  /** Connect, response headers and first body byte, in milliseconds (default 60 000). */
  timeoutMs?: number;
  /** Longest silence between two body chunks after the first, in milliseconds (default 60 000). */
  idleTimeoutMs?: number;
}

export class ModelCall {
  readonly signal: AbortSignal;
  private readonly timer = new AbortController();
  private handle: ReturnType<typeof setTimeout> | undefined;
  private timeoutError: ProviderError | undefined;
  private readonly timeoutMs: number;
  private readonly idleTimeoutMs: number;

  constructor(
    readonly label: string,
    readonly outer: AbortSignal,
    timeouts: TimeoutOptions,
    /** Values no error message may contain (API keys, tokens). */
    readonly secrets: readonly string[],
    /** The turn's trace context: each request goes out as a new child span (`traceparent`). */
    readonly trace?: TraceContext,
  ) {
    this.signal = AbortSignal.any([outer, this.timer.signal]);
    this.timeoutMs = positiveOr(timeouts.timeoutMs, DEFAULT_TIMEOUT_MS);
    this.idleTimeoutMs = positiveOr(timeouts.idleTimeoutMs, DEFAULT_IDLE_TIMEOUT_MS);
  }

  /** Starts (or restarts) the timer for one phase; the first byte or the next chunk. */
  private arm(ms: number, phase: string): void {
    this.disarm();
    if (ms <= 0 || !Number.isFinite(ms) || this.timer.signal.aborted) return;
    this.handle = setTimeout(() => {
      this.timeoutError = new ProviderError("retryable", `${this.label}: timed out after ${ms} ms waiting for ${phase}`);
      this.timer.abort(this.timeoutError);
    }, ms);
  }

  private disarm(): void {
    if (this.handle !== undefined) clearTimeout(this.handle);
    this.handle = undefined;
  }

  /** Ends the call: no timer survives it. */
  dispose(): void {
    this.disarm();
  }

  /** Throws the caller's abort reason when the caller has aborted. */
  throwIfAborted(): void {
    if (this.outer.aborted) throw this.outer.reason;
  }

  /**
   * POSTs `body` as JSON and returns the response body, guarded by the time-outs, and its media
   * type; non-2xx statuses throw.
   */
  async postForStream(url: string, headers: Record<string, string>, body: unknown): Promise<{ body: ReadableStream<Uint8Array>; contentType: string }> {
    this.throwIfAborted();
    this.arm(this.timeoutMs, "the response");
    let response: Response;
    try {
      response = await this.race(
        fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "text/event-stream", ...traceHeaders(this.trace), ...headers },
          body: JSON.stringify(body),
          signal: this.signal,
        }),
      );
    } catch (error) {
      throw this.normalize(error, true);
    }
    if (!response.ok) {
      try {
        throw await this.race(providerErrorFromResponse(this.label, response, this.secrets));
      } finally {
        this.disarm();
      }
    }
    if (!response.body) {
      this.disarm();
      throw malformedStream(this.label, `HTTP ${response.status} without a body`);
    }
    return { body: this.guard(response.body, true), contentType: (response.headers.get("content-type") ?? "").toLowerCase() };
  }

  /**
   * Waits for `promise` (a binding call, say) under the first-byte time-out; the caller's abort and
   * the time-out reject at once even if the promise never settles. A stream it resolves to goes
   * through `guard`, which times its first chunk afresh.
   */
  async start<T>(promise: Promise<T>): Promise<T> {
    this.throwIfAborted();
    this.arm(this.timeoutMs, "the response");
    try {
      return await this.race(promise);
    } catch (error) {
      throw this.normalize(error, true);
    } finally {
      this.disarm();
    }
  }

  /**
   * `body` with every read raced against the call's signal and timed: the first read (unless
   * `started`, when the first-byte timer already runs) under `timeoutMs`, the others under
   * `idleTimeoutMs`. Cancelling the result cancels `body`.
   */
  guard(body: ReadableStream<Uint8Array>, started = false): ReadableStream<Uint8Array> {
    const reader = body.getReader();
    let first = true;
    const onAbort = (): void => {
      reader.cancel(this.signal.reason).catch(() => {});
    };
    this.signal.addEventListener("abort", onAbort, { once: true });
    const release = () => {
      this.disarm();
      this.signal.removeEventListener("abort", onAbort);
    };
    return new ReadableStream<Uint8Array>(
      {
        pull: async (controller) => {
          if (first) {
            if (!started) this.arm(this.timeoutMs, "the first byte");
          } else {
            this.arm(this.idleTimeoutMs, "the next chunk");
          }
          first = false;
          try {
            const { value, done } = await this.race(reader.read());
            this.disarm();
            if (done) {
              release();
              controller.close();
            } else {
              controller.enqueue(value);
            }
          } catch (error) {
            release();
            reader.cancel().catch(() => {});
            controller.error(this.normalize(error, true));
          }
        },
        cancel: (reason) => {
          release();
          return reader.cancel(reason);
        },
      },
      { highWaterMark: 0 },
    );
  }

  /** `promise`, or the signal's reason as soon as the signal aborts. */
  private race<T>(promise: Promise<T>): Promise<T> {
    const signal = this.signal;
    if (signal.aborted) {
      promise.catch(() => {});
      return Promise.reject(signal.reason as unknown);
    }
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(signal.reason as unknown);
      signal.addEventListener("abort", onAbort, { once: true });
      promise.then(
        (value) => {
          signal.removeEventListener("abort", onAbort);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener("abort", onAbort);
          reject(error);
        },
      );
    });
  }

  /**
   * What to throw for `error`: the caller's abort reason after an abort, the time-out error after a
   * time-out, a ProviderError as it is; else a network error when it came from the transport
   * (`transport`) and a fatal one otherwise (a bug or an unexpected shape).
   */
  normalize(error: unknown, transport = false): unknown {
    if (this.outer.aborted) return this.outer.reason;
    if (this.timeoutError) return this.timeoutError;
    if (error instanceof ProviderError) return error;
    if (error instanceof SseLineTooLongError) return malformedStream(this.label, error.message);
    if (transport) return networkError(this.label, error, this.secrets);
    const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return new ProviderError("fatal", `${this.label}: unexpected failure: ${cleanErrorText(text, this.secrets)}`);
  }

  /**
   * Runs `events` for this call: yields nothing after an abort, maps every failure with
   * `normalize`, and always disposes of the call.
   */
  async *run(events: AsyncIterable<ModelEvent>): AsyncGenerator<ModelEvent, void, undefined> {
    try {
      this.throwIfAborted();
      for await (const event of events) {
        this.throwIfAborted();
        yield event;
      }
      this.throwIfAborted();
    } catch (error) {
      throw this.normalize(error);
    } finally {
      this.dispose();
    }
  }
}

function positiveOr(value: number | undefined, fallback: number): number {
  return value === undefined || Number.isNaN(value) || value < 0 ? fallback : value;
}
