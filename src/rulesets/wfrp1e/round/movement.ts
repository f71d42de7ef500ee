// Moving in the scene of battle: closing with an enemy and charging, contact and facing, a round of
// movement (advance, withdraw, evade), and the stand-and-fire shortcut of § Timekeeping.
import type { FightContext } from '../../../core/context.js';
import { type Choice, combatantKey, type FreeAnswer } from '../../../core/request.js';
import { formatYards } from '../../../space/plane.js';
import { surprisedNow } from '../blow.js';
import type { Weapon } from '../catalogue.js';
import { CITES, ours } from '../cite.js';
import type { Rate } from '../data/scene.js';
import { shoot } from '../missile/fire.js';
import { canLoad, canShoot, loadRound } from '../missile/loading.js';
import { aimedLongEnough, heldMissile, missileRange, missileTargets } from '../missile/range.js';
import { decide, namesOf, say } from '../say.js';
import {
  canSee,
  faceToward,
  gap,
  inFront,
  judgePoint,
  moveAwayFrom,
  movePoint,
  moveTo,
  outOfReach,
  startMoves,
  yardsAt,
} from '../scene.js';
import {
  carrier,
  current,
  engaged,
  type Fighter,
  hasCond,
  isEngaged,
  isRidden,
  running,
  type W1State,
} from '../state.js';

/**
 * A combatant out of reach closes in at the start of its turn: a charge from within M yards, a
 * move into contact within a standard move (both then strike), or an advance that stops short.
 */
export function approach(st: W1State, ctx: FightContext, f: Fighter): Fighter | null {
  const r = st.round;
  if (hasCond(f, 'entangled', r)) {
    say(st, ctx, 'idle', `${f.name} is entangled and cannot move.`, ours('Lassos'), [f]);
    return null;
  }
  const enemies = st.combatants
    .filter(
      (o) =>
        o.side !== f.side &&
        o.out === null &&
        !running(o, r) &&
        !isRidden(o) &&
        !outOfReach(f, o) &&
        canSee(st, f, o),
    )
    .sort((a, b) => gap(f, a) - gap(f, b));
  if (enemies.length === 0) {
    const above = st.combatants.filter(
      (o) => o.side !== f.side && o.out === null && !isRidden(o) && outOfReach(f, o),
    );
    if (above.length > 0)
      say(
        st,
        ctx,
        'idle',
        `${f.name} cannot close with ${namesOf(above)}: in the air, out of reach of anyone who cannot fly.`,
        CITES.flying,
        [f],
      );
    else say(st, ctx, 'idle', `${f.name} sees no enemy to close with.`, CITES.scene, [f]);
    return null;
  }
  const M = current(carrier(f), 'M', r);
  const standard = yardsAt(st, f, 'standard');
  const choices: Choice[] = [];
  for (const t of enemies) {
    const g = gap(f, t);
    if (g <= M)
      choices.push({ key: `charge:${combatantKey(t)}`, label: `charge ${t.name} (${formatYards(g)})` });
    else if (g <= standard)
      choices.push({
        key: `close:${combatantKey(t)}`,
        label: `close with ${t.name} (${formatYards(g)}): no charge bonus`,
      });
    else {
      choices.push({ key: `run:${combatantKey(t)}`, label: `run toward ${t.name} (${formatYards(g)} away)` });
      choices.push({ key: `walk:${combatantKey(t)}`, label: `advance on ${t.name} at standard rate` });
    }
  }
  choices.push({ key: 'hold', label: 'hold position' });
  const firstKey = (choices[0] as Choice).key;
  const near =
    firstKey.startsWith('run:') && f.tactics.advance !== 'running' ? `walk:${firstKey.slice(4)}` : firstKey;
  const suggested = f.tactics.melee === 'hold' && !near.startsWith('charge:') ? 'hold' : near;
  // Going on toward the same foe as last round is routine at the table.
  const same = f.approached !== null && suggested.endsWith(`:${f.approached}`);
  const pick = decide(
    ctx,
    f,
    'engage',
    `${f.name}: close with whom?`,
    choices,
    suggested,
    undefined,
    same,
    pointAnswer(st, f, enemies),
  );
  const chosen = judgePoint(st, f, pick, enemies);
  f.approached = typeof chosen !== 'string' || pick === 'hold' ? null : pick.slice(pick.indexOf(':') + 1);
  if (typeof chosen !== 'string') {
    movePoint(st, ctx, f, chosen);
    if (!chosen.meets) return null;
    contact(st, ctx, f, chosen.meets, chosen.rate === 'charge');
    return chosen.meets;
  }
  if (pick === 'hold') {
    say(st, ctx, 'hold', `${f.name} holds its position.`, CITES.actions, [f]);
    return null;
  }
  const [verb, key] = pick.split(':') as [string, string];
  const t = enemies.find((x) => combatantKey(x) === key);
  if (!t) return null;
  if (verb === 'charge' || verb === 'close') {
    const charge = verb === 'charge';
    if (
      !moveTo(
        st,
        ctx,
        f,
        t,
        charge ? M : standard,
        charge ? 'charge' : 'standard',
        charge ? 'charges' : 'closes with',
      )
    )
      return null;
    contact(st, ctx, f, t, charge);
    return t;
  }
  // A run or an advance stops a yard short: only a move within the standard distance ends in combat.
  const rate: Rate = verb === 'run' ? 'running' : f.tactics.advance === 'cautious' ? 'cautious' : 'standard';
  moveTo(
    st,
    ctx,
    f,
    t,
    Math.min(yardsAt(st, f, rate), Math.max(0, gap(f, t) - 1)),
    rate,
    rate === 'running' ? 'runs toward' : 'advances on',
  );
  return null;
}

