// A fight on the GM's screen: the tracker beside the question as a card (choices with the
// suggestion marked, the need shown before the answer, "roll" or the dice typed), undo and the
// GM's rulings as buttons, and the log, newest first, filterable by combatant. Keys: a number
// picks a choice, Enter takes the suggestion (or rolls), Backspace or Ctrl+Z undoes.
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, download, logHashOf, viewHeard, type Creature, type FightView } from './api.js';
import { FightMapView } from './map.js';
import { Log, QuestionCard, rollDice, TrackerPanel } from './parts.js';
import { type Heard, reconnects, UNREACHABLE, useHeard } from './state.js';
import { TablePanel, useTable } from './table.js';
import { PartyPanel } from './party-result.js';
import { Help } from './help.js';

function Rulings({
  view,
  onRule,
  onAdd,
}: {
  view: FightView;
  onRule: (r: Record<string, unknown>) => Promise<string | null>;
  onAdd: (side: number, use: string, why: string) => void;
}) {
  const [kind, setKind] = useState('modify');
  // Whom each ruling can name: only those not in the fight yet come in, only those in it go out.
  const rows = view.tracker.rows.filter((r) =>
    kind === 'enter' ? r.out === 'absent' : kind === 'leave' ? r.out === null : true,
  );
  const [picked, setWho] = useState('');
  const who = rows.some((r) => r.id === picked) ? picked : (rows[0]?.id ?? '');
  // The numbers the engine takes for this combatant (its W or HP first): another combatant's list
  // keeps the number picked when it has it too.
  const numbers = view.settable[who] ?? [];
  const [pickedNumber, setWhat] = useState('');
  const number = numbers.find((n) => n.name === pickedNumber) ?? numbers[0];
  const what = number?.name ?? '';
  const [value, setValue] = useState('');
  const [why, setWhy] = useState('');
  // A ruling that needs a number is not sent without one (an empty field is not a modifier of 0).
  const needsValue = kind === 'modify' || kind === 'set' || kind === 'give';
  const submit = async (e: Event) => {
    e.preventDefault();
    if (needsValue && value.trim() === '') return;
    const n = Number(value.replace('−', '-'));
    const refused = await onRule(
      kind === 'modify'
        ? { kind, by: n, why }
        : kind === 'set'
          ? { kind, who, what, value: n, why }
          : kind === 'give'
            ? { kind, answer: Number.isInteger(n) ? n : value, why }
            : { kind, who, why },
    );
    // Taken: the fields are empty again, so a second click does not rule it twice.
    if (refused === null) {
      setValue('');
      setWhy('');
    }
  };
  return (
    <section class="panel rulings" aria-label="rulings">
      <h2>The GM's ruling</h2>
      <Help topic="rulings" corner />
      <form class="row" onSubmit={(e) => void submit(e)}>
        <select value={kind} onChange={(e) => setKind(e.currentTarget.value)} aria-label="ruling">
          <option value="modify">modify this roll by</option>
          <option value="set">set a number</option>
          <option value="give">give the answer</option>
          <option value="enter">bring in</option>
          <option value="leave">take out</option>
        </select>
        {kind !== 'modify' && kind !== 'give' && rows.length > 0 && (
          <select value={who} onChange={(e) => setWho(e.currentTarget.value)} aria-label="who">
            {rows.map((r) => (
              <option value={r.id}>
                {r.name} ({r.side})
              </option>
            ))}
          </select>
        )}
        {kind === 'enter' && rows.length === 0 && (
          <span class="muted">nobody is waiting to come in (written enters: true)</span>
        )}
        {kind === 'set' &&
          (numbers.length > 0 ? (
            <select
              class="which-number"
              value={what}
              onChange={(e) => setWhat(e.currentTarget.value)}
              aria-label="which number"
            >
              {numbers.map((n) => (
                <option value={n.name}>
                  {n.name}: {n.value}
                  {n.about ? ` — ${n.about}` : ` (${n.min}..${n.max})`}
                </option>
              ))}
            </select>
          ) : (
            <span class="muted">no number of theirs can be set</span>
          ))}
        {(kind === 'modify' || kind === 'set' || kind === 'give') && (
          <input
            class="short"
            aria-label="value"
            inputMode="numeric"
            placeholder={kind === 'set' && number ? `${number.min}..${number.max}` : ''}
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
        <button
          type="submit"
          disabled={
            (needsValue && value.trim() === '') ||
            (!needsValue && kind !== 'modify' && who === '') ||
            (kind === 'set' && what === '')
          }
        >
          Rule
        </button>
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
  // Reinforcements mostly come for the GM's side: the sides no player plays come first, the first the
  // default. With no side marked as the players', the encounter's first side is taken for theirs.
  const marked = view.sides.some((sd) => sd.players);
  const sides = view.sides
    .map((sd, i) => ({ name: sd.name, players: marked ? sd.players : i === 0, i }))
    .sort((a, b) => Number(a.players) - Number(b.players));
  const [use, setUse] = useState('');
  const [side, setSide] = useState(sides[0]?.i ?? 0);
  const [why, setWhy] = useState('');
  // Asked again after a reconnection, if the server went before it answered.
  useEffect(() => {
    if (creatures.length > 0) return;
    api.bestiary(view.ruleset).then(
      (c) => {
        setCreatures(c);
        setUse(c[0]?.id ?? '');
      },
      () => undefined,
    );
  }, [view.ruleset, reconnects.value]);
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
        {sides.map((s) => (
          <option value={s.i}>
            for {s.name}
            {view.sides[s.i]?.players ? ' (the players)' : ''}
          </option>
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

/** Whether a key pressed there belongs to a control (WCAG 2.1.1: every control works from the keyboard as its own). */
function onControl(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    target.closest(
      'button, a[href], input, select, textarea, summary, [role="button"], [role="tab"], [role="link"], [contenteditable]:not([contenteditable="false"])',
    ) !== null
  );
}

export function FightScreen({ id }: { id: number }) {
  const [view, setView] = useState<FightView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [table, setTable] = useTable();
  const busy = useRef(false);
  // Only the answer to the latest request is shown: a refresh sent before an answer and
  // returning after it would show the fight as it was.
  const latest = useRef(0);
  const had = useRef<FightView | null>(null);
  had.current = view;
  // A player's answer from their device: said on the GM's screen with the view it brought.
  const [news, setNews] = useState<Heard | null>(null);
  // The step a ruling brought the fight to: its question takes the focus back from the ruling's
  // form, and the page says so, until the fight moves on.
  const [ruledAt, setRuledAt] = useState<number | null>(null);
  const refresh = (heard: Heard | null) => {
    if (busy.current) return;
    const mine = ++latest.current;
    void api
      .fight(id, had.current)
      .then((v) => {
        if (mine !== latest.current) return;
        had.current = v;
        setView(v);
        setNews(heard?.what === 'answer' && heard.by ? heard : null);
        setRuledAt(null);
        // Back after the server was gone: what was said of it is said no more.
        setError((was) => (was === UNREACHABLE ? null : was));
      })
      .catch((e: Error) => setError(e.message));
  };
  useEffect(() => refresh(null), [id]);
  // A change heard while the page waits on its own request: looked at once that is answered.
  const missed = useRef<Heard | null>(null);
  const hear = (heard: Heard) => {
    if (busy.current) {
      // A reconnection's fetch of the whole view covers any step after it.
      if (missed.current?.what !== 'reconnected') missed.current = heard;
      return;
    }
    if (heard.what === 'reconnected') return refresh(null);
    if (heard.fight !== id) return;
    // What this page was answered with already (its own answer, told back): nothing to fetch.
    const v = had.current;
    if (heard.inputs !== undefined && v && v.inputs === heard.inputs && logHashOf(v) === heard.log) return;
    // A step told with its view: shown as it comes; one the page cannot put together is fetched.
    const told = viewHeard(v, heard);
    if (!told) return refresh(heard);
    ++latest.current;
    had.current = told;
    setView(told);
    setNews(heard.what === 'answer' && heard.by ? heard : null);
    setRuledAt(null);
  };
  useHeard(hear);

  /** Runs a call that answers with the view; resolves to the refusal's message, if refused. */
  const act = async (run: () => Promise<FightView>): Promise<string | null> => {
    if (busy.current) return null;
    busy.current = true;
    const mine = ++latest.current;
    setError(null);
    setRuledAt(null);
    try {
      const v = await run();
      if (mine === latest.current) {
        had.current = v;
        setView(v);
        setNews(null);
      }
      return null;
    } catch (e) {
      setError((e as Error).message);
      return (e as Error).message;
    } finally {
      busy.current = false;
      const heard = missed.current;
      missed.current = null;
      if (heard) hear(heard);
    }
  };
  // The step the question was shown at: a player who answered it first wins, and this is refused.
  // The dice rolled with it go in the same request: the server keeps them if the roll asks for them.
  const answer = (a: number | string, then?: number) =>
    act(() => api.answer(id, a, view?.inputs, then, view));
  const undo = () => act(() => api.undo(id, view));

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const q = view?.question;
      // On a control (a button, a link, a field, a list), a key is the control's: Enter presses
      // that button, Ctrl+Z undoes typing. The fight's keys act only where focus is on no control.
      if (onControl(e.target) || e.altKey || e.defaultPrevented) return;
      if ((e.key === 'z' && (e.ctrlKey || e.metaKey)) || e.key === 'Backspace') {
        e.preventDefault();
        if (view?.canUndo) void undo();
        return;
      }
      if (!q || e.ctrlKey || e.metaKey) return;
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

  // A question of a character with a player's phone at the table: the GM's card says it waits for that phone.
  const asked = view?.question?.actor ?? null;
  const seat =
    table && view && table.fight === view.id && asked
      ? table.seats.find((s) => s.kind === 'player' && s.combatant === asked)
      : undefined;
  const waitingFor = seat ? `${seat.player || 'the player'}'s phone` : undefined;
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
                    view,
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
          {/* Always there, so that a screen reader hears what comes into it. */}
          <div role="status" class="ruled-news">
            {ruledAt === view.inputs && view.question && (
              <p class="news">Ruling taken. Back to the question: {view.question.label}</p>
            )}
          </div>
          {view.question ? (
            // A new question is a new card (keyed by the fight's step): what was typed for the last
            // one is gone at once, not after the next paint.
            <QuestionCard
              key={view.inputs}
              q={view.question}
              onAnswer={(a, t) => void answer(a, t)}
              waitingFor={waitingFor}
              takeFocus={ruledAt === view.inputs}
              help={<Help topic="question" />}
            />
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
              onPick={(a) => act(() => api.answer(id, a, view.inputs, undefined, view))}
            />
          )}
          {view.question && (
            <Rulings
              view={view}
              onRule={async (r) => {
                const refused = await act(() => api.rule(id, r, view));
                if (refused === null && had.current) setRuledAt(had.current.inputs);
                return refused;
              }}
              onAdd={(side, use, why) => void act(() => api.reinforce(id, side, { use }, why, view))}
            />
          )}
          <PartyPanel view={view} />
          <TablePanel view={view} onView={setView} table={table} setTable={setTable} />
          <Log events={view.events} rows={view.tracker.rows} />
        </div>
      </div>
    </main>
  );
}
