// Exact odds for Fantasy Wargaming by enumerating the dice: each pair's blow (luck die, Striking
// Table, location, damage), and a one-against-one fight as a Markov chain, phase by phase, over
// all that a fighter carries from one melee phase to the next: endurance, what it holds, what
// happened to it last phase (damaged, stunned, knocked down, charged or lunged, its flurry's
// band, what it did), the melee phases it has fought (for exhaustion), and its morale (the result
// that binds it, demoralized, fleeing, berserk). Every rule is the engine's own function.
import { sumTerms } from '../../core/arith.js';
import { ChainBudget, foePairs, NEGLIGIBLE, notOneAgainstOne } from '../../core/odds.js';
import type { Odds, OddsBlow, OddsDuel } from '../../core/ruleset.js';
import type { Dice } from '../../dice/notation.js';
import { chartResult, specialEffects, type DefenceEffect, type SpecialEffect } from './charts.js';
import type { Weapon } from './data.js';
import { berserkFactor, moraleFactor, weaponFactor, type WeaponFactor } from './fighter.js';
import {
  berserkCheckTerms,
  breakageRolled,
  defenceRefusalOf,
  defenceTerms,
  firstStrike,
  harmDealt,
  isExhausted,
  luck,
  moraleCheckTerms,
  mustCheckBerserk,
  scaledDamage,
  strikeTerms,
  type Band,
  type DefenceKind,
  type MoraleResult,
} from './rules.js';
import { parryItemOf, wieldedOf, type FwFighterSpec, type FwSetup } from './state.js';
import { lungeWanted, suggestedKind, surrenders } from './tactics.js';

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

interface Arm {
  readonly weapon: Weapon;
  readonly wf: number;
  readonly surplusAgility: number;
  readonly bonus: number;
}

/** The weapon in hand once `dropped` melee weapons are gone (dropped or broken), with its WF on that kit. */
function kitOf(f: FwFighterSpec, dropped: number, shield: boolean) {
  const melee = f.weapons.filter((w) => w.kind === 'melee');
  const gone = new Set(melee.slice(0, dropped));
  const carried = f.weapons.filter((w) => !gone.has(w));
  return { carried, shield: shield ? f.shield : null, armour: f.armour, wielded: wieldedOf(carried) };
}

function wfOn(setup: FwSetup, f: FwFighterSpec, dropped: number, shield: boolean, w?: Weapon): WeaponFactor {
  const kit = kitOf(f, dropped, shield);
  return weaponFactor(
    { ch: f.ch, combatLevel: f.combatLevel, favoured: f.favoured },
    kit,
    w ?? kit.wielded,
    setup.charts.damageStep,
  );
}

function armOf(setup: FwSetup, f: FwFighterSpec, dropped: number, shield: boolean): Arm {
  const x = wfOn(setup, f, dropped, shield);
  return { weapon: x.weapon, wf: x.value, surplusAgility: x.surplusAgility, bonus: x.damageBonus };
}

/** What a first strike compares of a fighter's weapon in hand (2.2). */
const reachOf = (a: Arm) => ({ length: a.weapon.length, surplusAgility: a.surplusAgility });

/** One blow's outcomes: harm after armour, whether a total success, and the special effects, with their chances. */
interface Outcome {
  readonly harm: number;
  readonly band: Band;
  readonly location: string | null;
  readonly effects: readonly SpecialEffect[];
  readonly p: number;
}

