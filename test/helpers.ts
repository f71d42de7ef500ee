import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { runCaptured } from '../src/cli/captured.js';
import { AutoDriver } from '../src/core/context.js';
import { formatWarning } from '../src/core/document.js';
import { loadEncounterText, type Loaded } from '../src/core/encounter.js';
import type { FightEvent } from '../src/core/events.js';
import { runFight, type FightResult } from '../src/core/fight.js';
import type { AmountRequest, ChoiceRequest, Input } from '../src/core/request.js';
import type { FightState } from '../src/core/state.js';
import { ScriptedDice, SeededDice, Rng } from '../src/dice/index.js';
import { nodeEnv, readText } from '../src/files/disk.js';
import { packageRoot } from '../src/node/root.js';
import { RULESETS } from '../src/rulesets/index.js';

export const ROOT = packageRoot();

export function encounterPath(name: string): string {
  return join(ROOT, 'data', 'wfrp1e', 'encounters', name);
}

/** Loads an encounter given as text (as if it were test/inline.yaml). */
export function loadText(
  yaml: string,
  options: Record<string, string> = {},
  tables: Record<string, string> = {},
): Loaded {
  const file = join(ROOT, 'test', 'inline.yaml');
  return loadEncounterText('inline.yaml', yaml, RULESETS, nodeEnv(file, tables), options);
}

export function loadFile(path: string, options: Record<string, string> = {}): Loaded {
  const f = readText(path);
  return loadEncounterText(f.file, f.text, RULESETS, nodeEnv(path), options);
}

export interface Scripted {
  readonly result: FightResult<FightState>;
  readonly events: readonly FightEvent[];
  /** The dice left unused: a golden test uses all it scripts. */
  readonly unused: number;
}

/** Runs a fight on scripted dice (tactics decide), for at most `rounds` rounds. */
export function runScripted(
  loaded: Loaded,
  dice: readonly (number | string)[],
  rounds: number,
  inputs: readonly Input[] = [],
): Scripted {
  const script = new ScriptedDice(dice);
  const result = runFight(loaded.ruleset, loaded.setup, {
    inputs,
    driver: new AutoDriver(script),
    explain: true,
    record: true,
    maxRounds: rounds,
  });
  return { result, events: result.events, unused: script.remaining };
}

export function runSeeded(
  loaded: Loaded,
  seed: number,
  explain = true,
  maxRounds?: number,
): FightResult<FightState> {
  return runFight(loaded.ruleset, loaded.setup, {
    driver: new AutoDriver(new SeededDice(Rng.seeded(seed))),
    explain,
    record: true,
    maxRounds,
  });
}

export function ofType(events: readonly FightEvent[], type: string): FightEvent[] {
  return events.filter((e) => e.type === type);
}

/** Who struck each blow, in order. */
export function strikers(events: readonly FightEvent[]): string[] {
  return ofType(events, 'blow').map((e) => (e.who ?? [])[0] as string);
}

export function texts(events: readonly FightEvent[]): string[] {
  return events.map((e) => e.text);
}

/** A human profile line for inline encounters. */
export function profile(over: Record<string, number> = {}): string {
  const p = {
    M: 4,
    WS: 40,
    BS: 30,
    S: 3,
    T: 3,
    W: 7,
    I: 30,
    A: 1,
    Dex: 30,
    Ld: 30,
    Int: 30,
    Cl: 30,
    WP: 30,
    Fel: 30,
    ...over,
  };
  return `{ ${Object.entries(p)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ')} }`;
}

/** A driver that rolls from a script and answers some decisions as a test says (else the tactic's). */
export class TestDriver extends AutoDriver {
  constructor(
    dice: readonly (number | string)[],
    private readonly answer: (req: ChoiceRequest) => string | undefined,
  ) {
    super(new ScriptedDice(dice));
  }
  override choose(req: ChoiceRequest): string {
    return this.answer(req) ?? req.suggested;
  }
}

export function runWith(
  loaded: Loaded,
  dice: readonly (number | string)[],
  rounds: number,
  answer: (req: ChoiceRequest) => string | undefined,
): FightResult<FightState> {
  return runFight(loaded.ruleset, loaded.setup, {
    driver: new TestDriver(dice, answer),
    explain: true,
    record: true,
    maxRounds: rounds,
  });
}

