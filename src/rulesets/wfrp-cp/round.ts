// The Combat Points round (rules 3-6, 13-15, 25-30, 33-46): everyone's CP and 5 actions; turns by
// Effective Initiative, each blow answered by its target; shots, spells and their moments; the
// monsters' pools and the hazards at the round's end.
import type { FightContext } from '../../core/context.js';
import type { Choice } from '../../core/request.js';
import { combatantKey } from '../../core/request.js';
import { formatD100 } from '../../dice/d100.js';
import type { Weapon } from '../wfrp1e/catalogue.js';
import { PARTS } from '../wfrp1e/data/locations.js';
import { applyConsequences, bleed, dropHand, takeOut } from '../wfrp1e/effects.js';
import { canLoad, heldMissile, loadRound, missileRange } from '../wfrp1e/missile.js';
import { pairUp } from '../wfrp1e/round.js';
import { bearing, angleBetween } from '../../space/plane.js';
import { decide, d100, roll, say } from '../wfrp1e/say.js';
import { gap, placeAll, moveTo, startMoves, yardsAt } from '../wfrp1e/scene.js';
import { handUsable, hasSkill, type Fighter, type MissileState } from '../wfrp1e/state.js';
import { rule, section, oursCp } from './cite.js';
import type { ChartEffect, Spell } from './data.js';
import {
  actionCap,
  actionsLeft,
  actionsPerRound,
  ballisticSkill,
  cpLeft,
  currentEI,
  enemies,
  foes,
  initialEI,
  mayAttack,
  mayDefend,
  maxCP,
  meleeWeapon,
  poolWeapon,
} from './fighter.js';
import {
  effectTaken,
  flee,
  inflict,
  raiseToOne,
  resolveBlow,
  spendCap,
  wakeByBlow,
  type BlowKind,
} from './melee.js';
import {
  AIMING_BONUS,
  CP_PER_ACTION,
  DISMOUNT_FALL_DIE,
  FAST_SHOTS,
  FIRE_DIE,
  FORCEFUL_COST,
  IMPROVISED_THROWN,
  MIN_CP,
  TARGETS_WITHIN_DEGREES,
  TARGET_RUNNING,
  castingActions,
  castingEI,
  defencePool,
  effectBelowZero,
  fallEffect,
  hits,
  magicActionLimit,
  magicMissileEffect,
  missileArmour,
  poolLosses,
  quickLoadChance,
  mayBlockMissiles,
  rangeCritical,
  rangeToHit,
  shieldBlockChance,
  shieldDamageChance,
  surpriseTestBonus,
  waterEntryTarget,
  woundsAfterLastLP,
} from './rules.js';
import { hasCpCond, now, stampDurations, type CpFighter, type CpState } from './state.js';
import { suggestAttack, wantsFastShooting } from './tactics.js';
import { skillWith } from './fighter.js';
import { reverseD100 } from '../../dice/d100.js';
import { hitLocation } from '../wfrp1e/locate.js';
import { wornOn } from '../wfrp1e/rules.js';
import type { W1State } from '../wfrp1e/state.js';

/** A round never takes more turns than this (every turn uses an action or ends a fighter's turns, so it is never reached in play). */
const MAX_TURNS = 1000;

export function startCpFight(st: CpState, ctx: FightContext): void {
  if (st.setup.start === 'engaged' || st.setup.start === 'charge') pairUp(st);
  if (ctx.explain) {
    for (const f of st.combatants) {
      const w = meleeWeapon(st, f);
      say(
        st,
        ctx,
        'start',
        `${f.name}: CP ${maxCP(st, f)}, ${capText(actionCap(st, f))} an action (${describeSkill(st, f, w)}), EI ${initialEI(st, f)}${f.maxLP ? `, ${f.maxLP} LP` : ''}${f.surprise ? `, surprised from the ${f.surprise.from}` : ''}.`,
        rule(1),
        [f],
      );
    }
  }
  if (st.spatial) placeAll(st, ctx);
  for (const f of st.combatants)
    if (f.cp.falls && f.out === null)
      fall(st, ctx, f, f.cp.falls.metres, f.cp.falls.jump, f.cp.falls.water, 'comes down into the fight');
}

function describeSkill(st: CpState, f: CpFighter, w: Weapon | null): string {
  return `${w ? w.name.toLowerCase() : 'unarmed'}: ${skillWith(st, f, w).how}`;
}

export function playCpRound(st: CpState, ctx: FightContext): void {
  st.round++;
  say(st, ctx, 'round', `Round ${st.round}.`, rule(5));
  beginRound(st, ctx);
  turns(st, ctx);
  endRound(st, ctx);
}

function beginRound(st: CpState, ctx: FightContext): void {
  const r = st.round;
  for (const f of st.combatants) {
    startMoves(f);
    f.used = 0;
    f.spent = 0;
    f.bonusCP = 0;
    f.bonusEI = 0;
    f.gave = false;
    f.done = false;
    f.dodges = 0;
    f.parade = null;
    f.shots = 0;
    f.magicUsed = 0;
    f.pool = 0;
    if (!st.cpo.whirlwindPerFight) f.whirlwinds = 0;
    if (f.target && f.target.out !== null) f.target = null;
    // Rule 8: the shield's (or parrying weapon's) pool comes back each round.
    const pw = poolWeapon(st, f);
    f.shieldLeft = pw
      ? defencePool(st.setup.cp.classes.shieldModifier.get(pw.id) ?? 0, skillWith(st, f, pw).level)
      : 0;
  }
  pairUp(st);
  for (const f of st.combatants) {
    if (f.out !== null) continue;
    if (f.asleep && f.wakesAt > 0 && r >= f.wakesAt) {
      f.asleep = false;
      f.wakesAt = 0;
      say(st, ctx, 'wake', `${f.name} wakes up.`, section('Combat example #3'), [f]);
    }
    if (!f.asleep) {
      // Rule 15: an I test each round from the second (or first), 10 easier after each failure.
      if (f.surprise && r >= st.cpo.surpriseFirstTest) {
        const I = now(st, f, 'I') + surpriseTestBonus(f.surprise.tests);
        const x = d100(ctx, f, `shake off the surprise: I test (need ${I} or less)`);
        say(
          st,
          ctx,
          'surprise',
          `${f.name} tests I against the surprise: D100 ${formatD100(x)} ${x <= I ? '≤' : '>'} ${I}: ${x <= I ? 'recovered' : 'still surprised'}.`,
          rule(15),
          [f],
        );
        if (x <= I) f.surprise = null;
        else f.surprise.tests++;
      }
      if (r === 1 && st.setup.start === 'charge') charge(st, ctx, f, null);
      fear(st, ctx, f);
    }
    if (f.burning > 0) burn(st, ctx, f);
    if (f.tFire > 0 && f.burning === 0 && r >= f.coolAt) {
      say(st, ctx, 'fire', `${f.name} has cooled down: T ${f.tFire} back.`, rule(46), [f]);
      f.tFire = 0;
    }
  }
  if (st.spatial) approach(st, ctx);
  readyWeapons(st, ctx);
}

/** Combat Example #1: a charge with a hand weapon gives +10 CP (within the cap) and +10 priority for its round. */
function charge(st: CpState, ctx: FightContext, f: CpFighter, at: CpFighter | null): void {
  if (!st.cpo.chargeBonus || !heldMelee(st, f) || !mayAttack(st, f)) return;
  f.bonusCP = 10;
  f.bonusEI = 10;
  say(
    st,
    ctx,
    'charge',
    `${f.name} charges${at ? ` ${at.name}` : ''}: +10 CP (${capText(actionCap(st, f))} a blow) and +10 priority this round.`,
    section('Combat Example #1'),
    at ? [f, at] : [f],
  );
}