/** A flurry at a foe who does not defend (the blow table of `fray odds`). */
function blowOutcomes(setup: FwSetup, arm: Arm, d: FwFighterSpec, modifiers: number): Outcome[] {
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

// ------------------------------------------------------------------ the duel's state

const BOUND: readonly (MoraleResult | null)[] = [null, 'dither', 'selfish', 'panic'];
const LAST = ['none', 'attack', 'parry', 'dodge', 'disengage'] as const;
const ACTS = ['none', 'attack', 'charge', 'parry', 'dodge', 'disengage'] as const;
type Act = (typeof ACTS)[number];

/** A fighter's part of the chain's state, as the melee phase begins (the "last phase" fields are of the phase before). */
interface Me {
  readonly en: number;
  /** Melee weapons gone (dropped or broken): the next in the list is in hand, then a natural weapon or the fist. */
  readonly dropped: number;
  readonly shield: boolean;
  readonly damaged: boolean;
  readonly stunned: boolean;
  readonly knocked: boolean;
  readonly charged: boolean;
  /** Its last flurry's band, where it counts for a defence: 0 none, 1 partial, 2 substantial. */
  readonly flurry: number;
  /** What it did last phase: an index of LAST. */
  readonly last: number;
  /** Melee phases fought, up to its endurance (where exhaustion stops counting). */
  readonly fought: number;
  /** The morale result binding this phase: an index of BOUND. */
  readonly bound: number;
  readonly demoralized: boolean;
  readonly fleeing: boolean;
  readonly berserk: boolean;
  /** What it declares for this phase (an index of ACTS), once the state is kept after a phase. */
  readonly act: number;
}

/** A fighter's state as one number (under 2^43). */
function packed(m: Me): number {
  const bits =
    +m.shield +
    2 * +m.damaged +
    4 * +m.stunned +
    8 * +m.knocked +
    16 * +m.charged +
    32 * +m.demoralized +
    64 * +m.fleeing +
    128 * +m.berserk;
  return (
    (((((m.en * 256 + m.fought) * 256 + bits) * 4 + m.flurry) * 8 + m.last) * 4 + m.bound) * 64 +
    m.act * 8 +
    m.dropped
  );
}

/** What stays the same for a fighter all duel long. */
interface Who {
  readonly f: FwFighterSpec;
  readonly foe: FwFighterSpec;
  readonly meleeCount: number;
  /** Whether it may ever defend (its tactics, or a morale result): else its flurry's band counts for nothing. */
  readonly mayDefend: boolean;
}

/** What keeps a fight out of the chain; empty when the chain models it. */
function obstacles(setup: FwSetup): string[] {
  const why: string[] = [];
  const fs = setup.fighters;
  if (fs.length !== 2 || fs[0]?.side === fs[1]?.side) return [notOneAgainstOne(fs)];
  if (setup.volleys > 0)
    why.push(
      'it opens with a ranged exchange (volleys: 0 starts with the melee; the chain follows no missiles)',
    );
  for (const f of fs) {
    const shoots = f.tactics.shoot;
    if (shoots && f.weapons.some((w) => w.kind === 'missile' && (w.range ?? 0) >= setup.distance))
      why.push(
        `${f.name} looses a missile before the melee (the chain follows no missiles: tactics shoot: false, or a distance beyond its range, keeps it out)`,
      );
    if (shoots && f.magic)
      why.push(
        `${f.name} casts a spell before the melee (the chain follows no magic: tactics shoot: false keeps it out)`,
      );
    if (f.weapons.filter((w) => w.kind === 'melee').length > 7)
      why.push(`${f.name} carries more than 7 melee weapons`);
    if (f.endurance > 255) why.push(`${f.name}'s endurance is over 255`);
  }
  return why;
}

export function fwOdds(setup: FwSetup, maxRounds?: number): Odds {
  const cap = maxRounds ?? setup.maxRounds;
  const blows: OddsBlow[] = [];
  for (const [a, d] of foePairs(setup.fighters)) {
    const arm = armOf(setup, a, 0, a.shield !== null);
    const dArm = armOf(setup, d, 0, d.shield !== null);
    const fs = firstStrike(reachOf(arm), reachOf(dArm), setup.opt.firstStrikeAgility) ? 1 : 0;
    const os = blowOutcomes(setup, arm, d, fs + a.astrology);
    const hit = os.filter((o) => o.band !== 'failure').reduce((s, o) => s + o.p, 0);
    const wounds = new Map<number, number>();
    const locations = new Map<string, number>();
    for (const o of os) {
      if (o.band === 'failure') continue;
      wounds.set(o.harm, (wounds.get(o.harm) ?? 0) + o.p);
      if (o.location) locations.set(o.location, (locations.get(o.location) ?? 0) + o.p);
    }
    const need = (() => {
      const col = arm.wf + fs + a.astrology;
      for (let r = 1; r <= setup.charts.striking.die; r++)
        if (chartResult(setup.charts.striking, col, r) !== 'failure') return r;
      return setup.charts.striking.die + 1;
    })();
    blows.push({
      attacker: a.name,
      defender: d.name,
      need,
      needText: `D${setup.charts.striking.die} ≥ ${need} with luck 0`,
      hit,
      locations: [...locations].map(([part, p]) => ({ part, p })),
      wounds: [...wounds].sort((x, y) => x[0] - y[0]).map(([value, p]) => ({ value, p })),
      meanWounds: os.reduce((s, o) => s + o.harm * o.p, 0),
      critical: os.filter((o) => o.band === 'total').reduce((s, o) => s + o.p, 0),
      criticalValues: [],
      killed: os.filter((o) => o.harm >= d.endurance).reduce((s, o) => s + o.p, 0),
      outAtOnce: os
        .filter((o) => o.harm >= d.endurance || o.effects.includes('knocked-out'))
        .reduce((s, o) => s + o.p, 0),
    });
  }
  const blowMethod = `exact: the luck die, every Striking Table roll (D${setup.charts.striking.die}) in the attacker's column (WF with a first strike's +1 where it has one), every location and damage roll, armour; a flurry at a foe who does not defend; "critical" is a total success, "killed" brings endurance to 0 or below from full`;
  const why = obstacles(setup);
  if (why.length)
    return {
      blows,
      blowMethod,
      duel: null,
      duelMethod: `not computed: ${why.join('; ')}; fray sim estimates it`,
    };
  let duel: ReturnType<typeof chain>;
  try {
    duel = chain(setup, cap);
  } catch (e) {
    if (!(e instanceof TooManyStates)) throw e;
    duel = {
      stopped: `not computed: a fighter passed ${ID.toLocaleString('en')} states of its own; fewer endurance or fewer rules followed make it smaller, and fray sim estimates it`,
    };
  }
  if ('stopped' in duel) return { blows, blowMethod, duel: null, duelMethod: duel.stopped };
  const parts = [
    'endurance',
    'weapon and shield in hand',
    'damaged, stunned and knocked down in the last phase',
    'charged or lunged',
    "the last flurry's band",
    ...(setup.opt.exhaustion ? ['melee phases fought'] : []),
    ...(setup.opt.morale ? ['the morale result that binds it', 'fleeing'] : []),
    'berserk',
  ];
  return {
    blows,
    blowMethod,
    duel,
    duelMethod: `exact: a Markov chain over each fighter's ${parts.join(', ')}, phase by phase: ${setup.opt.morale ? 'morale and ' : ''}berserk checks, declarations as the tactics make them, first strikes and counter-attacks, lunges, flurries with parries, dodges and disengages, breakage and the carried-over blow, to the round cap of ${cap}`,
  };
}

// ------------------------------------------------------------------ a blow in the chain

/** The special effects the chain follows, as bits. */
const FX: Readonly<Record<SpecialEffect, number>> = {
  stunned: 1,
  'knocked-down': 2,
  'knocked-out': 4,
  'drops-shield': 8,
  'drops-weapon': 16,
};

const EFFECT_ORDER = Object.keys(FX) as SpecialEffect[];

/** One blow's outcome as the chain follows it. */
interface Hit {
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
interface Guard {
  readonly kind: DefenceKind;
  /** The defence's column before luck. */
  readonly column: number;
  /** The parrying item (a parry only) and, for a weapon, the damage it rolls against the blow's. */
  readonly item: Weapon | null;
  readonly itemBonus: number;
}

const flurryOf = (b: Band) => (b === 'partial' ? 1 : b === 'substantial' ? 2 : 0);

/** Every outcome of one melee blow at `column` (WF and modifiers, before luck), met by `guard`. */
function hitsOf(
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

// ------------------------------------------------------------------ the chain

/** A fighter within a melee phase: what its foe's blows have done so far. */
interface Now {
  readonly en: number;
  readonly dropped: number;
  readonly shield: boolean;
  readonly harmed: boolean;
  readonly stunned: boolean;
  readonly knocked: boolean;
  readonly out: boolean;
  /** Its own blow's band this phase (0: none that counts), and whether it lunged. */
  readonly band: number;
  readonly lunged: boolean;
}

/**
 * Each fighter's states are numbered below this, so that a pair of them is one small integer
 * (x × ID + y below 2^30), the kind of key a Map hashes fastest.
 */
const ID = 2 ** 15;

/** Thrown when one fighter's states pass ID (no duel has come near it within its budget). */
class TooManyStates extends Error {}

/** The chain's steps a second on large states (endurance 40 against 40), for the odds' budget (docs/performance.md). */
const CHAIN_STEPS_PER_SECOND = 8_500_000;

/** The duel phase by phase, or why it stopped: past the odds' budget. */
function chain(setup: FwSetup, cap: number): OddsDuel | { readonly stopped: string } {
  const budget = new ChainBudget(CHAIN_STEPS_PER_SECOND);
  const c = setup.charts;
  const opt = setup.opt;
  const [A, B] = setup.fighters as [FwFighterSpec, FwFighterSpec];
  const whoOf = (f: FwFighterSpec, foe: FwFighterSpec): Who => ({
    f,
    foe,
    meleeCount: f.weapons.filter((w) => w.kind === 'melee').length,
    mayDefend:
      opt.morale ||
      f.tactics.defence === 'parry' ||
      f.tactics.defence === 'dodge' ||
      f.tactics.defence === 'disengage',
  });
  const WA = whoOf(A, B);
  const WB = whoOf(B, A);

  // Out before the first round: the fight is over before it starts.
  if (A.endurance <= 0 || B.endurance <= 0) {
    const outA = A.endurance <= 0;
    const outB = B.endurance <= 0;
    return {
      sides: [
        { name: A.name, win: outB && !outA ? 1 : 0 },
        { name: B.name, win: outA && !outB ? 1 : 0 },
      ],
      draw: outA && outB ? 1 : 0,
      meanRounds: 0,
      states: 1,
      steps: 0,
    };
  }

  const arms = new Map<number, Arm>();
  const arm = (w: Who, dropped: number, shield: boolean): Arm => {
    const k = (w === WA ? 0 : 1) * 64 + dropped * 2 + +shield;
    let x = arms.get(k);
    if (!x) arms.set(k, (x = armOf(setup, w.f, dropped, shield)));
    return x;
  };
  const exhausted = (w: Who, m: Me) => isExhausted(opt.exhaustion, m.fought, w.f.maxEndurance);
  /** Ours: too stunned, frozen in panic or running, it cannot defend, and its foe takes a free hack. */
  const defenceless = (m: Me) => m.fleeing || m.stunned || BOUND[m.bound] === 'panic';
  const parryItem = (w: Who, dropped: number, shield: boolean): Weapon | null =>
    parryItemOf(shield ? w.f.shield : null, kitOf(w.f, dropped, shield).wielded);

  /** The declaration for the melee phase, as the engine's tactics make it (declare and suggestAction in round/declarations.ts). */
  const declare = (w: Who, m: Me, mayCharge: boolean): Act => {
    const bound = BOUND[m.bound] ?? null;
    if (m.fleeing || m.stunned || bound === 'panic') return 'none';
    const lastAttack = LAST[m.last] === 'attack';
    const attack = bound !== 'selfish' && (bound !== 'dither' || lastAttack);
    const charge = attack && mayCharge && bound !== 'dither';
    const canParry = parryItem(w, m.dropped, m.shield) !== null;
    const defences = m.berserk
      ? []
      : (['parry', 'dodge', 'disengage'] as const).filter(
          (k) => !m.charged && defenceRefusalOf(k, setup.area, canParry, m.knocked) === null,
        );
    const choices: Act[] = [
      ...(attack ? ['attack' as const] : []),
      ...(charge ? ['charge' as const] : []),
      ...defences,
    ];
    if (!choices.length) return 'none';
    const kind = suggestedKind({
      bound,
      berserk: m.berserk,
      tactics: w.f.tactics,
      outnumbered: false,
      lastAction: LAST[m.last] ?? null,
      lastTargetStands: lastAttack,
      can: (k) => defences.includes(k),
    });
    const suggested: Act | '' =
      kind === 'attack-last'
        ? 'attack'
        : kind === 'attack'
          ? charge && w.f.tactics.charge
            ? 'charge'
            : 'attack'
          : kind;
    // The engine's decide: the suggestion when it is a choice, else the first choice.
    return choices.includes(suggested as Act) ? (suggested as Act) : (choices[0] as Act);
  };

  const memo = new Map<string, Hit[]>();
  /** The outcomes of `w`'s blow at its foe, on the phase-start states `m` and `foe`, with the kits in hand now. */
  const blowOf = (
    w: Who,
    m: Me,
    mine: Now,
    v: Who,
    foe: Me,
    theirs: Now,
    how: { first: boolean; charge: boolean; lunge: boolean },
    defence: DefenceKind | null,
  ): Hit[] => {
    const mods = sumTerms(
      (how.charge ? c.charge : 0) + (how.lunge ? c.lunge : 0),
      strikeTerms({
        melee: true,
        carryOver: false,
        berserk: m.berserk,
        outnumberedBy: 0,
        damagedLastPhase: m.damaged,
        exhausted: exhausted(w, m),
        opponentDamagedLastPhase: foe.damaged,
        opponentExhausted: exhausted(v, foe),
        opponentOutnumberedBy: 0,
        firstStrike: how.first,
        freeHack: defenceless(foe),
        astrology: w.f.astrology,
      }),
    );
    const a = arm(w, mine.dropped, mine.shield);
    let guard: Guard | null = null;
    if (defence) {
      const item = defence === 'parry' ? parryItem(v, theirs.dropped, theirs.shield) : null;
      const x = wfOn(setup, v.f, theirs.dropped, theirs.shield, item ?? undefined);
      const column = sumTerms(x.value, [
        ...strikeTerms({
          melee: true,
          carryOver: false,
          berserk: false,
          outnumberedBy: 0,
          damagedLastPhase: foe.damaged,
          exhausted: exhausted(v, foe),
          opponentDamagedLastPhase: m.damaged,
          opponentExhausted: exhausted(w, m),
          opponentOutnumberedBy: 0,
          firstStrike: false,
          freeHack: false,
          astrology: v.f.astrology,
        }),
        ...defenceTerms(setup.area, foe.flurry === 1 ? 'partial' : foe.flurry === 2 ? 'substantial' : null),
      ]);
      guard = { kind: defence, column, item, itemBonus: item && item.kind !== 'shield' ? x.damageBonus : 0 };
    }
    const k = `${w === WA ? 0 : 1}|${mine.dropped}|${+mine.shield}|${a.wf + mods}|${theirs.dropped}|${+theirs.shield}|${guard ? `${guard.kind}|${guard.column}` : '-'}`;
    let hs = memo.get(k);
    if (!hs)
      memo.set(k, (hs = hitsOf(setup, a, a.wf + mods, v.f.armour?.protection ?? 0, guard, w.mayDefend)));
    return hs;
  };

  /** The one struck after a blow's outcome (applyEffects in round/effects.ts: breakage, harm, then the special effects). */
  const struck = (v: Who, n: Now, h: Hit): Now => {
    if (!h.broken && !h.harm && !h.fx && !h.leaves) return n;
    let { en, dropped, shield, harmed, stunned, knocked, out } = n;
    if (h.broken) {
      if (shield) shield = false;
      else dropped = Math.min(v.meleeCount, dropped + 1);
    }
    if (h.harm > 0) {
      en -= h.harm;
      harmed = true;
      if (en <= 0) out = true;
    }
    for (const e of EFFECT_ORDER) {
      if (!(h.fx & FX[e])) continue;
      if (out) break;
      if (e === 'stunned') stunned = true;
      else if (e === 'knocked-down') knocked = true;
      else if (e === 'knocked-out') out = true;
      else if (e === 'drops-shield') shield = false;
      else if (e === 'drops-weapon' && dropped < v.meleeCount) dropped++;
    }
    if (h.leaves) out = true;
    return { ...n, en, dropped, shield, harmed, stunned, knocked, out };
  };

  /** The post-melee (or pre-melee) morale check, its outcomes with their chances (moraleCheck and applyMorale in round/morale.ts). */
  const moraleMemo = new Map<string, { result: MoraleResult; p: number }[]>();
  const morale = (w: Who, m: Me): { me: Me; out: boolean; p: number }[] => {
    const mf = moraleFactor(
      {
        ch: w.f.ch,
        combatLevel: w.f.combatLevel,
        favoured: w.f.favoured,
        isLeader: w.f.leader,
        victories: w.f.victories,
        defeats: w.f.defeats,
      },
      w.f.leader ? w.f.combatLevel : null,
      opt.lowIntelligenceMorale,
    );
    const wielded = kitOf(w.f, m.dropped, m.shield).wielded;
    const total = sumTerms(
      mf.value,
      moraleCheckTerms({
        endurance: m.en,
        maxEndurance: w.f.maxEndurance,
        // One against one: its party is itself, standing; no friend is left to see.
        partyIntact: true,
        partyHalfCasualties: false,
        shieldless: !m.shield || w.f.shield === null,
        unarmored: w.f.armour === null,
        unarmed: wielded.kind === 'natural',
        secure: w.f.secure,
        isolated: true,
        underMissileFire: false,
        mageFacingHigherMagic:
          w.f.role === 'mage' && (w.foe.magic?.level ?? 0) > (w.f.magic?.level ?? 0) && w.foe.magic !== null,
        mageOrClericFacingCombat: w.f.role !== 'warrior',
        warriorFacingMagic: w.f.role === 'warrior' && w.foe.magic !== null,
        desire: w.f.desire && (w.f.ch.greed >= 14 || w.f.ch.lust >= 14),
        leastBravePassed: false,
        partyMemberFleeing: false,
        partyDeserted: false,
        leaderFailed: false,
        demoralized: m.demoralized,
        fleeing: m.fleeing,
        astrology: w.f.astrology,
      }),
    );
    let rs = moraleMemo.get(String(total));
    if (!rs) {
      const by = new Map<MoraleResult, number>();
      for (let l = 1; l <= 6; l++)
        for (let r = 1; r <= c.morale.die; r++) {
          const x = chartResult(c.morale, total + luck(l), r);
          by.set(x, (by.get(x) ?? 0) + 1 / 6 / c.morale.die);
        }
      moraleMemo.set(String(total), (rs = [...by].map(([result, p]) => ({ result, p }))));
    }
    return rs.map(({ result, p }) => {
      const after = { ...m, demoralized: result !== 'obey', bound: 0 };
      if (m.fleeing)
        return result === 'obey'
          ? { me: { ...after, fleeing: false }, out: false, p }
          : { me: after, out: true, p };
      if (result === 'flee') return { me: { ...after, fleeing: true }, out: false, p };
      if (result === 'panic' && surrenders(w.f.tactics, m.en, w.f.maxEndurance))
        return { me: after, out: true, p };
      return {
        me: { ...after, bound: BOUND.indexOf(result) < 0 ? 0 : BOUND.indexOf(result) },
        out: false,
        p,
      };
    });
  };

  /** The pre-melee phase of the first round: every fighter checks morale, then a berserk candidate its control. */
  const preMelee = (w: Who, m: Me): { me: Me; out: boolean; p: number }[] => {
    const checked = opt.morale ? morale(w, m) : [{ me: m, out: false, p: 1 }];
    const profile = {
      viking: w.f.viking,
      bravery: w.f.ch.bravery,
      intelligence: w.f.ch.intelligence,
      combatLevel: w.f.combatLevel,
      isLeader: w.f.leader,
    };
    if (!mustCheckBerserk(profile)) return checked;
    const bf = berserkFactor({
      ch: w.f.ch,
      combatLevel: w.f.combatLevel,
      favoured: w.f.favoured,
      viking: w.f.viking,
      isLeader: w.f.leader,
    });
    const out: { me: Me; out: boolean; p: number }[] = [];
    for (const x of checked) {
      if (x.out) {
        out.push(x);
        continue;
      }
      const wielded = kitOf(w.f, x.me.dropped, x.me.shield).wielded;
      const total = sumTerms(
        bf.value,
        berserkCheckTerms({
          exhausted: exhausted(w, x.me),
          endurance: x.me.en,
          shieldless: !x.me.shield || w.f.shield === null,
          unarmored: w.f.armour === null,
          unarmed: wielded.kind === 'natural',
          cornered: w.f.cornered,
          alone: true,
          berserkRecently: w.f.berserkRecently,
          partyLostThisPhase: 0,
          failedLastMorale: opt.morale && x.me.demoralized,
          astrology: w.f.astrology,
        }),
      );
      let goes = 0;
      for (let l = 1; l <= 6; l++) if (total + luck(l) >= c.berserkAt) goes += 1 / 6;
      if (goes > 0)
        out.push({ me: { ...x.me, berserk: true, bound: 0, fleeing: false }, out: false, p: x.p * goes });
      if (goes < 1) out.push({ ...x, p: x.p * (1 - goes) });
    }
    return out;
  };

  /** Whether the shield changes the WF of a weapon it may yet be carried beside (slung by a two-handed one). */
  const slung = (w: Who) =>
    Array.from({ length: w.meleeCount + 1 }, (_, d) => [arm(w, d, true), arm(w, d, false)]).some(
      ([on, off]) =>
        on?.wf !== off?.wf || on?.bonus !== off?.bonus || on?.surplusAgility !== off?.surplusAgility,
    );
  /**
   * The state kept after a phase, with what it declares next (declare reads it all), and every
   * field nothing further reads set to one value, so that equal futures share one state: charged,
   * knocked down and the last action are read by the declaration only; the bound result by it, by
   * the lunge (dithering) and the free hack (panic); the last flurry by a defence only.
   */
  const canonical = (w: Who, m: Me): Me => {
    const act = declare(w, m, false);
    const bound = BOUND[m.bound];
    const defends = act === 'parry' || act === 'dodge' || act === 'disengage';
    return {
      ...m,
      act: ACTS.indexOf(act),
      charged: false,
      knocked: false,
      last: 0,
      bound: bound === 'panic' || (bound === 'dither' && act === 'attack') ? m.bound : 0,
      flurry: defends ? m.flurry : 0,
      // The shield counts for morale, a parry, or the WF of a two-handed weapon it is slung beside.
      shield: m.shield && (opt.morale || w.f.tactics.defence === 'parry' || slung(w)),
      demoralized: opt.morale && !m.berserk && m.demoralized,
      fought: opt.exhaustion ? Math.min(m.fought, w.f.maxEndurance) : 0,
    };
  };

  const start = (f: FwFighterSpec): Me => ({
    en: f.endurance,
    dropped: 0,
    shield: f.shield !== null,
    damaged: false,
    stunned: false,
    knocked: false,
    charged: false,
    flurry: 0,
    last: 0,
    fought: 0,
    bound: 0,
    demoralized: false,
    fleeing: false,
    berserk: false,
    act: 0,
  });

  const ids = new Map<number, number>();
  const mes: Me[] = [];
  const idOf = (m: Me) => {
    const x = packed(m);
    let i = ids.get(x);
    if (i === undefined) {
      if (ids.size === ID) throw new TooManyStates();
      ids.set(x, (i = ids.size));
      mes.push(m);
    }
    return i;
  };

  /** The phase's end for one fighter still standing: its state, then the post-melee morale check if required, by id. */
  type Kept = { id: number; out: boolean; p: number };
  const ends = new Map<number, Map<number, Kept[]>>();
  const endOf = (w: Who, m: Me, act: Act, n: Now): Kept[] => {
    const outer = packed(m) * 2 + (w === WA ? 0 : 1);
    let byNow = ends.get(outer);
    if (!byNow) ends.set(outer, (byNow = new Map()));
    const k =
      ((((((n.en + 1024) * 8 + n.dropped) * 8 + +n.shield * 4 + +n.harmed * 2 + +n.stunned) * 2 +
        +n.knocked) *
        3 +
        n.band) *
        2 +
        +n.lunged) *
        8 +
      ACTS.indexOf(act);
    let ls = byNow.get(k);
    if (ls) return ls;
    const me: Me = {
      ...m,
      en: n.en,
      dropped: n.dropped,
      shield: n.shield,
      damaged: n.harmed,
      stunned: n.stunned,
      knocked: n.knocked,
      charged: act === 'charge' || n.lunged,
      flurry: n.band,
      last: LAST.indexOf(act === 'charge' ? 'attack' : act),
      fought: m.fought + (act === 'none' ? 0 : 1),
      bound: 0,
    };
    // Ours: morale is required of one damaged this phase, or fleeing; a berserker never checks.
    const checked =
      opt.morale && !me.berserk && (me.damaged || me.fleeing) ? morale(w, me) : [{ me, out: false, p: 1 }];
    const by = new Map<number, Kept>();
    for (const x of checked) {
      const id = x.out ? -1 : idOf(canonical(w, x.me));
      const e = by.get(id);
      if (e) e.p += x.p;
      else by.set(id, { id, out: x.out, p: x.p });
    }
    byNow.set(k, (ls = [...by.values()]));
    return ls;
  };

  let winA = 0;
  let winB = 0;
  let draw = 0;
  let rounds = 0;
  let states = 1;
  /** Where a melee phase puts what it leaves: the states of the next phase, and who is out, with their chances. */
  interface Sink {
    readonly next: Map<number, number>;
    wA: number;
    wB: number;
    dr: number;
  }
  const sinkOf = (): Sink => ({ next: new Map(), wA: 0, wB: 0, dr: 0 });
  let sink = sinkOf();
  let steps = 0;
  const end = (p: number, outA: boolean, outB: boolean) => {
    if (outA && outB) sink.dr += p;
    else if (outA) sink.wB += p;
    else sink.wA += p;
  };
  const put = (k: number, p: number) => sink.next.set(k, (sink.next.get(k) ?? 0) + p);
  /** The end of a melee phase: the states it leaves, after the post-melee morale checks of those required. */
  const after = (a: Me, actA: Act, na: Now, b: Me, actB: Act, nb: Now, p: number) => {
    if (na.out || nb.out) {
      steps++;
      return end(p, na.out, nb.out);
    }
    const xs = endOf(WA, a, actA, na);
    const ys = endOf(WB, b, actB, nb);
    steps += xs.length * ys.length;
    for (const x of xs)
      for (const y of ys) {
        const q = p * x.p * y.p;
        if (x.out || y.out) end(q, x.out, y.out);
        else put(x.id * ID + y.id, q);
      }
  };
  const nowOf = (m: Me): Now => ({
    en: m.en,
    dropped: m.dropped,
    shield: m.shield,
    harmed: false,
    stunned: false,
    knocked: false,
    out: false,
    band: 0,
    lunged: false,
  });
  /** The melee phase from its declarations (melee in round/melee.ts). */
  const melee = (a: Me, b: Me, p: number, first: boolean) => {
    const actA = first ? declare(WA, a, true) : (ACTS[a.act] as Act);
    const actB = first ? declare(WB, b, true) : (ACTS[b.act] as Act);
    const na0 = nowOf(a);
    const nb0 = nowOf(b);
    const attA = actA === 'attack' || actA === 'charge';
    const attB = actB === 'attack' || actB === 'charge';
    const armA = arm(WA, a.dropped, a.shield);
    const armB = arm(WB, b.dropped, b.shield);
    const fsA = attA && firstStrike(reachOf(armA), reachOf(armB), opt.firstStrikeAgility) !== null;
    const fsB = attB && firstStrike(reachOf(armB), reachOf(armA), opt.firstStrikeAgility) !== null;
    const guardOf = (act: Act): DefenceKind | null =>
      act === 'parry' || act === 'dodge' || act === 'disengage' ? act : null;
    // A lunge, in the flurries only, by one not charging and not dithering (2.3).
    const lunges = (w: Who, m: Me, act: Act, foe: Me) =>
      act === 'attack' && BOUND[m.bound] !== 'dither' && lungeWanted(w.f.tactics, foe.en, w.foe.maxEndurance);
    if (!attA && !attB) return after(a, actA, na0, b, actB, nb0, p);
    if (attA && attB && fsA === fsB) {
      // One step, both at once: the first strikes, or the flurries.
      const lA = !fsA && lunges(WA, a, actA, b);
      const lB = !fsB && lunges(WB, b, actB, a);
      const hA = blowOf(WA, a, na0, WB, b, nb0, { first: fsA, charge: actA === 'charge', lunge: lA }, null);
      const hB = blowOf(WB, b, nb0, WA, a, na0, { first: fsB, charge: actB === 'charge', lunge: lB }, null);
      const onB = settle(
        hA,
        (h) => ({ ...struck(WB, nb0, h), lunged: lB }),
        (h) => h.band,
      );
      const onA = settle(
        hB,
        (h) => ({ ...struck(WA, na0, h), lunged: lA }),
        (h) => h.band,
      );
      // Each fighter's end of phase depends on the blow at it and its own blow's band only, and the
      // two blows are independent: band by band, the phase leaves the product of what each keeps.
      // `on` holds the foe's blow at the fighter (with the foe's band); `own` is its own band.
      const keptBy = (w: Who, m: Me, act: Act, on: typeof onA, own: number, foeBand: number) => {
        let out = 0;
        const kept = new Map<number, number>();
        for (const y of on) {
          if (y.band !== foeBand) continue;
          if (y.now.out) {
            out += y.p;
            continue;
          }
          for (const u of endOf(w, m, act, { ...y.now, band: own })) {
            steps++;
            kept.set(u.id, (kept.get(u.id) ?? 0) + y.p * u.p);
          }
        }
        return { out, kept };
      };
      const bandsA = new Set(onB.map((x) => x.band));
      const bandsB = new Set(onA.map((y) => y.band));
      for (const bA of bandsA)
        for (const bB of bandsB) {
          const xA = keptBy(WA, a, actA, onA, bA, bB);
          const xB = keptBy(WB, b, actB, onB, bB, bA);
          const standA = [...xA.kept.values()].reduce((t, q) => t + q, 0);
          const standB = [...xB.kept.values()].reduce((t, q) => t + q, 0);
          // Out by the blows: the one still standing wins, whatever its own morale would have said.
          if (xA.out > 0 || xB.out > 0) {
            steps++;
            end(p * xA.out * xB.out, true, true);
            end(p * xA.out * standB, true, false);
            end(p * standA * xB.out, false, true);
          }
          for (const [u, pu] of xA.kept)
            for (const [v, pv] of xB.kept) {
              steps++;
              const r = p * pu * pv;
              if (u < 0 || v < 0) end(r, u < 0, v < 0);
              else put(u * ID + v, r);
            }
        }
      return;
    }
    // One strikes first (or alone): W at V.
    const aFirst = attA && (fsA || !attB);
    const [W, m, actW, nw0, V, v, actV, nv0, fsW] = aFirst
      ? ([WA, a, actA, na0, WB, b, actB, nb0, fsA] as const)
      : ([WB, b, actB, nb0, WA, a, actA, na0, fsB] as const);
    const lW = !fsW && lunges(W, m, actW, v);
    const hs = blowOf(
      W,
      m,
      nw0,
      V,
      v,
      nv0,
      { first: fsW, charge: actW === 'charge', lunge: lW },
      guardOf(actV),
    );
    const emit = (nw: Now, nv: Now, q: number) =>
      aFirst ? after(a, actA, nw, b, actB, nv, q) : after(a, actA, nv, b, actB, nw, q);
    for (const x of settle(
      hs,
      (h) => struck(V, nv0, h),
      (h) => h.band,
    )) {
      const nw = { ...nw0, band: x.band, lunged: lW };
      const attV = actV === 'attack' || actV === 'charge';
      if (!attV || x.now.out) {
        emit(nw, x.now, p * x.p);
        continue;
      }
      // The counter-attack, with what is left in hand after the first strike (2.2).
      const back = blowOf(
        V,
        v,
        x.now,
        W,
        m,
        nw,
        { first: false, charge: actV === 'charge', lunge: false },
        null,
      );
      for (const y of settle(
        back,
        (h) => struck(W, nw, h),
        (h) => h.band,
      ))
        emit(y.now, { ...x.now, band: y.band }, p * x.p * y.p);
    }
  };
  /** Phase-start states by number (their keys in `keyOf`), so that a round's chances sit in typed arrays. */
  const numbers = new Map<number, number>();
  const keyOf: number[] = [];
  const numberOf = (k: number): number => {
    let i = numbers.get(k);
    if (i === undefined) {
      numbers.set(k, (i = keyOf.length));
      keyOf.push(k);
    }
    return i;
  };
  /**
   * A phase-start state's row: the phase from it played once, kept for every later round (the rule
   * reads nothing but the two fighters' states), as the states it leaves and who is out.
   */
  interface Row {
    readonly to: Int32Array;
    readonly ps: Float64Array;
    readonly wA: number;
    readonly wB: number;
    readonly dr: number;
  }
  const rows: (Row | undefined)[] = [];
  const rowOf = (i: number): Row => {
    let row = rows[i];
    if (row) return row;
    const k = keyOf[i] as number;
    sink = sinkOf();
    melee(mes[Math.floor(k / ID)] as Me, mes[k % ID] as Me, 1, false);
    const { next, wA, wB, dr } = sink;
    const to = new Int32Array(next.size);
    const ps = new Float64Array(next.size);
    let j = 0;
    for (const [n, q] of next) {
      to[j] = numberOf(n);
      ps[j++] = q;
    }
    rows[i] = row = { to, ps, wA, wB, dr };
    return row;
  };
  // The chances of this round's states and the next's, by number, with the numbers that hold any.
  let cur = new Float64Array(1024);
  let nxt = new Float64Array(1024);
  let live: number[] = [];
  let seen = new Int32Array(1024);
  const roomFor = (n: number) => {
    if (n <= nxt.length) return;
    const size = Math.max(n, nxt.length * 2);
    const grown = (x: Float64Array) => {
      const y = new Float64Array(size);
      y.set(x);
      return y;
    };
    cur = grown(cur);
    nxt = grown(nxt);
    const s2 = new Int32Array(size);
    s2.set(seen);
    seen = s2;
  };
  let mass = 1;
  // Ends at the cap, or once what is left could not move any figure at the 12th decimal.
  for (let round = 1; round <= cap && (round === 1 || live.length) && mass > NEGLIGIBLE; round++) {
    let ended = 0;
    const nextLive: number[] = [];
    const add = (n: number, q: number) => {
      if (seen[n] !== round) {
        seen[n] = round;
        nextLive.push(n);
      }
      nxt[n] = (nxt[n] as number) + q;
    };
    if (round === 1) {
      sink = sinkOf();
      const a0 = start(A);
      const b0 = start(B);
      for (const x of preMelee(WA, a0))
        for (const y of preMelee(WB, b0)) {
          steps++;
          if (x.out || y.out) end(x.p * y.p, x.out, y.out);
          else melee(x.me, y.me, x.p * y.p, true);
        }
      for (const [k, q] of sink.next) {
        const n = numberOf(k);
        roomFor(keyOf.length);
        add(n, q);
      }
      ({ wA: winA, wB: winB, dr: draw } = sink);
      ended = winA + winB + draw;
    } else
      for (const i of live) {
        const p = cur[i] as number;
        const row = rowOf(i);
        roomFor(keyOf.length);
        // Reading a row costs a step an entry, as playing it does.
        steps += row.to.length + 1;
        for (let j = 0; j < row.to.length; j++) add(row.to[j] as number, p * (row.ps[j] as number));
        winA += p * row.wA;
        winB += p * row.wB;
        draw += p * row.dr;
        ended += p * (row.wA + row.wB + row.dr);
        if (!budget.spend(steps)) return { stopped: budget.refusal(round, Math.max(states, live.length)) };
        steps = 0;
      }
    budget.spend(steps);
    steps = 0;
    rounds += round * ended;
    for (const i of live) cur[i] = 0;
    [cur, nxt] = [nxt, cur];
    live = nextLive;
    states = Math.max(states, live.length);
    mass = 0;
    for (const i of live) mass += cur[i] as number;
  }
  // What is left at the cap (or below 1e-13 before it) counts as drawn at the cap.
  rounds += cap * mass;
  return {
    sides: [
      { name: A.name, win: winA },
      { name: B.name, win: winB },
    ],
    draw: draw + mass,
    meanRounds: rounds,
    states,
    steps: budget.used,
  };
}

/** A blow's outcomes as the states they leave the one struck in (with the striker's band), the same once with their chances added. */
function settle(
  hits: readonly Hit[],
  after: (h: Hit) => Now,
  band: (h: Hit) => number,
): { now: Now; band: number; p: number }[] {
  const by = new Map<number, { now: Now; band: number; p: number }>();
  for (const h of hits) {
    const now = after(h);
    const b = band(h);
    const k =
      (((now.en + 1024) * 8 + now.dropped) * 64 +
        (+now.shield +
          2 * +now.harmed +
          4 * +now.stunned +
          8 * +now.knocked +
          16 * +now.out +
          32 * +now.lunged)) *
        9 +
      now.band * 3 +
      b;
    const e = by.get(k);
    if (e) e.p += h.p;
    else by.set(k, { now, band: b, p: h.p });
  }
  return [...by.values()];
}
