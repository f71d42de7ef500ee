// The tracker as the terminal draws it: `status` prints the whole of it, `--tracker` a line after
// each turn. The data is the ruleset's (Ruleset.tracker); only the drawing is here.
import type { Condition, Gauge, Tracker, TrackerRow } from '../core/tracker.js';

const BAR = 10;

/** A gauge as a bar of BAR cells, full at its most; below zero it is empty (the number says how far). */
export function bar(g: Gauge): string {
  const full = g.max > 0 ? Math.round((Math.max(0, Math.min(g.value, g.max)) / g.max) * BAR) : 0;
  return '█'.repeat(full) + '░'.repeat(BAR - full);
}

const gaugeText = (g: Gauge) => `${g.label} ${g.value}/${g.max}`;
const conditionText = (c: Condition) =>
  c.roundsLeft === undefined
    ? c.name
    : `${c.name} (${c.roundsLeft} round${c.roundsLeft === 1 ? '' : 's'} left)`;

function details(r: TrackerRow): string[] {
  if (r.out) return [r.out === 'absent' ? 'not in the fight yet' : r.out, ...r.conditions.map(conditionText)];
  return [
    ...(r.standing ? [r.standing] : []),
    ...(r.engaged.length ? [`engaged with ${r.engaged.join(', ')}`] : []),
    ...r.conditions.map(conditionText),
    ...(r.place ? [r.place] : []),
    ...r.gear,
  ];
}

/** The whole tracker: the order this round with whose turn it is, then the board where there is one. */
export function drawTracker(t: Tracker, current: string | null): string[] {
  const width = (f: (r: TrackerRow) => string) => Math.max(0, ...t.rows.map((r) => f(r).length));
  const orderOf = (r: TrackerRow) => (r.order && !r.out ? `${r.order.label} ${r.order.value}` : '');
  const first = (r: TrackerRow) => (r.gauges[0] ? gaugeText(r.gauges[0]) : '');
  const nameW = width((r) => r.name);
  const sideW = width((r) => r.side);
  const orderW = width(orderOf);
  const gaugeW = width(first);
  const lines = [`Round ${t.round} — order: ${t.orderBy}`];
  for (const r of t.rows) {
    const mark = r.id === current ? '▶' : ' ';
    const [main, ...more] = r.gauges;
    const gauge = main ? `${first(r).padEnd(gaugeW)} ${r.out ? ' '.repeat(BAR) : bar(main)}` : '';
    const rest = more.map(gaugeText).join('  ');
    lines.push(
      `${mark} ${r.name.padEnd(nameW)}  ${r.side.padEnd(sideW)}  ${orderOf(r).padEnd(orderW)}  ${gauge}${rest ? `  ${rest}` : ''}`.trimEnd(),
    );
    const d = details(r);
    if (d.length) lines.push(`    ${d.join('; ')}`);
  }
  if (t.board) lines.push('', ...t.board);
  return lines;
}

/** One line for after each turn: whose turn, and each combatant's first number and what matters most. */
export function trackerLine(t: Tracker, current: string | null): string {
  const parts = t.rows.map((r) => {
    const g = r.gauges[0];
    const num = g ? ` ${g.label} ${g.value}/${g.max}` : '';
    if (r.out) return `${r.name} ${r.out}`;
    const notes = [
      ...(r.standing ? [r.standing] : []),
      ...r.conditions.map((c) => (c.roundsLeft === undefined ? c.name : `${c.name} ${c.roundsLeft}`)),
    ];
    return `${r.id === current ? '▶' : ''}${r.name}${num}${notes.length ? ` (${notes.join(', ')})` : ''}`;
  });
  return `[round ${t.round}] ${parts.join(' | ')}`;
}
