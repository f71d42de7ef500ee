// § Missile Fire and § Sharpshooting: whom a shot may be aimed at (a combatant, the group round it, a
// part).
import { type Choice, combatantKey } from '../../../core/request.js';
import { formatYards } from '../../../space/plane.js';
import type { Band } from '../catalogue.js';
import { GROUP_BONUS_PER_CREATURE, GROUP_SEPARATION_YARDS } from '../data/missile-tables.js';
import type { Part } from '../data/locations.js';
import { canSee, groupAround } from '../scene.js';
import { namesOf } from '../say.js';
import { type Fighter, isEngaged, isRidden, type W1State } from '../state.js';
import { aimedLongEnough, heldMissile, missileRange, missileTargets } from './range.js';

/** What a shot is aimed at: one combatant, a group round one, and for sharpshooting a part. */
export interface ShotPlan {
  readonly target: Fighter;
  readonly group: boolean;
  readonly part: Part | null;
}

/** The choices of whom to shoot at, for a person and for the tactic. */
export function shotChoices(
  st: W1State,
  f: Fighter,
): { choices: Choice[]; plans: Map<string, ShotPlan>; suggested: string; refused: Choice[] } {
  const w = heldMissile(st, f);
  const choices: Choice[] = [];
  const refused: Choice[] = [];
  const plans = new Map<string, ShotPlan>();
  let suggested = 'none';
  let best = Infinity;
  if (!w) return { choices, plans, suggested, refused };
  const targets = missileTargets(st, f);
  for (const o of st.combatants) {
    if (o.side === f.side || o.out !== null || targets.includes(o)) continue;
    const why = isRidden(o)
      ? `${o.name} is ridden: shots go at ${o.rider?.name}, and the rider-or-mount roll says who is struck`
      : !canSee(st, f, o)
        ? `${f.name} cannot see ${o.name}`
        : `${o.name} is ${formatYards(missileRange(f, o, w).yards)} away, beyond the ${w.name.toLowerCase()}'s extreme range`;
    refused.push({ key: combatantKey(o), label: why });
  }
  // Everyone in a group already offered: their own group is the same one (groups are by nearness).
  const offered = new Set<Fighter>();
  for (const t of targets) {
    const r = missileRange(f, t, w);
    const band = r.band as Band;
    const aimed = aimedLongEnough(st, f, t);
    const needsAim = band.band === 'extreme' && !aimed;
    const key = combatantKey(t);
    if (needsAim)
      refused.push({
        key,
        label: `${t.name} is at extreme range (${formatYards(r.yards)}): a round of aiming comes first`,
      });
    else {
      // § Sharpshooting: at short range only, at the shot as when aiming.
      const close = band.band === 'short' || band.band === 'point-blank';
      const part = f.aim?.target === t && aimed && close ? f.aim.part : null;
      const lost =
        f.aim?.target === t && f.aim.part && !close ? `; no longer at short range: an ordinary shot` : '';
      choices.push({
        key,
        label: `shoot at ${t.name}${part ? `'s ${part.name}` : ''} (${formatYards(r.yards)}, ${band.band} range${lost})`,
      });
      plans.set(key, { target: t, group: false, part });
      const score = r.yards + (isEngaged(st, t) ? 1000 : 0);
      if (score < best) {
        best = score;
        suggested = key;
      }
    }
    // A group is whoever stands in it, friends too: fire into it may strike any of them.
    const group = offered.has(t) ? [] : shotGroup(st, f, t);
    if (group.length > 1 && (!needsAim || !st.opt.extremeAimForGroups)) {
      const gkey = `group:${t.id}`;
      if (!plans.has(gkey) && !group.some((g) => plans.has(`group:${g.id}`))) {
        for (const g of group) offered.add(g);
        const friends = group.filter((g) => g.side === f.side);
        choices.push({
          key: gkey,
          label: `shoot into the group of ${group.length} around ${t.name} (+${GROUP_BONUS_PER_CREATURE * (group.length - 1)}${friends.length ? `; ${namesOf(friends)} among them` : ''})`,
        });
        plans.set(gkey, { target: t, group: true, part: null });
      }
    }
  }
  choices.push({ key: 'none', label: 'hold fire' });
  return { choices, plans, suggested, refused };
}

/** The group a shot at `t` goes into: everyone within 4 yards of it and of each other, but the firer. */
export function shotGroup(st: W1State, f: Fighter, t: Fighter): Fighter[] {
  return groupAround(st, t, GROUP_SEPARATION_YARDS).filter((g) => g !== f);
}
