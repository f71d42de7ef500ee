// Combat round sequence 1, the pre-melee phase: morale, berserk control, declarations, missile attacks
// and magic (and the volleys before it).
import type { FightContext } from '../../../core/context.js';
import { combatantKey } from '../../../core/request.js';
import { decide, say } from '../../../core/say.js';
import { text } from '../cite.js';
import type { Weapon } from '../data.js';
import { mustCheckBerserk, rangedTerms } from '../rules.js';
import type { FwFighter, FwState } from '../state.js';
import { berserkProfile, berserkStep } from './berserk.js';
import { byKey, declareAll, pickTarget } from './declarations.js';
import { moraleStep } from './morale.js';
import { type Blow, enemiesOf, missileWeapon, type Phase, standing } from './phase.js';
import { step } from './step.js';

export function preMelee(st: FwState, ctx: FightContext, phase: Phase): void {
  say(st, ctx, 'phase', 'Pre-melee phase.', text('Combat round sequence'));
  // 1.1 All characters check morale.
  if (st.setup.opt.morale) moraleStep(st, ctx, phase, standing(st), 'pre-melee');
  // 1.2 Anyone who might go berserk makes a control check.
  berserkStep(
    st,
    ctx,
    standing(st).filter((f) => !f.berserk && mustCheckBerserk(berserkProfile(st, f))),
  );
  // 1.3 Declarations (charges among them), then 1.4 missiles and 1.5 magic, each all at once.
  const { shots, spells } = rangedIntents(st, ctx, phase);
  declareAll(st, ctx, phase, true, new Set([...shots, ...spells].map((b) => b.attacker)));
  if (shots.length) step(st, ctx, phase, 'Missile attacks', shots);
  if (spells.length) step(st, ctx, phase, 'Magical attacks', spells);
}

/** Combat round sequence: "For ranged-only combat, just apply simultaneous missile or magical effects repeatedly, once per move by all participants." */
export function volley(st: FwState, ctx: FightContext, phase: Phase): void {
  say(
    st,
    ctx,
    'phase',
    `Ranged exchange, move ${st.round} of ${st.setup.volleys}.`,
    text('Combat round sequence'),
  );
  const { shots, spells } = rangedIntents(st, ctx, phase);
  if (shots.length || spells.length) step(st, ctx, phase, 'Missiles and magic', [...shots, ...spells]);
}

/** Who looses a missile or casts a prepared spell, and at whom (the declarations of 1.3 for 1.4 and 1.5). */
function rangedIntents(st: FwState, ctx: FightContext, phase: Phase): { shots: Blow[]; spells: Blow[] } {
  const shots: Blow[] = [];
  const spells: Blow[] = [];
  for (const f of standing(st)) {
    if (f.fleeing || f.bound === 'panic') continue;
    const m = missileWeapon(f);
    const range = m?.range ?? 0;
    const targets = enemiesOf(st, f);
    if (m && range >= st.setup.distance && targets.length) {
      const pick = decide(
        ctx,
        f,
        'missile',
        `${f.name}: loose the ${m.name} (${st.setup.distance} yards, range ${range})?`,
        [
          { key: 'hold', label: 'hold' },
          ...targets.map((t) => ({ key: `shoot:${combatantKey(t)}`, label: `shoot at ${t.name}` })),
        ],
        f.spec.tactics.shoot ? `shoot:${combatantKey(pickTarget(st, phase, f, targets))}` : 'hold',
      );
      const t = pick.startsWith('shoot:') ? byKey(st, pick.slice(6)) : null;
      if (t) shots.push(missileBlow(st, f, m, t));
    }
    const spell = f.spec.magic;
    if (spell && !f.magicUsed && targets.length) {
      const pick = decide(
        ctx,
        f,
        'magic',
        `${f.name}: cast ${spell.name} (level ${spell.level})?`,
        [
          { key: 'hold', label: 'hold' },
          ...targets.map((t) => ({ key: `cast:${combatantKey(t)}`, label: `cast at ${t.name}` })),
        ],
        f.spec.tactics.shoot ? `cast:${combatantKey(pickTarget(st, phase, f, targets))}` : 'hold',
      );
      const t = pick.startsWith('cast:') ? byKey(st, pick.slice(5)) : null;
      if (t) spells.push(magicBlow(f, t));
    }
  }
  return { shots, spells };
}

/** A missile at `t`, from `distance` yards (ours: a shot into the melee is at close range). */
export function missileBlow(
  st: FwState,
  f: FwFighter,
  m: Weapon,
  t: FwFighter,
  distance = st.setup.distance,
): Blow {
  return {
    attacker: f,
    target: t,
    weapon: m,
    magic: false,
    missile: true,
    charge: false,
    lunge: false,
    firstStrike: null,
    extra: rangedTerms({
      size: t.spec.size,
      speed: t.spec.speed,
      distance,
      range: m.range ?? distance,
      seen: f.spec.seen,
    }),
  };
}

/** A prepared spell is spent once cast (ours). */
export function magicBlow(f: FwFighter, t: FwFighter): Blow {
  f.magicUsed = true;
  return {
    attacker: f,
    target: t,
    weapon: null,
    magic: true,
    missile: false,
    charge: false,
    lunge: false,
    firstStrike: null,
    extra: [],
  };
}
