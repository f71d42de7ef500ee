// What a Fantasy Wargaming fighter does and keeps from one melee phase to the next in the exact
// duel: its declaration as the engine's tactics make it, the pre-melee checks of the first round
// (morale, berserk control), and the phase's end (the post-melee morale check if required, then the
// state it keeps, with every field nothing further reads set to one value, numbered by fighter).
import { sumTerms } from '../../core/arith.js';
import { chartResult } from './charts.js';
import { berserkFactor, moraleFactor } from './fighter.js';
import { kitOf } from './odds-blow.js';
import {
  ACTS,
  BOUND,
  ID,
  LAST,
  packed,
  TooManyStates,
  type Act,
  type Duelists,
  type Me,
  type Now,
  type Who,
} from './odds-state.js';
import {
  berserkCheckTerms,
  defenceRefusalOf,
  luck,
  moraleCheckTerms,
  mustCheckBerserk,
  type MoraleResult,
} from './rules.js';
import type { FwFighterSpec, FwSetup } from './state.js';
import { suggestedKind, surrenders } from './tactics.js';

/** A state a phase's end leaves a fighter in, by its id (-1: out of the fight), with its chance. */
export type Kept = { id: number; out: boolean; p: number };

/** A fighter as the fight begins. */
export const start = (f: FwFighterSpec): Me => ({
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

/** The two fighters' phases, each worked out once for the state it starts from. */
export class Phases {
  private readonly opt: FwSetup['opt'];
  private readonly c: FwSetup['charts'];
  private readonly moraleMemo = new Map<string, { result: MoraleResult; p: number }[]>();
  private readonly ids = new Map<number, number>();
  /** Each phase-start state by its number. */
  readonly mes: Me[] = [];
  private readonly ends = new Map<number, Map<number, Kept[]>>();

  constructor(private readonly d: Duelists) {
    this.opt = d.setup.opt;
    this.c = d.setup.charts;
  }

  /** The declaration for the melee phase, as the engine's tactics make it (declare and suggestAction in round/declarations.ts). */
  declare(w: Who, m: Me, mayCharge: boolean): Act {
    const bound = BOUND[m.bound] ?? null;
    if (m.fleeing || m.stunned || bound === 'panic') return 'none';
    const lastAttack = LAST[m.last] === 'attack';
    const attack = bound !== 'selfish' && (bound !== 'dither' || lastAttack);
    const charge = attack && mayCharge && bound !== 'dither';
    const canParry = this.d.parryItem(w, m.dropped, m.shield) !== null;
    const defences = m.berserk
      ? []
      : (['parry', 'dodge', 'disengage'] as const).filter(
          (k) => !m.charged && defenceRefusalOf(k, this.d.setup.area, canParry, m.knocked) === null,
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
  }

  /** The post-melee (or pre-melee) morale check, its outcomes with their chances (moraleCheck and applyMorale in round/morale.ts). */
  morale(w: Who, m: Me): { me: Me; out: boolean; p: number }[] {
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
      this.opt.lowIntelligenceMorale,
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
    let rs = this.moraleMemo.get(String(total));
    if (!rs) {
      const by = new Map<MoraleResult, number>();
      for (let l = 1; l <= 6; l++)
        for (let r = 1; r <= this.c.morale.die; r++) {
          const x = chartResult(this.c.morale, total + luck(l), r);
          by.set(x, (by.get(x) ?? 0) + 1 / 6 / this.c.morale.die);
        }
      this.moraleMemo.set(String(total), (rs = [...by].map(([result, p]) => ({ result, p }))));
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
  }

  /** The pre-melee phase of the first round: every fighter checks morale, then a berserk candidate its control. */
  preMelee(w: Who, m: Me): { me: Me; out: boolean; p: number }[] {
    const checked = this.opt.morale ? this.morale(w, m) : [{ me: m, out: false, p: 1 }];
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
          exhausted: this.d.exhausted(w, x.me),
          endurance: x.me.en,
          shieldless: !x.me.shield || w.f.shield === null,
          unarmored: w.f.armour === null,
          unarmed: wielded.kind === 'natural',
          cornered: w.f.cornered,
          alone: true,
          berserkRecently: w.f.berserkRecently,
          partyLostThisPhase: 0,
          failedLastMorale: this.opt.morale && x.me.demoralized,
          astrology: w.f.astrology,
        }),
      );
      let goes = 0;
      for (let l = 1; l <= 6; l++) if (total + luck(l) >= this.c.berserkAt) goes += 1 / 6;
      if (goes > 0)
        out.push({ me: { ...x.me, berserk: true, bound: 0, fleeing: false }, out: false, p: x.p * goes });
      if (goes < 1) out.push({ ...x, p: x.p * (1 - goes) });
    }
    return out;
  }

  /** Whether the shield changes the WF of a weapon it may yet be carried beside (slung by a two-handed one). */
  private slung(w: Who): boolean {
    return Array.from({ length: w.meleeCount + 1 }, (_, d) => [
      this.d.arm(w, d, true),
      this.d.arm(w, d, false),
    ]).some(
      ([on, off]) =>
        on?.wf !== off?.wf || on?.bonus !== off?.bonus || on?.surplusAgility !== off?.surplusAgility,
    );
  }

  /**
   * The state kept after a phase, with what it declares next (declare reads it all), and every
   * field nothing further reads set to one value, so that equal futures share one state: charged,
   * knocked down and the last action are read by the declaration only; the bound result by it, by
   * the lunge (dithering) and the free hack (panic); the last flurry by a defence only.
   */
  canonical(w: Who, m: Me): Me {
    const act = this.declare(w, m, false);
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
      shield: m.shield && (this.opt.morale || w.f.tactics.defence === 'parry' || this.slung(w)),
      demoralized: this.opt.morale && !m.berserk && m.demoralized,
      fought: this.opt.exhaustion ? Math.min(m.fought, w.f.maxEndurance) : 0,
    };
  }

  /** The number of a phase-start state (below ID: more are refused). */
  idOf(m: Me): number {
    const x = packed(m);
    let i = this.ids.get(x);
    if (i === undefined) {
      if (this.ids.size === ID) throw new TooManyStates();
      this.ids.set(x, (i = this.ids.size));
      this.mes.push(m);
    }
    return i;
  }

  /** The phase's end for one fighter still standing: its state, then the post-melee morale check if required, by id. */
  endOf(w: Who, m: Me, act: Act, n: Now): Kept[] {
    const outer = packed(m) * 2 + (w === this.d.WA ? 0 : 1);
    let byNow = this.ends.get(outer);
    if (!byNow) this.ends.set(outer, (byNow = new Map()));
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
      this.opt.morale && !me.berserk && (me.damaged || me.fleeing)
        ? this.morale(w, me)
        : [{ me, out: false, p: 1 }];
    const by = new Map<number, Kept>();
    for (const x of checked) {
      const id = x.out ? -1 : this.idOf(this.canonical(w, x.me));
      const e = by.get(id);
      if (e) e.p += x.p;
      else by.set(id, { id, out: x.out, p: x.p });
    }
    byNow.set(k, (ls = [...by.values()]));
    return ls;
  }
}
