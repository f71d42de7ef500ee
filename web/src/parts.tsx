// What the GM's screen, a player's page and the table display share: the tracker, the question as
// a card, the log. Each draws what the server sends it (the GM's view, or the players' view in
// which the GM side's numbers are already kept back); none of them runs a rule.
import { Component, type ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Question, TrackerRow } from './api.js';
import type { Connection } from './state.js';
import type { VeiledRow } from '../../src/core/veil.js';

/**
 * The connection's state, the same on every page: live, or reconnecting with what that means (nothing
 * is sent meanwhile; the page catches up when the server is back).
 */
export function ConnectionState({ state }: { state: Connection }) {
  return (
    <span class={`live is-${state}`} role="status" aria-label="connection">
      {state === 'live' ? '● live' : state === 'down' ? '○ reconnecting…' : '○ connecting…'}
    </span>
  );
}

/** The theme this browser chose with the switch (kept), else none: the system's preference rules. */
export function applyTheme(): void {
  const kept = localStorage.getItem('fray.theme');
  if (kept === 'dark' || kept === 'light') document.documentElement.dataset.theme = kept;
}

function isDark(): boolean {
  const chosen = document.documentElement.dataset.theme;
  return chosen ? chosen === 'dark' : matchMedia('(prefers-color-scheme: dark)').matches;
}

/** The switch between the light and the dark theme, on every page; the choice is kept in this browser. */
export function ThemeSwitch() {
  const [dark, setDark] = useState(isDark);
  return (
    <button
      type="button"
      class="theme-switch"
      aria-pressed={dark}
      onClick={() => {
        const next = dark ? 'light' : 'dark';
        document.documentElement.dataset.theme = next;
        localStorage.setItem('fray.theme', next);
        setDark(!dark);
      }}
    >
      {dark ? '☾' : '☀'} Dark theme
    </button>
  );
}

/** A line across the page while the server is gone. */
export function Unreachable({ state }: { state: Connection }) {
  return state === 'down' ? (
    <p class="unreachable" role="alert">
      The server cannot be reached — reconnecting… Nothing you do is sent until it is back; the page then
      shows the fight as it stands.
    </p>
  ) : null;
}

/** Dice the table rolls: a person's "Roll" is as good as dice thrown on the table. */
export function rollDice(count: number, sides: number): number {
  const a = new Uint32Array(count);
  crypto.getRandomValues(a);
  return [...a].reduce((n, x) => n + (x % sides) + 1, 0);
}

