// § Misfires, hang fire: the weapon goes off in the round after, at the combatant's turn.
import type { FightContext } from '../../../core/context.js';
import { type Choice, combatantKey } from '../../../core/request.js';
import { distance } from '../../../space/plane.js';
import { CITES } from '../cite.js';
import { PARTS } from '../data/locations.js';
import { decide, say } from '../say.js';
import type { Fighter, W1State } from '../state.js';
import { fireOne } from './fire.js';
import { automaticHit, pointBlankES } from './hits.js';
import { stateOf } from './loading.js';
import { heldMissile } from './range.js';

/** § Misfires, hang fire: the weapon goes off in the round after, at the combatant's turn. */
export function hangFire(st: W1State, ctx: FightContext, f: Fighter): void {
  const h = f.hangFire;
  if (!h || h.round !== st.round) return;
  f.hangFire = null;
  const ms = stateOf(f, h.weapon);
  const lookers = st.combatants.filter(
    (o) => o.out === null && o.pos && f.pos && distance(o.pos, f.pos) <= 3,
  );
  const choices: Choice[] = [
    { key: 'nobody', label: 'nobody' },
    ...lookers.map((o) => ({ key: combatantKey(o), label: o.name })),
  ];
  const pick = decide(
    ctx,
    null,
    'hang-fire',
    `GM: is anyone looking down the barrel of ${f.name}'s hung ${h.weapon.name.toLowerCase()}?`,
    choices,
    'nobody',
  );
  const looker = lookers.find((o) => combatantKey(o) === pick);
  if (looker) {
    say(
      st,
      ctx,
      'misfire',
      `The hung ${h.weapon.name.toLowerCase()} goes off in ${looker.name}'s face: an automatic point-blank head shot.`,
      CITES.misfires,
      [f, looker],
    );
    ms.loaded = 0;
    automaticHit(
      st,
      ctx,
      f,
      looker,
      pointBlankES(st, f, h.weapon),
      `${f.name}'s ${h.weapon.name.toLowerCase()}`,
      PARTS.head,
    );
    return;
  }
  if (h.target.out === null && heldMissile(st, f) === h.weapon) {
    say(st, ctx, 'misfire', `The hung ${h.weapon.name.toLowerCase()} goes off at last.`, CITES.misfires, [f]);
    ms.loaded = Math.max(1, ms.loaded);
    fireOne(st, ctx, f, h.weapon, ms, { target: h.target, group: false, part: null });
  } else {
    ms.loaded = 0;
    say(st, ctx, 'misfire', `The hung ${h.weapon.name.toLowerCase()} goes off harmlessly.`, CITES.misfires, [
      f,
    ]);
  }
}
