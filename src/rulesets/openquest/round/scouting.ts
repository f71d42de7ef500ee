// Scouting Ahead: the scouts' Perception against the opposition's cover, and the distance their side
// chooses.
import type { FightContext } from '../../../core/context.js';
import { decide, say } from '../../../core/say.js';
import { formatD100 } from '../../../dice/d100.js';
import { text } from '../cite.js';
import { COVER, type Level, SECOND_LOOK } from '../rules.js';
import { type OqFighter, type OqFighterSpec, type OqState, setDistance } from '../state.js';
import { LEVEL_WORD, test } from './tests.js';

/**
 * Scouting Ahead: Perception with the cover's modifier; any success lets the scouts' side choose
 * the distance, else a failure is spotted at ranged distance; a fumbling scout is split off at a
 * distance of its own. Returns the scouts' side if they spotted the opposition.
 */
export function scout(
  st: OqState,
  ctx: FightContext,
  ids: readonly string[],
  cover: keyof typeof COVER,
): number | null {
  const scouts = st.combatants.filter((f) => ids.includes(f.id));
  let spotted = false;
  let caught = false;
  const strayed: OqFighter[] = [];
  for (const s of scouts) {
    const need = s.spec.skills.perception + COVER[cover];
    const r = test(
      st,
      ctx,
      s,
      'perception',
      need,
      `scout ahead (cover ${COVER[cover] >= 0 ? '+' : ''}${COVER[cover]}%)`,
    );
    const found = scouted(r.level);
    const ok = found === 'spots';
    let more = '';
    if (r.level === 'critical') {
      // A critical: exact numbers and positions, and a second look at +20%, cover ignored.
      const again = test(
        st,
        ctx,
        s,
        'perception',
        s.spec.skills.perception + SECOND_LOOK,
        'scout out the rest (+20%, cover ignored)',
      );
      more = `: the exact numbers and positions; a second look, D100 ${formatD100(again.roll)} against ${s.spec.skills.perception + SECOND_LOOK}: ${LEVEL_WORD[again.level]}${again.level === 'success' || again.level === 'critical' ? ': the rest of the opponents too' : ''}`;
    }
    if (found === 'seen') caught = true;
    if (found === 'strays') strayed.push(s);
    spotted ||= ok;
    say(
      st,
      ctx,
      'scout',
      `${s.name} scouts ahead: Perception D100 ${formatD100(r.roll)} against ${s.spec.skills.perception} ${COVER[cover] >= 0 ? '+' : '−'} ${Math.abs(COVER[cover])} cover = ${need}: ${LEVEL_WORD[r.level]}${ok ? ', the opposition spotted' : r.level === 'fumble' ? ': split off from the party' : ': spotted approaching'}${more}.`,
      text('Scouting Ahead'),
      [s],
    );
  }
  const side = scouts[0]?.side ?? 0;
  if (spotted) {
    const hasMissiles = st.combatants.some((f) => f.side === side && carriesMissile(f.spec));
    const d = decide(
      ctx,
      null,
      'distance',
      `${st.sides[side]?.name}: the scouts spotted them first: fight at which distance?`,
      [
        { key: 'close', label: 'close (2 m or less)' },
        { key: 'ranged', label: 'ranged' },
      ],
      chosenDistance(hasMissiles),
    ) as 'close' | 'ranged';
    setDistance(st, st.combatants, d);
  } else if (caught) setDistance(st, st.combatants, 'ranged');
  for (const s of strayed) {
    const d = decide(
      ctx,
      null,
      'distance',
      `GM: ${s.name} is split off from the party: how close to the opposition?`,
      [
        { key: 'close', label: 'close (the scout stumbles on them)' },
        { key: 'ranged', label: 'ranged' },
      ],
      'close',
    ) as 'close' | 'ranged';
    setDistance(st, [s], d);
  }
  return spotted ? side : null;
}

/** Scouting Ahead: a success spots the opposition; a failure is spotted approaching; a fumble splits the scout off. */
export function scouted(level: Level): 'spots' | 'seen' | 'strays' {
  return level === 'success' || level === 'critical' ? 'spots' : level === 'failure' ? 'seen' : 'strays';
}

/** Surprise Attack Procedure 4 and Scouting Ahead (ours as tactics): the side that picks the distance shoots from afar when it carries missile weapons, else closes. */
export function chosenDistance(missiles: boolean): 'close' | 'ranged' {
  return missiles ? 'ranged' : 'close';
}

/** A missile weapon among its weapons (the skill it attacks with is Ranged Combat). */
export function carriesMissile(spec: OqFighterSpec): boolean {
  return spec.weapons.some((w) => w.skill === 'ranged');
}
