// The long fuzz campaign's plan, from its command line, and its run: each campaign to its end, its
// counts printed, however busy the machine (test/fuzz/main.ts is the program; `npm test` runs a
// slice of each campaign through test/fuzz.test.ts instead).
import { blockCampaign, BLOCK_RULESETS, type BlockRuleset } from './blocks.js';
import { cliCampaign } from './cli.js';
import { campaign } from './harness.js';
import { blockServerCampaign, serverCampaign, strangerCampaign } from './server.js';

/** What one campaign found: counts by outcome, and a few examples of each bad kind. */
interface Found {
  readonly counts: Readonly<Record<string, unknown>>;
  readonly examples: readonly string[];
}

export const CAMPAIGNS = ['encounters', 'cli', 'server', 'strangers', 'blocks', 'pastes'] as const;
type Campaign = (typeof CAMPAIGNS)[number];

export interface Plan {
  readonly seed: number;
  readonly cases: number;
  readonly cliCases: number;
  readonly serverCases: number;
  readonly blocks: number;
  readonly pastes: number;
  readonly only: readonly Campaign[];
  readonly rulesets: readonly BlockRuleset[];
}

/** The command line's flags (as scripts/fuzz.mjs passes them on) as a plan; a bad flag is refused. */
export function planOf(args: readonly string[]): Plan {
  const given = new Map<string, string>();
  for (let i = 0; i < args.length; i += 2) {
    const flag = args[i] as string;
    const value = args[i + 1];
    if (!flag.startsWith('--') || value === undefined)
      throw new Error(
        `expected --flag value pairs, got '${flag}'${value === undefined ? ' with no value' : ''}`,
      );
    given.set(flag.slice(2), value);
  }
  const whole = (name: string, fallback: number): number => {
    const text = given.get(name);
    given.delete(name);
    if (text === undefined) return fallback;
    const n = Number(text);
    if (!Number.isSafeInteger(n) || n < 0)
      throw new Error(`--${name}: expected a whole number from 0, got '${text}'`);
    return n;
  };
  const list = <T extends string>(name: string, all: readonly T[]): readonly T[] => {
    const text = given.get(name);
    given.delete(name);
    if (text === undefined) return all;
    const items = text.split(',').map((s) => s.trim());
    const bad = items.filter((s) => !(all as readonly string[]).includes(s));
    if (bad.length > 0) throw new Error(`--${name}: '${bad.join("', '")}' is none of ${all.join(', ')}`);
    return items as T[];
  };
  const cases = whole('cases', 100_000);
  const blocks = whole('blocks', 20_000);
  const plan: Plan = {
    cases,
    seed: whole('seed', Date.now() % 2 ** 31),
    cliCases: whole('cli-cases', Math.max(50, Math.round(cases / 100))),
    serverCases: whole('server-cases', Math.max(300, Math.round(cases / 30))),
    blocks,
    pastes: whole('pastes', Math.round(blocks / 10)),
    only: list('only', CAMPAIGNS),
    rulesets: list('rulesets', BLOCK_RULESETS),
  };
  if (given.size > 0) throw new Error(`unknown flag --${[...given.keys()].join(', --')}`);
  return plan;
}

/** Runs the plan's campaigns one after another; says what each found as it ends. */
export async function runPlan(plan: Plan, say: (line: string) => void): Promise<boolean> {
  let clean = true;
  const run = async (name: Campaign, what: string, go: () => Found | Promise<Found>) => {
    if (!plan.only.includes(name)) return;
    const start = performance.now();
    say(`${name}: ${what}, seed ${plan.seed} …`);
    const found = await go();
    const seconds = ((performance.now() - start) / 1000).toFixed(1);
    say(
      `fuzz ${name === 'encounters' ? '' : `${name} `}counts (${what}, seed ${plan.seed}): ${JSON.stringify(found.counts)} in ${seconds} s`,
    );
    for (const e of found.examples) say(`  ${e}`);
    if (found.examples.length > 0) clean = false;
  };
  await run('encounters', `${plan.cases} cases`, () => campaign(plan.cases, plan.seed));
  await run('cli', `${plan.cliCases} cases`, () => cliCampaign(plan.cliCases, plan.seed));
  await run('server', `${plan.serverCases} requests`, () => serverCampaign(plan.serverCases, plan.seed));
  await run('strangers', `${plan.serverCases} requests`, () => strangerCampaign(plan.serverCases, plan.seed));
  await run('blocks', `${plan.blocks} a ruleset`, () => blockCampaign(plan.blocks, plan.seed, plan.rulesets));
  await run('pastes', `${plan.pastes} blocks`, () => blockServerCampaign(plan.pastes, plan.seed));
  return clean;
}
