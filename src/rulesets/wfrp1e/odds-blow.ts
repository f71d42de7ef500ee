// One blow of one WFRP 1e fighter at another as exact probabilities, for `fray odds` and its chain:
// the to-hit need as the engine sums it, where each D100 lands (reversed, § Hit Location), and the
// damage there after T, with every damage D6 and additional-damage chain; and what a critical of a
// value does on the chart (criticalOut), which the Combat Points odds share.
import { AutoDriver, FightContext } from '../../core/context.js';
import { reverseD100 } from '../../dice/d100.js';
import { Rng, SeededDice } from '../../dice/index.js';
import {
  chooseLocation,
  expectedWounds,
  isProneTarget,
  shieldFor,
  skillWith,
  weaponDamage,
  toHitModifiers,
  type Blow,
} from './blow.js';
import { CRITICAL_EFFECTS, SUDDEN_DEATH_KILLS_FROM } from './data/criticals.js';
import type { Weapon } from './catalogue.js';
import { hitLocation } from './locate.js';
import { armourPoints, criticalColumn, isHit, wornOn } from './rules.js';
import { current, strongHand, type Fighter, type W1State } from './state.js';
import { chartCell } from './effects.js';

/** Beyond this many extra D6s of additional damage the chance is below 1e-15: left out. */
const MAX_EXTRA_DICE = 20;

/** P(total of the additional dice = k): D6s while they show 6 (§ Additional Damage). */
function extraDamage(): Map<number, number> {
  let open = new Map<number, number>([[0, 1]]);
  const done = new Map<number, number>();
  for (let n = 0; n < MAX_EXTRA_DICE; n++) {
    const next = new Map<number, number>();
    for (const [sum, p] of open) {
      for (let d = 1; d <= 6; d++) {
        const q = p / 6;
        if (d < 6) done.set(sum + d, (done.get(sum + d) ?? 0) + q);
        else next.set(sum + 6, (next.get(sum + 6) ?? 0) + q);
      }
    }
    open = next;
  }
  return done;
}
const EXTRA = extraDamage();

/** A context for the location lookup: it must not roll (a body plan that rolls for its location is enumerated elsewhere). */
function noDice(): FightContext {
  return new FightContext([], new AutoDriver(new SeededDice(Rng.seeded(0))), false, false);
}

/** What one blow of `a` at `d` does, as exact probabilities: where it lands and the damage there. */
export interface BlowModel {
  /** What it strikes with: the weapon in its strong hand, or its first natural one (null: fists). */
  readonly weapon: Weapon | null;
  readonly need: number;
  readonly pHit: number;
  /** Wounds are doubled against a prone target (§ Prone and Static Targets). */
  readonly times: 1 | 2;
  /** Per location struck: its probability (of all blows) and the damage there. */
  readonly byPart: PartModel[];
}

export interface PartModel {
  readonly part: ReturnType<typeof hitLocation>['part'];
  readonly p: number;
  /** Wounds with no parry (of all blows). */
  readonly wounds: Map<number, number>;
  /** The damage after T, before a parry and armour (of all blows). */
  readonly afterT: Map<number, number>;
  readonly worn: ReturnType<typeof wornOn>;
  readonly shield: boolean;
  /** What the defender's tactics expect of a blow here, when they weigh a parry. */
  readonly expected: number;
}

