// The end of the round: burning oil, items taken up, § Winning and Losing (the loser pushed back), and
// the winner's choice at the next round's start to press the beaten opponent or hold back.
import type { FightContext } from '../../../core/context.js';
import { type Choice, combatantKey } from '../../../core/request.js';
import { CITES } from '../cite.js';
import { PARTS } from '../data/locations.js';
import { bleed, takeOut, woundDirect } from '../effects.js';
import { decide, directKey, roll, say } from '../say.js';
import { follow, gap, pushBack } from '../scene.js';
import { engaged, type Fighter, inContact, isEngaged, type W1State } from '../state.js';
import { fits, packItemInHand, takeInHand } from './hands.js';

const PRESS_KEYS = ['press', 'hold'];

/** § Winning and Losing: a winner presses the beaten opponent, or holds back and leaves it off-guard. */
export function pressing(st: W1State, ctx: FightContext): void {
  for (const w of st.combatants) {
    if (w.out !== null || !w.winning) continue;
    for (const l of w.wonAgainst) {
      if (
        l.out !== null ||
        !l.losing ||
        !(engaged(w, l) || (st.spatial && w.target === l && gap(w, l) <= 2.5))
      )
        continue;
      const suggested = w.tactics.press ? 'press' : 'hold';
      const pick =
        directKey(ctx, PRESS_KEYS, suggested) ??
        decide(
          ctx,
          w,
          'press',
          `${w.name} is winning against ${l.name}: press the attack?`,
          [
            { key: 'press', label: `press: follow ${l.name} and fight on` },
            { key: 'hold', label: `hold back: ${l.name} is off-guard this round` },
          ],
          suggested,
          undefined,
          // Following the beaten opponent and fighting on is the fight going on: routine at the table.
          w.tactics.press,
        );
      if (pick === 'press') {
        follow(st, ctx, w, l);
        if (ctx.explain)
          say(
            st,
            ctx,
            'press',
            `${w.name} presses ${l.name}, following the 2-yard step back.`,
            CITES.winning,
            [w, l],
          );
        continue;
      }
      if (w.target === l) w.target = null;
      if (l.target === w) l.target = null;
      if (!st.spatial) {
        w.gap = 2;
        l.gap = 2;
      }
      l.offGuard = true;
      if (ctx.explain)
        say(
          st,
          ctx,
          'press',
          `${w.name} does not press: ${l.name} is thrown off-guard and may do nothing more this round than turn to meet a fresh attack.`,
          CITES.winning,
          [w, l],
        );
    }
  }
}

export function endRound(st: W1State, ctx: FightContext): void {
  const r = st.round;
  for (const f of st.combatants) {
    if (f.busyUntil === r && f.out !== null) {
      // Taken out while taking up an item: the take-up is never finished.
      f.readying = null;
      f.searching = null;
    }
    if (f.busyUntil === r && f.out === null) {
      const w = f.readying;
      if (w) {
        f.readying = null;
        if (fits(st, f, w)) takeInHand(st, f, w);
        say(st, ctx, 'take-up', `${f.name} has the ${w.name.toLowerCase()} ready.`, CITES.takeUp, [f]);
      }
      const item = f.searching;
      if (item !== null) {
        f.searching = null;
        packItemInHand(st, f, item);
        say(st, ctx, 'take-up', `${f.name} finds the ${item}.`, CITES.takeUp, [f]);
      }
    }
  }
  for (const f of st.combatants) if (f.bleeding.length > 0) bleed(st, ctx, f);
  for (const f of st.combatants) {
    if (f.diesAt === null || f.out === 'dead' || r < f.diesAt) continue;
    f.diesAt = null;
    takeOut(st, ctx, f, 'dead', 'died of the wound');
  }
  burningOil(st, ctx);
  winningAndLosing(st, ctx);
}

/** § Actions, Drop: burning oil does 2D4 W a round to whoever stands in it (the GM says who). */
function burningOil(st: W1State, ctx: FightContext): void {
  if (st.pools.length === 0) return;
  for (const pool of st.pools) {
    const caught = new Set<Fighter>();
    for (let k = 0; k < st.combatants.length; k++) {
      const candidates = st.combatants.filter((f) => f.out !== 'dead' && f.out !== 'fled' && !caught.has(f));
      const choices: Choice[] = [
        { key: 'nobody', label: caught.size ? 'nobody else' : 'nobody' },
        ...candidates.map((f) => ({ key: combatantKey(f), label: f.name })),
      ];
      const pick = decide(
        ctx,
        null,
        'burning-oil',
        `GM: who ${caught.size ? 'else ' : ''}stands in the burning oil (${pool.feet} feet across, ${pool.roundsLeft} round${pool.roundsLeft === 1 ? '' : 's'} left)?`,
        choices,
        'nobody',
      );
      const f = candidates.find((c) => combatantKey(c) === pick);
      if (!f) break;
      caught.add(f);
      const w = roll(ctx, 4, f, 'burning oil (2D4 W)', 2);
      woundDirect(st, ctx, f, PARTS.body, w, null, 'burning oil', st.opt.fireCriticals);
    }
    pool.roundsLeft--;
  }
  st.pools = st.pools.filter((p) => p.roundsLeft > 0);
}

/** § Winning and Losing: more damage caused than received wins; the loser steps back 2 yards. */
function winningAndLosing(st: W1State, ctx: FightContext): void {
  const notes: string[] = [];
  for (const f of st.combatants) {
    const fought = f.fought.size > 0 || isEngaged(st, f);
    if (fought) f.roundsFought++;
    f.winning = f.out === null && f.dealt > f.taken;
    f.losing = f.out === null && f.taken > f.dealt;
    if (f.wonAgainst.size > 0) f.wonAgainst.clear();
    if (f.winning) for (const o of f.fought) if (o.out === null) f.wonAgainst.add(o);
    if (ctx.explain && (f.dealt > 0 || f.taken > 0) && f.out === null) {
      notes.push(
        `${f.name} caused ${f.dealt}, received ${f.taken}: ${f.winning ? 'winning' : f.losing ? 'losing, steps back 2 yards' : 'neither'}`,
      );
    }
  }
  if (notes.length > 0)
    say(st, ctx, 'winning', `End of round ${st.round}: ${notes.join('; ')}.`, CITES.winning);
  if (!st.spatial) return;
  for (const l of st.combatants) {
    if (!l.losing || l.out !== null) continue;
    const w = st.combatants.find((o) => o.winning && o.wonAgainst.has(l) && inContact(o, l));
    if (w) pushBack(st, ctx, l, w);
  }
}
