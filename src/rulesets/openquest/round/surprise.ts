// Surprise Attacks and the Surprise Attack Procedure: the unaware caught, and the distance the attackers
// choose.
import type { FightContext } from '../../../core/context.js';
import { decide, say } from '../../../core/say.js';
import { formatD100 } from '../../../dice/d100.js';
import { text } from '../cite.js';
import { type Level, opposed, type Skill } from '../rules.js';
import { type OqFighter, type OqState, setDistance } from '../state.js';
import { carriesMissile, chosenDistance } from './scouting.js';
import { LEVEL_WORD, test } from './tests.js';

/**
 * Surprise Attack Procedure 4-5: a surprise that worked lets the attackers choose the distance:
 * the Referee's as a group, the players each for their own character.
 */
export function surpriseDistance(st: OqState, ctx: FightContext, side: number): void {
  if (!st.combatants.some((f) => f.side !== side && f.surprised !== null)) return;
  const attackers = st.combatants.filter((f) => f.side === side && f.out === null);
  const ask = (who: OqFighter | null, label: string, missiles: boolean) =>
    decide(
      ctx,
      who,
      'distance',
      label,
      [
        { key: 'ranged', label: 'ranged' },
        { key: 'close', label: 'close (2 m or less)' },
      ],
      chosenDistance(missiles),
    ) as 'close' | 'ranged';
  const hasMissile = (f: OqFighter) => carriesMissile(f.spec);
  if (st.sides[side]?.players) {
    for (const f of attackers) {
      const d = ask(f, `${f.name}: the surprise worked: strike from which distance?`, hasMissile(f));
      setDistance(st, [f], d);
      say(st, ctx, 'distance', `${f.name} strikes from ${d} distance.`, text('Surprise Attack Procedure'), [
        f,
      ]);
    }
    return;
  }
  const d = ask(
    null,
    `${st.sides[side]?.name}: the surprise worked: at which distance do you strike?`,
    attackers.some(hasMissile),
  );
  setDistance(st, attackers, d);
  say(st, ctx, 'distance', `The attackers strike from ${d} distance.`, text('Surprise Attack Procedure'));
}

/** Surprise Attack Procedure: opposed Perception against the attackers' best Deception (Athletics for a rush). */
export function surprise(
  st: OqState,
  ctx: FightContext,
  side: number,
  kind: 'ambush' | 'sneak' | 'rush',
  by: Skill,
): void {
  const stealth: Skill = by;
  const attackers = st.combatants.filter((f) => f.side === side && f.out === null);
  const unaware = st.combatants.filter((f) => f.side !== side && f.out === null);
  if (!attackers.length || !unaware.length) return;
  say(
    st,
    ctx,
    'surprise',
    `A${kind === 'ambush' ? 'n ambush' : kind === 'sneak' ? ' sneak attack' : ' rush attack'} by ${st.sides[side]?.name}: Perception against ${stealth[0]?.toUpperCase()}${stealth.slice(1)}.`,
    text('Surprise Attacks'),
  );
  const best = (fs: OqFighter[], s: Skill) =>
    [...fs].sort((x, y) => y.spec.skills[s] - x.spec.skills[s])[0] as OqFighter;
  if (st.sides[side]?.players) {
    // 3. The characters attack: each tests Deception against the opponents' best Perception; 5. any who
    // wins catches the opposing side unaware: they may only defend, or nothing if that Perception fumbled (ours: for the side).
    const watcher = best(unaware, 'perception');
    let caught: 'defend-only' | 'helpless' | null = null;
    for (const a of attackers) {
      const ra = test(st, ctx, a, stealth, a.spec.skills[stealth], 'surprise the opposition');
      const rw = test(st, ctx, watcher, 'perception', watcher.spec.skills.perception, `spot ${a.name}`);
      const got = caughtUnaware(rw, ra);
      const won = got !== null;
      say(
        st,
        ctx,
        'surprise',
        `${a.name}'s ${stealth} ${formatD100(ra.roll)} (${LEVEL_WORD[ra.level]}) against ${watcher.name}'s Perception ${formatD100(rw.roll)} (${LEVEL_WORD[rw.level]}): ${won ? `the opposition is surprised${rw.level === 'fumble' ? ' and cannot even defend' : ': may only parry or dodge this round'}` : 'no surprise'}.`,
        text('Surprise Attack Procedure'),
        [a, watcher],
      );
      if (got) caught = caught === 'helpless' || got === 'helpless' ? 'helpless' : 'defend-only';
    }
    if (caught) for (const o of unaware) o.surprised = caught;
    return;
  }
  // 2. The unaware each test Perception against the attackers' best Deception; 4. failed: only parry or dodge for a round; fumbled: not even that.
  const sneak = best(attackers, stealth);
  for (const u of unaware) {
    const ru = test(st, ctx, u, 'perception', u.spec.skills.perception, 'notice the attack');
    const rs = test(st, ctx, sneak, stealth, sneak.spec.skills[stealth], `surprise ${u.name}`);
    // A tie goes against the side trying to surprise (ours).
    const got = caughtUnaware(ru, rs);
    const spotted = got === null;
    say(
      st,
      ctx,
      'surprise',
      `${u.name}'s Perception ${formatD100(ru.roll)} (${LEVEL_WORD[ru.level]}) against ${sneak.name}'s ${stealth} ${formatD100(rs.roll)} (${LEVEL_WORD[rs.level]}): ${spotted ? 'not surprised' : ru.level === 'fumble' ? 'surprised, and cannot even defend this round' : 'surprised: may only parry or dodge this round'}.`,
      text('Surprise Attack Procedure'),
      [u, sneak],
    );
    if (got) u.surprised = got;
  }
}

/** Surprise Attack Procedure 4-5: beaten on the opposed test, the unaware may only parry or dodge this round; after a fumbled Perception, not even that (a tie goes to the unaware: ours). */
export function caughtUnaware(
  watch: { level: Level; roll: number },
  sneak: { level: Level; roll: number },
): 'defend-only' | 'helpless' | null {
  if (opposed(watch, sneak) !== 'b') return null;
  return watch.level === 'fumble' ? 'helpless' : 'defend-only';
}
