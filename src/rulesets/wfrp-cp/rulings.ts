// What the GM may set by a ruling on a Combat Points combatant: WFRP 1e's numbers, and the
// variant's own: CP left this round, LP, Insanity Points.
import type { SettableNumber } from '../../core/rulings.js';
import { w1Numbers } from '../wfrp1e/rulings.js';
import { cpLeft, maxCP } from './fighter.js';
import type { CpFighter, CpState } from './state.js';

export function cpNumbers(st: CpState, f: CpFighter): SettableNumber[] {
  const most = maxCP(st, f) + f.bonusCP;
  return [
    ...w1Numbers(st, f),
    {
      name: 'CP',
      value: cpLeft(st, f),
      min: 0,
      max: most,
      about: `Combat Points left this round (0..${most})`,
      set: (v) => {
        f.spent = most - v;
      },
    },
    ...(f.maxLP > 0
      ? [
          {
            name: 'LP',
            value: f.LP,
            min: 0,
            max: f.maxLP,
            about: `Life Points (0..${f.maxLP})`,
            set: (v: number) => {
              f.LP = v;
            },
          },
        ]
      : []),
    {
      name: 'insanity',
      value: f.insanity,
      min: 0,
      max: 99,
      about: 'Insanity Points',
      set: (v) => {
        f.insanity = v;
      },
    },
  ];
}
