// A blow in hand-to-hand combat at its turn (§ Combat Procedure, § Multiple Opponents): whom, how and
// with what; turning to another opponent; whom a newcomer engages.
import type { FightContext } from '../../../core/context.js';
import { emptyList } from '../../../core/state.js';
import { type Choice, combatantKey } from '../../../core/request.js';
import { type Blow, type BlowKind, strike } from '../blow.js';
import type { Weapon } from '../catalogue.js';
import { CITES } from '../cite.js';
import { type Part, PARTS, partsOf } from '../data/locations.js';
import { reachable } from '../locate.js';
import { canCharge, muchTaller, targetedPenalty } from '../rules.js';
import { decide, decideKeys, directKey, say } from '../say.js';
import { faceToward, inFront, outOfReach } from '../scene.js';
import { carrier, current, type Fighter, inContact, isRidden, running, type W1State } from '../state.js';
import { suggestTarget } from '../tactics.js';
import { firstUsableHand, secondUsable, usableWeapons } from './hands.js';
import type { Entry } from './initiative.js';
import { approach, engage } from './movement.js';

const LOCATIONS_BY_KEY: Readonly<Record<string, Part>> = {
  head: PARTS.head,
  'right-arm': PARTS.rightArm,
  'left-arm': PARTS.leftArm,
  body: PARTS.body,
  'right-leg': PARTS.rightLeg,
  'left-leg': PARTS.leftLeg,
};

/** Enemies this combatant could fight: standing, not fleeing, not out of reach in the air; a mount counts with its rider. */
export function targetable(st: W1State, f: Fighter): Fighter[] {
  const out: Fighter[] = [];
  for (const o of st.combatants) if (isTargetable(st, f, o)) out.push(o);
  return out;
}

function isTargetable(st: W1State, f: Fighter, o: Fighter): boolean {
  return o.side !== f.side && o.out === null && !running(o, st.round) && !outOfReach(f, o) && !isRidden(o);
}

/** Whether there is anyone targetable, without the list. */
export function anyTargetable(st: W1State, f: Fighter): boolean {
  for (const o of st.combatants) if (isTargetable(st, f, o)) return true;
  return false;
}

/** Whom a combatant can strike at its blow. Not opponents(): a combatant struck down at this same moment still strikes (§ More About Rounds). */
function withinReach(st: W1State, f: Fighter): Fighter[] {
  // A list the state keeps: a blow reads it and is done with it before the next blow asks.
  const out = st.timeline.reach;
  emptyList(out);
  for (const o of st.combatants) {
    if (o.side === f.side || o.out !== null || running(o, st.round)) continue;
    if (st.spatial ? inContact(f, o) && !isRidden(o) : (o.target === f || f.target === o) && !o.airborne)
      out.push(o);
  }
  return out;
}

/** An ordinary blow with the main weapon (or claws, or fists); `free`: at a fleeing back (§ Fleeing). */
export function plainBlow(st: W1State, a: Fighter, target: Fighter, free: boolean): Blow {
  const ws = usableWeapons(st, a);
  return {
    attacker: a,
    target,
    weapon: ws[0]?.w ?? a.natural[0] ?? null,
    hand: ws[0]?.hand ?? null,
    kind: 'strike',
    aim: null,
    charging: false,
    free,
    fromRear: free,
  };
}

