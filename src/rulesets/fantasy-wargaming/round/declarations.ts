// Combat round sequence 1.3, declare actions for the melee phase: attack, charge, parry, dodge or
// disengage, and whom.
import type { FightContext } from '../../../core/context.js';
import { type Choice, combatantKey } from '../../../core/request.js';
import { decide } from '../../../core/say.js';
import type { Weapon } from '../data.js';
import { type DefenceKind, defenceRefusalOf, MORALE_WORDS } from '../rules.js';
import { type FwFighter, type FwState, parryItemOf } from '../state.js';
import { suggestedKind } from '../tactics.js';
import {
  type Action,
  defenceless,
  enemiesOf,
  isLeader,
  missileWeapon,
  type Phase,
  standing,
} from './phase.js';

export function byKey(st: FwState, k: string): FwFighter | null {
  return st.combatants.find((f) => combatantKey(f) === k) ?? null;
}

/** Tactics: whom to attack among `targets`; ours: a foe that cannot defend first, for the free hack. */
export function pickTarget(
  st: FwState,
  phase: Phase,
  f: FwFighter,
  targets: readonly FwFighter[],
): FwFighter {
  const t = f.spec.tactics.target;
  const open = targets.filter((x) => defenceless(x, phase));
  const pool = open.length ? open : targets;
  const leader = t === 'leader' ? pool.find((x) => isLeader(st, x)) : undefined;
  if (leader) return leader;
  const sign = t === 'strongest' ? -1 : 1;
  return [...pool].sort(
    (a, b) => sign * (a.endurance - b.endurance) || (a.id < b.id ? -1 : 1),
  )[0] as FwFighter;
}

// ------------------------------------------------------------------ declarations

export function declareAll(
  st: FwState,
  ctx: FightContext,
  phase: Phase,
  first: boolean,
  shot: ReadonlySet<FwFighter> = new Set(),
): void {
  let intoMeleeTaken = false;
  for (const f of standing(st)) {
    const a = declare(st, ctx, phase, f, first && !shot.has(f), intoMeleeTaken);
    if (a.kind === 'into-melee') intoMeleeTaken = true;
    phase.actions.set(f, a);
  }
  for (const [, a] of phase.actions)
    if (a.kind === 'attack' || a.kind === 'charge') phase.at.set(a.target, (phase.at.get(a.target) ?? 0) + 1);
}

