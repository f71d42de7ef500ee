// A blow of Fantasy Wargaming as exact probabilities (`fray odds`): the weapon in hand on what a
// fighter still carries and its WF (Weapons and armor), a flurry at a foe who does not defend (the
// blow table), and every outcome of a melee blow as the chain follows it: the luck die and the
// Striking Table in the column, the defence met and its band, location, damage and armour, the
// special effects, breakage and the carried-over blow (Attacking and Damage, Defense).
import type { Dice } from '../../dice/notation.js';
import { chartResult, specialEffects, type DefenceEffect, type SpecialEffect } from './charts.js';
import type { Weapon } from './data.js';
import { weaponFactor, type WeaponFactor } from './fighter.js';
import { breakageRolled, harmDealt, luck, scaledDamage, type Band, type DefenceKind } from './rules.js';
import { wieldedOf, type FwFighterSpec, type FwSetup } from './state.js';

/** The distribution of a sum of dice, plus the dice's own addition. */
function diceDist(d: Dice): Map<number, number> {
  let dist = new Map<number, number>([[d.plus, 1]]);
  for (let i = 0; i < d.count; i++) {
    const next = new Map<number, number>();
    for (const [v, p] of dist)
      for (let k = 1; k <= d.sides; k++) next.set(v + k, (next.get(v + k) ?? 0) + p / d.sides);
    dist = next;
  }
  return dist;
}

export interface Arm {
  readonly weapon: Weapon;
  readonly wf: number;
  readonly surplusAgility: number;
  readonly bonus: number;
}

/** The weapon in hand once `dropped` melee weapons are gone (dropped or broken), with its WF on that kit. */
export function kitOf(f: FwFighterSpec, dropped: number, shield: boolean) {
  const melee = f.weapons.filter((w) => w.kind === 'melee');
  const gone = new Set(melee.slice(0, dropped));
  const carried = f.weapons.filter((w) => !gone.has(w));
  return { carried, shield: shield ? f.shield : null, armour: f.armour, wielded: wieldedOf(carried) };
}

export function wfOn(
  setup: FwSetup,
  f: FwFighterSpec,
  dropped: number,
  shield: boolean,
  w?: Weapon,
): WeaponFactor {
  const kit = kitOf(f, dropped, shield);
  return weaponFactor(
    { ch: f.ch, combatLevel: f.combatLevel, favoured: f.favoured },
    kit,
    w ?? kit.wielded,
    setup.charts.damageStep,
  );
}

export function armOf(setup: FwSetup, f: FwFighterSpec, dropped: number, shield: boolean): Arm {
  const x = wfOn(setup, f, dropped, shield);
  return { weapon: x.weapon, wf: x.value, surplusAgility: x.surplusAgility, bonus: x.damageBonus };
}

/** What a first strike compares of a fighter's weapon in hand (2.2). */
export const reachOf = (a: Arm) => ({ length: a.weapon.length, surplusAgility: a.surplusAgility });

/** One blow's outcomes: harm after armour, whether a total success, and the special effects, with their chances. */
interface Outcome {
  readonly harm: number;
  readonly band: Band;
  readonly location: string | null;
  readonly effects: readonly SpecialEffect[];
  readonly p: number;
}

/** A flurry at a foe who does not defend (the blow table of `fray odds`). */
export function blowOutcomes(setup: FwSetup, arm: Arm, d: FwFighterSpec, modifiers: number): Outcome[] {
  const c = setup.charts;
  const out: Outcome[] = [];
  const damage = diceDist(arm.weapon.damage);
  for (let l = 1; l <= 6; l++) {
    const col = arm.wf + modifiers + luck(l);
    for (let r = 1; r <= c.striking.die; r++) {
      const p = 1 / 6 / c.striking.die;
      const band = chartResult(c.striking, col, r);
      if (band === 'failure') {
        out.push({ harm: 0, band, location: null, effects: [], p });
        continue;
      }
      const how = c.strikeBands[band];
      const protection = how.armourIgnored ? 0 : (d.armour?.protection ?? 0);
      for (const row of c.locations.rows) {
        const pl = (row.hi - row.lo + 1) / c.locations.die;
        for (const [v, pd] of damage) {
          const harm = harmDealt(scaledDamage(Math.max(0, v + arm.bonus), how.damage), 0, protection, false);
          out.push({
            harm,
            band,
            location: row.value,
            effects: specialEffects(c, row.value, harm),
            p: p * pl * pd,
          });
        }
      }
    }
  }
  return out;
}

/** The special effects the chain follows, as bits. */
export const FX: Readonly<Record<SpecialEffect, number>> = {
  stunned: 1,
  'knocked-down': 2,
  'knocked-out': 4,
  'drops-shield': 8,
  'drops-weapon': 16,
};

export const EFFECT_ORDER = Object.keys(FX) as SpecialEffect[];

/** One blow's outcome as the chain follows it. */
export interface Hit {
  readonly harm: number;
  readonly fx: number;
  /** The parrying item broke. */
  readonly broken: boolean;
  /** The defender leaves the melee (a totally successful disengage). */
  readonly leaves: boolean;
  /** The blow's band, for the attacker's next defence: 0 other, 1 partial, 2 substantial. */
  readonly band: number;
  p: number;
}

