// A fight on the GM's screen: the tracker beside the question as a card (choices with the
// suggestion marked, the need shown before the answer, "roll" or the dice typed), undo and the
// GM's rulings as buttons, and the log, newest first, filterable by combatant. Keys: a number
// picks a choice, Enter takes the suggestion (or rolls), Backspace or Ctrl+Z undoes.
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, download, type Creature, type FightView } from './api.js';
import { FightMapView } from './map.js';
import { Log, QuestionCard, rollDice, TrackerPanel } from './parts.js';
import { changes, lastChange } from './state.js';
import { TablePanel } from './table.js';

function Rulings({
  view,
  onRule,
  onAdd,
}: {
  view: FightView;
  onRule: (r: Record<string, unknown>) => void;
  onAdd: (side: number, use: string, why: string) => void;
}) {
  const [kind, setKind] = useState('modify');
  const [who, setWho] = useState(view.tracker.rows[0]?.id ?? '');
  const [what, setWhat] = useState('W');
  const [value, setValue] = useState('');
  const [why, setWhy] = useState('');
  const submit = (e: Event) => {
    e.preventDefault();
    const n = Number(value);
    if (kind === 'modify') onRule({ kind, by: n, why });
    else if (kind === 'set') onRule({ kind, who, what, value: n, why });
    else if (kind === 'give') onRule({ kind, answer: Number.isInteger(n) && value.trim() ? n : value, why });
    else onRule({ kind, who, why });
  };
  return (
    <section class="panel rulings" aria-label="rulings">
      <h2>The GM's ruling</h2>
      <form class="row" onSubmit={submit}>
        <select value={kind} onChange={(e) => setKind(e.currentTarget.value)} aria-label="ruling">
          <option value="modify">modify this roll by</option>
          <option value="set">set a number</option>
          <option value="give">give the answer</option>
          <option value="enter">bring in</option>
          <option value="leave">take out</option>
        </select>
        {kind !== 'modify' && kind !== 'give' && (
          <select value={who} onChange={(e) => setWho(e.currentTarget.value)} aria-label="who">
            {view.tracker.rows.map((r) => (
              <option value={r.id}>{r.name}</option>
            ))}
          </select>
        )}
        {kind === 'set' && (
          <input
            class="short"
            aria-label="which number"
            value={what}
            onInput={(e) => setWhat(e.currentTarget.value)}
          />
        )}
        {(kind === 'modify' || kind === 'set' || kind === 'give') && (
          <input
            class="short"
            aria-label="value"
            value={value}
            onInput={(e) => setValue(e.currentTarget.value)}
          />
        )}
        <input
          placeholder="why (kept in the log)"
          aria-label="why"
          value={why}
          onInput={(e) => setWhy(e.currentTarget.value)}
        />
        <button type="submit">Rule</button>
      </form>
      <Reinforce view={view} onAdd={onAdd} />
    </section>
  );
}

/** A newcomer from the bestiary for a side, with the reason: the fight's encounter gains it. */
function Reinforce({
  view,
  onAdd,
}: {
  view: FightView;
  onAdd: (side: number, use: string, why: string) => void;
}) {
  const [creatures, setCreatures] = useState<Creature[]>([]);
  const sides = [...new Set(view.tracker.rows.map((r) => r.side))];
  const [use, setUse] = useState('');
  const [side, setSide] = useState(sides.length - 1);
  const [why, setWhy] = useState('');
  useEffect(() => {
    void api.bestiary(view.ruleset).then((c) => {
      setCreatures(c);
      setUse(c[0]?.id ?? '');
    });
  }, [view.ruleset]);
  if (creatures.length === 0) return null;
  return (
    <form
      class="row"
      aria-label="reinforcements"
      onSubmit={(e) => {
        e.preventDefault();
        onAdd(side, use, why);
      }}
    >
      <span>Reinforcement:</span>
      <select value={use} onChange={(e) => setUse(e.currentTarget.value)} aria-label="newcomer">
        {creatures.map((c) => (
          <option value={c.id}>{c.name}</option>
        ))}
      </select>
      <select value={side} onChange={(e) => setSide(Number(e.currentTarget.value))} aria-label="for the side">
        {sides.map((s, i) => (
          <option value={i}>for {s}</option>
        ))}
      </select>
      <input
        placeholder="why"
        aria-label="why it comes"
        value={why}
        onInput={(e) => setWhy(e.currentTarget.value)}
      />
      <button type="submit">Bring in</button>
    </form>
  );
}