function declare(
  st: FwState,
  ctx: FightContext,
  phase: Phase,
  f: FwFighter,
  mayCharge: boolean,
  intoMeleeTaken: boolean,
): Action {
  const n = phase.n;
  if (f.fleeing) return { kind: 'none', why: 'flees' };
  if (phase.stunnedBefore.has(f)) return { kind: 'none', why: 'is stunned' };
  if (f.bound === 'panic') return { kind: 'none', why: 'panics' };
  const targets = enemiesOf(st, f);
  if (!targets.length) return { kind: 'none', why: 'has nobody to fight' };
  const choices: Choice[] = [];
  const refused: Choice[] = [];
  const startsNothingNew = f.bound === 'dither';
  const last = f.lastAction;
  const lastTarget = last?.target ? targets.find((t) => t.id === last.target) : undefined;
  // Attacks: berserk always; dithering only at the foe it was already fighting; retreating never.
  if (f.bound !== 'selfish') {
    for (const t of targets) {
      if (startsNothingNew && t !== lastTarget) continue;
      choices.push({
        key: `attack:${combatantKey(t)}`,
        label: `attack ${t.name}${defenceless(t, phase) ? ' (free hack)' : ''}`,
      });
      if (mayCharge && !startsNothingNew)
        choices.push({ key: `charge:${combatantKey(t)}`, label: `charge ${t.name}` });
    }
  }
  if (!f.berserk) {
    const noDefence = f.chargedOrLunged === n - 1 ? 'charged or lunged in the previous melee phase' : null;
    for (const kind of ['parry', 'dodge', 'disengage'] as const) {
      const why = noDefence ?? defenceRefusal(st, f, kind, n);
      if (why) refused.push({ key: kind, label: `${kind}: ${why}` });
      else
        choices.push({ key: kind, label: kind === 'parry' ? `parry with the ${parryItem(f)?.name}` : kind });
    }
    const m = missileWeapon(f);
    // "You cannot fire missiles or magic while you are engaged in melee" (ours: engaged = fought or was attacked last phase).
    const engagedLast =
      f.lastAction?.kind === 'attack' ||
      st.combatants.some((o) => o.side !== f.side && o.lastAction?.target === f.id);
    if (
      st.setup.opt.intoMelee &&
      !intoMeleeTaken &&
      !startsNothingNew &&
      f.bound !== 'selfish' &&
      !engagedLast
    ) {
      if (m)
        choices.push({
          key: 'into-melee',
          label: `loose the ${m.name} into the melee (a random participant)`,
        });
      if (f.spec.magic && !f.magicUsed)
        choices.push({
          key: 'magic-into-melee',
          label: `cast ${f.spec.magic.name} into the melee (a random participant)`,
        });
    }
  }
  if (!choices.length)
    return { kind: 'none', why: f.bound === 'selfish' ? 'tries to retreat but cannot' : 'can do nothing' };
  const suggested = suggestAction(st, f, phase, choices, targets, lastTarget);
  const pick = decide(
    ctx,
    f,
    'action',
    `${f.name}: what in this melee phase${f.bound && f.bound !== 'obey' ? ` (bound by "${MORALE_WORDS[f.bound]}")` : ''}${f.berserk ? ' (berserk)' : ''}?`,
    choices,
    suggested,
    refused,
    // Doing again what it did last phase (fighting on at the same foe) is routine at the table.
    suggested === f.lastChoice,
  );
  f.lastChoice = pick;
  const [kind, who] = pick.split(':') as [string, string | undefined];
  if ((kind === 'attack' || kind === 'charge') && who) return { kind, target: byKey(st, who) as FwFighter };
  if (kind === 'into-melee' || kind === 'magic-into-melee')
    return { kind: 'into-melee', magic: kind === 'magic-into-melee' };
  return { kind } as Action;
}

/** The shield, else the melee weapon in hand (ours: a fist does not parry). */
export function parryItem(f: FwFighter): Weapon | null {
  return parryItemOf(f.shield, f.wielded);
}

function defenceRefusal(st: FwState, f: FwFighter, kind: DefenceKind, n: number): string | null {
  return defenceRefusalOf(kind, st.setup.area, parryItem(f) !== null, f.knockedDown === n - 1);
}

function suggestAction(
  st: FwState,
  f: FwFighter,
  phase: Phase,
  choices: readonly Choice[],
  targets: readonly FwFighter[],
  lastTarget: FwFighter | undefined,
): string {
  const has = (k: string) => choices.some((c) => c.key === k);
  const t = f.spec.tactics;
  const foes = st.combatants.filter(
    (o) => o.side !== f.side && o.lastAction?.target === f.id && o.out === null,
  ).length;
  const kind = suggestedKind({
    bound: f.bound,
    berserk: f.berserk,
    tactics: t,
    outnumbered: foes > 1,
    lastAction: f.lastAction?.kind ?? null,
    lastTargetStands: lastTarget !== undefined,
    can: has,
  });
  if (kind === 'attack-last' && lastTarget) return `attack:${combatantKey(lastTarget)}`;
  if (kind !== 'attack') return kind;
  const target = pickTarget(st, phase, f, targets);
  if (has(`charge:${combatantKey(target)}`) && t.charge) return `charge:${combatantKey(target)}`;
  if (has(`attack:${combatantKey(target)}`)) return `attack:${combatantKey(target)}`;
  return choices.find((c) => c.key.startsWith('attack:'))?.key ?? (choices[0] as Choice).key;
}
