// Before the first blow: the sides described, positions, who faces whom when the fight opens engaged,
// § Initiative and Surprise, § Ambush and § Bursting Through Doors.
import type { FightContext } from '../../../core/context.js';
import { surprisedNow } from '../blow.js';
import { cite, CITES } from '../cite.js';
import { decide, say } from '../say.js';
import { placeAll } from '../scene.js';
import { type Fighter, heldItems, type W1State } from '../state.js';
import { targetable } from './hand-to-hand.js';
import { standAndFire } from './movement.js';

/** Who fights whom when a fight opens in hand-to-hand: enemies spread over each side's members. */
export function pairUp(st: W1State): void {
  for (const f of st.combatants) {
    if (f.out !== null || f.airborne || f.target) continue;
    const enemies = targetable(st, f);
    if (enemies.length === 0) continue;
    f.target = enemies[placeAmongMates(st, f) % enemies.length] as Fighter;
  }
  for (const f of st.combatants) if (f.rider && f.rider.target) f.target = f.rider.target;
}

/** A combatant's place among its side's members on foot or in the saddle, not airborne (0 if not among them). */
function placeAmongMates(st: W1State, f: Fighter): number {
  let k = 0;
  for (const m of st.combatants) {
    if (m === f) return m.rider === null && !m.airborne ? k : 0;
    if (m.side === f.side && m.rider === null && !m.airborne) k++;
  }
  return 0;
}

export function startFight(st: W1State, ctx: FightContext): void {
  for (const f of st.combatants) {
    if (f.flying && f.tactics.dive && !f.rider && !f.mount) f.airborne = true;
    if (st.setup.start === 'charge') f.gap = 0;
  }
  if (st.setup.start === 'engaged') pairUp(st);
  if (ctx.explain) {
    const lines = st.sides.map((s, i) => {
      const who = st.combatants.filter((f) => f.side === i && f.out !== 'absent').map(describeFighter);
      return `${s.name}${s.players ? ' (players)' : ''}: ${who.join('; ')}`;
    });
    say(st, ctx, 'start', `${st.setup.title}. ${lines.join('. ')}.`, CITES.order);
    // Each one held back in a line of its own: the players' view leaves out the GM's.
    for (const f of st.combatants)
      if (f.out === 'absent') say(st, ctx, 'start', `${describeFighter(f)} enters later.`, CITES.order, [f]);
  }
  if (st.spatial) placeAll(st, ctx);
  burstThroughDoor(st, ctx);
  if (st.setup.shortcut) standAndFire(st, ctx);
}

/** § Bursting Through Doors: whether the room's occupants are surprised is the GM's call. */
function burstThroughDoor(st: W1State, ctx: FightContext): void {
  const door = st.setup.door;
  if (!door) return;
  const inside = st.sides
    .filter((_s, i) => i !== door.side)
    .map((s) => s.name)
    .join(' and ');
  const pick = decide(
    ctx,
    null,
    'door',
    `GM: ${st.sides[door.side]?.name} burst through the door. Are ${inside} surprised?`,
    [
      { key: 'surprised', label: 'yes: they are surprised (a free round for the party)' },
      { key: 'ready', label: 'no: they were forewarned' },
    ],
    'ready',
  );
  say(
    st,
    ctx,
    'door',
    `${st.sides[door.side]?.name} burst through the door: ${inside} ${pick === 'surprised' ? 'are surprised' : 'were ready'} (the GM's call).`,
    cite('Bursting Through Doors'),
  );
  if (pick === 'surprised') st.surprisedByDoor = st.sides.map((_s, i) => i !== door.side);
}

export function describeFighter(f: Fighter): string {
  const items = heldItems(f).map((w) => w.name.toLowerCase());
  const nat = f.natural.map((w) => w.name.toLowerCase());
  const armour = f.armour.map((a) => a.name.toLowerCase());
  const p = f.profile;
  const kit = [...items, ...nat].join(', ') || 'unarmed';
  return `${f.name} (WS ${p.WS} S ${p.S} T ${p.T} W ${f.W}/${f.maxW} I ${p.I} A ${p.A}; ${kit}${armour.length ? `; ${armour.join(', ')}` : ''}${f.mount ? `; riding ${f.mount.name}` : ''})`;
}

export function announceSurprise(st: W1State, ctx: FightContext): void {
  const surprised = st.sides.filter((_s, i) =>
    st.combatants.some((f) => f.side === i && surprisedNow(st, f)),
  );
  if (surprised.length === 0) return;
  if (surprised.length === st.sides.length) {
    say(
      st,
      ctx,
      'surprise',
      'Both sides are surprised: everyone stands and gawps for a round.',
      CITES.surprise,
    );
  } else {
    const ambush = st.sides.some((s) => s.ambush);
    say(
      st,
      ctx,
      'surprise',
      `${surprised.map((s) => s.name).join(' and ')} ${surprised.length === 1 ? 'is' : 'are'} surprised and can do nothing this round: a free round for the others.`,
      ambush ? CITES.ambush : CITES.surprise,
    );
  }
}