/** Rule 13: the per-action cap as words; Dance and Acrobatics lift it. */
function capText(cap: number): string {
  return Number.isFinite(cap) ? `at most ${cap}` : 'no limit (Dance and Acrobatics)';
}

function heldMelee(st: CpState, f: CpFighter): boolean {
  const w = meleeWeapon(st, f);
  return w !== null && !w.natural && (f.right === w || f.left === w);
}

/** Rule 6 at the round's start: who holds no hand weapon but carries one draws it (Combat example #1). */
function readyWeapons(st: CpState, ctx: FightContext): void {
  for (const f of st.combatants) {
    if (f.out !== null || f.asleep || foes(st, f).length === 0 || heldMelee(st, f) || f.natural.length > 0)
      continue;
    const w = worthDrawing(st, f).find((c) => c.melee && !c.missile && !c.shield);
    if (!w) continue;
    const pick = decide(
      ctx,
      f,
      'draw',
      `${f.name}: draw the ${w.name.toLowerCase()}?`,
      [
        { key: 'draw', label: `draw it (${drawActions(st, f, w)} actions)` },
        { key: 'no', label: 'fight as is' },
      ],
      'draw',
    );
    if (pick === 'draw') draw(st, ctx, f, w);
  }
}

function drawActions(st: CpState, f: CpFighter, w: Weapon): number {
  const n = st.setup.cp.classes.draw.get(w.id) ?? 5;
  return Math.max(0, n - (hasSkill(f, 'lightning strike') ? 3 : 0));
}

/** Rule 6: drawing costs actions and 10 CP each; a missile weapon in hand is dropped first, at no cost. */
function draw(st: CpState, ctx: FightContext, f: CpFighter, w: Weapon): void {
  for (const h of ['right', 'left'] as const) {
    const held = f[h];
    if (
      held &&
      !held.natural &&
      (w.hands === 2 || (held.missile && !w.missile) || (w.missile && !held.missile))
    )
      dropHand(st, ctx, f, h, `to draw the ${w.name.toLowerCase()}`);
  }
  const n = Math.min(drawActions(st, f, w), actionsLeft(f));
  f.used += n;
  f.spent += n * CP_PER_ACTION;
  const at = f.carried.indexOf(w);
  if (at >= 0) f.carried = [...f.carried.slice(0, at), ...f.carried.slice(at + 1)];
  if (w.hands === 2) {
    f.right = w;
    f.left = w;
  } else if (f.spec.leftHanded ? !f.left : !f.right) {
    if (f.spec.leftHanded) f.left = w;
    else f.right = w;
  } else if (!f.right) f.right = w;
  else f.left = w;
  say(
    st,
    ctx,
    'draw',
    `${f.name} draws the ${w.name.toLowerCase()}: −${n} actions, −${n * CP_PER_ACTION} CP${hasSkill(f, 'lightning strike') ? ' (Lightning strike: 3 fewer)' : ''}; CP left ${cpLeft(st, f)}, EI ${currentEI(st, f)}.`,
    rule(6),
    [f],
    { actions: n },
  );
}

/**
 * With positions: fighters with no foe at hand will close on the nearest enemy, moving at their
 * turn so that a quicker archer shoots first (ours); one that can reach it this round charges:
 * +10 CP and +10 priority (Combat Example #1).
 */
function approach(st: CpState, ctx: FightContext): void {
  for (const f of st.combatants) {
    f.closing = null;
    if (
      f.out !== null ||
      f.asleep ||
      f.rider !== null ||
      foes(st, f).length > 0 ||
      f.tactics.melee === 'hold' ||
      !mayAttack(st, f)
    )
      continue;
    if (f.right?.missile || f.left?.missile) continue;
    const near = enemies(st, f)
      .filter((o) => o.pos)
      .sort((x, y) => dist(f, x) - dist(f, y))[0];
    if (!near || !f.pos) continue;
    f.closing = near;
    if (gap(f, near) <= yardsAt(st, f, 'running')) charge(st, ctx, f, near);
  }
}

/** At its turn a closing fighter runs at its enemy; short of it, the run is its round. */
function close(st: CpState, ctx: FightContext, f: CpFighter): boolean {
  const t = f.closing;
  f.closing = null;
  if (!t || t.out !== null || f.flee !== null || foes(st, f).length > 0 || !mayAttack(st, f)) return true;
  const reached = moveTo(st, ctx, f, t, Infinity, 'charge', 'advances on');
  if (!reached) {
    // Short of the enemy: no charge after all; the run was the round.
    f.bonusCP = 0;
    f.done = true;
  }
  return reached;
}

function dist(a: Fighter, b: Fighter): number {
  return a.pos && b.pos ? Math.hypot(a.pos.x - b.pos.x, a.pos.y - b.pos.y) : Infinity;
}

// ------------------------------------------------------------------ turns

/** Rule 3: the highest EI acts; rule 15: in the first round the surprising side starts; equal EI between enemies by the option `ties`. */
function nextUp(st: CpState, ctx: FightContext): CpFighter | null {
  const surprise = st.round === 1 && st.combatants.some((f) => f.surprise);
  const key = (f: CpFighter) =>
    currentEI(st, f) + (surprise && !st.setup.cp.surprisedFrom[f.side] ? 10_000 : 0);
  const ready = st.combatants.filter((f) => canTurn(st, f));
  if (ready.length === 0) return null;
  const top = Math.max(...ready.map(key));
  const tied = ready.filter((f) => key(f) === top);
  return st.cpo.tiesRolled ? firstOfTied(st, ctx, tied) : (tied[0] as CpFighter);
}

const sidesOf = (fs: readonly CpFighter[]) => new Set(fs.map((f) => f.side)).size;

/** Ours: on equal EI between enemies, the higher I goes first, then the lower of a D100 roll-off kept for the round. */
function firstOfTied(st: CpState, ctx: FightContext, tied: CpFighter[]): CpFighter {
  if (sidesOf(tied) === 1) return tied[0] as CpFighter;
  const bestI = Math.max(...tied.map((f) => now(st, f, 'I')));
  const quickest = tied.filter((f) => now(st, f, 'I') === bestI);
  if (sidesOf(quickest) === 1) return quickest[0] as CpFighter;
  for (const f of quickest) {
    if (f.tieRound === st.round) continue;
    f.tieRound = st.round;
    f.tieRoll = d100(ctx, f, 'equal EI and I with an enemy: roll-off (lower goes first)');
    say(
      st,
      ctx,
      'tie',
      `${f.name} rolls ${formatD100(f.tieRoll)} for the order on equal EI.`,
      oursCp('equal EI'),
      [f],
    );
  }
  return [...quickest].sort((x, y) => x.tieRoll - y.tieRoll || (x.id < y.id ? -1 : 1))[0] as CpFighter;
}

function canTurn(st: CpState, f: CpFighter): boolean {
  return f.out === null && !f.asleep && !f.done && actionsLeft(f) > 0;
}