export function Bar({ value, max }: { value: number; max: number }) {
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

type Row = TrackerRow | VeiledRow;

/** A row's gauges, or the rough state the GM lets the players see instead. */
export function Health({ r }: { r: Row }) {
  const rough = 'rough' in r ? r.rough : undefined;
  return (
    <>
      {r.gauges.map((g) => (
        <div class="gauge">
          <span class="glabel">
            {g.label} {g.value}/{g.max}
          </span>
          <Bar value={g.value} max={g.max} />
        </div>
      ))}
      {rough && !r.out && <span class={`tag rough ${rough.replace(' ', '-')}`}>{rough}</span>}
    </>
  );
}

/**
 * A row's state beside its gauges: out or not, winning or losing, conditions, engagements, place;
 * `gear` too unless shown apart. `brief` (the TV, read from across the room, where the map shows
 * where each stands) leaves out the place and the gear, and marks an engagement with crossed swords.
 */
export function RowDetails({ r, gear = true, brief = false }: { r: Row; gear?: boolean; brief?: boolean }) {
  return (
    <div class="details">
      {r.out && <span class="tag out">{r.out === 'absent' ? 'not in the fight yet' : r.out}</span>}
      {r.standing && <span class={`tag ${r.standing}`}>{r.standing}</span>}
      {r.conditions.map((c) => (
        <span class="tag cond">
          {c.name}
          {c.roundsLeft !== undefined ? ` (${c.roundsLeft} rd)` : ''}
        </span>
      ))}
      {r.engaged.length > 0 &&
        (brief ? (
          <span class="muted engaged">
            <span aria-hidden="true">⚔ </span>
            <span class="sr-only">engaged with </span>
            {r.engaged.join(', ')}
          </span>
        ) : (
          <span class="muted">engaged with {r.engaged.join(', ')}</span>
        ))}
      {r.place && !brief && <span class="muted">{r.place}</span>}
      {gear && !brief && r.gear.map((g) => <span class="muted gear">{g}</span>)}
    </div>
  );
}

export function TrackerRows({ rows, current }: { rows: readonly Row[]; current: string | null }) {
  return (
    <ol>
      {rows.map((r) => (
        <li key={r.id} class={`${r.id === current ? 'current' : ''} ${r.out ? 'out' : ''}`} data-id={r.id}>
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
          <Health r={r} />
          <RowDetails r={r} />
        </li>
      ))}
    </ol>
  );
}

/**
 * The grid's board as text: its rows in columns (scrolled sideways on a narrow screen), and the
 * key under them (who each letter is, what each sign means) as sentences that wrap.
 */
export function Board({ lines }: { lines: readonly string[] }) {
  const grid = (l: string) => /^\s*\d/.test(l);
  return (
    <>
      <pre class="board" tabIndex={0} aria-label="the board">
        {lines.filter(grid).join('\n')}
      </pre>
      {lines
        .filter((l) => !grid(l))
        .map((l) => (
          <p class="board-key">{l.trim()}</p>
        ))}
    </>
  );
}

export function TrackerPanel({
  t,
  current,
}: {
  t: { round: number; orderBy: string; rows: readonly Row[]; board?: readonly string[] };
  current: string | null;
}) {
  return (
    <section class="panel tracker" aria-label="tracker">
      <h2>
        Round {t.round} <small>order: {t.orderBy}</small>
      </h2>
      <TrackerRows rows={t.rows} current={current} />
      {t.board && <Board lines={t.board} />}
    </section>
  );
}

/** A row of fields sent with Enter or its button, without the page reloading. */
function TypedForm({ onSubmit, children }: { onSubmit: () => void; children: ComponentChildren }) {
  return (
    <form
      class="row"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}

/**
 * The question as a card: who asks and what the answer needs; choices with the suggestion
 * marked, "Roll" or the dice typed (and the dice rolled with them), an amount with its bounds.
 * `keys`: the line of keyboard hints (the GM's screen has them; a phone does not).
 */
export function QuestionCard({
  q,
  onAnswer,
  keys = true,
  who,
  waitingFor,
  takeFocus = false,
  help,
}: {
  q: Question;
  onAnswer: (a: number | string, then?: number) => void;
  keys?: boolean;
  who?: string;
  /** Whose device the question has gone to (the GM's card says so, and may still answer it). */
  waitingFor?: string;
  /**
   * The card takes the focus on its field (the dice, the amount, the suggested choice) even from
   * another control: the GM's ruling was taken, and the keyboard goes back to the question.
   */
  takeFocus?: boolean;
  /** A link to the help on questions, after the keys (the GM's card). */
  help?: ComponentChildren;
}) {
  const [typed, setTyped] = useState('');
  const [then, setThen] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const card = useRef<HTMLElement>(null);
  // A new question where focus was lost (the last card's button is gone): focus comes to this card,
  // so the keyboard goes on from here (Tab to its choices, Enter for the suggestion) and a screen
  // reader reads it.
  useEffect(() => {
    const at = document.activeElement;
    if (at === null || at === document.body) card.current?.focus({ preventScroll: true });
  }, []);
  useEffect(() => {
    if (!takeFocus) return;
    const choice = () =>
      card.current?.querySelector<HTMLElement>('.choices button.suggested') ??
      card.current?.querySelector<HTMLElement>('.choices button');
    const to = q.kind === 'choice' ? (choice() ?? field.current) : field.current;
    (to ?? card.current)?.focus({ preventScroll: true });
  }, [takeFocus]);
  const dice = q.kind === 'roll' ? `${q.count === 1 ? '' : q.count}D${q.sides}` : '';
  const submitTyped = () => {
    const v = typed.trim();
    if (!v) return;
    const n = Number(v);
    const t = then.trim() ? Number(then) : undefined;
    onAnswer(q.kind === 'choice' && !Number.isInteger(n) ? v : Number.isInteger(n) ? n : v, t);
  };
  return (
    <section class="panel question" aria-label="question" tabIndex={-1} ref={card}>
      <p class="who">{who ?? q.actorName ?? 'The GM'}</p>
      <h2 class="label">{q.label}</h2>
      {waitingFor && (
        <p class="waiting-for" role="status">
          Waiting for {waitingFor} — or answer it here.
        </p>
      )}
      {/* The need in the label has the modifier in it already (the rules wrote it): this only names it. */}
      {q.ruled && (
        <p class="ruled" role="status">
          with the GM's modifier {q.ruled.by >= 0 ? '+' : '−'}
          {Math.abs(q.ruled.by)}
          {q.ruled.why ? ` (${q.ruled.why})` : ''}
        </p>
      )}
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
                {keys && <kbd>{i + 1}</kbd>} {c.label}
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
        <TypedForm onSubmit={submitTyped}>
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
        </TypedForm>
      )}
      {q.kind === 'roll' && (
        <TypedForm onSubmit={submitTyped}>
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
        </TypedForm>
      )}
      {q.kind === 'amount' && (
        <TypedForm onSubmit={submitTyped}>
          <label>
            {q.min}..{q.max}{' '}
            <input
              ref={field}
              type="number"
              min={q.min}
              max={q.max}
              step={q.step}
              placeholder={q.suggested === undefined ? '' : String(q.suggested)}
              value={typed}
              onInput={(e) => setTyped(e.currentTarget.value)}
            />
          </label>
          {q.suggested !== undefined && (
            <button type="button" class="primary" onClick={() => onAnswer(q.suggested as number)}>
              {q.suggested} (suggested)
            </button>
          )}
          <button type="submit">Take</button>
        </TypedForm>
      )}
      {keys && (
        <p class="keys">
          Enter: {q.kind === 'roll' ? 'roll' : 'the suggestion'}
          {q.kind === 'choice' ? ' · 1–9: a choice' : ''} · Backspace or Ctrl+Z: undo
          {help && <> · {help}</>}
        </p>
      )}
    </section>
  );
}

