// Default choices for simulation and for combatants nobody steers. Each returns the key of a
// choice the rules offer; a person at the table sees it as the default.
import type { Part } from './data/locations.js';
import { wornOn } from './rules.js';
import type { Fighter, W1State } from './state.js';

/** Parry when the blow could take the last W (auto), always, or never; `keys`: 'none' and the hands that may parry. */
export function suggestParry(
  _st: W1State,
  d: Fighter,
  keys: readonly string[],
  expectedWounds: number,
): string {
  const mode = d.tactics.parry;
  if (mode === 'never' || keys.length <= 1) return 'none';
  if (mode === 'auto' && expectedWounds < d.W) return 'none';
  // A shield parry costs every blow left this round; with none left it costs no more than a weapon's.
  let shield: string | null = null;
  let weapon: string | null = null;
  for (const key of keys) {
    const item = key === 'right' || key === 'left' ? d[key] : null;
    if (!item) continue;
    if (item.shield) shield ??= key;
    else weapon ??= key;
  }
  if (shield && (d.pending.length === 0 || !weapon)) return shield;
  return weapon ?? shield ?? 'none';
}

/** Against a helpless target: the least armoured part, the head first among equals. */
export function suggestLocation(struck: Fighter, parts: readonly Part[]): string {
  let best = parts[0] as Part;
  let bestAp = Infinity;
  for (const p of parts) {
    const ap = wornOn(struck.armour, p.zone).metal;
    const score = ap * 10 + (p.chart === 'head' ? 0 : 1);
    if (score < bestAp) {
      bestAp = score;
      best = p;
    }
  }
  return best.id;
}

/** The opponent to strike: keep the current one; otherwise the most wounded (or the first). */
export function suggestTarget(f: Fighter, candidates: readonly Fighter[]): Fighter | null {
  if (candidates.length === 0) return null;
  if (f.target && candidates.includes(f.target)) return f.target;
  if (f.tactics.target === 'first') return candidates[0] as Fighter;
  let best = candidates[0] as Fighter;
  for (const c of candidates) if (c.W < best.W) best = c;
  return best;
}

/** Flee when hurt past the combatant's limit. */
export function wantsToFlee(f: Fighter): boolean {
  return f.tactics.fleeBelow > 0 && f.W < f.tactics.fleeBelow;
}
