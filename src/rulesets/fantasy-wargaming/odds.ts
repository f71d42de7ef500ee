import type { Odds } from '../../core/ruleset.js';
import type { FwSetup } from './state.js';

export function fwOdds(setup: FwSetup): Odds {
  void setup;
  return { blows: [], blowMethod: 'todo', duel: null, duelMethod: 'todo' };
}
