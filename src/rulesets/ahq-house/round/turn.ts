// A model's turn: the monster rules' Bravery checks, then one plan (close in and attack, shoot, cast,
// turn, flee or hold), chosen and carried out.
import type { FightContext } from '../../../core/context.js';
import { type Choice, combatantKey } from '../../../core/request.js';
import { decide, say } from '../../../core/say.js';
import { type Facing, lineOfSight, sideOf, squaresApart } from '../../../space/grid.js';
import type { Point } from '../../../space/plane.js';
import { ours } from '../cite.js';
import type { Spell } from '../data.js';
import type { AhqFighter, AhqState } from '../state.js';
import { engagedWith } from '../zones.js';
import { boardWithDoors } from './board.js';
import { attack, evadeByStealth, run } from './close-combat.js';
import { face } from './facing.js';
import { attackers, enemiesOf, hasRule, missileWeapon, standing, sum } from './models.js';
import { bravery, cast, mastered, runAmok } from './monster-rules.js';
import { MOVE_ANSWER, moveFreely, squareAnswer } from './moving-to-a-square.js';
import { closeIn } from './moving.js';
import { canShoot, shoot, stepBack } from './ranged.js';

export function modelTurn(st: AhqState, ctx: FightContext, f: AhqFighter): void {
  if (hasRule(f, 'run-amok') && !mastered(st, f, 'beastmaster') && !bravery(st, ctx, f, 'Run Amok'))
    return runAmok(st, ctx, f);
  if (hasRule(f, 'panic') && !mastered(st, f, 'slavemaster') && !bravery(st, ctx, f, 'Panic'))
    return void run(st, ctx, f, 'panics', 2 * Math.max(0, sum(f, 'Sp')));
  carryOut(st, ctx, f, choosePlan(st, ctx, f));
}

type Plan =
  | { readonly kind: 'attack'; readonly target: AhqFighter }
  | { readonly kind: 'shoot'; readonly target: AhqFighter }
  | { readonly kind: 'cast'; readonly spell: Spell; readonly target: AhqFighter }
  | { readonly kind: 'turn'; readonly target: AhqFighter }
  | { readonly kind: 'move'; readonly to: Point; readonly facing: Facing | null }
  | { readonly kind: 'flee' }
  | { readonly kind: 'hold' };

/** The turn sequence: every plan open to a model this turn (the question a player is asked; the tactics pick among them). */
export function planChoices(st: AhqState, f: AhqFighter, partners: readonly AhqFighter[]): Choice[] {
  const foes = enemiesOf(st, f);
  const choices: Choice[] = [];
  const evade = (t: AhqFighter | null) =>
    partners.length && !(t && partners.includes(t)) ? ' (evade first)' : '';
  for (const t of foes)
    choices.push({ key: `attack:${combatantKey(t)}`, label: `attack ${t.name}${evade(t)}` });
  const m = missileWeapon(f);
  if (m)
    for (const t of foes)
      if (!partners.includes(t) && canShoot(st, f, t, m.range ?? 0))
        choices.push({
          key: `shoot:${combatantKey(t)}`,
          label: `shoot ${t.name} with the ${m.name}${evade(null)}`,
        });
  for (const s of f.spec.spells) {
    if (f.spellsCast.has(s.id)) continue;
    if (s.kind === 'ward') choices.push({ key: `cast:${s.id}:${combatantKey(f)}`, label: `cast ${s.name}` });
    else
      for (const t of s.kind === 'heal'
        ? standing(st).filter((x) => x.side === f.side && x.W < x.spec.profile.W)
        : foes)
        if (squaresApart(f, t) <= Math.max(1, s.range) && lineOfSight(boardWithDoors(st), f, t))
          choices.push({ key: `cast:${s.id}:${combatantKey(t)}`, label: `cast ${s.name} at ${t.name}` });
  }
  for (const t of foes)
    if (sideOf(f, t) !== null && sideOf(f, t) !== f.facing)
      choices.push({ key: `turn:${combatantKey(t)}`, label: `turn to face ${t.name}${evade(t)}` });
  choices.push({ key: 'flee', label: `flee${evade(null)}` }, { key: 'hold', label: 'hold' });
  return choices;
}

function choosePlan(st: AhqState, ctx: FightContext, f: AhqFighter): Plan {
  const partners = engagedWith(f, st.combatants);
  const choices = planChoices(st, f, partners);
  const suggested = suggestPlan(st, f, choices, partners);
  const pick = decide(
    ctx,
    f,
    'plan',
    `${f.name} (W ${f.W}): what this turn?`,
    choices,
    suggested,
    undefined,
    // Fighting on at the same foe, or doing again what it did last turn, is routine at the table.
    suggested === f.lastPlan,
    squareAnswer(st, f),
  );
  f.lastPlan = pick;
  const move = MOVE_ANSWER.exec(pick);
  if (move)
    return {
      kind: 'move',
      to: { x: Number(move[1]), y: Number(move[2]) },
      facing: move[3] ? (move[3].toUpperCase() as Facing) : null,
    };
  const [kind, a, b] = pick.split(':') as [string, string | undefined, string | undefined];
  const who = (k: string | undefined) => st.combatants.find((x) => combatantKey(x) === k) as AhqFighter;
  if (kind === 'attack' || kind === 'shoot' || kind === 'turn') return { kind, target: who(a) };
  if (kind === 'cast') return { kind, spell: f.spec.spells.find((s) => s.id === a) as Spell, target: who(b) };
  return { kind: kind as 'flee' | 'hold' };
}

