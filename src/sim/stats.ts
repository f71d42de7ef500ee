/** The 95% normal quantile. */
export const Z95 = 1.959963984540054;

/**
 * Wilson score interval for a proportion: k successes in n trials. Stays inside [0, 1] and
 * behaves at 0 and n, where the textbook normal interval does not.
 */
export function wilson(k: number, n: number, z = Z95): [number, number] {
  // Counts that cannot be (more successes than trials) would give NaN: better a loud bug than NaN% printed.
  if (!Number.isFinite(k) || !Number.isFinite(n) || k < 0 || (n > 0 && k > n))
    throw new RangeError(`wilson: ${k} of ${n} is not a count of successes in trials`);
  if (n <= 0) return [0, 1];
  const p = k / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  // At 0 and n the bound is exactly 0 or 1; the arithmetic would leave a rounding crumb.
  return [k === 0 ? 0 : Math.max(0, centre - half), k === n ? 1 : Math.min(1, centre + half)];
}

/** Running mean and variance without keeping the values (Welford's update, stable for long runs). */
export class Mean {
  private n = 0;
  private mean = 0;
  private m2 = 0;
  add(x: number): void {
    this.n++;
    const d = x - this.mean;
    this.mean += d / this.n;
    this.m2 += d * (x - this.mean);
  }
  get value(): number {
    return this.mean;
  }
  get count(): number {
    return this.n;
  }
  /** The sample variance; 0 until there are two values. */
  get variance(): number {
    return this.n < 2 ? 0 : this.m2 / (this.n - 1);
  }
  /** A normal-approximation 95% interval for the mean. */
  ci95(z = Z95): [number, number] {
    const half = this.n < 2 ? 0 : z * Math.sqrt(this.variance / this.n);
    return [this.mean - half, this.mean + half];
  }
}
