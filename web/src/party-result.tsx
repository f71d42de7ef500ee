// What a fight did to the campaign's party, on the fight's page: each member's fields as the
// character has them and as the fight leaves them, written into the characters with one button,
// and each apply listed with when it was made and a way to take it back. Folded while the fight
// goes on (it is asked for only when open); it opens by itself when the fight ends.
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, type AppliedItem, type FightView, type PartyResult } from './api.js';
import { useHeard } from './state.js';
import { Help } from './help.js';

/** A field's value as the GM reads it: `{ bow: 6 }`, `[critical 6 (toHit: -10)]`; none: not written. */
function shown(v: unknown): string {
  if (v === undefined || v === null) return 'not written';
  if (Array.isArray(v)) return v.length === 0 ? 'none' : v.map(shown).join(', ');
  if (typeof v === 'object') {
    const { why, ...rest } = v as Record<string, unknown>;
    const inner = Object.entries(rest)
      .map(([k, x]) => `${k}: ${typeof x === 'object' && x !== null ? `{ ${shownMap(x)} }` : String(x)}`)
      .join(', ');
    if (typeof why === 'string') return inner ? `${why} (${inner})` : why;
    return `{ ${inner} }`;
  }
  return String(v);
}

const shownMap = (v: object) =>
  Object.entries(v)
    .map(([k, x]) => `${k}: ${String(x)}`)
    .join(', ');

/** SQLite's UTC time as this browser's local time of day and date. */
function when(utc: string): string {
  const d = new Date(`${utc.replace(' ', 'T')}Z`);
  return Number.isNaN(d.getTime()) ? utc : d.toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });
}

function Applied({ a, last, onUndo }: { a: AppliedItem; last: boolean; onUndo: () => void }) {
  return (
    <li>
      <strong>{a.undone ? 'Taken back' : 'Applied'}</strong> {when(a.applied)}, at step {a.step}
      {a.outcome ? ` (${a.outcome})` : ' (the fight not over)'}
      {a.undone && <span class="muted">; taken back {when(a.undone)}</span>}:{' '}
      {a.changes.map((c, i) => (
        <>
          {i > 0 && '; '}
          {c.name} {c.field} {shown(c.from)} → {shown(c.to)}
        </>
      ))}{' '}
      {last && !a.undone && (
        <button type="button" onClick={onUndo}>
          Undo this apply
        </button>
      )}
    </li>
  );
}

export function PartyPanel({ view }: { view: FightView }) {
  const over = view.outcome !== null;
  const [open, setOpen] = useState(over);
  const [result, setResult] = useState<PartyResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState('');
  // The fight's end opens the panel once; the GM may fold it again.
  const wasOver = useRef(over);
  useEffect(() => {
    if (over && !wasOver.current) setOpen(true);
    wasOver.current = over;
  }, [over]);
  const fetchResult = () => {
    if (!open) return;
    api.party(view.id).then(
      (r) => (setResult(r), setError(null)),
      (e: Error) => setError(e.message),
    );
  };
  useEffect(fetchResult, [open, view.id, view.inputs]);
  // Another page applied or took back, or a character was edited: the "now" column changed.
  useHeard((heard) => {
    if (heard.what === 'characters' || (heard.what === 'party' && heard.fight === view.id)) fetchResult();
  });
  const run = async (call: () => Promise<PartyResult>, done: (r: PartyResult) => string) => {
    setError(null);
    setSaid('');
    try {
      const r = await call();
      setResult(r);
      setSaid(done(r));
    } catch (e) {
      setError((e as Error).message);
    }
  };
  const changed = result?.members.filter((m) => m.changes.length > 0) ?? [];
  const lastApplied = result?.applied.find((a) => !a.undone);
  return (
    <section class="panel party-result" aria-label="the party after the fight">
      <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>
          <h2>What the fight did to the party</h2>
        </summary>
        {error && (
          <p class="problems" role="alert">
            {error}
          </p>
        )}
        {result && (
          <>
            <p class="muted">
              {result.outcome
                ? `After the fight: ${result.outcome}.`
                : `As it stands in round ${result.round}: the fight goes on, and this can be applied now or later.`}{' '}
              <Help topic="party" />
            </p>
            {result.notes.map((n) => (
              <p class="hint">{n}</p>
            ))}
            {result.members.length > 0 && (
              <ul class="party-members">
                {result.members.map((m) => (
                  <li>
                    <h3>
                      {m.name}{' '}
                      {m.end?.gauge && (
                        <span class="muted">
                          {m.end.gauge.label} {m.end.gauge.value}/{m.end.gauge.max}
                        </span>
                      )}
                      {m.end?.out && <span class="out"> {m.end.out}</span>}
                    </h3>
                    {m.changes.length > 0 ? (
                      <table class="changes">
                        <thead>
                          <tr>
                            <th scope="col">field</th>
                            <th scope="col">the character now</th>
                            <th scope="col">after the fight</th>
                          </tr>
                        </thead>
                        <tbody>
                          {m.changes.map((c) => (
                            <tr>
                              <th scope="row">{c.field}</th>
                              <td>{shown(c.from)}</td>
                              <td>
                                <strong>{shown(c.to)}</strong>
                              </td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    ) : (
                      <p class="muted">
                        {m.character === null ? 'no longer a character of the party' : 'nothing to write'}
                      </p>
                    )}
                    {(m.end?.conditions.length ?? 0) > 0 && (
                      <p class="muted">
                        {m.end?.conditions
                          .map((c) => (c.roundsLeft ? `${c.name} (${c.roundsLeft} rounds)` : c.name))
                          .join(', ')}
                        : these end with the fight, and are not written.
                      </p>
                    )}
                    {m.notes.map((n) => (
                      <p class="warn">{n}</p>
                    ))}
                  </li>
                ))}
              </ul>
            )}
            {result.members.some((m) =>
              m.changes.some((c) => c.from === undefined || c.to === undefined),
            ) && (
              <p class="hint">
                Not written: the character leaves the field out, and its rules' default holds (full W, no
                lasting effect).
              </p>
            )}
            <div class="row">
              <button
                type="button"
                class="primary"
                disabled={changed.length === 0}
                onClick={() =>
                  void run(
                    () => api.applyParty(view.id, result.step),
                    (r) =>
                      `Written into ${changed.map((m) => m.name).join(', ')} at ${when(r.applied[0]?.applied ?? '')}.`,
                  )
                }
              >
                Apply to the party's characters
              </button>
              <span role="status">{said}</span>
            </div>
            {result.applied.length > 0 && (
              <>
                <h3>Applied from this fight</h3>
                <ol class="applied" reversed>
                  {result.applied.map((a) => (
                    <Applied
                      a={a}
                      last={a === lastApplied}
                      onUndo={() =>
                        void run(
                          () => api.undoParty(view.id),
                          () => 'Taken back: the characters are as they were before it.',
                        )
                      }
                    />
                  ))}
                </ol>
              </>
            )}
          </>
        )}
      </details>
    </section>
  );
}