function turns(st: CpState, ctx: FightContext): void {
  for (let n = 0; n < MAX_TURNS; n++) {
    const f = nextUp(st, ctx);
    const due = st.scheduled.length ? st.scheduled.reduce((x, y) => (y.ei > x.ei ? y : x)) : null;
    // A spell's moment comes before fighters on the same EI: it was cast already.
    if (due && (!f || due.ei >= currentEI(st, f))) {
      st.scheduled = st.scheduled.filter((s) => s !== due);
      const when = due.ei === -Infinity ? "At the round's end" : `EI ${due.ei}`;
      // Rule 36: the effect comes at the casting's end; a caster (or loader) down or asleep by then gets nothing.
      if (due.by.out !== null || due.by.asleep) {
        say(
          st,
          ctx,
          'spell',
          `${when}: ${due.label} comes to nothing (${due.by.name} is ${due.by.out ?? 'asleep'}).`,
          due.ei === -Infinity ? rule(29) : rule(36),
          [due.by],
        );
        continue;
      }
      say(st, ctx, 'spell', `${when}: ${due.label}.`, due.ei === -Infinity ? rule(29) : rule(36), [due.by]);
      due.act();
      continue;
    }
    if (!f) break;
    if (f.closing && !close(st, ctx, f)) continue;
    let answer = turn(st, ctx, f, null);
    // Rule 5: each blow may be answered by its target, apart from the order of priority.
    for (let k = 0; answer && k < MAX_TURNS; k++) {
      const { by, at } = answer;
      answer = at.out === null && !at.done && actionsLeft(at) > 0 ? turn(st, ctx, at, by) : null;
    }
  }
  st.scheduled = [];
}

interface Answered {
  by: CpFighter;
  at: CpFighter;
}

/** One turn: an attack (answered by its target), a shot, a spell, a draw, giving the initiative, fleeing or ending. */
function turn(st: CpState, ctx: FightContext, f: CpFighter, answering: CpFighter | null): Answered | null {
  if (hasCpCond(st, f, 'noAction')) {
    if (answering) return null;
    f.used++;
    f.spent += CP_PER_ACTION;
    say(
      st,
      ctx,
      'lost',
      `${f.name} can do nothing: an action lost (EI now ${currentEI(st, f)}, CP ${cpLeft(st, f)}).`,
      section('Combat example #3'),
      [f],
    );
    return null;
  }
  if (f.flee === 'forced') {
    flee(st, ctx, f, true);
    return null;
  }
  const attackers = mayAttack(st, f) ? foes(st, f) : [];
  const left = cpLeft(st, f);
  const cap = actionCap(st, f);
  const choices: Choice[] = [];
  const refused: Choice[] = [];
  for (const o of attackers) {
    const most = Math.min(left, spendCap(st, f, o, 'strike'));
    if (most >= MIN_CP) {
      choices.push({ key: `attack:${combatantKey(o)}`, label: `attack ${o.name} (up to ${most} CP)` });
      choices.push({ key: `stun:${combatantKey(o)}`, label: `strike ${o.name} to stun (rule 12)` });
      // Ours: a disarm needs hands (a weapon or bare hands); teeth and claws do not disarm.
      if (heldItemsOf(o).length && meleeWeapon(st, f)?.natural !== true)
        choices.push({
          key: `disarm:${combatantKey(o)}`,
          label: `disarm ${o.name} (rule 18: half CP tested)`,
        });
    } else
      refused.push({
        key: `attack:${combatantKey(o)}`,
        label: `${most} CP left: an action needs at least ${MIN_CP} (rule 13)`,
      });
  }
  if (
    hasSkill(f, 'whirlwind') &&
    attackers.length >= 2 &&
    Math.min(cap, Math.floor(left / 2)) >= MIN_CP &&
    f.W > 0
  ) {
    choices.push({
      key: 'whirlwind',
      label: `Whirlwind: strike up to ${now(st, f, 'A')} foes, CP paid twice`,
    });
  }
  const shots = shotChoices(st, f);
  choices.push(...shots);
  if (!answering) choices.push(...loadChoices(st, f));
  if (!answering) {
    for (const s of f.cp.mage?.spells ?? []) {
      const acts = castingActions(s.level);
      if (acts <= actionsLeft(f) && f.magicUsed + acts <= magicActionLimit(f.cp.mage?.level ?? 0))
        choices.push({
          key: `cast:${s.id}`,
          label: `cast ${s.name} (${acts} actions, acts at EI ${castingEI(currentEI(st, f), acts)})`,
        });
    }
    const draws = worthDrawing(st, f).map((w) => ({
      key: `draw:${w.id}`,
      label: `draw the ${w.name.toLowerCase()} (${drawActions(st, f, w)} actions)`,
    }));
    if (
      choices.length === 0 &&
      draws.length === 0 &&
      !(f.cp.mage && actionsLeft(f) > 0 && enemies(st, f).length > 0) &&
      f.burning === 0
    ) {
      // Nothing left to do with CP or actions: no question, the fighter only defends now.
      f.done = true;
      return null;
    }
    choices.push(...draws);
    if (f.burning > 0) choices.push({ key: 'put-out', label: 'put out the flames (the rest of the round)' });
    if (!f.gave && enemies(st, f).some((o) => canTurn(st, o)))
      choices.push({ key: 'give', label: 'give the initiative away (rule 3)' });
    if (attackers.length > 0) choices.push({ key: 'flee', label: 'flee (rule 14)' });
  }
  if (choices.length === 0) {
    if (!answering) f.done = true;
    return null;
  }
  choices.push({
    key: answering ? 'pass' : 'end',
    label: answering ? 'let it go' : 'no more turns this round (keep CP for defence)',
  });
  const suggested = suggestTurn(st, f, answering, attackers, shots);
  const pick = decide(
    ctx,
    f,
    answering ? 'answer' : 'turn',
    `${f.name} (EI ${currentEI(st, f)}, ${left} CP, ${actionsLeft(f)} actions): ${answering ? `answer ${answering.name}'s blow?` : 'what now?'}`,
    choices,
    suggested,
    refused,
  );
  const [verb, arg] = pick.split(':') as [string, string | undefined];
  const t = arg
    ? (st.combatants.find((o) => combatantKey(o) === pick.slice(pick.indexOf(':') + 1)) ?? null)
    : null;
  switch (verb) {
    case 'end':
      f.done = true;
      return null;
    case 'pass':
      return null;
    case 'give':
      f.gave = true;
      say(st, ctx, 'give', `${f.name} gives the initiative away.`, rule(3), [f]);
      return giveTo(st, ctx, f);
    case 'flee':
      f.used++;
      flee(st, ctx, f, false);
      return null;
    case 'put-out':
      f.used = actionsPerRound(f);
      putOut(st, ctx, f);
      return null;
    case 'draw': {
      const wpn = f.carried.find((c) => c.id === arg);
      if (wpn) draw(st, ctx, f, wpn);
      return null;
    }
    case 'cast':
      cast(st, ctx, f, st.setup.cp.spells.get(arg ?? '') as Spell);
      return null;
    case 'whirlwind':
      whirlwind(st, ctx, f, attackers);
      return null;
    case 'load':
      f.used = actionsPerRound(f);
      loadRound(st, ctx, f);
      return null;
    case 'quick-load':
      quickLoad(st, ctx, f, heldMissile(st, f) as Weapon, t as CpFighter);
      return null;
    case 'shoot':
    case 'shoot2':
    case 'shoot3':
    case 'aim':
      shoot(st, ctx, f, t as CpFighter, verb);
      return null;
    case 'attack':
    case 'stun':
    case 'disarm':
      if (!t) return null;
      attack(st, ctx, f, t, BLOW_OF[verb]);
      return t.out === null ? { by: f, at: t } : null;
    default:
      return null;
  }
}

/** Rule 6: carried weapons worth the actions: a hand weapon when none is held, a missile weapon when none is held, a shield for a free hand. */
function worthDrawing(st: CpState, f: CpFighter): Weapon[] {
  if (enemies(st, f).length === 0) return [];
  const held = [f.right, f.left];
  const free = held.filter((w) => w === null).length;
  const holdsMissile = held.some((w) => w?.missile);
  const seen = new Set<string>();
  return f.carried.filter((w) => {
    if (seen.has(w.id)) return false;
    seen.add(w.id);
    if (w.shield) return free > 0 && !held.some((h) => h?.shield);
    if (w.missile) return !holdsMissile && foes(st, f).length === 0;
    return w.melee && !heldMelee(st, f);
  });
}

