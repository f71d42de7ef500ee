/** The 95% normal quantile. */
export const Z95 = 1.959963984540054;

/**
 * Wilson score interval for a proportion: k successes in n trials. Stays inside [0, 1] and
 * behaves at 0 and n, where the textbook normal interval does not.
 */
export function wilson(k: number, n: number, z = Z95): [number, number] {
  if (n <= 0) return [0, 1];
  const p = k / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** Running mean without keeping the values. */
export class Mean {
  private n = 0;
  private total = 0;
  add(x: number): void {
    this.n++;
    this.total += x;
  }
  get value(): number {
    return this.n === 0 ? 0 : this.total / this.n;
  }
  get count(): number {
    return this.n;
  }
}
