// `fray sim --report FILE`: one self-contained HTML page (no script, no link out) with the win
// rates and their intervals, the fight lengths, and each combatant's wounds, drawn with
// Observable Plot here in Node on a small DOM (linkedom) and inlined as SVG.
import * as Plot from '@observablehq/plot';
import { parseHTML } from 'linkedom';
import { escapeXml } from './plot.js';
import type { Roster, SimSummary } from './run.js';
import type { Totals } from './totals.js';

export interface ReportMeta {
  readonly title: string;
  readonly ruleset: string;
  readonly file: string;
  readonly options: Readonly<Record<string, string>>;
  /** What of the data is ours or the user's (dataLine). */
  readonly data?: string | null;
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

/** The DOM document Plot draws on: linkedom's, typed as Plot expects it. */
type PlotDocument = NonNullable<Plot.PlotOptions['document']>;

function render(make: (document: PlotDocument) => { outerHTML: string }): string {
  const { document } = parseHTML('<!doctype html><html><body></body></html>');
  const chart = make(document as unknown as PlotDocument) as unknown as {
    readonly outerHTML: string;
    querySelectorAll(selector: string): Iterable<{ removeAttribute(name: string): void }>;
  };
  // Plot names each mark's group ("dot", "rule") with an aria-label a group may not carry (it has
  // no role): screen readers read the chart's own title and axes, not the names of its marks.
  for (const g of chart.querySelectorAll('g[aria-label]')) g.removeAttribute('aria-label');
  return chart.outerHTML;
}

/** A chart of the report: its heading, Observable Plot's SVG (in a figure where it has a legend), and a note under it. */
export interface ReportPlot {
  readonly title: string;
  /** The chart as HTML; '' when there is nothing to draw (a ruleset that counts no wounds). */
  readonly html: string;
  /** A sentence under it, as plain text, or null. */
  readonly note: string | null;
}

/** The report's charts, for the page (fray serve's studies) as for the HTML file. */
export function reportPlots(s: SimSummary, totals: Totals, roster: Roster): ReportPlot[] {
  const rates = [
    ...s.sides.map((x) => ({ what: `${x.name} wins`, rate: x.winRate, lo: x.ci95[0], hi: x.ci95[1] })),
    { what: 'draws', rate: s.drawRate.rate, lo: s.drawRate.ci95[0], hi: s.drawRate.ci95[1] },
  ];
  const survival = s.combatants.map((c) => ({
    what: `${c.name} (${c.side}) standing`,
    rate: c.survived.rate,
    lo: c.survived.ci95[0],
    hi: c.survived.ci95[1],
  }));
  const intervalChart = (rows: typeof rates, label: string) =>
    render((document) =>
      Plot.plot({
        document,
        marginLeft: 220,
        // Room for the figures written after each interval: "81.8% (79.3%–84.1%)" near 100% was cut off.
        marginRight: 130,
        width: 760,
        height: 40 + rows.length * 34,
        x: { domain: [0, 1], tickFormat: '%', label, grid: true },
        y: { label: null },
        marks: [
          Plot.ruleY(rows, { x1: 'lo', x2: 'hi', y: 'what', strokeWidth: 3, stroke: '#4477aa' }),
          Plot.dot(rows, { x: 'rate', y: 'what', fill: '#224477', r: 4 }),
          Plot.text(rows, {
            x: 'hi',
            y: 'what',
            text: (d: (typeof rows)[number]) => `${pct(d.rate)} (${pct(d.lo)}–${pct(d.hi)})`,
            dx: 8,
            textAnchor: 'start',
          }),
        ],
      }),
    );
  const lengths = s.rounds.distribution.map((d) => ({
    rounds: d.rounds,
    share: d.fights / Math.max(1, s.runs),
  }));
  const roundsChart = render((document) =>
    Plot.plot({
      document,
      width: 760,
      height: 280,
      x: {
        label: 'rounds the fight lasted',
        tickFormat: 'd',
        domain: [0, Math.max(1, ...lengths.map((d) => d.rounds)) + 1],
      },
      y: { label: 'share of fights', tickFormat: '%', grid: true },
      marks: [
        Plot.rectY(lengths, {
          x1: (d: (typeof lengths)[number]) => d.rounds - 0.45,
          x2: (d: (typeof lengths)[number]) => d.rounds + 0.45,
          y: 'share',
          fill: '#4477aa',
        }),
        Plot.ruleY([0]),
      ],
    }),
  );
  const series = roster.combatants.flatMap((c, i) =>
    (['woundsTaken', 'woundsDealt'] as const).map((k) => ({
      who: `${c.name}`,
      what: k === 'woundsTaken' ? 'wounds taken' : 'wounds dealt',
      hist: totals.combatants[i]?.hist[k] ?? [],
    })),
  );
  // A rare long tail would stretch every chart: the bars end where 99.5% of each series' fights do.
  const cut = Math.max(0, ...series.map((x) => tailStart(x.hist, s.runs, 0.005)));
  const beyond = Math.max(0, ...series.map((x) => x.hist.length - 1));
  const wounds = series.flatMap((x) =>
    x.hist
      .map((fights, value) => ({ who: x.who, what: x.what, value, share: fights / Math.max(1, s.runs) }))
      .filter((d) => d.value <= cut && d.share > 0),
  );
  const woundsChart =
    wounds.length === 0
      ? ''
      : render((document) =>
          Plot.plot({
            document,
            width: 760,
            height: 140 * roster.combatants.length + 60,
            marginRight: 120,
            fy: { label: null, domain: roster.combatants.map((c) => c.name) },
            fx: { label: null, domain: ['wounds taken', 'wounds dealt'] },
            x: { label: 'W in the fight', tickFormat: 'd' },
            y: { label: 'share of fights', tickFormat: '%', grid: true },
            marks: [
              Plot.rectY(wounds, {
                x1: (d: (typeof wounds)[number]) => d.value - 0.45,
                x2: (d: (typeof wounds)[number]) => d.value + 0.45,
                y: 'share',
                fy: 'who',
                fx: 'what',
                fill: (d: (typeof wounds)[number]) => d.what,
                title: (d: (typeof wounds)[number]) => `${d.who}, ${d.what} ${d.value}: ${pct(d.share)}`,
              }),
              Plot.ruleY([0]),
            ],
            color: { domain: ['wounds taken', 'wounds dealt'], range: ['#cc3311', '#4477aa'], legend: true },
          }),
        );
  const woundsNote =
    beyond > cut
      ? `The bars end at ${cut} W, where 99.5% of each fighter's fights do; the rarest fights went up to ${beyond}.`
      : null;
  return [
    { title: 'Who wins', html: intervalChart(rates, 'share of fights'), note: null },
    { title: 'Who is standing at the end', html: intervalChart(survival, 'share of fights'), note: null },
    { title: 'How long the fights last', html: roundsChart, note: null },
    { title: 'Wounds per fight', html: woundsChart, note: woundsNote },
  ];
}

export function reportHtml(meta: ReportMeta, s: SimSummary, totals: Totals, roster: Roster): string {
  const [wins, standing, lengths, woundsPlot] = reportPlots(s, totals, roster) as [
    ReportPlot,
    ReportPlot,
    ReportPlot,
    ReportPlot,
  ];
  const woundsChart = woundsPlot.html || '<p>This ruleset counts no wounds per fighter.</p>';
  const woundsNote = woundsPlot.note ? `<p class="note">${escapeXml(woundsPlot.note)}</p>` : '';
  const opts = Object.entries(meta.options);
  const tableRows = s.combatants
    .map((c) => {
      const m = (k: string) => (c.stats[k] ? c.stats[k].mean.toFixed(2) : '–');
      return `<tr><td>${escapeXml(c.name)}</td><td>${escapeXml(c.side)}</td><td>${pct(c.survived.rate)}</td><td>${pct(c.fled.rate)}</td><td>${m('woundsDealt')}</td><td>${m('woundsTaken')}</td><td>${m('criticalsDealt')}</td><td>${m('criticalsTaken')}</td><td>${m('fumbles')}</td></tr>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeXml(meta.title)}: ${s.runs} fights</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 820px; margin: 2em auto; padding: 0 1em; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.15em; margin-top: 2em; }
table { border-collapse: collapse; font-size: 0.9em; } td, th { padding: 0.25em 0.6em; border-bottom: 1px solid #ddd; text-align: right; }
td:first-child, th:first-child, td:nth-child(2), th:nth-child(2) { text-align: left; }
.meta { color: #555; }
</style>
</head>
<body>
<h1>${escapeXml(meta.title)}</h1>
<p class="meta">${s.runs.toLocaleString('en')} fights, seed ${s.seed}, ruleset ${escapeXml(meta.ruleset)}, from <code>${escapeXml(meta.file)}</code>${opts.length ? `; options ${opts.map(([k, v]) => `<code>${escapeXml(k)}=${escapeXml(v)}</code>`).join(', ')}` : ''}. Fight i drew its dice from substream i of the seed: <code>fray fight FILE --seed ${s.seed} --run i</code> plays any of them again. Intervals are 95% (Wilson for rates).</p>
${meta.data ? `<p class="meta">${escapeXml(meta.data)}</p>` : ''}
<h2>${wins.title}</h2>
${wins.html}
<h2>${standing.title}</h2>
${standing.html}
<h2>${lengths.title}</h2>
<p>Mean ${s.meanRounds.toFixed(2)} rounds (95% CI ${s.rounds.ci95[0].toFixed(2)} – ${s.rounds.ci95[1].toFixed(2)}).</p>
${lengths.html}
<h2>${woundsPlot.title}</h2>
${woundsChart}
${woundsNote}
<h2>Per combatant, per fight</h2>
<table>
<tr><th>combatant</th><th>side</th><th>standing</th><th>fled</th><th>wounds dealt</th><th>wounds taken</th><th>criticals dealt</th><th>criticals taken</th><th>fumbles</th></tr>
${tableRows}
</table>
</body>
</html>
`;
}

/** The least value at or below which all but `tail` of the fights lie. */
export function tailStart(hist: readonly number[], runs: number, tail: number): number {
  let above = hist.reduce((n, x) => n + x, 0);
  for (let v = 0; v < hist.length; v++) {
    above -= hist[v] ?? 0;
    if (above <= tail * runs) return v;
  }
  return Math.max(0, hist.length - 1);
}
