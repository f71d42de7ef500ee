// Variants solved exactly, each as `fray odds` solves its duel: what a sweep's or a comparison's
// `--method auto|exact` asks first. Apart from the sweep, so that a worker thread runs it without
// the sweep's pool.
import type { OddsDuel } from '../core/ruleset.js';
import { noOdds, oddsReport } from './odds.js';
import { loadVariant, type Variant } from './variant.js';

/** Every variant's duel solved exactly, or the first variant that cannot be, with the reason. */
export type ExactAll =
  | { readonly duels: readonly OddsDuel[] }
  | { readonly refused: { readonly variant: number; readonly reason: string } };

/**
 * The exact duel of each variant in turn (`fray odds`'s chain, with its budget); stops at the
 * first that has none, since one simulated point makes the whole sweep simulated.
 */
export function exactAll(variants: readonly Variant[], maxRounds?: number): ExactAll {
  const duels: OddsDuel[] = [];
  for (const [k, v] of variants.entries()) {
    const loaded = loadVariant(v);
    const odds = oddsReport(loaded, maxRounds);
    if (!odds?.duel)
      return { refused: { variant: k, reason: odds ? odds.duelMethod : (noOdds(loaded) ?? '') } };
    duels.push(odds.duel);
  }
  return { duels };
}
