// A Combat Points fight is a WFRP 1e fight with more on each fighter: the base's state, effects
// and conditions are reused as they are, and the variant adds its pools and clocks.
import type { Fighter, W1State } from '../wfrp1e/state.js';
import { current, newState, renewState } from '../wfrp1e/state.js';
import type { Char } from '../wfrp1e/catalogue.js';
import type { Sheet } from './abilities.js';
import type { Charts, Classes, Spell } from './data.js';
import type { CpOptions } from './options.js';
import { ACTIONS_PER_ROUND, lifePoints, type SurpriseFrom } from './rules.js';
import type { W1Setup } from '../wfrp1e/encounter.js';

/** How a fighter splits its CP (the encounter's `plan:`, else the defaults in tactics.ts). */
export interface Plan {
  /** % of the round's CP held back for defence while attacking. */
  readonly reserve: number;
  /** Defend until the attacker's chance is at most this. */
  readonly target: number;
  /** W never spent below this many. */
  readonly keepW: number;
  /** Dodge rather than block, when it may. */
  readonly dodge: boolean;
}

export interface CpSpec {
  readonly sheet: Sheet;
  readonly career: readonly string[];
  readonly mage: { readonly level: number; readonly spells: readonly Spell[] } | null;
  /** Spells in effect when the fight begins (Aura of Resistance). */
  readonly active: readonly Spell[];
  readonly monster: boolean;
  readonly causes: 'fear' | 'terror' | null;
  readonly burning: boolean;
  /** Rounds asleep at the start. */
  readonly sleeps: number;
  /** Insanity Points from past fights. */
  readonly insanity: number;
  readonly falls: { readonly metres: number; readonly jump: boolean; readonly water: boolean } | null;
  /** How it splits its CP (tactics.ts); null: the defaults for characters or monsters. */
  readonly plan: Plan | null;
}

export interface CpSetup extends W1Setup {
  readonly cp: {
    readonly opt: CpOptions;
    readonly classes: Classes;
    readonly charts: Charts;
    readonly spells: ReadonlyMap<string, Spell>;
    readonly space: 'open' | 'crowd';
    readonly surprisedFrom: readonly (SurpriseFrom | null)[];
    readonly specs: ReadonlyMap<string, CpSpec>;
  };
}

/** A parade (Advanced skills: Parade): CP spent once, standing against several opponents. */
export interface Parade {
  readonly cp: number;
  readonly against: Set<CpFighter>;
}

export interface CpFighter extends Fighter {
  readonly cp: CpSpec;
  // The round in hand.
  /** Actions used this round (rule 4); lost actions count. */
  used: number;
  /** CP spent this round (rule 5). */
  spent: number;
  /** CP and priority given this round (a charge). */
  bonusCP: number;
  bonusEI: number;
  /** What is left of the shield's or parrying weapon's defence pool (rule 8). */
  shieldLeft: number;
  /** Gave the initiative away this round (rule 3). */
  gave: boolean;
  /** Takes no more turns this round (still defends and may answer a blow). */
  done: boolean;
  dodges: number;
  parade: Parade | null;
  whirlwinds: number;
  /** Actions given to magic this round (rule 38). */
  magicUsed: number;
  // The fight.
  surprise: { readonly from: SurpriseFrom; tests: number } | null;
  LP: number;
  readonly maxLP: number;
  /** The round's damage pool of a monster with LP (rule 33). */
  pool: number;
  insanity: number;
  /** Hits of 0 or less so far, by location (rule 10). */
  readonly zeroHits: Map<string, number>;
  /** T lost to spells and fire (rules 40, 46), and the effect last read for it. */
  tLost: number;
  tEffect: number;
  /** The enemy it runs at when its turn comes this round. */
  closing: CpFighter | null;
  /** The round of its last roll-off for equal EI, and the roll (lower goes first). */
  tieRound: number;
  tieRoll: number;
  /** The round at whose start a sleeper wakes (0: not under a timed sleep). */
  wakesAt: number;
  /** Rounds on fire so far (0: not burning). */
  burning: number;
  /** T lost to fire, and the round it comes back (rule 46). */
  tFire: number;
  coolAt: number;
  /** Shots fired this round (rule 28). */
  shots: number;
  /** Fear or terror already tested against these. */
  readonly feared: Set<CpFighter>;
  /** Terror mastered with Terror resistant leaves fear of these while they stand. */
  readonly dreads: Set<CpFighter>;
  /** Armour from spells on every location (Aura of Resistance). */
  auraAP: number;
  /** The worst critical effect taken (rule 24: 8+ heavy). */
  worst: number;
  whirlwindsInFight: number;
}

/** A spell's effect waiting for its moment in the round (rule 36). */
export interface Scheduled {
  readonly ei: number;
  readonly by: CpFighter;
  readonly act: () => void;
  readonly label: string;
}

export interface CpState extends W1State {
  readonly setup: CpSetup;
  readonly combatants: readonly CpFighter[];
  readonly cpo: CpOptions;
  scheduled: Scheduled[];
}

