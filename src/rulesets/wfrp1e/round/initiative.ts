// § Effective Initiative and § Multiple Attacks: the edge die, each combatant's EI this round, and the
// timeline's entries: blows spread over the round, shots, moves and the other declared actions.
import { emptyList } from '../../../core/state.js';
import { showSum, sumTerms, type Term } from '../../../core/arith.js';
import type { FightContext } from '../../../core/context.js';
import { isMounted, surprisedNow } from '../blow.js';
import type { ArmourPiece } from '../catalogue.js';
import { CITES } from '../cite.js';
import { LOADED_I_BONUS, SLOW_RELOAD_I } from '../data/missile-tables.js';
import { heldMissile } from '../missile/range.js';
import { afterTakeUp, blowTicks, modifierRow, weaponInitiative, WINNING_EI } from '../rules.js';
import { roll, say } from '../say.js';
import { current, type Entry, type Fighter, isEngaged, sideOf, type W1State } from '../state.js';
import { mainWeapon } from './hands.js';

// The round's turns (Entry) are defined with the state that pools them (state.ts).
export type { Entry };

/** Queues a turn on the round's timeline, in an entry of the pool (the same objects serve every round). */
function queue(st: W1State, f: Fighter, tick: number, kind: Entry['kind'], seq: number): void {
  const tl = st.timeline;
  let e = tl.pool[tl.used];
  if (e === undefined) {
    e = { f, tick, phase: 0, kind, seq, able: false, free: false };
    tl.pool.push(e);
  } else {
    e.f = f;
    e.tick = tick;
    e.phase = 0;
    e.kind = kind;
    e.seq = seq;
    e.able = false;
    e.free = false;
  }
  tl.used++;
  tl.entries.push(e);
}

const ACTION_WORDS: Readonly<Record<string, string>> = {
  flee: 'flees',
  tend: 'tends',
  shoot: 'shoots',
  load: 'loads',
  aim: 'aims',
  move: 'moves',
  wait: 'waits',
  draw: 'draws',
};

/** § 'Effective Initiative' Modifier: D6 1-3 the PCs have the edge, 4-6 their enemies; D10 added. */
export function rollEdge(st: W1State, ctx: FightContext): void {
  st.edge = null;
  if (!st.opt.effectiveInitiative || st.opt.multipleAttacks === 'simplified') return;
  const d6 = roll(ctx, 6, null, 'Effective Initiative edge: 1-3 players, 4-6 their enemies (D6)');
  const d10 = roll(ctx, 10, null, 'Effective Initiative bonus (D10)');
  st.edge = { players: d6 <= 3, bonus: d10 };
  const sides = st.sides.filter((s) => s.players === d6 <= 3).map((s) => s.name);
  say(
    st,
    ctx,
    'edge',
    `Effective Initiative: D6 ${d6} gives ${sides.join(' and ') || 'nobody'} the edge; D10 ${d10}: +${d10} EI this round.`,
    CITES.eiModifier,
    [],
    { d6, d10 },
  );
}

/** Effective Initiative: I, plus what § Effective Initiative and the options add this round. */
export function effectiveInitiative(st: W1State, f: Fighter): { base: number; terms: Term[] } {
  const terms: Term[] = [];
  return { base: eiInto(st, f, terms) - sumTerms(0, terms), terms };
}

/**
 * Effective Initiative as a number, each term also pushed on `terms` when there is a reader
 * (null in simulation: no term is made).
 */