/** A defence as the blow meets it. */
export interface Guard {
  readonly kind: DefenceKind;
  /** The defence's column before luck. */
  readonly column: number;
  /** The parrying item (a parry only) and, for a weapon, the damage it rolls against the blow's. */
  readonly item: Weapon | null;
  readonly itemBonus: number;
}

const flurryOf = (b: Band) => (b === 'partial' ? 1 : b === 'substantial' ? 2 : 0);

/** Every outcome of one melee blow at `column` (WF and modifiers, before luck), met by `guard`. */
export function hitsOf(
  setup: FwSetup,
  arm: Arm,
  column: number,
  protection: number,
  guard: Guard | null,
  bands: boolean,
): Hit[] {
  const c = setup.charts;
  const die = c.striking.die;
  const out = new Map<string, Hit>();
  const add = (hit: Omit<Hit, 'p'>, p: number) => {
    let h = hit;
    if (p <= 0) return;
    if (!bands) h = { ...h, band: 0 };
    const k = `${h.harm}|${h.fx}|${+h.broken}|${+h.leaves}|${h.band}`;
    const e = out.get(k);
    if (e) e.p += p;
    else out.set(k, { ...h, p });
  };
  // The defence's band, rolled once when the blow comes.
  const guards = new Map<Band, number>();
  if (guard)
    for (let l = 1; l <= 6; l++)
      for (let r = 1; r <= die; r++) {
        const b = chartResult(c.striking, guard.column + luck(l), r);
        guards.set(b, (guards.get(b) ?? 0) + 1 / 6 / die);
      }
  else guards.set('failure', 1);
  const damage = diceDist(arm.weapon.damage);
  const own = guard?.item && guard.item.kind !== 'shield' ? diceDist(guard.item.damage) : null;
  const breaks = (item: Weapon) => {
    const rows = item.kind === 'shield' ? c.breakage.shield : c.breakage.weapon;
    return (
      rows.filter((x) => x.value === 'breaks').reduce((s, x) => s + (x.hi - x.lo + 1), 0) / c.breakage.die
    );
  };
  for (const [gb, pg] of guards) {
    const effect: DefenceEffect | null = guard && gb !== 'failure' ? c.defence[guard.kind][gb] : null;
    const shift = effect ? effect.shift + (setup.opt.defenceTable ? 0 : -effect.reduce) : 0;
    const parried = guard?.kind === 'parry' && effect && guard.item ? guard.item : null;
    // The strike's band, and the band the same roll gives two columns to the left (a carried-over blow).
    const strikes = new Map<string, { band: Band; again: Band; p: number }>();
    for (let l = 1; l <= 6; l++) {
      const factor = column + luck(l);
      for (let r = 1; r <= die; r++) {
        const band = chartResult(c.striking, factor + shift, r);
        const again = parried ? chartResult(c.striking, factor - 2, r) : 'failure';
        const k = `${band}|${again}`;
        const e = strikes.get(k);
        if (e) e.p += 1 / 6 / die;
        else strikes.set(k, { band, again, p: 1 / 6 / die });
      }
    }
    for (const { band, again, p } of strikes.values()) {
      const pp = pg * p;
      if (band === 'failure') {
        add({ harm: 0, fx: 0, broken: false, leaves: effect?.leaves ?? false, band: 0 }, pp);
        continue;
      }
      const fl = flurryOf(band);
      for (const row of c.locations.rows) {
        const pl = (row.hi - row.lo + 1) / c.locations.die;
        for (const [v, pd] of damage) {
          const adjusted = Math.max(0, v + arm.bonus);
          const dealt = scaledDamage(adjusted, c.strikeBands[band].damage);
          const landed = (b: Exclude<Band, 'failure'>, d: number, e: DefenceEffect | null) => {
            const protect = c.strikeBands[b].armourIgnored ? 0 : protection;
            const reduce = e && setup.opt.defenceTable ? e.reduce : 0;
            return harmDealt(d, reduce, protect, e?.harmless ?? false);
          };
          const fxOf = (harm: number) => specialEffects(c, row.value, harm).reduce((s, x) => s | FX[x], 0);
          let pBreak = 0;
          if (parried) {
            const rolled =
              parried.kind === 'shield'
                ? +breakageRolled(parried, dealt, 0)
                : [...(own as Map<number, number>)].reduce(
                    (s, [o, po]) =>
                      s + (breakageRolled(parried, dealt, o + (guard as Guard).itemBonus) ? po : 0),
                    0,
                  );
            pBreak = rolled * breaks(parried);
          }
          const q = pp * pl * pd;
          const harm = landed(band, dealt, effect);
          add(
            { harm, fx: fxOf(harm), broken: false, leaves: effect?.leaves ?? false, band: fl },
            q * (1 - pBreak),
          );
          if (pBreak > 0) {
            const e = effect as DefenceEffect;
            // A totally successful defence leaves its maker unharmed though the item breaks; else the blow carries over.
            if (e.harmless) add({ harm: 0, fx: 0, broken: true, leaves: e.leaves, band: fl }, q * pBreak);
            else if (again === 'failure')
              add({ harm: 0, fx: 0, broken: true, leaves: false, band: fl }, q * pBreak);
            else {
              const h = landed(again, scaledDamage(adjusted, c.strikeBands[again].damage), null);
              add({ harm: h, fx: fxOf(h), broken: true, leaves: false, band: fl }, q * pBreak);
            }
          }
        }
      }
    }
  }
  return [...out.values()];
}
