// A study's figures: the simulation's table, a comparison's, a sweep's, the exact odds, the plots.
import type { Comparison, OddsReport, ReportPlot, SimSummary, SweepResult } from '../api.js';
import { ci, count, pct, signed, signedFixed } from './format.js';

export function Plots({ plots }: { plots: readonly ReportPlot[] }) {
  return (
    <>
      {plots.map((p) => (
        <figure class="plot">
          <figcaption>{p.title}</figcaption>
          {/* The server drew it (Observable Plot or fray sweep's SVG), from the campaign's own names. */}
          <div class="svg" dangerouslySetInnerHTML={{ __html: p.html }} />
          {p.note && <p class="hint">{p.note}</p>}
        </figure>
      ))}
    </>
  );
}

export function SimTable({ s, label }: { s: SimSummary; label?: string }) {
  const m = (c: SimSummary['combatants'][number], k: string) =>
    c.stats[k] ? c.stats[k].mean.toFixed(2) : '–';
  return (
    <div class="sim-figures">
      {label && <h3>{label}</h3>}
      <table class="figures" tabIndex={0} aria-label={label ? `${label} wins` : 'who wins'}>
        <thead>
          <tr>
            <th />
            <th>fights</th>
            <th>rate</th>
            <th>95% interval</th>
          </tr>
        </thead>
        <tbody>
          {s.sides.map((x) => (
            <tr>
              <th>{x.name} wins</th>
              <td>{count(x.wins)}</td>
              <td>{pct(x.winRate)}</td>
              <td>{ci(x.ci95)}</td>
            </tr>
          ))}
          <tr>
            <th>draws</th>
            <td>{count(s.draws)}</td>
            <td>{pct(s.drawRate.rate)}</td>
            <td>{ci(s.drawRate.ci95)}</td>
          </tr>
        </tbody>
      </table>
      <p>
        Mean length <strong>{s.meanRounds.toFixed(2)}</strong> rounds (95% interval{' '}
        {s.rounds.ci95[0].toFixed(2)} – {s.rounds.ci95[1].toFixed(2)}), over {count(s.runs)} fights, seed{' '}
        {s.seed}
        {s.untilCi ? `; ${s.untilCi.reached ? 'stopped' : 'not stopped'} by ± ${s.untilCi.target}` : ''}.
      </p>
      {s.combatants.length > 0 && (
        <div class="scroll">
          <table class="figures per" tabIndex={0} aria-label="per combatant">
            <thead>
              <tr>
                <th>combatant</th>
                <th class="left">side</th>
                <th>standing</th>
                <th>fled</th>
                <th>wounds dealt</th>
                <th>wounds taken</th>
                <th>criticals dealt</th>
                <th>criticals taken</th>
                <th>fumbles</th>
              </tr>
            </thead>
            <tbody>
              {s.combatants.map((c) => (
                <tr>
                  <th>{c.name}</th>
                  <td class="left">{c.side}</td>
                  <td>{pct(c.survived.rate)}</td>
                  <td>{pct(c.fled.rate)}</td>
                  <td>{m(c, 'woundsDealt')}</td>
                  <td>{m(c, 'woundsTaken')}</td>
                  <td>{m(c, 'criticalsDealt')}</td>
                  <td>{m(c, 'criticalsTaken')}</td>
                  <td>{m(c, 'fumbles')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {s.tallies.length > 0 && (
        <ul class="tallies">
          {s.tallies.map((t) => (
            <li>
              {t.label}: <strong>{t.mean.toFixed(2)}</strong> a fight ({t.ci95[0].toFixed(2)} –{' '}
              {t.ci95[1].toFixed(2)})
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function CompareTable({ c }: { c: Comparison }) {
  // Exact figures have no interval: two decimals, as fray odds and fray compare print them.
  const exact = c.method === 'exact';
  const rate = (r: number, x: readonly [number, number]) =>
    exact ? `${(r * 100).toFixed(2)}%` : `${pct(r)} (${ci(x)})`;
  const diff = (d: { diff: number; ci95: [number, number] }, show: (x: number) => string) =>
    exact ? show(d.diff) : `${show(d.diff)} (${show(d.ci95[0])} to ${show(d.ci95[1])})`;
  const points = (x: number) => (exact ? signedFixed(x * 100, 2) : signed(x));
  const rounds = (x: number) => signedFixed(x, 2);
  return (
    <div>
      <p>
        {exact ? (
          <span class="method-note">Solved exactly: {c.methodNote.replace(/^solved exactly: /, '')}.</span>
        ) : (
          <>
            {count(c.runs)} paired fights, seed {c.seed}: fight i of A and of B on the same dice.
            {c.methodNote && <span class="method-note"> {c.methodNote}.</span>}
          </>
        )}
        <br />
        <strong>A</strong>: {c.a.label}
        <br />
        <strong>B</strong>: {c.b.label}
      </p>
      <div class="scroll">
        <table class="figures" tabIndex={0} aria-label="comparison">
          <thead>
            <tr>
              <th />
              <th>A</th>
              <th>B</th>
              <th>{exact ? 'B − A, points' : 'B − A, points (95% interval)'}</th>
            </tr>
          </thead>
          <tbody>
            {c.difference.sides.map((d, s) => (
              <tr>
                <th>{d.name} wins</th>
                <td>
                  {c.a.summary.sides[s] && rate(c.a.summary.sides[s].winRate, c.a.summary.sides[s].ci95)}
                </td>
                <td>
                  {c.b.summary.sides[s] && rate(c.b.summary.sides[s].winRate, c.b.summary.sides[s].ci95)}
                </td>
                <td>{diff(d, points)}</td>
              </tr>
            ))}
            <tr>
              <th>draws</th>
              <td>{rate(c.a.summary.drawRate.rate, c.a.summary.drawRate.ci95)}</td>
              <td>{rate(c.b.summary.drawRate.rate, c.b.summary.drawRate.ci95)}</td>
              <td>{diff(c.difference.draws, points)}</td>
            </tr>
            <tr>
              <th>mean rounds</th>
              <td>{c.a.summary.meanRounds.toFixed(2)}</td>
              <td>{c.b.summary.meanRounds.toFixed(2)}</td>
              <td>{diff(c.difference.meanRounds, rounds)}</td>
            </tr>
          </tbody>
        </table>
      </div>
      {c.method === 'sim' && (
        <details>
          <summary>A and B in full</summary>
          <SimTable s={c.a.summary} label="A" />
          <SimTable s={c.b.summary} label="B" />
        </details>
      )}
    </div>
  );
}

export function SweepTable({ r }: { r: SweepResult }) {
  const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
  const names = r.points[0]?.sides.map((s) => s.name) ?? [];
  // An exact figure has no interval: two decimals, as fray odds prints it.
  const exact = r.method === 'exact';
  const rate = (x: number) => (exact ? `${(x * 100).toFixed(2)}%` : pct(x));
  return (
    <div class="scroll">
      {r.methodNote && (
        <p class="hint method-note">
          {exact ? `Solved exactly: ${r.methodNote.replace(/^solved exactly: /, '')}` : r.methodNote}
        </p>
      )}
      <table class="figures" tabIndex={0} aria-label="sweep">
        <thead>
          <tr>
            {r.axes.map((a) => (
              <th>{a.label}</th>
            ))}
            {names.map((n) => (
              <th>{exact ? `${n} wins` : `${n} wins (95% interval)`}</th>
            ))}
            <th>draws</th>
            <th>rounds</th>
          </tr>
        </thead>
        <tbody>
          {r.points.map((p) => (
            <tr>
              {p.values.map((v) => (
                <th>{show(v)}</th>
              ))}
              {p.sides.map((s) => (
                <td>{exact ? rate(s.winRate) : `${pct(s.winRate)} (${ci(s.ci95)})`}</td>
              ))}
              <td>{rate(p.drawRate)}</td>
              <td>{p.meanRounds.toFixed(2)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function OddsView({ r }: { r: OddsReport }) {
  const shown = (list: readonly { value: number; p: number }[], of: number, sign = '') =>
    list
      .filter((x) => x.p >= 0.00005)
      .map((x) => `${sign}${x.value}: ${pct(x.p / Math.max(of, 1e-12), 2)}`)
      .join(', ');
  return (
    <div class="odds">
      <h3>One blow</h3>
      <p class="hint">{r.blowMethod}</p>
      {r.blows.map((b) => (
        <div class="blow">
          <p>
            <strong>
              {b.attacker} at {b.defender}
            </strong>
            : hits <strong>{pct(b.hit, 2)}</strong> ({b.needText ?? `D100 ≤ ${b.need}`})
            {b.wounds.length > 0 && `; ${b.meanWounds.toFixed(3)} wounds a blow on average`}; critical{' '}
            {pct(b.critical, 2)}; killed outright {pct(b.killed, 2)}
            {b.outAtOnce > b.killed && `, out at once ${pct(b.outAtOnce, 2)}`}
          </p>
          {b.note && <p class="detail">{b.note}</p>}
          {b.locations.length > 0 && (
            <p class="detail">where: {b.locations.map((l) => `${l.part} ${pct(l.p, 2)}`).join(', ')}</p>
          )}
          {b.wounds.length > 0 && <p class="detail">wounds of a hit: {shown(b.wounds, b.hit)}</p>}
          {b.criticalValues.length > 0 && (
            <p class="detail">critical values: {shown(b.criticalValues, b.critical, '+')} of criticals</p>
          )}
        </div>
      ))}
      <h3>The fight</h3>
      {r.duel ? (
        <>
          <table class="figures" tabIndex={0} aria-label="the fight's odds">
            <tbody>
              {r.duel.sides.map((s) => (
                <tr>
                  <th>{s.name} wins</th>
                  <td>{pct(s.win, 2)}</td>
                </tr>
              ))}
              <tr>
                <th>draw</th>
                <td>{pct(r.duel.draw, 2)}</td>
              </tr>
            </tbody>
          </table>
          <p>
            Mean length {r.duel.meanRounds.toFixed(3)} rounds; at most {count(r.duel.states)} states in a
            round.
          </p>
          <p class="hint">{r.duelMethod}</p>
        </>
      ) : (
        <p class="no-odds" role="note">
          No exact odds for the whole fight: {r.duelMethod.replace(/^not computed( exactly)?: /, '')}
        </p>
      )}
    </div>
  );
}
