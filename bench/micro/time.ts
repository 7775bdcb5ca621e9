/**
 * Timing inside workerd for the micro-benchmarks. `Date.now()` in a Worker only moves at I/O, so a
 * loop is timed between two timer waits (one millisecond each, subtracted), long enough that the
 * clock's granularity is noise, and the best of several rounds is kept: the VM's neighbours only
 * ever make a round slower. Alternatives are interleaved round by round, so drift hits all alike.
 */

export interface Timed {
  name: string;
  microsPerOp: number;
}

/** Best-of-`rounds` µs per call of each alternative, `ops` calls per round. */
export async function timeAlternatives(alternatives: Record<string, (i: number) => unknown>, ops: number, rounds = 6): Promise<Timed[]> {
  const best = new Map<string, number>();
  for (let round = 0; round < rounds; round++) {
    for (const [name, run] of Object.entries(alternatives)) {
      await scheduler.wait(1);
      const started = Date.now();
      for (let i = 0; i < ops; i++) run(i);
      await scheduler.wait(1);
      const micros = ((Date.now() - started - 1) * 1000) / ops;
      best.set(name, Math.min(best.get(name) ?? Number.POSITIVE_INFINITY, micros));
    }
  }
  return [...best].map(([name, microsPerOp]) => ({ name, microsPerOp }));
}

/** One markdown table of a case's alternatives, the first one as the reference. */
export function report(title: string, timed: Timed[]): string {
  const reference = timed[0]?.microsPerOp ?? 1;
  const rows = timed.map((t) => `| ${t.name} | ${t.microsPerOp.toFixed(1)} | ${(t.microsPerOp / reference).toFixed(2)}× |`);
  const text = [`**${title}**`, "", "| alternative | µs per call | ÷ first |", "|---|---:|---:|", ...rows].join("\n");
  console.log(`\n${text}\n`);
  return text;
}