export function blowModel(st: W1State, a: Fighter, d: Fighter, winning: boolean): BlowModel {
  const held = a[strongHand(a)];
  const weapon = held && !held.shield && !held.missile ? held : (a.natural[0] ?? null);
  const ws = skillWith(st, a, weapon, 'WS').skill;
  // § To Hit Modifiers as the engine sums them for this blow: winning, the weapon modifiers' entry,
  // the to-hit penalties of criticals (`a` and `d` are the fighters as the chain's state has them).
  const attacker = Object.assign(Object.create(a) as Fighter, { wonAgainst: new Set(winning ? [d] : []) });
  const b: Blow = {
    attacker,
    target: d,
    weapon,
    hand: held === weapon ? strongHand(a) : null,
    kind: 'strike',
    aim: null,
    charging: false,
    free: false,
    fromRear: false,
  };
  // § Prone and Static Targets: hit at once, where the attacker picks (chooseLocation, the
  // tactics' pick), for double damage.
  const prone = isProneTarget(st, d);
  const need = ws + toHitModifiers(st, b, prone, null, null);
  // § Weapon Modifiers (optional): the weapon's damage entry, 0 without the option.
  const S = current(a, 'S', st.round) + weaponDamage(st, weapon, false);
  const T = current(d, 'T', st.round);
  const byPart = new Map<string, PartModel>();
  const ctx = noDice();
  const shield = shieldFor(d, false);
  let pHit = 0;
  for (let roll = 1; roll <= 100; roll++) {
    if (!prone && !isHit(roll, need)) continue;
    pHit += 0.01;
    const part = prone
      ? chooseLocation(ctx, a, d, null)
      : hitLocation(ctx, a, d, reverseD100(roll), false).part;
    let e = byPart.get(part.id);
    if (!e) {
      const worn = wornOn(d.armour, part.zone);
      const expected = expectedWounds(S - T, d, part, shield, false, prone);
      byPart.set(part.id, (e = { part, p: 0, wounds: new Map(), afterT: new Map(), worn, shield, expected }));
    }
    (e as { p: number }).p += 0.01;
  }
  // The damage dice do not depend on the to-hit roll: one distribution, weighed by each part's chance.
  const dice = new Map<number, number>();
  const add = (n: number, p: number) => dice.set(n, (dice.get(n) ?? 0) + p);
  for (let first = 1; first <= 6; first++) {
    if (first < 6 || !st.opt.additionalDamage) {
      add(first, 1 / 6);
      continue;
    }
    // A natural 6: a WS test (base WS) for the additional D6s.
    const pass = Math.max(0, Math.min(100, ws)) / 100;
    add(6, (1 / 6) * (1 - pass));
    for (const [extra, p] of EXTRA) add(6 + extra, (1 / 6) * pass * p);
  }
  for (const e of byPart.values()) {
    for (const [n, p] of dice) {
      const afterT = n + S - T;
      e.afterT.set(afterT, (e.afterT.get(afterT) ?? 0) + e.p * p);
      const w = woundsThrough(e, afterT);
      e.wounds.set(w, (e.wounds.get(w) ?? 0) + e.p * p);
    }
  }
  return { weapon, need, pHit, byPart: [...byPart.values()], times: prone ? 2 : 1 };
}

/** The wounds of `damage` (after T and any parry) on a part, through its armour (§ Combat Procedure). */
export function woundsThrough(e: Pick<PartModel, 'worn' | 'shield'>, damage: number): number {
  return Math.max(0, damage - armourPoints(e.worn, e.shield, damage, false));
}

/**
 * The chance a critical of `value` on `part` takes the victim out at once: killed, and (detailed)
 * out of the fight; read as critical() reads the chart, with its roll modifier and effect ceiling.
 */
export function criticalOut(
  st: W1State,
  chart: ReturnType<typeof hitLocation>['part']['chart'],
  value: number,
  how: { rollModifier?: number; maxEffect?: number } = {},
): { killed: number; out: number } {
  const col = criticalColumn(value);
  if (st.opt.criticals === 'sudden-death') {
    const killed = (101 - (SUDDEN_DEATH_KILLS_FROM[col - 1] as number)) / 100;
    return { killed, out: killed };
  }
  let killed = 0;
  let out = 0;
  for (let rolled = 1; rolled <= 100; rolled++) {
    // The cell as critical() reads it (effects.ts, chartCell).
    const eff = CRITICAL_EFFECTS[chart][chartCell(value, rolled, how).applied - 1];
    if (eff?.killed) killed += 0.01;
    if (eff?.killed || eff?.unconscious) out += 0.01;
  }
  return { killed, out };
}
