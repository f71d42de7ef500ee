/** One term of a sum shown to the user: "+10 charging". */
export interface Term {
  readonly label: string;
  readonly value: number;
}

export function sumTerms(base: number, terms: readonly Term[]): number {
  let total = base;
  for (const t of terms) total += t.value;
  return total;
}

/** "+ 10 charging", "− 20 aimed at the head". */
export function showTerm(t: Term): string {
  return `${t.value < 0 ? '−' : '+'} ${Math.abs(t.value)} ${t.label}`;
}

/** "WS 45 + 10 charging − 20 aimed at the head = 35"; just "WS 45" when nothing is added. */
export function showSum(baseLabel: string, base: number, terms: readonly Term[]): string {
  const shown = terms.filter((t) => t.value !== 0);
  if (shown.length === 0) return `${baseLabel} ${base}`;
  return `${baseLabel} ${base} ${shown.map(showTerm).join(' ')} = ${sumTerms(base, shown)}`;
}