/** One blow of a combatant's turn: whom, how, with what (§ Combat Procedure, § Multiple Opponents). */
export function blow(
  st: W1State,
  ctx: FightContext,
  f: Fighter,
  e: Entry,
  entries: Entry[],
  nextIndex: number,
  wasFree: boolean,
): 'done' | 'later' {
  const r = st.round;
  const M = current(carrier(f), 'M', r);
  const chargeOk = !st.spatial && f.gap !== null && canCharge(f.gap, M);
  const opp = withinReach(st, f);
  let target: Fighter | null = null;
  let charging = false;
  const dive = opp.length === 0 && !f.acted ? diveToCome(f, entries, entries.lastIndexOf(e) + 1) : null;
  if (dive) {
    // § More About Rounds (a turn may be taken later, never earlier) and § Attacks From Flying
    // Creatures (only one who has not had its turn strikes back): holding the blow for the dive.
    if (waitForDive(ctx, f, e) === 'wait') {
      say(st, ctx, 'delay', `${f.name} waits for the dive.`, CITES.flying, [f]);
      // Straight after the flier's turn: past other waiters, so that two never wait on each other.
      f.waited = { tick: dive.tick, from: f.waited?.from ?? e.tick };
      moveAfter(f, e, dive);
      return 'later';
    }
  }
  if (opp.length === 0 && st.spatial) {
    // The scene of battle: at the start of its turn a combatant may close in (§ Initiating Hand-To-Hand Combat).
    if (f.acted || f.heldInPlace || isRidden(f)) {
      say(st, ctx, 'idle', `${f.name} has nobody within reach at ${e.tick}.`, CITES.actions, [f]);
      return 'done';
    }
    const t = approach(st, ctx, f);
    if (!t) {
      f.pending.length = 0;
      return 'done';
    }
    target = t;
    charging = f.charging;
  } else if (opp.length === 0) {
    if (f.heldInPlace) {
      say(
        st,
        ctx,
        'idle',
        `${f.name} stands its ground: an opponent fled this round (no blow at ${e.tick}).`,
        CITES.fleeing,
        [f],
      );
      return 'done';
    }
    // Not engaged: move into contact with an enemy, charging if close enough (§ Initiating Hand-To-Hand Combat).
    const enemies = targetable(st, f);
    if (enemies.length === 0) {
      say(st, ctx, 'idle', `${f.name} has nobody to strike at ${e.tick}.`, CITES.actions, [f]);
      return 'done';
    }
    if (f.roundTarget !== null) {
      // Its enemy fell earlier this round: turning to another costs this blow.
      const pick = chooseTarget(ctx, f, enemies, `${f.name}: turn to face whom? (this blow is lost turning)`);
      if (pick === null) return 'done';
      engage(st, ctx, f, pick, false);
      f.roundTarget = pick;
      say(st, ctx, 'switch', `${f.name} turns to ${pick.name}, losing this blow.`, CITES.multipleOpponents, [
        f,
        pick,
      ]);
      return 'done';
    }
    const t = engageWhom(st, ctx, f, enemies, chargeOk);
    if (!t) return 'done';
    engage(st, ctx, f, t, chargeOk);
    charging = chargeOk;
    target = t;
  } else {
    if (wasFree && chargeOk && f.roundTarget === null) {
      // Charged at the very moment it charged: both count as charging.
      f.charging = true;
      f.gap = null;
      say(st, ctx, 'charge', `${f.name} charges too: equal I, both count as charging.`, CITES.charging, [f]);
    }
    const still = f.roundTarget !== null && opp.includes(f.roundTarget) ? f.roundTarget : null;
    if (f.roundTarget === null) {
      // Whom and how are one question below: the tactics' pick is the default target.
      target = opp.length === 1 ? (opp[0] as Fighter) : (suggestTarget(f, opp) ?? (opp[0] as Fighter));
    } else if (still === null) {
      const pick = chooseTarget(
        ctx,
        f,
        opp,
        `${f.name}: ${f.roundTarget.name} is gone; turn to whom? (this blow is lost turning)`,
      );
      if (pick) turnTo(st, ctx, f, pick, null);
      return 'done';
    } else {
      target = still;
    }
  }
  if (!target) return 'done';
  charging = charging || f.charging;
  if (st.spatial) {
    faceToward(f, target);
    f.target = target;
  }

  // The kind of blow, and at whom when the first blow of the round has several within reach: one question.
  const firstHand = firstUsableHand(st, f);
  const unarmed = firstHand === null && f.natural.length === 0;
  const others = opp.length > 1 ? allBut(opp, target) : NOBODY;
  const picking = f.roundTarget === null && others.length > 0;
  const mayDelay = current(f, 'A', r) <= 1 && !charging && nextIndex < entries.length;
  const keys = blowKeys(f, target, others, picking, unarmed, mayDelay);
  const suggestedKind =
    unarmed && f.tactics.grapple
      ? 'grapple'
      : f.tactics.stun
        ? 'stun'
        : f.tactics.aim !== 'none'
          ? 'aim'
          : 'strike';
  const suggested = picking ? `${suggestedKind}:${combatantKey(target)}` : suggestedKind;
  const picked =
    directKey(ctx, keys, suggested) ??
    askBlow(ctx, f, e, keys, suggested, target, opp, charging, picking, suggestedKind === 'strike');
  // "strike:@orc-2": the kind, and the opponent picked with it.
  const split = picked.indexOf(':@');
  const kindKey = split < 0 ? picked : picked.slice(0, split);
  if (split >= 0) {
    const whom = picked.slice(split + 1);
    const chosen = byKey(opp, whom);
    if (chosen && chosen !== target) {
      target = chosen;
      if (st.spatial) {
        faceToward(f, target);
        f.target = target;
      }
    }
  }
  if (kindKey === 'pass') {
    say(st, ctx, 'pass', `${f.name} lets the blow at ${e.tick} go.`, CITES.multipleAttacks, [f]);
    f.roundTarget = target;
    return 'done';
  }
  if (kindKey === 'delay') {
    say(st, ctx, 'delay', `${f.name} delays.`, CITES.order, [f]);
    moveAfter(f, e, entries[nextIndex]);
    return 'later';
  }
  if (kindKey.startsWith('switch:')) {
    const to = byId(others, kindKey.slice(7));
    if (to) turnTo(st, ctx, f, to, target);
    return 'done';
  }
  const aim = kindKey === 'aim' ? aimAt(ctx, f, target) : null;
  let weapon: Weapon | null = null;
  let hand: 'right' | 'left' | null = null;
  if (firstHand !== null && secondUsable(st, f, firstHand)) {
    const chosen = strikeWith(ctx, f, usableWeapons(st, f));
    weapon = chosen.w;
    hand = chosen.hand;
  } else if (firstHand !== null) {
    weapon = f[firstHand];
    hand = firstHand;
  } else if (f.natural.length > 0) {
    weapon = f.natural[0] as Weapon;
  }
  f.gap = null;
  const chargeBlow = charging && (st.opt.chargeBonus === 'round' || !f.chargeBlowDone);
  if (charging) f.chargeBlowDone = true;
  f.roundTarget = target;
  f.acted = true;
  strike(st, ctx, {
    attacker: f,
    target,
    weapon,
    hand,
    kind: kindKey as BlowKind,
    aim,
    charging: chargeBlow,
    free: false,
    fromRear: f.spec.situation.behind || (st.spatial && !inFront(target, f)),
  });
  return 'done';
}