const BLOW_OF: Record<'attack' | 'stun' | 'disarm', BlowKind> = {
  attack: 'strike',
  stun: 'stun',
  disarm: 'disarm',
};

function heldItemsOf(f: CpFighter): Weapon[] {
  return [f.right, f.left].filter((w): w is Weapon => w !== null && !w.shield && !w.natural);
}

function suggestTurn(
  st: CpState,
  f: CpFighter,
  answering: CpFighter | null,
  attackers: CpFighter[],
  shots: Choice[],
): string {
  if (f.burning > 0 && !answering) return 'put-out';
  const mage = f.cp.mage?.spells.find((s) => s.kind === 'missile');
  if (
    mage &&
    !answering &&
    castingActions(mage.level) <= actionsLeft(f) &&
    f.magicUsed === 0 &&
    enemies(st, f).length
  )
    return `cast:${mage.id}`;
  if (shots.length) return shots[0]?.key ?? 'end';
  // With nothing to strike or shoot, take up a weapon; an archer keeps the bow in hand.
  if (!answering && attackers.length === 0 && !missileInHand(st, f)) {
    const w = worthDrawing(st, f)[0];
    if (w) return `draw:${w.id}`;
  }
  const t =
    answering && attackers.includes(answering) ? answering : [...attackers].sort((x, y) => x.W - y.W)[0];
  if (t && suggestAttack(st, f, Math.min(cpLeft(st, f), spendCap(st, f, t, 'strike'))) >= MIN_CP)
    return `${f.tactics.stun ? 'stun' : 'attack'}:${combatantKey(t)}`;
  return answering ? 'pass' : 'end';
}

/** Rule 3: the one with the initiative may let the opponent act first. */
function giveTo(st: CpState, ctx: FightContext, f: CpFighter): Answered | null {
  const other = foes(st, f).find((o) => canTurn(st, o)) ?? enemies(st, f).find((o) => canTurn(st, o));
  if (!other || (other.closing && !close(st, ctx, other))) return null;
  const r = turn(st, ctx, other, null);
  return r;
}

function attack(st: CpState, ctx: FightContext, f: CpFighter, t: CpFighter, kind: BlowKind): void {
  let forceful = false;
  const room = Math.min(cpLeft(st, f), spendCap(st, f, t, kind));
  if (hasSkill(f, 'forceful blow') && kind === 'strike' && cpLeft(st, f) >= MIN_CP + FORCEFUL_COST) {
    forceful =
      decide(
        ctx,
        f,
        'forceful',
        `${f.name}: Forceful blow (10 CP more: 01-10 always hits)?`,
        [
          { key: 'no', label: 'no' },
          { key: 'yes', label: 'yes' },
        ],
        'yes',
      ) === 'yes';
  }
  const most = Math.min(room, cpLeft(st, f) - (forceful ? FORCEFUL_COST : 0));
  if (most < MIN_CP) return;
  const cp = ctx.amount({
    kind: 'amount',
    actor: f.id,
    topic: 'attack-cp',
    label: `${f.name}: CP for the ${kind === 'strike' ? 'blow' : kind} at ${t.name}`,
    min: MIN_CP,
    max: most,
    step: 1,
    suggested: Math.max(MIN_CP, Math.min(most, suggestAttack(st, f, most) || most)),
  });
  f.used++;
  f.spent += cp + (forceful ? FORCEFUL_COST : 0);
  f.parade = null;
  resolveBlow(st, ctx, { a: f, d: t, kind, cp, weapon: meleeWeapon(st, f), forceful });
}

/** Advanced skills: Whirlwind: CP paid twice, one blow at each of up to A foes; past T/3 (rounded up) whirlwinds cost 1 W each. */
function whirlwind(st: CpState, ctx: FightContext, f: CpFighter, targets: CpFighter[]): void {
  const most = Math.min(actionCap(st, f), Math.floor(cpLeft(st, f) / 2));
  const cp = ctx.amount({
    kind: 'amount',
    actor: f.id,
    topic: 'attack-cp',
    label: `${f.name}: CP for each blow of the Whirlwind (paid twice)`,
    min: MIN_CP,
    max: most,
    step: 1,
    suggested: most,
  });
  f.used++;
  f.spent += 2 * cp;
  f.whirlwinds++;
  f.whirlwindsInFight++;
  const free = Math.ceil(now(st, f, 'T') / 3);
  const count = st.cpo.whirlwindPerFight ? f.whirlwindsInFight : f.whirlwinds;
  say(
    st,
    ctx,
    'whirlwind',
    `${f.name} whirls: ${cp} CP against each of ${Math.min(targets.length, now(st, f, 'A'))} foes (${2 * cp} CP spent).`,
    section('Advanced skills: Whirlwind'),
    [f],
  );
  if (count > free) {
    f.W = Math.max(0, f.W - 1);
    say(
      st,
      ctx,
      'whirlwind',
      `Whirlwind ${count} is past T/3 = ${free}: ${f.name} loses 1 W (W ${f.W}).`,
      section('Advanced skills: Whirlwind'),
      [f],
    );
  }
  for (const t of targets.slice(0, now(st, f, 'A')))
    if (t.out === null)
      resolveBlow(st, ctx, { a: f, d: t, kind: 'strike', cp, weapon: meleeWeapon(st, f), forceful: false });
}

// ------------------------------------------------------------------ ballistic combat (rules 22, 25-30)

function missileInHand(st: CpState, f: CpFighter): Weapon | null {
  for (const h of ['right', 'left'] as const) {
    const w = f[h];
    if (w?.missile && handUsable(f, h, st.round)) return w;
  }
  return null;
}

function shotChoices(st: CpState, f: CpFighter): Choice[] {
  const w = missileInHand(st, f);
  if (!w || !w.missile || foes(st, f).length > 0 || f.shots > 0) return [];
  const ms = f.missiles.get(w.id);
  if (!ms || (ms.loaded < 1 && !nockable(w, ms))) return [];
  const out: Choice[] = [];
  const volley = wantsFastShooting(f);
  const bowLike = w.missile.kind === 'bow' || w.missile.kind === 'sling';
  for (const o of enemies(st, f)) {
    const range = missileRange(f, o, w);
    if (!range.band) continue;
    out.push({ key: `shoot:${combatantKey(o)}`, label: `shoot at ${o.name} (${range.band.band} range)` });
    if (bowLike && volley !== 'single')
      out.push({ key: `shoot2:${combatantKey(o)}`, label: `Fast shooting at ${o.name}: 2 shots at −20` });
    if (bowLike && volley === 'lightning')
      out.push({
        key: `shoot3:${combatantKey(o)}`,
        label: `Lightning shooting at ${o.name}: 3 shots at −40`,
      });
    out.push({ key: `aim:${combatantKey(o)}`, label: `aim longer at ${o.name} (+10, one more action)` });
  }
  return out;
}

/** WFRP 1e's loading rounds (a loading round takes the rest of the round: ours), and rule 29's quick crossbow loading at a round's start. */
function loadChoices(st: CpState, f: CpFighter): Choice[] {
  if (!canLoad(st, f) || foes(st, f).length > 0) return [];
  const w = heldMissile(st, f) as Weapon;
  const m = w.missile as NonNullable<Weapon['missile']>;
  const ms = f.missiles.get(w.id);
  const out: Choice[] = [
    {
      key: 'load',
      label: `load the ${w.name.toLowerCase()} (the rest of this round; ${m.loadRounds} round${m.loadRounds === 1 ? '' : 's'} in all, ${ms?.loading ?? 0} done)`,
    },
  ];
  const chance = quickLoadChance(now(st, f, 'S'));
  if (m.kind === 'crossbow' && m.loadRounds === 1 && chance > 0 && f.used === 0 && !ms?.loading) {
    for (const o of enemies(st, f)) {
      if (missileRange(f, o, w).band)
        out.push({
          key: `quick-load:${combatantKey(o)}`,
          label: `load without the crank (${chance}%) and shoot ${o.name} at the round's end (rule 29)`,
        });
    }
  }
  return out;
}

