// Default decisions for simulation and for fighters nobody steers (ours, configurable per
// fighter with `plan:`). The text's own observation is the monsters' default: "beasts ... will
// usually want to spend all of their CP on maximal attacks, very rarely on defense" (rule 32).
import { hasSkill } from '../wfrp1e/state.js';
import { actionCap, cpLeft, foes, initiativeTest, maxCP } from './fighter.js';
import { CP_PER_WOUND, MIN_CP } from './rules.js';
import type { CpFighter, CpState, Plan } from './state.js';

export const CHARACTER_PLAN: Plan = { reserve: 40, target: 15, keepW: 2, dodge: true };
/** Rule 32: all CP to attacks. */
export const MONSTER_PLAN: Plan = { reserve: 0, target: 100, keepW: 100, dodge: false };

export function planOf(f: CpFighter): Plan {
  return f.cp.plan ?? (f.cp.monster ? MONSTER_PLAN : CHARACTER_PLAN);
}

/** CP for an attack: all the cap allows, less what the plan holds back while foes can still strike. */
export function suggestAttack(st: CpState, f: CpFighter, cap: number): number {
  const left = cpLeft(st, f);
  const threat = foes(st, f).some((o) => cpLeft(st, o) >= MIN_CP);
  const hold = threat ? Math.floor((maxCP(st, f) * planOf(f).reserve) / 100) : 0;
  const spend = Math.min(cap, left - hold);
  return spend >= MIN_CP ? spend : 0;
}

/** Ours: the plan dodges (rather than blocks) only with I this high, the dodge being an I test (rule 9). */
export const DODGE_AT_I = 50;

export function suggestDefence(
  st: CpState,
  d: CpFighter,
  att: number,
  canDodge: boolean,
  paradeUp: boolean,
): string {
  const plan = planOf(d);
  if (plan.target >= 100) return 'none';
  if (paradeUp) return 'parade';
  if (canDodge && plan.dodge && initiativeTest(st, d) >= DODGE_AT_I) return 'dodge';
  return att - plan.target > 0 ? 'block' : 'none';
}

/** Pool first (it is for defence only), then CP, then W down to the plan's floor. */
export function suggestDefenceAmounts(
  st: CpState,
  d: CpFighter,
  att: number,
  cpRoom: number,
  wRoom: number,
  poolRoom: number,
): { cp: number; wounds: number; pool: number } {
  const plan = planOf(d);
  let need = Math.max(0, att - plan.target);
  const pool = Math.min(poolRoom, need);
  need -= pool;
  let cp = Math.min(cpRoom, need);
  if (cp > 0 && cp < MIN_CP) cp = Math.min(cpRoom, MIN_CP);
  need = Math.max(0, need - cp);
  const spareW = Math.max(0, Math.min(wRoom, d.W - plan.keepW));
  const wounds = Math.min(spareW, Math.ceil(need / CP_PER_WOUND));
  return { cp, wounds, pool };
}

/** Parrying for another: ours, only for a friend who would otherwise be struck easily and with CP to spare. */
export function suggestCover(st: CpState, ally: CpFighter, _d: CpFighter, att: number): string {
  return !ally.cp.monster && att >= 30 && cpLeft(st, ally) >= actionCap(st, ally) + MIN_CP ? 'yes' : 'no';
}

export function wantsFastShooting(f: CpFighter): 'lightning' | 'fast' | 'single' {
  if (hasSkill(f, 'lightning shooting')) return 'lightning';
  if (hasSkill(f, 'fast shooting')) return 'fast';
  return 'single';
}