/** Tactics: archers shoot from out of reach; the rest go for the nearest (or weakest, or ganged-up) foe, staying with one they are engaged with. */
export function suggestPlan(
  st: AhqState,
  f: AhqFighter,
  choices: readonly Choice[],
  partners: readonly AhqFighter[],
): string {
  const has = (k: string) => choices.some((c) => c.key === k);
  const t = f.spec.tactics;
  const foes = enemiesOf(st, f);
  const bolt = choices.find((c) => c.key.startsWith('cast:') && !c.key.endsWith(combatantKey(f)));
  if (bolt && !partners.length) return bolt.key;
  // gang-up: an enemy a friend already fights comes first (its DS falls for every attacker beyond the first).
  const ganged = (o: AhqFighter) => (t.target === 'gang-up' && attackers(st, o).length > 0 ? 0 : 1);
  const rank = (o: AhqFighter) =>
    ganged(o) * 100_000 +
    (t.target === 'weakest' ? o.W * 100 + squaresApart(f, o) : squaresApart(f, o) * 100 + o.W);
  const sorted = [...foes].sort((a, b) => rank(a) - rank(b) || (a.id < b.id ? -1 : 1));
  if (partners.length) {
    const p = [...partners].sort((a, b) => rank(a) - rank(b))[0] as AhqFighter;
    const better = sorted[0];
    if (
      better &&
      better !== p &&
      sum(f, 'St') >= t.evadeAt &&
      has(`attack:${combatantKey(better)}`) &&
      sideOf(f, better) !== null
    )
      return `attack:${combatantKey(better)}`;
    return `attack:${combatantKey(p)}`;
  }
  if (t.keepAway) {
    const shot = sorted.find((o) => has(`shoot:${combatantKey(o)}`));
    if (shot) return `shoot:${combatantKey(shot)}`;
  }
  const target = sorted[0];
  return target ? `attack:${combatantKey(target)}` : 'hold';
}

// ------------------------------------------------------------------ carrying out a plan

/** Where a plan points, for the facing of a model that turns away from a combat to carry it out. */
function planPoint(plan: Plan): Point | null {
  if (plan.kind === 'move') return plan.to;
  return plan.kind === 'attack' || plan.kind === 'shoot' || plan.kind === 'turn' || plan.kind === 'cast'
    ? plan.target.at
    : null;
}

function carryOut(st: AhqState, ctx: FightContext, f: AhqFighter, plan: Plan): void {
  const partners = engagedWith(f, st.combatants);
  const staysWith =
    (plan.kind === 'attack' && partners.includes(plan.target)) || (plan.kind === 'cast' && plan.target === f);
  if (partners.length && plan.kind !== 'hold' && !staysWith) {
    // EVADING A COMBAT: by Stealth, before the move, turn or shot that leaves the combat.
    const faced = partners.find((p) => sideOf(f, p) === f.facing) ?? (partners[0] as AhqFighter);
    if (
      !evadeByStealth(st, ctx, f, faced, partners, planPoint(plan), plan.kind === 'turn' ? plan.target : null)
    ) {
      // Failed: still engaged; it may still attack the one it faces.
      if (
        f.out === null &&
        decide(
          ctx,
          f,
          'after-evade',
          `${f.name}: the evasion failed: attack ${faced.name}?`,
          [
            { key: 'attack', label: `attack ${faced.name}` },
            { key: 'hold', label: 'hold' },
          ],
          'attack',
        ) === 'attack'
      )
        attack(st, ctx, f, faced, { charge: false });
      return;
    }
  }
  if (plan.kind === 'hold') return say(st, ctx, 'hold', `${f.name} holds.`, ours('The turn sequence'), [f]);
  if (plan.kind === 'flee') return void run(st, ctx, f, 'flees', 2 * Math.max(0, sum(f, 'Sp')));
  if (plan.kind === 'turn') return face(st, ctx, f, plan.target);
  if (plan.kind === 'shoot') {
    if (f.spec.tactics.keepAway) stepBack(st, ctx, f, plan.target);
    return shoot(st, ctx, f, plan.target, false);
  }
  if (plan.kind === 'cast') return cast(st, ctx, f, plan.spell, plan.target);
  if (plan.kind === 'move') return moveFreely(st, ctx, f, plan.to, plan.facing);
  const reached = closeIn(st, ctx, f, plan.target);
  if (reached) attack(st, ctx, f, reached.target, { charge: reached.charge });
}
