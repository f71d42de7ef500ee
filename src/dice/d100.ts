// D100 conventions: a D100 shows 01..00, and 00 is 100.

/** The two digits as read off the dice: 27 → [2, 7]; 100 (00) → [0, 0]; 5 → [0, 5]. */
export function d100Digits(roll: number): [number, number] {
  const r = roll % 100;
  return [Math.floor(r / 10), r % 10];
}

/** The roll with its digits swapped, as used for hit location: 27 → 72, 05 → 50, 10 → 01, 00 → 00. */
export function reverseD100(roll: number): number {
  const [tens, units] = d100Digits(roll);
  const reversed = units * 10 + tens;
  return reversed === 0 ? 100 : reversed;
}

/** Whether both digits match: 11, 22, … 99 and 00. */
export function isDouble(roll: number): boolean {
  const [tens, units] = d100Digits(roll);
  return tens === units;
}

/** How a D100 result is printed at the table: 7 → "07", 100 → "00". */
export function formatD100(roll: number): string {
  return roll === 100 ? '00' : String(roll).padStart(2, '0');
}