/** Rules 25-30: a shot (or two or three), its chance, a shield's block, the critical. */
function shoot(st: CpState, ctx: FightContext, f: CpFighter, first: CpFighter, how: string): void {
  const w = missileInHand(st, f) as Weapon;
  const ms = f.missiles.get(w.id);
  const volley = how === 'shoot3' ? FAST_SHOTS.lightning : how === 'shoot2' ? FAST_SHOTS.fast : null;
  const count = volley ? volley.shots : 1;
  f.used += how === 'aim' ? 2 : 1;
  f.shots++;
  let prev = first;
  for (let i = 0; i < count && ms; i++) {
    if (ms.loaded === 0 && nockable(w, ms)) {
      ms.ammo--;
      ms.loaded = 1;
    }
    if (ms.loaded === 0) break;
    let t = first;
    if (i > 0) {
      // Rule 28: each target within 45° of the one before (and within range).
      const ok = enemies(st, f).filter(
        (o) => o.out === null && withinAngle(f, prev, o) && missileRange(f, o, w).band !== null,
      );
      if (ok.length === 0) break;
      const pick = decide(
        ctx,
        f,
        'next-shot',
        `${f.name}: next shot at?`,
        ok.map((o) => ({ key: combatantKey(o), label: o.name })),
        combatantKey(ok.includes(prev) ? prev : (ok[0] as CpFighter)),
      );
      t = ok.find((o) => combatantKey(o) === pick) as CpFighter;
    }
    if (w.missile?.ammo !== null) ms.loaded--;
    else {
      ms.loaded--;
      if (ms.ammo > 0) {
        ms.ammo--;
        ms.loaded++;
      }
    }
    const extra = volley
      ? { n: volley.BS, why: how === 'shoot3' ? 'Lightning shooting' : 'Fast shooting' }
      : how === 'aim'
        ? { n: AIMING_BONUS, why: 'aimed' }
        : null;
    oneShot(st, ctx, f, t, w, extra);
    prev = t;
  }
  if (w.missile && w.missile.ammo === null && ms && ms.loaded === 0)
    dropHand(st, ctx, f, f.right === w ? 'right' : 'left', 'thrown');
}

/** Rule 28: bows and slings are loaded as they are shot; the next arrow or stone comes from the quiver. */
function nockable(w: Weapon, ms: MissileState): boolean {
  return ms.loaded === 0 && w.missile?.loadRounds === 0 && w.missile.ammo !== null && ms.ammo > 0;
}

function withinAngle(f: Fighter, a: Fighter, b: Fighter): boolean {
  if (!f.pos || !a.pos || !b.pos) return true;
  return angleBetween(bearing(f.pos, a.pos), bearing(f.pos, b.pos)) <= TARGETS_WITHIN_DEGREES;
}

function oneShot(
  st: CpState,
  ctx: FightContext,
  f: CpFighter,
  t: CpFighter,
  w: Weapon,
  extra: { n: number; why: string } | null,
): void {
  const m = w.missile;
  if (!m) return;
  const range = missileRange(f, t, w);
  const band = range.band?.band ?? 'extreme';
  const skill = ballisticSkill(st, f, w);
  const behaviour = t.flee ? TARGET_RUNNING : 0;
  const chance = skill.total + rangeToHit(band) + behaviour + (extra?.n ?? 0);
  const r = d100(ctx, f, `shot at ${t.name} (need ${chance} or less)`);
  const hit = hits(r, chance);
  say(
    st,
    ctx,
    'shot',
    `${f.name} shoots at ${t.name} (${band} range): ${skill.how}${rangeToHit(band) ? ` − ${-rangeToHit(band)} ${band} range` : ''}${behaviour ? ` − ${-behaviour} running` : ''}${extra ? ` ${extra.n > 0 ? '+' : '−'} ${Math.abs(extra.n)} ${extra.why}` : ''} = ${chance}; D100 ${formatD100(r)}: ${hit ? 'hit' : 'miss'}.`,
    rule(25),
    [f, t],
    { roll: r, chance },
  );
  f.stats.blows++;
  if (!hit) return;
  f.stats.hits++;
  const thrown = m.kind === 'thrown' || (m.kind === 'bomb' && st.cpo.bombs === 'melee') || m.improvised;
  // Rule 22: a thrown weapon may be dodged.
  if (thrown && mayDefend(st, t) && hasSkill(t, 'dodge blow') && t.dodges < st.cpo.dodgesPerRound) {
    t.dodges++;
    const I = now(st, t, 'I');
    const x = d100(ctx, t, `dodge the thrown ${w.name.toLowerCase()}: I test (need ${I} or less)`);
    say(
      st,
      ctx,
      'dodge',
      `${t.name} dodges: D100 ${formatD100(x)} ${x <= I ? '≤' : '>'} I ${I}: ${x <= I ? 'dodged' : 'hit'}.`,
      rule(22),
      [t],
    );
    if (x <= I) return;
  }
  let ES = typeof range.band?.es === 'number' ? range.band.es : now(st, f, 'S');
  // Rule 30: a shield blocks a missile when its bearer stands still (Shieldman: moving too).
  const shield = [t.left, t.right].find((x) => x?.shield) ?? null;
  if (shield && !thrown && mayDefend(st, t) && mayBlockMissiles(t.moved > 0, hasSkill(t, 'shieldman'))) {
    const sk = skillWith(st, t, shield);
    const mod = st.setup.cp.classes.shieldModifier.get(shield.id) ?? 0;
    const need = shieldBlockChance(now(st, t, 'WS'), sk.ability, mod, skill.level);
    const x = d100(ctx, t, `block with the shield (need ${need} or less)`);
    const blocked = x <= need;
    say(
      st,
      ctx,
      'block',
      `${t.name} raises the shield: WS ${now(st, t, 'WS')} + Shields ${sk.ability}${mod ? ` ${mod}` : ''} − 10 × ${f.name}'s level ${skill.level} = ${need}; D100 ${formatD100(x)}: ${blocked ? 'blocked' : 'not blocked'}.`,
      rule(30),
      [t, f],
    );
    if (blocked) {
      const hitES = ES + rangeCritical(band);
      const chance2 = shieldDamageChance(hitES, mod);
      const y = d100(ctx, t, `does it break the shield? (${chance2}% or less)`);
      if (y > chance2) {
        say(st, ctx, 'block', `The shield holds (D100 ${formatD100(y)} > ${chance2}).`, rule(30), [t]);
        return;
      }
      say(
        st,
        ctx,
        'block',
        `The ${w.name.toLowerCase()} breaks through (D100 ${formatD100(y)} ≤ ${chance2}): the shield is ruined, ES ${ES} − 1.`,
        rule(30),
        [t],
      );
      dropHand(st, ctx, t, t.left === shield ? 'left' : 'right', 'broken by a missile', true);
      ES -= 1;
    }
  }
  if (thrown) {
    // Rule 27 for bombs (ours): the blast's ES stands for S, and distance does not weaken it.
    const blast = m.kind === 'bomb' && typeof range.band?.es === 'number' ? range.band.es : null;
    const mod = m.improvised ? IMPROVISED_THROWN : 0;
    const S = blast ?? now(st, f, 'S') + mod + rangeCritical(band);
    resolveBlowThrown(
      st,
      ctx,
      f,
      t,
      w,
      S,
      reverseD100(r),
      blast !== null ? `(the bomb's ES ${blast})` : '(thrower, range)',
    );
    return;
  }
  const part = hitLocation(ctx, f, t, reverseD100(r), false).part;
  const worn = wornOn(t.armour, part.zone);
  const armour = missileArmour(worn.metal + t.auraAP, worn.leather, band, m.kind === 'firearm');
  const was = ES + rangeCritical(band) - armour;
  const sum = `${f.name}'s shot strikes ${t.name}'s ${part.name}: ES ${ES}${rangeCritical(band) ? ` − ${-rangeCritical(band)} ${band} range` : ''}${armour ? ` − ${armour} armour` : m.kind === 'firearm' ? ' (firearms ignore armour)' : ''} = ${was}`;
  if (t.LP > 0) {
    t.pool += Math.max(0, was) * 10;
    say(
      st,
      ctx,
      'pool',
      `${sum}; ${t.name} has LP: ${Math.max(0, was) * 10}% to the round's pool (now ${t.pool}%).`,
      oursCp('missiles against monsters with LP'),
      [f, t],
    );
    return;
  }
  const { value, modifier } = raiseToOne(t, part.id, was);
  say(
    st,
    ctx,
    'damage',
    `${sum}${was <= 0 ? `: 0 or less, +1 with ${modifier}%` : ''}: critical +${value}.`,
    rule(26),
    [f, t],
  );
  inflict(st, ctx, t, part, value, f, { modifier });
  wakeByBlow(st, ctx, t);
}