/**
 * The free answer of the engage and move questions: a point to move to, straight (ours: Moving to
 * a point). `targets`: whom the move may close with (null: a plain move, not into contact).
 */
function pointAnswer(st: W1State, f: Fighter, targets: readonly Fighter[] | null): FreeAnswer {
  return {
    get hint() {
      const run = formatYards(yardsAt(st, f, 'running'));
      const reach = targets
        ? `; to close, touch a base within ${formatYards(yardsAt(st, f, 'standard'))}, a charge within M ${formatYards(current(carrier(f), 'M', st.round))} straight at it`
        : '';
      return `a point: to:x,y (yards, as positions are printed) or go:bearing,yards (go:90,4 is 4 yards east); at most ${run}${reach}`;
    },
    check: (answer) => {
      const m = judgePoint(st, f, answer, targets);
      return typeof m === 'string' ? m : null;
    },
  };
}

/** Bases in contact: the target turns to meet the newcomer unless surprised or already engaged. */
function contact(st: W1State, ctx: FightContext, f: Fighter, t: Fighter, charging: boolean): void {
  const busy = st.combatants.some((o) => o !== f && o.side !== t.side && engaged(t, o));
  const faces = !busy && !surprisedNow(st, t);
  f.target = t;
  f.charging = charging;
  if (f.mount && f.mount.out === null) f.mount.target = t;
  if (faces) {
    t.target = f;
    faceToward(t, f);
  }
  if (ctx.explain) {
    const side = faces
      ? `; ${t.name} turns to meet it`
      : inFront(t, f)
        ? `; ${t.name} cannot turn, but ${f.name} comes at its front`
        : `; ${t.name} cannot turn to face it: no parry against it`;
    say(
      st,
      ctx,
      charging ? 'charge' : 'engage',
      `${f.name} ${charging ? 'charges' : 'closes with'} ${t.name}${charging ? ' (+10 to hit on the first blow)' : ''}${side}.`,
      CITES.charging,
      [f, t],
    );
  }
}

/** A round of movement: advance on an enemy, withdraw, or evade (§ Actions, § To Hit Modifiers). */
export function moveTurn(st: W1State, ctx: FightContext, f: Fighter): void {
  if (hasCond(f, 'entangled', st.round)) {
    say(st, ctx, 'idle', `${f.name} is entangled and cannot move.`, ours('Lassos'), [f]);
    return;
  }
  const enemies = st.combatants.filter(
    (o) => o.side !== f.side && o.out === null && canSee(st, f, o) && !isRidden(o),
  );
  const choices: Choice[] = [];
  for (const t of enemies) {
    choices.push({
      key: `walk:${combatantKey(t)}`,
      label: `advance on ${t.name} (standard rate, ${formatYards(yardsAt(st, f, 'standard'))})`,
    });
    choices.push({
      key: `run:${combatantKey(t)}`,
      label: `run toward ${t.name} (${formatYards(yardsAt(st, f, 'running'))})`,
    });
  }
  for (const rate of ['cautious', 'standard', 'running', 'evading'] as const) {
    choices.push({
      key: `away:${rate}`,
      label:
        rate === 'evading'
          ? `evade: run zig-zagging away, ${formatYards(yardsAt(st, f, 'evading'))} (−20 to be hit)`
          : `withdraw at ${rate} rate (${formatYards(yardsAt(st, f, rate))})`,
    });
  }
  choices.push({ key: 'hold', label: 'stay' });
  const pick = decide(
    ctx,
    f,
    'move',
    `${f.name}: move how?`,
    choices,
    f.tactics.melee === 'hold' ? 'hold' : (choices[0] as Choice).key,
    undefined,
    false,
    pointAnswer(st, f, null),
  );
  const chosen = judgePoint(st, f, pick, null);
  if (typeof chosen !== 'string') return movePoint(st, ctx, f, chosen);
  const [verb, arg] = pick.split(':') as [string, string | undefined];
  if (verb === 'away') {
    moveAwayFrom(st, ctx, f, enemies, arg as Rate);
    return;
  }
  const t = enemies.find((x) => combatantKey(x) === arg);
  if (!t || verb === 'hold') return;
  const rate: Rate = verb === 'run' ? 'running' : 'standard';
  moveTo(
    st,
    ctx,
    f,
    t,
    Math.min(yardsAt(st, f, rate), Math.max(0, gap(f, t) - 1)),
    rate,
    rate === 'running' ? 'runs toward' : 'advances on',
  );
}

