// How deadly the encounter being built is for the party (issue 48): `fray danger` of it, asked of
// the server a moment after each change and played there on worker threads. While the new answer
// is coming the old one stays, marked as old, so the panel never jumps to empty between changes.
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, ApiError, type Band, type DangerReport, type TargetResult } from './api.js';
import { ci, count, pct } from './designer/format.js';
import { Help } from './help.js';
import { Problems } from './problems.js';
import { useHeard } from './state.js';

/** How long the builder waits after a change before asking: a GM adding three orcs asks once. */
const SETTLE_MS = 400;

const BANDS: readonly Band[] = ['easy', 'fair', 'hard', 'deadly'];

/** What each figure a band is read from is called on the page. */
const FIGURE = { win: 'the party wins', someoneDown: 'someone down or dead', someoneDies: 'someone dead' };

/** How an encounter names the campaign's party (`use: party-wfrp1e.yaml#Helmut`, `party: party-wfrp1e.yaml`). */
const PARTY_REFERENCE = /party-[\w-]+\.yaml/;

/** Names this builder to the server: its newer ask stops its older run, not another page's. */
const builderKey = () => `builder-${Math.random().toString(36).slice(2)}`;

export function DangerPanel({ text, of }: { text: string; of: string }) {
  const [key] = useState(builderKey);
  const [report, setReport] = useState<DangerReport | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [asking, setAsking] = useState(false);
  const [said, setSaid] = useState('');
  /** The latest ask: an answer to any other is of an encounter that is no longer the one built. */
  const latest = useRef(0);
  // The party an encounter brings in by reference is its members as they are now: a change to the
  // characters (a wound applied after a fight, an edit) changes the fight weighed.
  const [partyChanges, setPartyChanges] = useState(0);
  useHeard((change) => {
    if (change.what === 'characters' && PARTY_REFERENCE.test(text)) setPartyChanges((n) => n + 1);
  });
  useEffect(() => {
    const n = ++latest.current;
    if (!text.trim()) {
      setReport(null);
      setError(null);
      setAsking(false);
      return;
    }
    setAsking(true);
    const wait = setTimeout(() => {
      api.danger(text, key).then(
        (r) => {
          if (n !== latest.current) return;
          setReport(r);
          setError(null);
          setAsking(false);
          setSaid(`${r.band}${r.sure ? '' : `, on the edge between ${r.between[0]} and ${r.between[1]}`}`);
        },
        (e: unknown) => {
          if (n !== latest.current) return;
          setError(e as Error);
          setAsking(false);
        },
      );
    }, SETTLE_MS);
    return () => clearTimeout(wait);
  }, [text, key, partyChanges]);

  return (
    <section class="danger" aria-labelledby={`${key}-title`}>
      <h3 id={`${key}-title`}>
        How deadly is it? <Help topic="danger" />
      </h3>
      <p class="sr-only" aria-live="polite">
        {said && `How deadly is it: ${said}.`}
      </p>
      {!text.trim() ? (
        <p class="hint">Put the party on one side and its foes on the other: how deadly it is shows here.</p>
      ) : error instanceof ApiError && error.status === 400 ? (
        <>
          <p class="hint">Not weighed until the encounter's problems are mended:</p>
          <Problems error={error} quiet />
        </>
      ) : error ? (
        <Problems error={error} />
      ) : !report ? (
        <p class="hint" role="status">
          Playing the fights…
        </p>
      ) : (
        <>
          <Figures r={report} old={asking} of={of} />
          {/* Proposals are of the encounter as it is: none are offered from an old answer. */}
          {!asking && <Proposals text={text} builder={key} band={report.band} />}
        </>
      )}
    </section>
  );
}