/** An entry of the log as a page shows it. */
export interface LogEntry {
  readonly type: string;
  readonly round: number;
  readonly who: readonly string[];
  readonly text: string;
  readonly cite: string | null;
}

/** One entry of the log: drawn again only when it is another entry. */
class LogLine extends Component<{ e: LogEntry }> {
  override shouldComponentUpdate(next: { e: LogEntry }): boolean {
    return next.e !== this.props.e;
  }
  override render() {
    const { e } = this.props;
    return (
      <li class={`ev ${e.type}`}>
        {e.type === 'round' ? <strong>{e.text}</strong> : e.text}
        {e.cite && <cite>{e.cite}</cite>}
      </li>
    );
  }
}

/**
 * The log, newest first, filterable by combatant. `limit`: how many entries to show at first (a
 * phone's page), with a button for the rest.
 */
export function Log({
  events,
  rows,
  limit,
}: {
  events: readonly LogEntry[];
  rows: readonly { id: string; name: string }[];
  limit?: number;
}) {
  const [who, setWho] = useState('');
  const [all, setAll] = useState(false);
  // Keyed by their place in the log: a new entry is one new item at the top. An entry the page
  // already had is the same object in the next view (the log is put together from what it had),
  // so it is not drawn again: a long night's log costs a step only its new entries.
  const shown = events
    .map((e, at) => ({ e, at }))
    .reverse()
    .filter(({ e }) => !who || e.who.includes(who));
  const cut = limit !== undefined && !all ? shown.slice(0, limit) : shown;
  return (
    <section class="panel log" aria-label="log">
      <h2>
        Log{' '}
        <select value={who} onChange={(e) => setWho(e.currentTarget.value)} aria-label="filter the log">
          <option value="">everyone</option>
          {rows.map((r) => (
            <option value={r.id}>{r.name}</option>
          ))}
        </select>
      </h2>
      <ol>
        {cut.map(({ e, at }) => (
          <LogLine key={at} e={e} />
        ))}
      </ol>
      {cut.length < shown.length && (
        <button type="button" class="link" onClick={() => setAll(true)}>
          show all {shown.length} entries
        </button>
      )}
    </section>
  );
}
