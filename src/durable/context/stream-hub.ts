/**
 * The open SSE streams of a context's tasks. Every event goes to every open stream of its task in
 * log order (spec §3.5.2: broadcast, same order; closing one stream leaves the others alone).
 * Every stream opens with exactly one Task (or is one Message): the Task that opens a task's next
 * turn goes to the stream that turn's request opened, never to a stream already open, which
 * carries only that turn's status and artifact updates.
 * Each stream frames events as JSON-RPC responses carrying its own request id, sends a keepalive
 * comment every 25 s, and is dropped on any sign of a gone client: a failed write or a cancel.
 *
 * A stream is the readable side of an IdentityTransformStream that the hub writes to. The runtime
 * carries that readable to the Worker natively, and a write after the client went away rejects
 * the hub's own write promise, which the hub handles: the subscriber is dropped and the
 * disconnect logged as a normal event. (A JS-sourced ReadableStream here made the runtime's own
 * pump fail on the next write after a disconnect, logged as "Uncaught (in promise) Error: Network
 * connection lost." though the turn went on.)
 *
 * The hub also writes the request's `stream.end` line (the framing names the request): it sees
 * both ends, its close after the last frame and the client's cancel, so the Worker passes the
 * body through natively instead of reading every chunk in JavaScript to learn how it ended
 * (bench/README.md: about an eighth of a stream's CPU).
 */
import { KEEPALIVE_FRAME, KEEPALIVE_INTERVAL_MS, frameData, sseFrame, type StreamEndLog, type StreamFraming } from "../../a2a/sse";
import { isTaskSnapshot, type LoggedEvent } from "./event-log";
import { logLine, shortHash } from "../../observability/log";
import { withGeneration } from "../../a2a/generation";

const encoder = new TextEncoder();

/** A frame that is no logged event (a resumed stream's current Task): sent without an SSE `id:`. */
export interface Unlogged {
  json: string;
  generation?: number | undefined;
}

interface Subscriber {
  writer: WritableStreamDefaultWriter<Uint8Array>;
  framing: StreamFraming;
  keepalive: ReturnType<typeof setInterval> | undefined;
  gone: boolean;
  ended: boolean;
}

type StreamEnd = "completed" | "client_disconnected";

/** The `stream.end` line, when the stream answers a request; a disconnect is logged either way. */
function logEnd(taskId: string | undefined, end: StreamEndLog | undefined, how: StreamEnd): void {
  if (!end && how === "completed") return;
  void shortHash(taskId).then((task) =>
    end
      ? logLine("info", "stream.end", {
          request_id: end.requestId,
          binding: end.binding,
          method: end.method,
          task,
          how,
          duration_ms: Date.now() - end.startedMs,
        })
      : logLine("info", "stream.end", { task, how }),
  );
}

export class StreamHub {
  private readonly byTask = new Map<string, Set<Subscriber>>();

  constructor(private readonly keepaliveMs: number = KEEPALIVE_INTERVAL_MS) {}

  /**
   * Opens a stream for `taskId`: `initial` frames first (a snapshot or replayed events), then live
   * events until `close`. Call it synchronously with reading `initial` so no event falls between.
   */
  open(taskId: string, framing: StreamFraming, initial: Array<LoggedEvent | Unlogged>, closeAfterInitial: boolean): ReadableStream<Uint8Array> {
    const { readable, writable } = new IdentityTransformStream();
    const sub: Subscriber = { writer: writable.getWriter(), framing, keepalive: undefined, gone: false, ended: false };
    for (const event of initial) this.send(taskId, sub, frame(framing, event));
    if (closeAfterInitial) {
      this.close(taskId, sub);
      return readable;
    }
    sub.keepalive = setInterval(() => this.send(taskId, sub, KEEPALIVE_FRAME), this.keepaliveMs);
    let set = this.byTask.get(taskId);
    if (!set) this.byTask.set(taskId, (set = new Set()));
    set.add(sub);
    // A reader that cancels errors the writable side: that is the client going away.
    sub.writer.closed.catch(() => this.lost(taskId, sub));
    return readable;
  }

  /** A single frame, then close: the stream of a direct Message answer (its end is logged at once: it holds its one frame already). */
  static single(framing: StreamFraming, event: LoggedEvent | { json: string }): ReadableStream<Uint8Array> {
    logEnd(undefined, framing.end, "completed");
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

  /** Sends a live event to the task's open streams; a Task snapshot is no live event (each opened with its own). */
  publish(taskId: string, event: LoggedEvent): void {
    const set = this.byTask.get(taskId);
    if (!set || isTaskSnapshot(event)) return;
    for (const sub of [...set]) this.send(taskId, sub, frame(sub.framing, event));
  }

  /** Closes every stream of the task: its turn has ended. */
  closeAll(taskId: string): void {
    const set = this.byTask.get(taskId);
    if (!set) return;
    for (const sub of [...set]) {
      this.drop(taskId, sub);
      this.close(taskId, sub);
    }
  }

  /** Closes a stream after its queued frames; the client read them all, or went away first. */
  private close(taskId: string, sub: Subscriber): void {
    sub.writer.close().then(
      () => this.ended(taskId, sub, "completed"),
      () => this.lost(taskId, sub),
    );
  }

  private ended(taskId: string, sub: Subscriber, how: StreamEnd): void {
    if (sub.ended) return;
    sub.ended = true;
    logEnd(taskId, sub.framing.end, how);
  }

  /** Writes are queued in order; one that fails means the client is gone. */
  private send(taskId: string, sub: Subscriber, text: string): void {
    if (sub.gone) return;
    sub.writer.write(encoder.encode(text)).catch(() => this.lost(taskId, sub));
  }

  /** The client went away: a normal end of its stream, logged once, never an error. */
  private lost(taskId: string, sub: Subscriber): void {
    if (sub.gone) return;
    sub.gone = true;
    this.drop(taskId, sub);
    sub.writer.abort().catch(() => {});
    this.ended(taskId, sub, "client_disconnected");
  }

  private drop(taskId: string, sub: Subscriber): void {
    if (sub.keepalive !== undefined) clearInterval(sub.keepalive);
    const set = this.byTask.get(taskId);
    if (!set) return;
    set.delete(sub);
    if (set.size === 0) this.byTask.delete(taskId);
  }
}

function frame(framing: StreamFraming, event: LoggedEvent | Unlogged): string {
  const json = framing.generation && "generation" in event ? withGeneration(event.json, event.generation) : event.json;
  const data = frameData(framing, json);
  return "seq" in event ? sseFrame(data, event.seq) : sseFrame(data);
}
