// Readying weapons: drawing costs actions, not EI (rule 4), and what is worth drawing.
import type { FightContext } from '../../../core/context.js';
import type { Weapon } from '../../wfrp1e/catalogue.js';
import { dropHand } from '../../wfrp1e/effects.js';
import { decide, say } from '../../wfrp1e/say.js';
import { hasSkill } from '../../wfrp1e/state.js';
import { rule } from '../cite.js';
import { actionsLeft, cpLeft, currentEI, enemies, foes, meleeWeapon } from '../fighter.js';
import { CP_PER_ACTION } from '../rules.js';
import type { CpFighter, CpState } from '../state.js';

export function heldMelee(st: CpState, f: CpFighter): boolean {
  const w = meleeWeapon(st, f);
  return w !== null && !w.natural && (f.right === w || f.left === w);
}

/** Rule 6 at the round's start: who holds no hand weapon but carries one draws it (Combat example #1). */
export function readyWeapons(st: CpState, ctx: FightContext): void {
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

export function drawActions(st: CpState, f: CpFighter, w: Weapon): number {
  const n = st.setup.cp.classes.draw.get(w.id) ?? 5;
  return Math.max(0, n - (hasSkill(f, 'lightning strike') ? 3 : 0));
}

/** Rule 6: drawing costs actions and 10 CP each; a missile weapon in hand is dropped first, at no cost. */
export function draw(st: CpState, ctx: FightContext, f: CpFighter, w: Weapon): void {
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

/** Rule 6: carried weapons worth the actions: a hand weapon when none is held, a missile weapon when none is held, a shield for a free hand. */
export function worthDrawing(st: CpState, f: CpFighter): Weapon[] {
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
