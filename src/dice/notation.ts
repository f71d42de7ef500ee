/** A dice expression such as "2D10+30": `count` dice of `sides` faces, plus `plus`. */
export interface Dice {
  readonly count: number;
  readonly sides: number;
  readonly plus: number;
}

export class DiceNotationError extends Error {}

const NOTATION = /^\s*(\d*)\s*[dD]\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$/;
const MAX_COUNT = 100;
const MAX_SIDES = 1000;

/** Parses "D6", "2D10+30", "D100", "4D6", "D3", "2D4", "D6-1". */
export function parseDice(text: string): Dice {
  const m = NOTATION.exec(text);
  if (!m) {
    throw new DiceNotationError(
      `bad dice notation '${text}': expected [count]D<sides>[+/-n], such as D6, 2D10+30 or D100`,
    );
  }
  const count = m[1] === '' || m[1] === undefined ? 1 : Number(m[1]);
  const sides = Number(m[2]);
  const plus = m[3] === undefined ? 0 : (m[3] === '-' ? -1 : 1) * Number(m[4]);
  if (count < 1 || count > MAX_COUNT) {
    throw new DiceNotationError(`bad dice notation '${text}': the number of dice must be 1..${MAX_COUNT}`);
  }
  if (sides < 2 || sides > MAX_SIDES) {
    throw new DiceNotationError(`bad dice notation '${text}': a die needs 2..${MAX_SIDES} sides`);
  }
  return { count, sides, plus };
}

export function formatDice(d: Dice): string {
  const base = `${d.count === 1 ? '' : d.count}D${d.sides}`;
  if (d.plus === 0) return base;
  return d.plus > 0 ? `${base}+${d.plus}` : `${base}${d.plus}`;
}

/** The lowest and highest totals the dice can show, before `plus`. */
export function diceRange(count: number, sides: number): [number, number] {
  return [count, count * sides];
}