function eiInto(st: W1State, f: Fighter, terms: Term[] | null): number {
  let ei = current(f, 'I', st.round);
  if (st.opt.multipleAttacks === 'simplified') return ei;
  if (f.winning) {
    ei += WINNING_EI;
    terms?.push({ label: 'winning', value: WINNING_EI });
  }
  if (st.edge && sideOf(st, f).players === st.edge.players) {
    ei += st.edge.bonus;
    terms?.push({ label: 'edge', value: st.edge.bonus });
  }
  if (st.opt.weaponModifiers) {
    const w = mainWeapon(st, f);
    if (w && !w.natural) {
      const row = modifierRow(w, f.mount !== null && !isEngaged(st, f));
      const v = weaponInitiative(
        row,
        f.roundsFought === 0 || f.winning,
        f.target !== null && isMounted(f.target),
      );
      if (v !== 0) {
        ei += v;
        terms?.push({ label: w.name.toLowerCase(), value: v });
      }
    }
  }
  if (f.action.kind === 'shoot') {
    if (f.readyAtStart) {
      ei += LOADED_I_BONUS;
      terms?.push({ label: 'carried loaded', value: LOADED_I_BONUS });
    }
    const bow = heldMissile(st, f);
    if (bow && f.missiles.get(bow.id)?.stress === 'slow') {
      ei += SLOW_RELOAD_I;
      terms?.push({ label: 'reloaded under stress', value: SLOW_RELOAD_I });
    }
  }
  if (st.opt.bracerPenalty) {
    // Facts, Armour: bracers over sleeved mail, and leggings with a mail coat, each "may cost −10 I".
    for (const l of st.cat.layerings) {
      if (l.I === 0) continue;
      const over = pieceAmong(f.armour, l.over);
      if (over && pieceAmong(f.armour, l.under)) {
        ei += l.I;
        terms?.push({ label: `${over.name.toLowerCase()} layered`, value: l.I });
      }
    }
  }
  return ei;
}

/** The first worn piece whose id is among `ids`. */
function pieceAmong(worn: readonly ArmourPiece[], ids: readonly string[]): ArmourPiece | null {
  for (const a of worn) if (ids.includes(a.id)) return a;
  return null;
}

/**
 * The moment of a declared action other than blows (flee, tend, shoot…): the combatant's EI, and
 * at least 1, so that it comes within the round (the exact duel places a flight by it too).
 */
// WFRP 1e, Combat § Effective Initiative
export function actionTick(ei: number): number {
  return Math.max(1, ei);
}

export function schedule(st: W1State, ctx: FightContext): Entry[] {
  const tl = st.timeline;
  emptyList(tl.entries);
  tl.used = 0;
  const lines: string[] | null = ctx.explain ? [] : null;
  let seq = 0;
  for (const f of st.combatants) {
    if (f.out !== null || f.asleep || surprisedNow(st, f) || f.busyUntil >= st.round) continue;
    const terms: Term[] | null = ctx.explain ? [] : null;
    const ei = eiInto(st, f, terms);
    const base = terms ? ei - sumTerms(0, terms) : ei;
    const a = f.action.kind;
    if (f.hold && f.hold.holder) {
      if (f.hold.since < st.round) queue(st, f, Math.max(1, ei), 'hold', seq++);
      continue;
    }
    if (a === 'flee' || a === 'tend' || a === 'shoot' || a === 'load' || a === 'aim' || a === 'move') {
      const kind = a === 'flee' || a === 'tend' ? a : 'turn';
      queue(st, f, actionTick(ei), kind, seq++);
      lines?.push(
        `${f.name} ${showSum('EI: I', base, terms ?? [])}: ${ACTION_WORDS[a] ?? a} at ${actionTick(ei)}`,
      );
      continue;
    }
    if (a !== 'fight') continue;
    const attacks = current(f, 'A', st.round);
    // The blows' ticks are worked out in the combatant's own list of blows to come.
    const ticks = f.pending;
    emptyList(ticks);
    blowTicks(ei, attacks, st.opt.blowSpacing, ticks);
    const loss = f.takeUpLoss;
    f.takeUpLoss = 0;
    if (loss !== 0) {
      const moved = afterTakeUp(ticks, loss);
      emptyList(ticks);
      for (const t of moved) ticks.push(t);
    }
    const owed = Math.min(f.owedAttacks, ticks.length);
    if (owed > 0) {
      ticks.splice(0, owed);
      f.owedAttacks -= owed;
    }
    for (const t of ticks) queue(st, f, t, 'blow', seq++);
    if (lines) {
      const notes = [
        loss !== 0 ? `take-up ${loss}` : '',
        owed > 0 ? `${owed} lost to an earlier parry or fumble` : '',
      ].filter((x) => x);
      lines.push(
        `${f.name} ${showSum('EI: I', base, terms ?? [])}, A ${attacks}: blows at ${ticks.join(', ') || 'none'}${notes.length ? ` (${notes.join('; ')})` : ''}`,
      );
    }
  }
  if (lines && lines.length > 0) {
    say(
      st,
      ctx,
      'order',
      `Order: ${lines.join('; ')}.`,
      st.opt.multipleAttacks === 'simplified' ? CITES.simplified : CITES.multipleAttacks,
    );
  }
  return tl.entries;
}
