// A fight played from scripted dice and decisions, for every ruleset's play tests: each test gives
// its dice, its answers, and what the fight must print. A ruleset's own scene helpers (the
// encounter it fights, the answers its questions take) live beside its tests.
import { expect } from 'vitest';
import { runFight } from '../src/core/fight.js';
import type { Loaded } from '../src/core/encounter.js';
import { ScriptedDice } from '../src/dice/index.js';
import { AutoDriver } from '../src/core/context.js';
import { loadText } from './helpers.js';
import type { AmountRequest, ChoiceRequest } from '../src/core/request.js';

/** Dice from one list, decisions from another, each decision checked against the topic it answers. */
export class ScriptDriver extends AutoDriver {
  private next = 0;
  readonly asked: string[] = [];
  constructor(
    dice: ScriptedDice,
    private readonly decisions: readonly (readonly [string, string | number])[],
  ) {
    super(dice);
  }
  private take(topic: string, label: string): string | number {
    const d = this.decisions[this.next];
    this.asked.push(`${topic}: ${label}`);
    if (!d) throw new Error(`no scripted decision for ${topic} (${label})`);
    if (d[0] !== topic)
      throw new Error(`decision ${this.next + 1}: scripted ${d[0]} but asked ${topic} (${label})`);
    this.next++;
    return d[1];
  }
  override choose(req: ChoiceRequest): string {
    return String(this.take(req.topic, req.label));
  }
  override amount(req: AmountRequest): number {
    return Number(this.take(req.topic, req.label));
  }
  get unusedDecisions(): number {
    return this.decisions.length - this.next;
  }
}

export type Decisions = readonly (readonly [string, string | number])[];

/** Plays a loaded encounter on scripted dice and decisions; a script that parts from the fight fails with the questions asked so far. */
export function playScript<S = unknown>(
  loaded: Loaded,
  dice: readonly number[],
  decisions: Decisions,
  rounds: number,
) {
  const script = new ScriptedDice(dice);
  const driver = new ScriptDriver(script, decisions);
  let result: ReturnType<typeof runFight>;
  try {
    result = runFight(loaded.ruleset, loaded.setup, {
      driver,
      explain: true,
      record: true,
      maxRounds: rounds,
    });
  } catch (e) {
    throw new Error(`${(e as Error).message}\nasked so far:\n${driver.asked.join('\n')}`);
  }
  const texts = result.events.map((e) => e.text);
  return {
    result,
    texts,
    asked: driver.asked,
    state: result.state as unknown as S,
    unusedDice: script.remaining,
    unusedDecisions: driver.unusedDecisions,
  };
}

export const has = (texts: readonly string[], part: string) =>
  expect(
    texts.some((t) => t.includes(part)),
    `no event with "${part}":\n${texts.join('\n')}`,
  ).toBe(true);

/** Every scripted die and answer was taken: the script and the fight agree to its end. */
export const played = (r: { readonly unusedDice: number; readonly unusedDecisions: number }) =>
  expect({ dice: r.unusedDice, decisions: r.unusedDecisions }, 'scripted dice and answers left over').toEqual(
    {
      dice: 0,
      decisions: 0,
    },
  );

/**
 * A ruleset's player of inline encounters: its YAML loaded with the ruleset's default options for
 * tests (or a test's own), then played on the test's dice and answers for `rounds` rounds.
 */
export const playerOf =
  <S>(defaults: Record<string, string>) =>
  (
    yaml: string,
    dice: number[],
    decisions: Decisions,
    rounds = 1,
    options: Record<string, string> = defaults,
  ) =>
    playScript<S>(loadText(yaml, options), dice, decisions, rounds);