/** Rules 22, 27: a thrown weapon or bomb hurts by the melee formula, its S reduced by range. */
function resolveBlowThrown(
  st: CpState,
  ctx: FightContext,
  f: CpFighter,
  t: CpFighter,
  w: Weapon,
  S: number,
  locationRoll: number,
  why: string,
): void {
  resolveBlow(st, ctx, {
    a: f,
    d: t,
    kind: 'strike',
    cp: 0,
    weapon: w,
    forceful: false,
    automatic: 'the thrown weapon has already hit',
    thrown: { S, mod: 0, why },
    locationRoll,
  });
}

/** Rule 29: a crossbow loaded quickly (S × 10 − 50): fired at the round's end with the ability alone. */
function quickLoad(st: CpState, ctx: FightContext, f: CpFighter, w: Weapon, t: CpFighter): void {
  const need = quickLoadChance(now(st, f, 'S'));
  const r = d100(ctx, f, `quick crossbow loading (need ${need} or less)`);
  f.used = actionsPerRound(f);
  say(
    st,
    ctx,
    'load',
    `${f.name} loads the ${w.name.toLowerCase()} without the crank: D100 ${formatD100(r)} ${r <= need ? '≤' : '>'} ${need}: ${r <= need ? 'ready, fired at the end of the round' : 'too slow: loaded, to be shot next round'}.`,
    rule(29),
    [f],
  );
  // Rule 29 ("in following round normal rules apply"), our reading: the round's loading is done either way; too slow, the bolt waits for next round's shot.
  const ms = f.missiles.get(w.id);
  if (ms && ms.ammo > 0) ms.ammo--;
  if (r > need) {
    if (ms) {
      ms.loaded++;
      ms.loading = 0;
    }
    return;
  }
  st.scheduled.push({
    ei: -Infinity,
    by: f,
    label: `${f.name}'s quickly loaded bolt`,
    act: () => {
      if (t.out === null && missileRange(f, t, w).band && missileInHand(st, f) === w)
        oneShot(st, ctx, f, t, w, { n: -now(st, f, 'BS'), why: 'BS (the ability alone, rule 29)' });
      else if (ms) {
        // Not fired: the bolt stays in the crossbow for next round (rule 29).
        ms.loaded++;
        say(st, ctx, 'load', `${f.name}'s bolt is not loosed: the crossbow stays loaded.`, rule(29), [f]);
      }
    },
  });
}

// ------------------------------------------------------------------ magic (rules 35-40)

function cast(st: CpState, ctx: FightContext, f: CpFighter, s: Spell): void {
  const start = currentEI(st, f);
  let acts = castingActions(s.level);
  const level = f.cp.mage?.level ?? 0;
  const limit = magicActionLimit(level);
  let count = 1;
  if (s.kind === 'missile' && s.each) {
    const most = Math.max(1, Math.min(level, actionsLeft(f) - acts + 1, limit - f.magicUsed - acts + 1));
    count =
      most > 1
        ? ctx.amount({
            kind: 'amount',
            actor: f.id,
            topic: 'missiles',
            label: `${f.name}: how many ${s.name}s (one more action each)`,
            min: 1,
            max: most,
            step: 1,
            suggested: most,
          })
        : 1;
    acts += count - 1;
  }
  const first = castingEI(start, castingActions(s.level));
  f.used += acts;
  f.magicUsed += acts;
  say(
    st,
    ctx,
    'cast',
    `${f.name} casts ${s.name}: ${acts} action${acts === 1 ? '' : 's'} (${s.level === 'petty' ? 'petty magic' : `level ${s.level}`}); it acts at EI ${first}${count > 1 ? `, then ${Array.from({ length: count - 1 }, (_x, i) => first - 20 * (i + 1)).join(', ')}` : ''}.`,
    rule(36),
    [f],
    { acts, ei: first },
  );
  if (s.kind === 'self') {
    st.scheduled.push({
      ei: first,
      by: f,
      label: `${f.name}'s ${s.name}`,
      act: () => {
        f.auraAP += s.armour;
        say(
          st,
          ctx,
          'spell',
          `${f.name} is protected: +${s.armour} AP everywhere.`,
          section('Combat example #3'),
          [f],
        );
      },
    });
    return;
  }
  const targets = s.kind === 'touch' ? foes(st, f) : enemies(st, f);
  if (targets.length === 0) return;
  const pick = decide(
    ctx,
    f,
    'spell-target',
    `${f.name}: ${s.name} at whom?`,
    targets.map((o) => ({ key: combatantKey(o), label: o.name })),
    combatantKey([...targets].sort((x, y) => x.W - y.W)[0] as CpFighter),
  );
  const t = targets.find((o) => combatantKey(o) === pick) as CpFighter;
  if (s.kind === 'touch') {
    // Rule 37: the touch is an unarmed attack for CP; its actions are the spell's, and it lands at the spell's moment (rule 36).
    const touch = () => {
      const room = Math.min(cpLeft(st, f), actionCap(st, f, null));
      if (room < MIN_CP || f.out !== null || t.out !== null || !foes(st, f).includes(t)) return;
      const cp = ctx.amount({
        kind: 'amount',
        actor: f.id,
        topic: 'attack-cp',
        label: `${f.name}: CP for the touch of ${s.name}`,
        min: MIN_CP,
        max: room,
        step: 1,
        suggested: room,
      });
      f.spent += cp;
      resolveBlow(st, ctx, {
        a: f,
        d: t,
        kind: 'strike',
        cp,
        weapon: null,
        forceful: false,
        onHit: () => touchEffect(st, ctx, f, t, s),
      });
    };
    if (first >= start) touch();
    else
      st.scheduled.push({
        ei: first,
        by: f,
        label: `${f.name}'s touch of ${s.name} at ${t.name}`,
        act: touch,
      });
    return;
  }
  for (let i = 0; i < count; i++) {
    st.scheduled.push({
      ei: first - 20 * i,
      by: f,
      label: `${f.name}'s ${s.name}${count > 1 ? ` ${i + 1}` : ''} at ${t.name}`,
      act: () => magicMissile(st, ctx, f, missileTarget(st, ctx, f, t, s), s),
    });
  }
}

