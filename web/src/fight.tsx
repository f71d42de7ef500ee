// A fight on the GM's screen: the tracker beside the question as a card (choices with the
// suggestion marked, the need shown before the answer, "roll" or the dice typed), undo and the
// GM's rulings as buttons, and the log, newest first, filterable by combatant. Keys: a number
// picks a choice, Enter takes the suggestion (or rolls), Backspace or Ctrl+Z undoes.
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, download, type Creature, type FightView, type Question, type Tracker } from './api.js';
import { FightMapView } from './map.js';
import { changes } from './state.js';

function rollDice(count: number, sides: number): number {
  const a = new Uint32Array(count);
  crypto.getRandomValues(a);
  return [...a].reduce((n, x) => n + (x % sides) + 1, 0);
}

function Bar({ value, max }: { value: number; max: number }) {
  const part = max > 0 ? Math.max(0, Math.min(1, value / max)) : 0;
  return (
    <span class="bar" aria-hidden="true">
      <span
        class={`fill ${part <= 0.34 ? 'low' : part <= 0.67 ? 'mid' : ''}`}
        style={{ width: `${part * 100}%` }}
      />
    </span>
  );
}

function TrackerPanel({ t, current }: { t: Tracker; current: string | null }) {
  return (
    <section class="panel tracker" aria-label="tracker">
      <h2>
        Round {t.round} <small>order: {t.orderBy}</small>
      </h2>
      <ol>
        {t.rows.map((r) => (
          <li class={`${r.id === current ? 'current' : ''} ${r.out ? 'out' : ''}`} data-id={r.id}>
            <div class="line">
              <span class="mark">{r.id === current ? '▶' : ''}</span>
              <span class="name">{r.name}</span>
              <span class="team">{r.side}</span>
              {r.order && !r.out && (
                <span class="order">
                  {r.order.label} {r.order.value}
                </span>
              )}
            </div>
            {r.gauges.map((g) => (
              <div class="gauge">
                <span class="glabel">
                  {g.label} {g.value}/{g.max}
                </span>
                <Bar value={g.value} max={g.max} />
              </div>
            ))}
            <div class="details">
              {r.out && <span class="tag out">{r.out === 'absent' ? 'not in the fight yet' : r.out}</span>}
              {r.standing && <span class={`tag ${r.standing}`}>{r.standing}</span>}
              {r.conditions.map((c) => (
                <span class="tag cond">
                  {c.name}
                  {c.roundsLeft !== undefined ? ` (${c.roundsLeft} rd)` : ''}
                </span>
              ))}
              {r.engaged.length > 0 && <span class="muted">engaged with {r.engaged.join(', ')}</span>}
              {r.place && <span class="muted">{r.place}</span>}
              {r.gear.map((g) => (
                <span class="muted gear">{g}</span>
              ))}
            </div>
          </li>
        ))}
      </ol>
      {t.board && <pre class="board">{t.board.join('\n')}</pre>}
    </section>
  );
}