const NOBODY: readonly Fighter[] = [];
const WAIT_KEYS: readonly string[] = ['wait', 'pass'];

/** A list without one of its members. */
function allBut(list: readonly Fighter[], x: Fighter): Fighter[] {
  const out: Fighter[] = [];
  for (const o of list) if (o !== x) out.push(o);
  return out;
}

/** The one of `list` whose choice key is `key`. */
function byKey(list: readonly Fighter[], key: string): Fighter | undefined {
  for (const o of list) if (combatantKey(o) === key) return o;
  return undefined;
}

/** The one of `list` with this id. */
function byId(list: readonly Fighter[], id: string): Fighter | undefined {
  for (const o of list) if (o.id === id) return o;
  return undefined;
}

/** Nobody within reach and a flier still to dive: hold the blow for it, or let it go. */
function waitForDive(ctx: FightContext, f: Fighter, e: Entry): string {
  return decideKeys(
    ctx,
    f,
    'wait',
    WAIT_KEYS,
    'wait',
    (key) => (key === 'wait' ? 'wait for the dive, to strike back' : 'let the blow go'),
    () => ({ label: `${f.name}: nobody within reach at ${e.tick}, a flier still to dive: wait for it?` }),
  );
}

/** Not engaged: whom to move into contact with (§ Initiating Hand-To-Hand Combat); undefined: hold position. */
function engageWhom(
  st: W1State,
  ctx: FightContext,
  f: Fighter,
  enemies: readonly Fighter[],
  chargeOk: boolean,
): Fighter | undefined {
  const choices: Choice[] = enemies.map((x) => ({
    key: combatantKey(x),
    label: `${chargeOk ? 'charge' : 'engage'} ${x.name}`,
  }));
  choices.push({ key: 'wait', label: 'hold position' });
  const best = suggestTarget(f, enemiesByPressure(st, enemies));
  const suggested = best ? combatantKey(best) : 'wait';
  const pick = decide(
    ctx,
    f,
    'engage',
    `${f.name}: ${chargeOk ? 'charge' : 'engage'} whom?`,
    choices,
    suggested,
    undefined,
    // The one enemy there is, or the one it was after: routine.
    enemies.length === 1 || (best !== undefined && best === f.target),
  );
  return byKey(enemies, pick);
}

