/**
 * The open SSE streams of a context's tasks. Every event goes to every open stream of its task in
 * log order (spec §3.5.2: broadcast, same order; closing one stream leaves the others alone).
 * Each stream frames events as JSON-RPC responses carrying its own request id, sends a keepalive
 * comment every 25 s, and is dropped on any sign of a gone client: a failed enqueue or a cancel.
 */
import { KEEPALIVE_FRAME, KEEPALIVE_INTERVAL_MS, frameData, sseFrame, type StreamFraming } from "../a2a/sse";
import type { LoggedEvent } from "./event-log";

const encoder = new TextEncoder();

interface Subscriber {
  controller: ReadableStreamDefaultController<Uint8Array>;
  framing: StreamFraming;
  keepalive: ReturnType<typeof setInterval>;
}

export class StreamHub {
  private readonly byTask = new Map<string, Set<Subscriber>>();

  constructor(private readonly keepaliveMs: number = KEEPALIVE_INTERVAL_MS) {}

  /**
   * Opens a stream for `taskId`: `initial` frames first (a snapshot or replayed events), then live
   * events until `close`. Call it synchronously with reading `initial` so no event falls between.
   */
  open(taskId: string, framing: StreamFraming, initial: LoggedEvent[], closeAfterInitial: boolean): ReadableStream<Uint8Array> {
    let subscriber: Subscriber | undefined;
    return new ReadableStream<Uint8Array>({
      start: (controller) => {
        for (const event of initial) controller.enqueue(encoder.encode(frame(framing, event)));
        if (closeAfterInitial) {
          controller.close();
          return;
        }
        const sub: Subscriber = {
          controller,
          framing,
          keepalive: setInterval(() => this.send(taskId, sub, KEEPALIVE_FRAME), this.keepaliveMs),
        };
        subscriber = sub;
        let set = this.byTask.get(taskId);
        if (!set) this.byTask.set(taskId, (set = new Set()));
        set.add(sub);
      },
      cancel: () => {
        if (subscriber) this.drop(taskId, subscriber);
      },
    });
  }

  /** A single frame, then close: the stream of a direct Message answer. */
  static single(framing: StreamFraming, event: LoggedEvent | { json: string }): ReadableStream<Uint8Array> {
    return new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(frame(framing, event)));
        controller.close();
      },
    });
  }

  subscriberCount(taskId: string): number {
    return this.byTask.get(taskId)?.size ?? 0;
  }

  publish(taskId: string, event: LoggedEvent): void {
    const set = this.byTask.get(taskId);
    if (!set) return;
    for (const sub of [...set]) this.send(taskId, sub, frame(sub.framing, event));
  }

  /** Closes every stream of the task: its turn has ended. */
  closeAll(taskId: string): void {
    const set = this.byTask.get(taskId);
    if (!set) return;
    for (const sub of [...set]) {
      this.drop(taskId, sub);
      try {
        sub.controller.close();
      } catch {
        // already closed or errored by the client going away
      }
    }
  }

  private send(taskId: string, sub: Subscriber, text: string): void {
    try {
      sub.controller.enqueue(encoder.encode(text));
    } catch {
      this.drop(taskId, sub);
    }
  }

  private drop(taskId: string, sub: Subscriber): void {
    clearInterval(sub.keepalive);
    const set = this.byTask.get(taskId);
    if (!set) return;
    set.delete(sub);
    if (set.size === 0) this.byTask.delete(taskId);
  }
}

function frame(framing: StreamFraming, event: LoggedEvent | { json: string }): string {
  const data = frameData(framing, event.json);
  return "seq" in event ? sseFrame(data, event.seq) : sseFrame(data);
}
