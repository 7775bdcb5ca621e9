/**
 * The offline engine's CPU budget for one turn, checked by the engine itself before it reads.
 *
 * Every rule of the engine is linear in the text it reads (test/node/regex-safety.test.ts proves
 * it of every pattern) and every per-value step is linear in the values (sets and maps, never a
 * scan of a list per value; a security group holds at most SECURITY_GROUP_RULES_MAX rules), so a
 * turn's CPU time is proportional to the characters its passes read: the request once for
 * classification and language and once more for the skill's own parse, the context's current
 * template for an edit, a review or a deploy, and the template the turn produced, which the
 * validator, the request check and the summary read again. The budget counts those units as the
 * work proceeds (WorkMeter); its size is set from the slowest rate `npm run bench:offline`
 * measures over requests of distinct values (ports, ranges, CIDRs, counts, names, ids) at 16 KiB,
 * 64 KiB and 1 MiB, in English and Chinese list styles.
 * A Durable Object request gets 30 s of CPU by default on Cloudflare; a turn is held to a few
 * seconds of that, so one turn never starves the other requests of its context, and a request
 * past it ends FAILED with a message that says why, instead of running into the platform's limit
 * (which would end the turn "interrupted" with nothing said).
 *
 * Workers' clocks do not advance while code runs (`Date.now()` is fixed between I/O), so the
 * budget is counted in characters read, not in milliseconds: deterministic, and the same on every
 * machine.
 */

/**
 * The slowest rate of the engine on large requests, in units per CPU second: 1 MiB of distinct
 * counts or ports in a Chinese list and 创建服务器… repeated to 1 MiB, measured by
 * `npm run bench:offline` on this 2-core machine with other suites running (a quiet machine is
 * faster, so the bound holds there too). Small requests run at lower rates but cost well under 2 s.
 */
export const SLOWEST_UNITS_PER_CPU_SECOND = 1_130_000;
/** CPU one offline turn may take (issue 30 item 1). */
export const TURN_CPU_SECONDS = 2;
/** Units of work (characters read by the engine's passes) one turn may take: TURN_CPU_SECONDS at the slowest rate measured. */
export const OFFLINE_READ_BUDGET = Math.floor(TURN_CPU_SECONDS * SLOWEST_UNITS_PER_CPU_SECOND);

/** How many times a turn's rules read the request: classification and language, then the skill's parse. */
const REQUEST_READS = 2;
/** How many times an edit, review or deploy reads the current template: parse, then check or rewrite. */
const TEMPLATE_READS = 2;
/**
 * How many times a template the engine produced is read before the turn ends: written as YAML,
 * parsed again by the validator and by the request check, summarized. What a request's values
 * cost (one rule per port, one resource per count) is in the template they make, so this is where
 * a request of many values pays for them, before the check reads them all.
 */
export const PRODUCED_READS = 4;
/**
 * What reviewing a template costs per character, in the same units, beyond its two readings: its
 * YAML parsed by the tool and the reviewer, every check of the validator, the repairs in rounds and
 * the corrected template written out. `npm run bench:offline` measured reviews of 64 KiB and 100 KiB
 * templates at 11 and 8 units a character at the slowest rate (fixed costs weigh more on the smaller):
 * a template of about 220 KB is the largest reviewed within the budget.
 */
export const REVIEW_READS = 8;

export interface TurnReading {
  /** The request's text. */
  readonly prompt: string;
  /** The context's current template, when the conversation has one. */
  readonly template?: string | undefined;
}

/** The characters a turn will read, as the budget counts them. */
export function readCost(reading: TurnReading): number {
  return reading.prompt.length * REQUEST_READS + (reading.template?.length ?? 0) * TEMPLATE_READS;
}

/** Thrown when a charge takes the meter past its budget: the turn stops there and says why. */
export class OverBudget extends Error {
  constructor(
    readonly spent: number,
    readonly budget: number,
  ) {
    super("over the offline engine's budget");
  }
}

/**
 * The work of one step, counted as it proceeds: the reading before any rule runs, then what the
 * engine produced before the steps that read it run. Each charge is made before the work it pays
 * for, so no step starts that the budget cannot cover.
 */
export class WorkMeter {
  private spentUnits = 0;
  constructor(readonly budget = OFFLINE_READ_BUDGET) {}

  get spent(): number {
    return this.spentUnits;
  }

  charge(units: number): void {
    this.spentUnits += units;
    if (this.spentUnits > this.budget) throw new OverBudget(this.spentUnits, this.budget);
  }
}

/** The turn's answer when its work is over budget, in the request's language. */
export function overBudgetText(prompt: string, spent: number, budget: number, language: "en" | "zh"): string {
  const size = `${Math.ceil(prompt.length / 1024).toLocaleString("en-US")} KiB`;
  const [work, limit] = [spent.toLocaleString("en-US"), budget.toLocaleString("en-US")];
  return language === "zh"
    ? `这个请求超出了离线引擎的处理预算：处理它（${size}）需要至少 ${work} 个字符的工作量，超过每轮 ${limit} 的上限。` +
        "请发送更短的请求（只附上相关的模板或文件，或更少的端口、网段等取值），或配置模型提供方（IACCODE_A2A_MODEL_PROVIDER）。"
    : `This request is too large for the offline engine: handling it (${size}) takes at least ${work} characters of work, ` +
        `more than its budget of ${limit} per turn. Send a shorter request (the template or the files that matter, fewer ports, ranges or other values), ` +
        "or configure a model provider (IACCODE_A2A_MODEL_PROVIDER).";
}