/**
 * § Timekeeping: firers shoot at an advancing enemy without going round by round: how long the
 * enemy takes to come within charging distance, the shots that allows, all resolved in one step.
 */
export function standAndFire(st: W1State, ctx: FightContext): void {
  const firers = st.combatants.filter(
    (f) => f.out === null && heldMissile(st, f) !== null && f.tactics.missile === 'fire',
  );
  const sides = new Set(firers.map((f) => f.side));
  const advancers = st.combatants.filter(
    (a) => a.out === null && !sides.has(a.side) && !(a.rider !== null) && a.tactics.melee === 'close',
  );
  if (firers.length === 0 || advancers.length === 0) return;
  const within = (a: Fighter) =>
    firers.some((f) => f.out === null && gap(a, f) <= current(carrier(a), 'M', st.round));
  say(
    st,
    ctx,
    'timekeeping',
    `Stand and fire: ${namesOf(firers)} ${firers.length === 1 ? 'shoots' : 'shoot'} while ${namesOf(advancers)} ${advancers.length === 1 ? 'comes' : 'come'} on, until within charging distance.`,
    CITES.timekeeping,
  );
  for (let k = 0; k < 50 && advancers.some((a) => a.out === null && !within(a)); k++) {
    st.round++;
    for (const f of st.combatants) startMoves(f);
    for (const f of firers) {
      if (f.out !== null) continue;
      const targets = missileTargets(st, f).filter(
        (t) => advancers.includes(t) || advancers.includes(t.mount ?? t),
      );
      const t = targets.sort((a, b) => gap(f, a) - gap(f, b))[0];
      if (t && canShoot(st, f)) {
        const band = missileRange(f, t, heldMissile(st, f) as Weapon).band;
        if (band?.band === 'extreme' && !aimedLongEnough(st, f, t)) {
          f.aim = { target: t, since: st.round, part: null };
          say(st, ctx, 'aim', `${f.name} aims at ${t.name}: the shot comes next round.`, CITES.extremeRange, [
            f,
            t,
          ]);
        } else {
          shoot(st, ctx, f, { target: t, group: false, part: null });
        }
      } else if (canLoad(st, f)) {
        loadRound(st, ctx, f);
      }
    }
    for (const a of advancers) {
      if (a.out !== null || within(a)) continue;
      const t = firers.filter((f) => f.out === null).sort((x, y) => gap(a, x) - gap(a, y))[0];
      if (!t) break;
      const M = current(carrier(a), 'M', st.round);
      const rate: Rate = a.tactics.advance;
      // Close to within charging distance, no nearer: the charge comes in the first ordinary round.
      moveTo(
        st,
        ctx,
        a,
        t,
        Math.min(yardsAt(st, a, rate), Math.max(0, gap(a, t) - M + 0.5)),
        rate,
        rate === 'running' ? 'runs toward' : 'advances on',
      );
    }
  }
  say(
    st,
    ctx,
    'timekeeping',
    `After ${st.round} round${st.round === 1 ? '' : 's'} of fire the survivors are within charging distance; the fight goes on round by round.`,
    CITES.timekeeping,
  );
}

/** Moves into contact: the target turns to meet it unless surprised or already engaged. */
export function engage(st: W1State, ctx: FightContext, f: Fighter, t: Fighter, charging: boolean): void {
  const faces = t.target === null && !surprisedNow(st, t) && t.out === null && !isEngaged(st, t);
  // "If the target is surprised or is already engaged in combat, it may not be turned to face the charge."
  if (!faces && t.target !== f) t.unfaced.add(f);
  f.target = t;
  f.gap = null;
  f.charging = charging;
  const mount = f.mount;
  if (mount && mount.out === null) mount.target = t;
  if (faces) t.target = f;
  if (ctx.explain) {
    say(
      st,
      ctx,
      charging ? 'charge' : 'engage',
      `${f.name} ${charging ? 'charges' : 'closes with'} ${t.name}${charging ? ' (+10 to hit on the first blow)' : ''}${faces ? `; ${t.name} turns to meet it` : t.target !== f ? `; ${t.name} cannot turn to face it (no parry against it this round)` : ''}.`,
      CITES.charging,
      [f, t],
    );
  }
}
