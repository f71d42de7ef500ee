// The scene of battle's numbers: movement rates, bases, lights (§ The Scene Of Battle,
// § Positioning and Detection; the "Moving" chart of the public facts; ours where marked).

/**
 * Movement rates in yards a round for a move allowance M. Running at 16 × M is the text's
 * (§ To Hit Modifiers, the evasion example: M 3 runs 48 yards, evades 36); cautious 2 × M and
 * standard 4 × M are the WFRP 1e "Moving" chart's, a public fact our text leaves out.
 */
export const RATES = { cautious: 2, standard: 4, running: 16 } as const;
export type Rate = keyof typeof RATES | 'evading';

/** § Missile Fire, To Hit Modifiers: an evading target travels 75% of running speed. */
export const EVADING_FRACTION = 0.75;

export function rateYards(M: number, rate: Rate): number {
  if (rate === 'evading') return RATES.running * M * EVADING_FRACTION;
  return RATES[rate] * M;
}

/**
 * Base sizes by height (ours: the text puts models on a table without saying how big their bases
 * are): man-sized on a 1-inch base, 2 yards across at the text's scale, larger ones on larger.
 * The first row whose height the model reaches.
 */
export const BASE_RADIUS: readonly { readonly fromFeet: number; readonly radius: number }[] = [
  { fromFeet: 15, radius: 2.5 },
  { fromFeet: 9, radius: 1.5 },
  { fromFeet: 0, radius: 1 },
];

export function baseRadius(heightFt: number): number {
  return (BASE_RADIUS.find((b) => heightFt >= b.fromFeet) ?? (BASE_RADIUS.at(-1) as { radius: number })).radius;
}

/** A lit light is seen from afar in the dark, and shows its bearer's surroundings (yards; ours). */
export const LIGHT_RADIUS: Readonly<Record<'candle' | 'torch' | 'lamp' | 'lantern', number>> = {
  candle: 3,
  torch: 10,
  lamp: 10,
  lantern: 15,
};