export function FightScreen({ id }: { id: number }) {
  const [view, setView] = useState<FightView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = useRef(false);
  // Only the answer to the latest request is shown: a refresh sent before an answer and
  // returning after it would show the fight as it was.
  const latest = useRef(0);
  useEffect(() => {
    if (busy.current) return;
    const mine = ++latest.current;
    void api
      .fight(id)
      .then((v) => {
        if (mine === latest.current) setView(v);
      })
      .catch((e: Error) => setError(e.message));
  }, [id, changes.value]);

  /** Runs a call that answers with the view; resolves to the refusal's message, if refused. */
  const act = async (run: () => Promise<FightView>): Promise<string | null> => {
    if (busy.current) return null;
    busy.current = true;
    const mine = ++latest.current;
    setError(null);
    try {
      const v = await run();
      if (mine === latest.current) setView(v);
      return null;
    } catch (e) {
      setError((e as Error).message);
      return (e as Error).message;
    } finally {
      busy.current = false;
    }
  };
  // The step the question was shown at: a player who answered it first wins, and this is refused.
  // The dice rolled with it go in the same request: the server keeps them if the roll asks for them.
  const answer = (a: number | string, then?: number) => act(() => api.answer(id, a, view?.inputs, then));
  // A player's answer from their device: said on the GM's screen as it arrives.
  const heard = lastChange.value;
  const news = heard && heard.fight === id && heard.what === 'answer' && heard.by ? heard : null;
  const undo = () => act(() => api.undo(id));

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const q = view?.question;
      const typing =
        e.target instanceof HTMLInputElement ||
        e.target instanceof HTMLTextAreaElement ||
        e.target instanceof HTMLSelectElement;
      if ((e.key === 'z' && (e.ctrlKey || e.metaKey)) || (e.key === 'Backspace' && !typing)) {
        e.preventDefault();
        if (view?.canUndo) void undo();
        return;
      }
      if (typing || !q) return;
      if (e.key === 'Enter') {
        e.preventDefault();
        void answer(
          q.kind === 'roll' ? rollDice(q.count ?? 1, q.sides ?? 6) : (q.suggested as number | string),
        );
      } else if (q.kind === 'choice' && /^[1-9]$/.test(e.key)) {
        const c = q.choices?.[Number(e.key) - 1];
        if (c) void answer(c.key);
      }
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  });

  if (!view) return <main class="fight">{error ? <p class="problems">{error}</p> : <p>Loading…</p>}</main>;
  return (
    <main class="fight" data-inputs={view.inputs}>
      <div class="bar-top">
        <h1>{view.title}</h1>
        <span class="tag">{view.ruleset}</span>
        <span class="muted">seed {view.seed ?? '—'}</span>
        <button type="button" onClick={() => void undo()} disabled={!view.canUndo}>
          Undo
        </button>
        <button
          type="button"
          class="link"
          onClick={() => void download(`/api/fights/${id}/export`, `fight-${id}.json`)}
        >
          export the save
        </button>
        {view.sides.map((sd, i) => (
          <label class="auto">
            <input
              type="checkbox"
              checked={sd.auto}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                void act(() =>
                  api.autoplay(
                    id,
                    view.sides.flatMap((x, j) => ((j === i ? on : x.auto) ? [j] : [])),
                  ),
                );
              }}
            />{' '}
            the tactics play {sd.name}
          </label>
        ))}
      </div>
      <div class="columns">
        <TrackerPanel t={view.tracker} current={view.question?.actor ?? null} />
        <div class="middle">
          {error && (
            <p class="problems" role="alert">
              {error}
            </p>
          )}
          {news && view.answers.length > 0 && (
            <p class="news" role="status">
              {view.answers[view.answers.length - 1]?.by} answered:{' '}
              {view.answers[view.answers.length - 1]?.answer}
            </p>
          )}
          {view.question ? (
            // A new question is a new card (keyed by the fight's step): what was typed for the last
            // one is gone at once, not after the next paint.
            <QuestionCard key={view.inputs} q={view.question} onAnswer={(a, t) => void answer(a, t)} />
          ) : (
            <section class="panel question over">
              <h2>{view.outcome ?? 'The fight is over'}</h2>
              <p class="keys">Backspace or Ctrl+Z: undo the last answer</p>
            </section>
          )}
          {view.map && (
            <FightMapView
              map={view.map}
              targets={view.question?.targets ?? null}
              current={view.question?.actor ?? null}
              onPick={(a) => act(() => api.answer(id, a, view.inputs))}
            />
          )}
          {view.question && (
            <Rulings
              view={view}
              onRule={(r) => void act(() => api.rule(id, r))}
              onAdd={(side, use, why) => void act(() => api.reinforce(id, side, { use }, why))}
            />
          )}
          <TablePanel view={view} onView={setView} />
          <Log events={view.events} rows={view.tracker.rows} />
        </div>
      </div>
    </main>
  );
}
