/**
 * Reading the push tests' webhook receiver (test/support/push-receiver.ts) from inside workerd:
 * what it received for a key, and when the first request for a key arrived.
 */
import { sleep } from "./rpc";

export interface Received {
  at: number;
  status: number;
}

/** Every request the receiver logged for `key`. */
export async function received(receiver: string, key: string): Promise<Received[]> {
  return (await (await fetch(`${receiver}/log/${key}`)).json()) as Received[];
}

/** When the first request for `key` arrived (receiver clock, ms), or undefined after `ms` of waiting. */
export async function firstArrival(receiver: string, key: string, ms: number): Promise<number | undefined> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const log = await received(receiver, key);
    if (log[0]) return log[0].at;
    await sleep(100);
  }
  return undefined;
}