/** Ours: a missile whose target has fallen by its moment flies at another enemy the caster picks. */
function missileTarget(
  st: CpState,
  ctx: FightContext,
  f: CpFighter,
  t: CpFighter,
  s: Spell,
): CpFighter | null {
  if (t.out === null) return t;
  const others = enemies(st, f);
  if (others.length === 0 || f.out !== null) {
    say(
      st,
      ctx,
      'spell',
      `${f.name}'s ${s.name} finds no target.`,
      oursCp('a missile whose target has fallen'),
      [f],
    );
    return null;
  }
  const pick = decide(
    ctx,
    f,
    'spell-target',
    `${f.name}: ${t.name} is down; ${s.name} at whom?`,
    others.map((o) => ({ key: combatantKey(o), label: o.name })),
    combatantKey(others[0] as CpFighter),
  );
  return others.find((o) => combatantKey(o) === pick) ?? null;
}

function touchEffect(st: CpState, ctx: FightContext, f: CpFighter, t: CpFighter, s: Spell): void {
  if (s.resist) {
    const v = now(st, t, s.resist);
    const r = d100(ctx, t, `resist ${s.name}: ${s.resist} test (need ${v} or less)`);
    say(
      st,
      ctx,
      'spell',
      `${t.name} tests ${s.resist} against ${s.name}: D100 ${formatD100(r)} ${r <= v ? '≤' : '>'} ${v}: ${r <= v ? 'resists' : s.onFail === 'asleep' ? 'falls asleep' : 'succumbs'}.`,
      section('Combat example #3'),
      [t],
    );
    if (r > v && s.onFail === 'asleep') {
      const n = roll(ctx, 6, t, `${s.name}: D6 rounds asleep`);
      t.asleep = true;
      t.wakesAt = st.round + n + 1;
      say(
        st,
        ctx,
        'spell',
        `${t.name} sleeps for ${n} round${n === 1 ? '' : 's'} after this one (wakes at the start of round ${t.wakesAt}).`,
        section('Combat example #3'),
        [t],
      );
    }
  }
  if (s.fromT) {
    // Rule 40: damage "from W" is taken from T at half the dice.
    const half = { ...s.fromT, sides: Math.max(2, Math.floor(s.fromT.sides / 2)) };
    const n =
      roll(
        ctx,
        half.sides,
        f,
        `${s.name}: ${half.count > 1 ? half.count : ''}D${half.sides} from T (rule 40)`,
        half.count,
      ) + half.plus;
    t.tLost += n;
    say(st, ctx, 'spell', `${s.name} takes ${n} from ${t.name}'s T: T now ${now(st, t, 'T')}.`, rule(40), [
      t,
    ]);
    belowZero(st, ctx, t, 'falling', rule(40));
  }
}

/** Rule 39: the dice doubled, less T, on the Fire and Energy chart; a dodge (I test) halves it. */
function magicMissile(st: CpState, ctx: FightContext, f: CpFighter, t: CpFighter | null, s: Spell): void {
  if (!t || t.out === 'dead' || t.out === 'fled' || !s.dice) return;
  const dice = { ...s.dice, count: s.dice.count * 2 };
  const rolled = roll(
    ctx,
    dice.sides,
    f,
    `${s.name}: ${dice.count}D${dice.sides} (the spell's dice doubled)`,
    dice.count,
  );
  const total = rolled + dice.plus;
  const T = now(st, t, 'T');
  let dodged = false;
  if (mayDefend(st, t)) {
    const pick = decide(
      ctx,
      t,
      'dodge-magic',
      `${t.name}: dodge the ${s.name}? (an I test halves it)`,
      [
        { key: 'dodge', label: 'dodge' },
        { key: 'no', label: 'no' },
      ],
      'dodge',
    );
    if (pick === 'dodge') {
      const I = now(st, t, 'I');
      const r = d100(ctx, t, `dodge the ${s.name}: I test (need ${I} or less)`);
      dodged = r <= I;
      say(
        st,
        ctx,
        'dodge',
        `${t.name} dodges: D100 ${formatD100(r)} ${dodged ? '≤' : '>'} I ${I}: ${dodged ? 'half the effect' : 'caught full'}.`,
        rule(39),
        [t],
      );
    }
  }
  const effect = magicMissileEffect(total, T, dodged);
  say(
    st,
    ctx,
    'spell',
    `${s.name} strikes ${t.name}: ${rolled}${dice.plus ? ` + ${dice.plus}` : ''} − T ${T} = ${total - T}${dodged ? `, halved: ${(total - T) / 2} → ${effect}` : ''}: effect ${effect} on the Fire and Energy chart.`,
    rule(39),
    [f, t],
    { effect },
  );
  chartEffect(st, ctx, t, 'fire', effect, f, rule(39));
}

// ------------------------------------------------------------------ falls and fire (rules 40-46)

function chartEffect(
  st: CpState,
  ctx: FightContext,
  t: CpFighter,
  which: 'fire' | 'falling',
  n: number,
  by: CpFighter | null,
  cite: ReturnType<typeof rule>,
): void {
  if (n < 1 || t.out === 'dead') return;
  const k = Math.min(16, n);
  const charts = st.setup.cp.charts;
  const e = (which === 'fire' ? charts.fire : charts.falling)[k - 1] as ChartEffect;
  say(
    st,
    ctx,
    'critical',
    `${t.name}: ${which === 'fire' ? 'Fire and Energy' : 'Falling and Crushing'} effect ${k}: ${e.text}.`,
    cite,
    [t],
    { effect: k, chart: which },
  );
  t.stats.criticalsTaken++;
  if (by) by.stats.criticalsDealt++;
  const conds = t.conds.length;
  const mods = t.charMods.length;
  if (e.destroysHeld) {
    for (const h of ['right', 'left'] as const) {
      const w = t[h];
      if (w && (e.destroysHeld === 'all' || w.missile)) dropHand(st, ctx, t, h, 'burnt', true);
    }
    t.carried = t.carried.filter((w) => e.destroysHeld !== 'all' && !w.missile);
  }
  if (e.burning && t.burning === 0) t.burning = 1;
  applyConsequences(st, ctx, t, PARTS.body, e, `${which === 'fire' ? 'fire' : 'fall'} ${k}`, null);
  stampDurations(st, t, conds, mods);
  effectTaken(st, ctx, t, k);
}

/** Rules 40 and 46: T below 0 reads the chart by its depth; results cumulate, so only a deeper one is read. */
function belowZero(
  st: CpState,
  ctx: FightContext,
  t: CpFighter,
  which: 'fire' | 'falling',
  cite: ReturnType<typeof rule>,
): void {
  const depth = effectBelowZero(now(st, t, 'T'));
  if (depth <= t.tEffect) return;
  t.tEffect = depth;
  chartEffect(st, ctx, t, which, depth, null, cite);
}