/** The blow asked as a request, for a person, a log or a listener. */
function askBlow(
  ctx: FightContext,
  f: Fighter,
  e: Entry,
  keys: readonly string[],
  suggested: string,
  facing: Fighter,
  opp: readonly Fighter[],
  charging: boolean,
  picking: boolean,
  plain: boolean,
): string {
  return decideKeys(
    ctx,
    f,
    'blow',
    keys,
    suggested,
    (key) => blowLabel(f, key, facing, opp),
    () => ({
      label: `${f.name}, blow at EI ${e.tick}${charging ? ' (charging)' : ''}: ${picking ? 'at whom, and how?' : `at ${facing.name}`}`,
      // Striking on at the one opponent, or the same one as before, is routine at the table.
      routine: plain && (opp.length === 1 || facing === f.target || facing === f.roundTarget),
    }),
  );
}

/** § Targeted Blows: the part aimed at; a much smaller attacker aims only at what it can reach (§ Especially Tall Opponents). */
function aimAt(ctx: FightContext, f: Fighter, target: Fighter): Part | null {
  const all = partsOf(target.body);
  const reach = muchTaller(f.height, target.height) ? all.filter((p) => reachable(target, p)) : all;
  const parts = reach.length > 0 ? reach : all;
  const locChoices = parts.map((p) => ({ key: p.id, label: `${p.name} (−${-targetedPenalty(p)})` }));
  const want =
    f.tactics.aim !== 'none' ? (LOCATIONS_BY_KEY[f.tactics.aim]?.id ?? parts[0]?.id ?? 'body') : 'head';
  const key = decide(ctx, f, 'aim', `${f.name}: aim at which part of ${target.name}?`, locChoices, want);
  return parts.find((p) => p.id === key) ?? null;
}

/** Two weapons in hand: which one strikes (§ Multiple Attacks). */
function strikeWith(
  ctx: FightContext,
  f: Fighter,
  weapons: readonly { w: Weapon; hand: 'right' | 'left' }[],
): { w: Weapon; hand: 'right' | 'left' } {
  const first = weapons[0] as { w: Weapon; hand: 'right' | 'left' };
  const wChoices = weapons.map((x) => ({
    key: x.hand,
    label: `the ${x.w.name.toLowerCase()} (${x.hand} hand)`,
  }));
  const wk = decide(ctx, f, 'weapon', `${f.name}: strike with?`, wChoices, first.hand);
  return weapons.find((x) => x.hand === wk) ?? first;
}

/**
 * § More About Rounds: a turn taken later, never earlier: the blow moves to just after `x`'s turn
 * (whatever side of it winning would sort it), or to the round's end. The timeline queues it again.
 */
function moveAfter(f: Fighter, e: Entry, x: Entry | undefined): void {
  const at = f.pending.indexOf(e.tick);
  e.tick = x ? x.tick : 0;
  e.phase = x ? x.phase + 1 : 1;
  if (at >= 0) f.pending[at] = e.tick;
}

/** An enemy flier's turn still to come this round (at this moment too): a dive this one may wait for; null if none. */
function diveToCome(f: Fighter, entries: readonly Entry[], from: number): Entry | null {
  // An entry delayed stays where it was played and is queued again later: the live one is the last.
  for (let i = from; i < entries.length; i++) {
    const x = entries[i] as Entry;
    const o = x.f;
    if (x.kind === 'blow' && o.side !== f.side && o.airborne && o.out === null && o.pending.includes(x.tick))
      return x;
  }
  return null;
}