export function newCpState(setup: CpSetup, dismount: W1State['dismount']): CpState {
  const base = newState(setup);
  for (const f of base.combatants) Object.assign(f, cpStart(setup, f));
  const st: CpState = {
    ...base,
    setup,
    combatants: base.combatants as CpFighter[],
    cpo: setup.cp.opt,
    scheduled: [],
    dismount,
  };
  surprised(st);
  return st;
}

/** newCpState's state again, in place (WFRP 1e's renewState, then the Combat Points' own). */
export function renewCpState(st: CpState): void {
  renewState(st);
  for (const f of st.combatants) Object.assign(f, cpStart(st.setup, f));
  st.scheduled.length = 0;
  surprised(st);
}

/** What the Combat Points rules keep for a combatant, as the fight starts. */
function cpStart(setup: CpSetup, f: Fighter): Omit<CpFighter, keyof Fighter> & { asleep: boolean } {
  const spec = setup.cp.specs.get(f.id);
  if (!spec) throw new Error(`no Combat Points sheet for ${f.id}`);
  const maxLP = spec.monster ? lifePoints(f.maxW) : 0;
  return {
    cp: spec,
    used: 0,
    spent: 0,
    bonusCP: 0,
    bonusEI: 0,
    shieldLeft: 0,
    gave: false,
    done: false,
    dodges: 0,
    parade: null,
    whirlwinds: 0,
    magicUsed: 0,
    surprise: null,
    LP: maxLP,
    maxLP,
    pool: 0,
    insanity: spec.insanity,
    zeroHits: new Map(),
    tLost: 0,
    tEffect: 0,
    burning: spec.burning ? 1 : 0,
    wakesAt: spec.sleeps ? 1 + spec.sleeps : 0,
    closing: null,
    tieRound: 0,
    tieRoll: 0,
    tFire: 0,
    coolAt: 0,
    shots: 0,
    feared: new Set(),
    dreads: new Set(),
    auraAP: spec.active.reduce((n, s) => n + s.armour, 0),
    worst: 0,
    whirlwindsInFight: 0,
    asleep: f.asleep || spec.sleeps > 0,
  };
}

/** Surprise: every combatant of a side the encounter has surprised, and by what. */
function surprised(st: CpState): void {
  const sides = st.setup.cp.surprisedFrom;
  for (const f of st.combatants) {
    const from = sides[f.side];
    if (from) f.surprise = { from, tests: 0 };
  }
}

/** The action clock: a duration of n rounds ends n rounds on, when the bearer reaches the same action (Combat example #3). */
export function activeNow(
  st: CpState,
  f: CpFighter,
  c: { readonly from: number; readonly until: number; readonly atAction?: number },
): boolean {
  if (c.from > st.round || st.round > c.until) return false;
  return !(
    c.atAction !== undefined &&
    st.round === c.until &&
    Math.min(f.used, ACTIONS_PER_ROUND) >= c.atAction
  );
}

export function hasCpCond(st: CpState, f: CpFighter, kind: Fighter['conds'][number]['kind']): boolean {
  for (const c of f.conds) if (c.kind === kind && activeNow(st, f, c)) return true;
  return false;
}

/** A change timed in actions that has run out this round, though its round is not over. */
function endedNow(st: CpState, f: CpFighter, m: Fighter['charMods'][number]): boolean {
  return m.atAction !== undefined && !activeNow(st, f, m) && m.from <= st.round && st.round <= m.until;
}

/** A characteristic now, on the action clock: WFRP 1e's `current`, with durations ending at their action. */
export function now(st: CpState, f: CpFighter, ch: Char): number {
  let anyEnded = false;
  for (const m of f.charMods) {
    if (endedNow(st, f, m)) {
      anyEnded = true;
      break;
    }
  }
  if (!anyEnded) return current(f, ch, st.round) - (ch === 'T' ? f.tLost + f.tFire : 0);
  const ended = f.charMods.filter((m) => endedNow(st, f, m));
  const kept = { ...f, charMods: f.charMods.filter((m) => !ended.includes(m)) };
  return current(kept, ch, st.round) - (ch === 'T' ? f.tLost + f.tFire : 0);
}

/** Stamps conditions and changes added since `conds`/`mods` with the action they end at. */
export function stampDurations(st: CpState, f: CpFighter, conds: number, mods: number): void {
  const at = Math.min(f.used, ACTIONS_PER_ROUND);
  for (let i = conds; i < f.conds.length; i++) {
    const c = f.conds[i] as Fighter['conds'][number];
    if (c.from === st.round && c.until > c.from && c.until !== Infinity && c.atAction === undefined)
      f.conds[i] = { ...c, atAction: at };
  }
  for (let i = mods; i < f.charMods.length; i++) {
    const m = f.charMods[i] as Fighter['charMods'][number];
    if (m.from === st.round && m.until > m.from && m.until !== Infinity && m.atAction === undefined)
      f.charMods[i] = { ...m, atAction: at };
  }
}
