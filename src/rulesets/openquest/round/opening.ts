// How A Combat Plays Out, steps 1-4, before the first round: who is involved, the encounter distance,
// then scouting, surprise and avoiding the fight.
import type { FightContext } from '../../../core/context.js';
import { say } from '../../../core/say.js';
import { facts, text } from '../cite.js';
import { armourPoints, formatDice, weaponDice } from '../rules.js';
import type { OqState } from '../state.js';
import { avoid } from './avoiding.js';
import { scout } from './scouting.js';
import { surprise, surpriseDistance } from './surprise.js';

export function startOq(st: OqState, ctx: FightContext): void {
  if (ctx.explain) {
    for (const f of st.combatants) {
      const s = f.spec;
      const kit = s.weapons
        .filter((w) => !w.shield)
        .map((w) => `${w.name} ${weaponDice(w.damage)} (${w.skill} ${s.skills[w.skill]}%)`);
      say(
        st,
        ctx,
        'start',
        `${f.name}: ${s.hp}/${s.maxHp} HP, damage modifier ${formatDice(s.dm)}, AP ${armourPoints(s.armour)}${kit.length ? `, ${kit.join(', ')}` : ''}, Dodge ${s.skills.dodge}%.`,
        facts('Hit points, damage modifier and armour'),
        [f],
      );
    }
    for (const s of st.setup.fighters.filter((x) => x.standsAside))
      say(
        st,
        ctx,
        'aside',
        `${s.name} stays out of the fight.`,
        text('Work Out Who is Involved in the Combat'),
      );
  }
  const spotters = st.setup.scouting
    ? scout(st, ctx, st.setup.scouting.scouts, st.setup.scouting.cover)
    : null;
  const opens = st.near.size > 0 ? 'close' : 'ranged';
  say(
    st,
    ctx,
    'distance',
    `The fight opens at ${opens} distance${opens === 'close' ? ' (2 m or less)' : ''}.`,
    text('Encounter Distance and Engaging in Combat'),
  );
  if (st.setup.surprise && spotters !== null && spotters !== st.setup.surprise.side) {
    // Surprise Attack Procedure 1: no surprise on a side whose scouts saw them coming.
    say(
      st,
      ctx,
      'surprise',
      `No surprise: ${st.sides[spotters]?.name}'s scouts saw them first.`,
      text('Surprise Attack Procedure'),
    );
  } else if (st.setup.surprise) {
    surprise(st, ctx, st.setup.surprise.side, st.setup.surprise.kind, st.setup.surprise.by);
    surpriseDistance(st, ctx, st.setup.surprise.side);
  }
  if (st.setup.avoid) avoid(st, ctx, st.setup.avoid);
}