/** Rules 41-45: a fall or jump of `metres`, perhaps into water. */
export function fall(
  st: CpState,
  ctx: FightContext,
  f: CpFighter,
  metres: number,
  jump: boolean,
  water: boolean,
  why: string,
): void {
  if (water) {
    const need = waterEntryTarget(now(st, f, 'I'), now(st, f, 'Dex')) + (hasSkill(f, 'swashbuckle') ? 10 : 0);
    const r = d100(ctx, f, `enter the water well: (I + Dex) / 2 test (need ${need} or less)`);
    say(
      st,
      ctx,
      'fall',
      `${f.name} ${why} into water: D100 ${formatD100(r)} ${r <= need ? '≤' : '>'} ${need}${hasSkill(f, 'swashbuckle') ? ' (+10 Swashbuckle)' : ''}: ${r <= need ? 'a clean entry, unhurt' : 'a bad entry, hurt as a fall'}.`,
      rule(45),
      [f],
    );
    if (r <= need) return;
    jump = false;
  }
  const d4 = roll(ctx, 4, f, `fall of ${metres} m (D4)`);
  const acro = hasSkill(f, 'acrobatics');
  const before = fallEffect(metres, d4, jump, acro, 0);
  // Rule 42: W go in fives, one less for each.
  const room = 5 * Math.floor(Math.max(0, Math.min(f.W, 5 * Math.max(0, before))) / 5);
  const spend =
    room >= 5
      ? ctx.amount({
          kind: 'amount',
          actor: f.id,
          topic: 'fall-w',
          label: `${f.name}: W to spend against the fall (1 less for every 5)`,
          min: 0,
          max: room,
          step: 5,
          suggested: f.cp.monster ? 0 : Math.min(room, 5 * Math.max(0, before - 2)),
        })
      : 0;
  f.W -= spend;
  const effect = fallEffect(metres, d4, jump, acro, spend);
  say(
    st,
    ctx,
    'fall',
    `${f.name} ${why}: ${metres} m − D4 ${d4}${jump ? ' − 2 jumping' : ''}${acro ? ' − 2 Acrobatics' : ''}${spend ? ` − ${spend / 5} (${spend} W spent)` : ''} = ${effect}${effect <= 0 ? ': nothing happens' : ' on the Falling and Crushing chart'}.`,
    rule(41),
    [f],
    { effect },
  );
  chartEffect(st, ctx, f, 'falling', effect, null, rule(41));
}

/** Rule 44: a dismount is a fall from D8 metres. */
export function dismountFall(st: W1State, ctx: FightContext, rider: Fighter, mount: Fighter): void {
  const cs = st as CpState;
  rider.mount = null;
  mount.rider = null;
  const m = roll(ctx, DISMOUNT_FALL_DIE, rider, 'dismounted: fall from D8 metres');
  fall(
    cs,
    ctx,
    rider as CpFighter,
    m,
    false,
    false,
    `is thrown as ${mount.name} falls (rule 44, D8: ${m} m)`,
  );
}

/** Rule 46: D4 from T each round on fire; below 0, the Fire and Energy chart. */
function burn(st: CpState, ctx: FightContext, f: CpFighter): void {
  const n = roll(ctx, FIRE_DIE, f, 'burning: D4 from T');
  f.tFire += n;
  f.burning++;
  say(st, ctx, 'fire', `${f.name} burns: D4 ${n} from T, T now ${now(st, f, 'T')}.`, rule(46), [f]);
  belowZero(st, ctx, f, 'fire', rule(46));
}

/** Ours: a whole round puts the flames out; T comes back after as many rounds as it burned (rule 46). */
function putOut(st: CpState, ctx: FightContext, f: CpFighter): void {
  f.coolAt = st.round + f.burning;
  f.burning = 0;
  say(
    st,
    ctx,
    'fire',
    `${f.name} puts out the flames; T comes back in round ${f.coolAt}.`,
    oursCp('putting out flames'),
    [f],
  );
}

// ------------------------------------------------------------------ fear (Fear and Terror resistant)

/** Ours: the first time a fighter meets a foe that causes fear or terror, a Cl test (the resistant skills help). */
function fear(st: CpState, ctx: FightContext, f: CpFighter): void {
  // Terror resistant: the fear left by a mastered terror goes only as terror would, with the monster.
  for (const o of f.dreads)
    if (o.out === null)
      f.conds.push({ kind: 'parryOnly', from: st.round, until: st.round, why: `fear of ${o.name}` });
  for (const o of foes(st, f)) {
    if (!o.cp.causes || f.feared.has(o) || f.cp.causes) continue;
    f.feared.add(o);
    const terror = o.cp.causes === 'terror';
    const bonus = hasSkill(f, 'terror resistant')
      ? terror
        ? 10
        : 20
      : hasSkill(f, 'fear resistant')
        ? 10
        : 0;
    const need = now(st, f, 'Cl') + bonus;
    let r = d100(ctx, f, `${o.cp.causes} test against ${o.name} (Cl ${need})`);
    if (r > need && terror && hasSkill(f, 'terror resistant')) {
      // Terror resistant: the failed test is taken again (its Insanity Point stays); passed, only fear remains.
      f.insanity++;
      const first = r;
      r = d100(ctx, f, `terror test again (Terror resistant; need ${need} or less)`);
      if (r <= need) {
        say(
          st,
          ctx,
          'fear',
          `${f.name} faces ${o.name} (terror): D100 ${formatD100(first)} > Cl ${need} (+${bonus} resistant), an Insanity Point; again (Terror resistant): D100 ${formatD100(r)} ≤ ${need}: only fear remains: may only parry while ${o.name} stands.`,
          section('Advanced skills: Terror resistant'),
          [f, o],
        );
        f.conds.push({ kind: 'parryOnly', from: st.round, until: st.round, why: `fear of ${o.name}` });
        f.dreads.add(o);
        continue;
      }
    }
    const ok = r <= need;
    say(
      st,
      ctx,
      'fear',
      `${f.name} faces ${o.name} (${o.cp.causes}): D100 ${formatD100(r)} ${ok ? '≤' : '>'} Cl ${need}${bonus ? ` (+${bonus} resistant)` : ''}: ${ok ? 'stands firm' : terror ? 'terrified: must flee, and an Insanity Point' : 'afraid: may only parry this round'}.`,
      oursCp('fear and terror'),
      [f, o],
    );
    if (ok) continue;
    if (terror) {
      f.insanity++;
      f.flee = 'forced';
    } else f.conds.push({ kind: 'parryOnly', from: st.round, until: st.round, why: `fear of ${o.name}` });
  }
}

// ------------------------------------------------------------------ the round's end (rules 33-34)

function endRound(st: CpState, ctx: FightContext): void {
  for (const f of st.combatants) {
    if (f.maxLP === 0 || f.LP === 0 || f.pool === 0 || f.out !== null) continue;
    const { sure, chance } = poolLosses(f.pool);
    const before = f.LP;
    const lost = Math.min(f.LP, sure);
    f.LP -= lost;
    let text = `${f.name}'s pool is ${f.pool}%: ${sure} LP lost outright`;
    if (f.LP > 0 && chance > 0) {
      const r = d100(ctx, f, `another LP? (${chance}% or less)`);
      if (r <= chance) f.LP--;
      text += `, and D100 ${formatD100(r)} ${r <= chance ? '≤' : '>'} ${chance}: ${r <= chance ? 'one more' : 'no more'}`;
      if (f.LP === 0) {
        f.W = woundsAfterLastLP(0);
        text += `; no LP left: W ${f.W}`;
      }
    } else if (f.LP === 0) {
      const surplus = f.pool - 100 * before;
      f.W = woundsAfterLastLP(Math.max(0, surplus));
      text += `; the last LP is gone: W ${15}${surplus > 0 ? ` less ${surplus}% = ${f.W}` : ''}`;
    }
    say(st, ctx, 'pool', `${text}. LP ${before} → ${f.LP}.`, rule(33), [f], { pool: f.pool, LP: f.LP });
    f.pool = 0;
  }
  for (const f of st.combatants) if (f.bleeding.length > 0) bleed(st, ctx, f);
  // Ours: a side whose every standing fighter sleeps is at its enemies' mercy (WFRP 1e's helpless).
  st.sides.forEach((_side, s) => {
    const up = st.combatants.filter((f) => f.side === s && f.out === null);
    const awakeFoes = st.combatants.some((o) => o.side !== s && o.out === null && !o.asleep);
    if (up.length > 0 && awakeFoes && up.every((f) => f.asleep))
      for (const f of up) takeOut(st, ctx, f, 'helpless', 'asleep, at the mercy of its foes');
  });
  for (const f of st.combatants) {
    if (f.diesAt === null || f.out === 'dead' || st.round < f.diesAt) continue;
    f.diesAt = null;
    takeOut(st, ctx, f, 'dead', 'died of the wound');
  }
}