function QuestionCard({
  q,
  onAnswer,
}: {
  q: Question;
  onAnswer: (a: number | string, then?: number) => void;
}) {
  const [typed, setTyped] = useState('');
  const [then, setThen] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const dice = q.kind === 'roll' ? `${q.count === 1 ? '' : q.count}D${q.sides}` : '';
  const submitTyped = () => {
    const v = typed.trim();
    if (!v) return;
    const n = Number(v);
    const t = then.trim() ? Number(then) : undefined;
    onAnswer(q.kind === 'choice' && !Number.isInteger(n) ? v : Number.isInteger(n) ? n : v, t);
  };
  return (
    <section class="panel question" aria-label="question">
      <p class="who">{q.actorName ?? 'The GM'}</p>
      <h2 class="label">{q.label}</h2>
      {q.kind === 'choice' && (
        <ol class="choices">
          {(q.choices ?? []).map((c, i) => (
            <li>
              <button
                type="button"
                class={c.key === q.suggested ? 'suggested' : ''}
                onClick={() => onAnswer(c.key)}
                data-key={c.key}
              >
                <kbd>{i + 1}</kbd> {c.label}
                {c.key === q.suggested && <span class="sugg">suggested</span>}
              </button>
            </li>
          ))}
          {(q.refused ?? []).map((c) => (
            <li class="refused">not on offer: {c.label}</li>
          ))}
        </ol>
      )}
      {q.kind === 'choice' && q.free && (
        <form
          class="row"
          onSubmit={(e) => {
            e.preventDefault();
            submitTyped();
          }}
        >
          <label>
            or type {q.free.hint}{' '}
            <input
              ref={field}
              value={typed}
              onInput={(e) => setTyped(e.currentTarget.value)}
              list="free-options"
            />
          </label>
          <datalist id="free-options">
            {q.free.options.map((o) => (
              <option value={o} />
            ))}
          </datalist>
          <button type="submit">Go</button>
        </form>
      )}
      {q.kind === 'roll' && (
        <form
          class="row"
          onSubmit={(e) => {
            e.preventDefault();
            submitTyped();
          }}
        >
          <button
            type="button"
            class="primary"
            onClick={() => onAnswer(rollDice(q.count ?? 1, q.sides ?? 6))}
          >
            Roll {dice}
          </button>
          <label>
            or the dice rolled: {dice}{' '}
            <input
              ref={field}
              class="dice"
              inputMode="numeric"
              aria-label="dice rolled"
              value={typed}
              onInput={(e) => setTyped(e.currentTarget.value)}
            />
          </label>
          {q.then && (
            <label>
              with {q.then.label}{' '}
              <input
                class="dice"
                inputMode="numeric"
                aria-label="the dice rolled with it"
                value={then}
                onInput={(e) => setThen(e.currentTarget.value)}
              />
            </label>
          )}
          <button type="submit">Take</button>
        </form>
      )}
      {q.kind === 'amount' && (
        <form
          class="row"
          onSubmit={(e) => {
            e.preventDefault();
            submitTyped();
          }}
        >
          <label>
            {q.min}..{q.max}{' '}
            <input
              ref={field}
              type="number"
              min={q.min}
              max={q.max}
              step={q.step}
              placeholder={String(q.suggested)}
              value={typed}
              onInput={(e) => setTyped(e.currentTarget.value)}
            />
          </label>
          <button type="button" class="primary" onClick={() => onAnswer(q.suggested as number)}>
            {q.suggested} (suggested)
          </button>
          <button type="submit">Take</button>
        </form>
      )}
      <p class="keys">
        Enter: {q.kind === 'roll' ? 'roll' : 'the suggestion'}
        {q.kind === 'choice' ? ' · 1–9: a choice' : ''} · Backspace or Ctrl+Z: undo
      </p>
    </section>
  );
}

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

function Log({ view }: { view: FightView }) {
  const [who, setWho] = useState('');
  const events = [...view.events].reverse().filter((e) => !who || e.who.includes(who));
  return (
    <section class="panel log" aria-label="log">
      <h2>
        Log{' '}
        <select value={who} onChange={(e) => setWho(e.currentTarget.value)} aria-label="filter the log">
          <option value="">everyone</option>
          {view.tracker.rows.map((r) => (
            <option value={r.id}>{r.name}</option>
          ))}
        </select>
      </h2>
      <ol>
        {events.map((e) => (
          <li class={`ev ${e.type}`}>
            {e.type === 'round' ? <strong>{e.text}</strong> : e.text}
            {e.cite && <cite>{e.cite}</cite>}
          </li>
        ))}
      </ol>
    </section>
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
  const answer = (a: number | string, then?: number) =>
    act(async () => {
      let v = await api.answer(id, a);
      // The dice rolled with it answer the roll they were rolled for, if it comes to it.
      if (then !== undefined && v.question?.kind === 'roll' && v.question.actor === view?.question?.actor)
        v = await api.answer(id, then);
      return v;
    });
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
              onPick={(a) => act(() => api.answer(id, a))}
            />
          )}
          {view.question && (
            <Rulings
              view={view}
              onRule={(r) => void act(() => api.rule(id, r))}
              onAdd={(side, use, why) => void act(() => api.reinforce(id, side, { use }, why))}
            />
          )}
          <Log view={view} />
        </div>
      </div>
    </main>
  );
}