function Figures({ r, old, of }: { r: DangerReport; old: boolean; of: string }) {
  const chances: [string, DangerReport['win']][] = [
    ['the party wins', r.win],
    ['it flees', r.fled],
    ['it is wiped out', r.wiped],
    ...(r.undecided.rate > 0
      ? [['undecided (round cap)', r.undecided] as [string, DangerReport['win']]]
      : []),
    ['someone down or dead', r.someoneDown],
    ['someone dead', r.someoneDies],
  ];
  return (
    <div class={old ? 'danger-figures old' : 'danger-figures'} aria-busy={old}>
      {old && (
        <p class="updating" role="status">
          Updating… these figures are of the encounter before the last change.
        </p>
      )}
      <p class={`band band-${r.band}`}>
        <span class="band-word">{r.band}</span> <span class="band-for">for {r.party}</span>
      </p>
      <ol class="band-scale" aria-label="the bands, mildest first">
        {BANDS.map((b) => {
          const at = BANDS.indexOf(b);
          const within = at >= BANDS.indexOf(r.between[0]) && at <= BANDS.indexOf(r.between[1]);
          return (
            <li class={`band-${b}${b === r.band ? ' is' : ''}${within ? ' within' : ''}`}>
              {b}
              {b === r.band && <span class="sr-only"> (this one)</span>}
            </li>
          );
        })}
      </ol>
      <p>
        {r.sure
          ? `Sure after ${count(r.runs)} fights: every figure's 95% interval lies inside the band.`
          : `On the edge between ${r.between[0]} and ${r.between[1]} after ${count(r.runs)} fights.`}
      </p>
      {r.beyond.length > 0 && (
        <ul class="beyond">
          {r.beyond.map((b) => (
            <li>
              Not {b.band}: {FIGURE[b.figure]} {pct(b.value)}, {b.figure === 'win' ? 'below' : 'above'}{' '}
              {b.band}'s {pct(b.limit)}.
            </li>
          ))}
        </ul>
      )}
      <div class="danger-tables">
        <table class="figures" tabIndex={0} aria-label="the party's chances">
          <thead>
            <tr>
              <th>the party's chances</th>
              <th>rate</th>
              <th>95% interval</th>
            </tr>
          </thead>
          <tbody>
            {chances.map(([label, x]) => (
              <tr>
                <th>{label}</th>
                <td>{pct(x.rate)}</td>
                <td>{ci(x.ci95)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table class="figures" tabIndex={0} aria-label="each of the party">
          <thead>
            <tr>
              <th>each of the party</th>
              <th>down or dead</th>
              <th>dead</th>
            </tr>
          </thead>
          <tbody>
            {r.members.map((m) => (
              <tr>
                <th>{m.name}</th>
                <td>{pct(m.down.rate)}</td>
                <td>{pct(m.dies.rate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p class="hint">
        Fights last {r.meanRounds.toFixed(1)} rounds on average. Played by each side's tactics, as a
        simulation plays them, on {of} (seed {r.seed}).
      </p>
    </div>
  );
}

/**
 * The smallest changes that make the encounter another band (`fray danger --target`), asked when
 * the GM picks the band: each is played on the server, so it takes a few seconds, and a change of
 * the encounter makes the answer one of another encounter, so it is put away.
 */
function Proposals({ text, builder, band }: { text: string; builder: string; band: Band }) {
  const [target, setTarget] = useState<Band | null>(null);
  const [result, setResult] = useState<TargetResult | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const latest = useRef(0);
  useEffect(() => {
    latest.current++;
    setTarget(null);
    setResult(null);
    setError(null);
  }, [text]);
  const ask = (b: Band) => {
    const n = ++latest.current;
    setTarget(b);
    setResult(null);
    setError(null);
    api.dangerTarget(text, `${builder}-target`, b).then(
      (r) => n === latest.current && setResult(r),
      (e: unknown) => n === latest.current && setError(e as Error),
    );
  };
  return (
    <div class="danger-target">
      <p class="make-it">
        Make it{' '}
        {BANDS.filter((b) => b !== band).map((b) => (
          <button type="button" class={`band-${b}`} aria-pressed={b === target} onClick={() => ask(b)}>
            {b}
          </button>
        ))}
      </p>
      {target && !result && !error && (
        <p class="hint" role="status">
          Playing the changes that could make it {target}…
        </p>
      )}
      {error && <Problems error={error} />}
      {result && (
        <div role="status">
          {result.proposals.length === 0 ? (
            <p>
              No change of one entry's count or creature (nor healing the party, where it is hurt) makes it{' '}
              {result.target} ({result.tried} tried).
            </p>
          ) : (
            <>
              <p>
                To make it <strong>{result.target}</strong> ({result.tried} change
                {result.tried === 1 ? '' : 's'} played on the same dice):
              </p>
              <ul class="proposals">
                {result.proposals.map((p) => (
                  <li>
                    <strong>{p.change}</strong>: the party wins {pct(p.report.win.rate)}, someone dead{' '}
                    {pct(p.report.someoneDies.rate)}
                    {p.report.sure
                      ? ''
                      : ` (on the edge between ${p.report.between[0]} and ${p.report.between[1]})`}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </div>
  );
}