/** Two sides of inline combatants (YAML flow maps), the first the players'. */
export function fightYaml(a: readonly string[], b: readonly string[], extra = '', bPlayers = false): string {
  return `
ruleset: wfrp1e
${extra}
sides:
  - name: A
    players: true
    combatants:
${a.map((c) => `      - ${c}`).join('\n')}
  - name: B
    players: ${bPlayers}
    combatants:
${b.map((c) => `      - ${c}`).join('\n')}
`;
}

/** Answers every decision at random among the choices offered (and, asked to, any amount on its step): every path a person could take. */
export class RandomChoices extends AutoDriver {
  private readonly pick: Rng;
  constructor(
    seed: number,
    private readonly amounts: 'suggested' | 'random' = 'suggested',
  ) {
    super(new SeededDice(Rng.seeded(seed)));
    this.pick = Rng.seeded(seed + 1);
  }
  override choose(req: ChoiceRequest): string {
    return (req.choices[this.pick.int(0, req.choices.length - 1)] as { key: string }).key;
  }
  override amount(req: AmountRequest): number {
    if (this.amounts === 'suggested') return super.amount(req);
    return req.min + req.step * this.pick.int(0, Math.floor((req.max - req.min) / req.step));
  }
}

/** Runs the `fray` command in this process, with its output caught. */
export function fray(
  args: string[],
  stdin: string[] = [],
): Promise<{ code: number; out: string; err: string }> {
  return runCaptured(args, stdin);
}

/** A combatant's sheet (fray sheet), by name. */
export function sheetOf(loaded: Loaded, name: string): readonly string[] {
  const s = loaded.ruleset.sheets?.(loaded.setup).find((x) => x.name === name);
  if (!s) throw new Error(`no sheet for ${name}`);
  return s.lines;
}

/** The load's warnings as the CLI prints them. */
export function warningLines(loaded: Loaded): string[] {
  return (loaded.setup.warnings ?? []).map(formatWarning);
}

/** One of the warnings fixtures, test/fixtures/warnings/<ruleset>.yaml, named as the CLI shows it. */
export const warningsFixture = (ruleset: string) =>
  join(ROOT, 'test', 'fixtures', 'warnings', `${ruleset}.yaml`);

/**
 * A short slice of `npm run agree` (scripts/agree.mjs) for one ruleset: its example duels named in
 * `files` ('none' for none) and `random` random duels, `runs` simulated fights each, seed 7. What
 * it printed, and its exit status (0: every figure within its 99.9% interval).
 */
export function agreeSlice(
  ruleset: string,
  slice: { readonly files: string; readonly runs?: number; readonly random?: number },
): { readonly stdout: string; readonly status: number | null } {
  const args = [
    '--only',
    ruleset,
    '--runs',
    String(slice.runs ?? 20_000),
    '--random',
    String(slice.random ?? 2),
  ];
  const r = spawnSync(
    process.execPath,
    [join(ROOT, 'scripts', 'agree.mjs'), ...args, '--seed', '7', '--files', slice.files],
    { encoding: 'utf8' },
  );
  return { stdout: r.stdout, status: r.status };
}

/**
 * A state as plain data to compare: a combatant met again inside another (a target, a mount, a
 * set of foes) is its id, so that the comparison is of values and does not walk the cycles.
 */
export function plain(st: FightState): unknown {
  const fighters = new Set<unknown>(st.combatants);
  const seen = new Set<unknown>();
  const of = (v: unknown, top: boolean): unknown => {
    if (typeof v === 'function') return `function ${v.name}`;
    if (v === null || typeof v !== 'object') return v;
    if (!top && fighters.has(v)) return `@${(v as { id: string }).id}`;
    if (seen.has(v)) return '(seen)';
    seen.add(v);
    try {
      if (v instanceof Set) return { set: [...v].map((x) => of(x, false)) };
      if (v instanceof Map) return { map: [...v].map(([k, x]) => [of(k, false), of(x, false)]) };
      if (Array.isArray(v)) return v.map((x) => of(x, false));
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, of(x, false)]));
    } finally {
      seen.delete(v);
    }
  };
  return {
    ...(of({ ...st, combatants: [] }, false) as object),
    combatants: st.combatants.map((c) => of(c, true)),
  };
}