/** The ways of the blow as choice keys, one list for each shape of the common case (at the one opponent in reach). */
const BLOW_KEYS = [false, true].map((unarmed) =>
  [false, true].map((delay) => [
    'strike',
    'aim',
    'stun',
    ...(unarmed ? ['grapple'] : []),
    ...(delay ? ['delay'] : []),
    'pass',
  ]),
);

/**
 * A blow's choice keys: each way at each opponent ("stun:@orc-2") when the first blow of the
 * round picks among several, turning to another ("switch:orc-2") after the first.
 */
function blowKeys(
  f: Fighter,
  target: Fighter,
  others: readonly Fighter[],
  picking: boolean,
  unarmed: boolean,
  mayDelay: boolean,
): readonly string[] {
  const turning = f.roundTarget !== null && others.length > 0;
  if (!picking && !turning) return BLOW_KEYS[Number(unarmed)]?.[Number(mayDelay)] as readonly string[];
  const keys: string[] = [];
  const ways = (o: Fighter) => {
    const at = picking ? `:${combatantKey(o)}` : '';
    keys.push(`strike${at}`, `aim${at}`, `stun${at}`);
    if (unarmed) keys.push(`grapple${at}`);
  };
  ways(target);
  if (picking) for (const o of others) ways(o);
  if (turning) for (const o of others) keys.push(`switch:${o.id}`);
  if (mayDelay) keys.push('delay');
  keys.push('pass');
  return keys;
}

/** The words of a blow's choice key ("stun:@orc-2"), for a person. */
function blowLabel(f: Fighter, key: string, target: Fighter, opp: readonly Fighter[]): string {
  if (key === 'pass') return 'let this blow go';
  if (key === 'delay') return 'delay: act after the next in the order';
  if (key.startsWith('switch:')) {
    const to = opp.find((o) => `switch:${o.id}` === key);
    return `turn to ${to?.name ?? key.slice(7)} (loses this blow)`;
  }
  const split = key.indexOf(':@');
  const kind = split < 0 ? key : key.slice(0, split);
  const o = split < 0 ? target : (opp.find((x) => combatantKey(x) === key.slice(split + 1)) ?? target);
  switch (kind) {
    case 'aim':
      return `aim at a location of ${o.name} (−10 or −20)`;
    case 'stun':
      return `strike ${o.name} to stun${f.skills.has('strike to stun') ? '' : ' (−20)'}`;
    case 'grapple':
      return `grapple ${o.name}${f.skills.has('wrestling') ? '' : ' (−20)'}`;
    default:
      return `strike ${o.name} (W ${o.W})`;
  }
}

/** § Multiple Opponents: turning to another opponent costs the blow; it now faces that one. */
function turnTo(st: W1State, ctx: FightContext, f: Fighter, to: Fighter, from: Fighter | null): void {
  f.roundTarget = to;
  f.target = to;
  f.unfaced.delete(to);
  say(
    st,
    ctx,
    'switch',
    `${f.name} turns ${from ? `from ${from.name} ` : ''}to ${to.name}, losing this blow.`,
    CITES.multipleOpponents,
    [f, to],
  );
}

/** Enemies with the fewest others already on them first: how a newcomer picks whom to engage. */
function enemiesByPressure(st: W1State, enemies: readonly Fighter[]): Fighter[] {
  const load = (x: Fighter) => st.combatants.filter((o) => o.target === x && o.out === null).length;
  return [...enemies].sort((a, b) => load(a) - load(b));
}

function chooseTarget(
  ctx: FightContext,
  f: Fighter,
  candidates: readonly Fighter[],
  label: string,
): Fighter | null {
  if (candidates.length === 0) return null;
  const choices = candidates.map((c) => ({ key: combatantKey(c), label: `${c.name} (W ${c.W})` }));
  const suggested = combatantKey(suggestTarget(f, candidates) ?? (candidates[0] as Fighter));
  const key = decide(ctx, f, 'target', label, choices, suggested);
  return candidates.find((c) => combatantKey(c) === key) ?? null;
}
