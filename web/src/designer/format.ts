// How the designer's page names a study and writes its figures.
import type { StudyKind, StudyRow } from '../api.js';

export const KINDS: readonly { kind: StudyKind; label: string }[] = [
  { kind: 'sim', label: 'Simulation' },
  { kind: 'compare', label: 'Comparison' },
  { kind: 'sweep', label: 'Sweep' },
  { kind: 'odds', label: 'Exact odds' },
];
export const KIND_NAME: Readonly<Record<StudyKind, string>> = {
  sim: 'simulation',
  compare: 'comparison',
  sweep: 'sweep',
  odds: 'exact odds',
};

export const pct = (x: number, digits = 1) => `${(x * 100).toFixed(digits)}%`;
export const ci = (c: readonly [number, number], digits = 1) => `${pct(c[0], digits)} – ${pct(c[1], digits)}`;
/** "+0.04", "−1.6": one sign character throughout, the typographic minus, as fray compare prints. */
export const signedFixed = (x: number, digits: number) =>
  `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(digits)}`;
export const signed = (x: number) => signedFixed(x * 100, 1);
export const count = (n: number) => n.toLocaleString('en');
export const randomSeed = () => String(Math.floor(Math.random() * 0x100000000));

/** A study answered exactly (exact odds, a sweep whose points were all solved): no dice, no fights to count. */
export const solved = (s: StudyRow) =>
  s.kind === 'odds' || ((s.kind === 'sweep' || s.kind === 'compare') && s.total === 0);
