// The players' page: on a phone, a player's own character and its questions; on the shared TV,
// the table display. It shows only what the server sends a seat (the fight as the players may
// see it), kept live over the socket, and answers only its own character's questions.
//   /join/CODE    pick a character (or be the table display): the link or QR code the GM shows
//   /play#TOKEN   a player's page (the token is kept, so /play opens it again)
//   /display#TOKEN  the table display
import { render } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { PlayersQuestion, PlayersView, Question } from './api.js';
import { FightMapView } from './map.js';
import {
  applyTheme,
  Board,
  ConnectionState,
  Health,
  Log,
  QuestionCard,
  RowDetails,
  ThemeSwitch,
  TrackerRows,
  Unreachable,
} from './parts.js';
import type { Connection } from './state.js';
import { answer, join, joinPage, Refused, seatToken, stayLive, table } from './seat.js';
import './style.css';
import './play.css';

function Join({ code }: { code: string }) {
  const [page, setPage] = useState<Awaited<ReturnType<typeof joinPage>> | null>(null);
  const [error, setError] = useState<string | null>(null);
  // When the server takes a join again, after too many wrong codes (ms since the epoch).
  const [until, setUntil] = useState<number | null>(null);
  const [, tick] = useState(0);
  const [name, setName] = useState(localStorage.getItem('fray.player') ?? '');
  const refused = (e: unknown) => {
    setError((e as Error).message);
    setUntil(e instanceof Refused && e.retryAfter !== null ? Date.now() + e.retryAfter * 1000 : null);
  };
  const load = () => {
    setError(null);
    setUntil(null);
    joinPage(code).then(setPage, refused);
  };
  useEffect(load, [code]);
  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [until]);
  const left = until === null ? 0 : Math.max(0, Math.ceil((until - Date.now()) / 1000));
  const pick = async (p: { character?: string; display?: true }) => {
    setError(null);
    setUntil(null);
    localStorage.setItem('fray.player', name.trim());
    try {
      const r = await join(code, { ...p, player: name.trim() });
      location.href = `/${p.display ? 'display' : 'play'}#${r.token}`;
    } catch (e) {
      refused(e);
    }
  };
  return (
    <main class="play join">
      <header class="play-top">
        <span class="brand">Fray</span>
        <span>join the table</span>
        <ThemeSwitch />
      </header>
      {error && (
        <p class="problems" role="alert">
          {error}
        </p>
      )}
      {until !== null &&
        (left > 0 ? (
          <p class="hint" role="timer">
            You can try again in {left} s.
          </p>
        ) : (
          <p>
            <button type="button" onClick={load}>
              Try again
            </button>
          </p>
        ))}
      {page && (
        <section class="panel">
          <h1>{page.title ?? 'No fight is open to the table yet'}</h1>
          <label class="field">
            <span class="flabel">Your name</span>
            <input
              value={name}
              onInput={(e) => setName(e.currentTarget.value)}
              maxLength={40}
              autoComplete="nickname"
            />
          </label>
          <h2>Your character</h2>
          {page.characters.length === 0 && (
            <p class="hint">The GM has not opened a fight with characters to pick.</p>
          )}
          <ul class="picks">
            {page.characters.map((c) => (
              <li>
                <button
                  type="button"
                  class="pick"
                  disabled={c.taken}
                  onClick={() => void pick({ character: c.id })}
                >
                  <strong>{c.name}</strong> <span class="muted">{c.side}</span>
                  {c.taken && <span class="muted"> — taken</span>}
                </button>
              </li>
            ))}
          </ul>
          <p>
            <button type="button" class="link" onClick={() => void pick({ display: true })}>
              This screen is the table display (the TV everyone sees)
            </button>
          </p>
        </section>
      )}
    </main>
  );
}

/** Whose turn it is, as the players may see it. */
function Waiting({ q, view }: { q: PlayersQuestion; view: PlayersView }) {
  const name = q.actorName ?? 'The GM';
  const gm = q.actor === null || view.tracker.rows.find((r) => r.id === q.actor)?.veiled === true;
  return (
    <section class="panel waiting" aria-label="whose turn">
      <p class="who">▶ {name}</p>
      <p class="label">{q.waiting ? (gm ? 'The GM decides.' : 'Waiting…') : q.label}</p>
    </section>
  );
}

function Lost({ why }: { why: string }) {
  return (
    <main class="play">
      <section class="panel">
        <h1>Not at the table</h1>
        <p>{why}</p>
        <p>Open the join link the GM's screen shows (or scan its code), and pick your character.</p>
      </section>
    </main>
  );
}

function Header({ view, live, who }: { view: PlayersView | null; live: boolean; who: string }) {
  // Never welcomed yet: connecting; welcomed once and gone since: reconnecting.
  const state: Connection = live ? 'live' : table.value.seat === null ? 'connecting' : 'down';
  return (
    <>
      <header class="play-top">
        <span class="brand">Fray</span>
        <span class="title">{view ? `${view.title} · round ${view.round}` : 'at the table'}</span>
        <ConnectionState state={state} />
        <span class="you">{who}</span>
        <ThemeSwitch />
      </header>
      <Unreachable state={state} />
    </>
  );
}

/** How a phone tells its player it is their turn, besides the card: a vibration, a short sound. */
interface TurnCue {
  readonly vibrate: boolean;
  readonly sound: boolean;
}

/** The player's choice, kept on this phone: vibration on where the device has it, the sound off until asked for. */
function turnCue(): TurnCue {
  return {
    vibrate: localStorage.getItem('fray.cue.vibrate') !== 'off',
    sound: localStorage.getItem('fray.cue.sound') === 'on',
  };
}

let audio: AudioContext | null = null;

/** A short two-note chime (made here, no file to fetch); a browser plays it once the page was touched. */
function chime(): void {
  audio ??= new AudioContext();
  const at = audio.currentTime;
  for (const [i, hz] of [660, 880].entries()) {
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = hz;
    gain.gain.setValueAtTime(0.0001, at + i * 0.12);
    gain.gain.exponentialRampToValueAtTime(0.25, at + i * 0.12 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + i * 0.12 + 0.18);
    tone.connect(gain).connect(audio.destination);
    tone.start(at + i * 0.12);
    tone.stop(at + i * 0.12 + 0.2);
  }
}

function giveCue(cue: TurnCue): void {
  if (cue.vibrate) navigator.vibrate?.(150);
  if (cue.sound) chime();
}

/** The player's switches for the cue (the sound is turned on by a tap, which lets the browser play it). */
function CueSettings({ cue, onCue }: { cue: TurnCue; onCue: (c: TurnCue) => void }) {
  const set = (c: TurnCue) => {
    localStorage.setItem('fray.cue.vibrate', c.vibrate ? 'on' : 'off');
    localStorage.setItem('fray.cue.sound', c.sound ? 'on' : 'off');
    onCue(c);
    if (c.sound && !cue.sound) chime();
  };
  return (
    <section class="panel cue" aria-label="your turn's cue">
      <h2>When it is your turn</h2>
      {'vibrate' in navigator && (
        <label class="check">
          <input
            type="checkbox"
            checked={cue.vibrate}
            onChange={(e) => set({ ...cue, vibrate: e.currentTarget.checked })}
          />{' '}
          vibrate
        </label>
      )}
      <label class="check">
        <input
          type="checkbox"
          checked={cue.sound}
          onChange={(e) => set({ ...cue, sound: e.currentTarget.checked })}
        />{' '}
        a short sound
      </label>
    </section>
  );
}

function Player() {
  const token = seatToken('player');
  const { view, events, live, lost, seat } = table.value;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Two taps in one frame are one answer: the second sees this at once, not after a render.
  const sending = useRef(false);
  useEffect(() => (token ? stayLive(token) : undefined), [token]);
  const mine = view?.you && view.question && !view.question.waiting && view.question.actor === view.you.id;
  const [cue, setCue] = useState<TurnCue>(turnCue);
  useEffect(() => {
    document.title = mine ? '▶ Your turn — Fray' : 'Fray — at the table';
    if (mine) giveCue(cue);
  }, [mine, view?.step]);
  if (!token) return <Lost why="This device has not joined the table." />;
  if (lost) return <Lost why={lost} />;
  const give = async (a: number | string, then?: number) => {
    if (!view || sending.current) return;
    sending.current = true;
    setBusy(true);
    setError(null);
    try {
      await answer(token, view.step, a, then);
    } catch (e) {
      const r = e as Refused;
      setError(r.status === 409 ? `Not taken: ${r.message}` : r.message);
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };
  /** A destination tapped on the map: answered at once; the refusal's reason, if refused. */
  const pick = async (a: string): Promise<string | null> => {
    if (!view || sending.current) return null;
    sending.current = true;
    setBusy(true);
    setError(null);
    try {
      await answer(token, view.step, a);
      return null;
    } catch (e) {
      setError((e as Error).message);
      return (e as Error).message;
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };
  const me = view?.tracker.rows.find((r) => r.id === view.you?.id);
  // The player's own move: the map comes right under the question, to tap where the model goes.
  const targets = mine && view?.question && !view.question.waiting ? (view.question.targets ?? null) : null;
  const moving = targets !== null;
  const mapView = view?.map ? (
    <FightMapView
      map={view.map}
      current={view.question?.actor ?? null}
      targets={targets}
      onPick={mine ? (a) => pick(a) : undefined}
    />
  ) : null;
  return (
    <main class="play player" data-step={view?.step ?? ''}>
      <Header view={view} live={live} who={view?.you?.name ?? seat?.player ?? ''} />
      {!view && (
        <p class="hint pad">No fight is open to the table. This page follows the GM's when one is.</p>
      )}
      {view && (
        <>
          {view.outcome && <section class="panel over">{view.outcome}</section>}
          {error && (
            <p class="problems" role="alert">
              {error}
            </p>
          )}
          {mine && view.question && !view.question.waiting ? (
            <div class={`mine ${busy ? 'busy' : ''}`}>
              <QuestionCard
                key={view.step}
                q={view.question as Question}
                who="Your turn"
                keys={false}
                onAnswer={(a, t) => void give(a, t)}
              />
            </div>
          ) : (
            view.question && <Waiting q={view.question} view={view} />
          )}
          {view.map && moving && mapView}
          {!view.you && seat?.kind === 'player' && (
            <p class="hint pad">Your character is not in this fight: you see it as the table does.</p>
          )}
          {me && (
            <section class="panel me" aria-label="your character">
              <h2>{me.name}</h2>
              <Health r={me} />
              <RowDetails r={me} gear={false} />
              {me.gear.length > 0 && (
                <ul class="gear-list">
                  {me.gear.map((g) => (
                    <li>{g}</li>
                  ))}
                </ul>
              )}
              {view.you && view.you.sheet.length > 0 && (
                <details>
                  <summary>sheet</summary>
                  <ul class="sheet">
                    {view.you.sheet.map((l) => (
                      <li>{l}</li>
                    ))}
                  </ul>
                </details>
              )}
            </section>
          )}
          {view.map && !moving && mapView}
          <section class="panel tracker" aria-label="tracker">
            <h2>
              Round {view.round} <small>order: {view.tracker.orderBy}</small>
            </h2>
            <TrackerRows rows={view.tracker.rows} current={view.question?.actor ?? null} />
            {view.tracker.board && !view.map && <Board lines={view.tracker.board} />}
          </section>
          <Log events={events} rows={view.tracker.rows} limit={30} />
          {view.you && <CueSettings cue={cue} onCue={setCue} />}
        </>
      )}
    </main>
  );
}

/**
 * Rows of the order a TV column holds before another column opens beside it, and the most columns
 * (past that, the columns hold more rows each): beside the stage, or in a strip under the map.
 */
const ORDER_COLUMNS = { beside: { rows: 6, most: 4 }, strip: { rows: 3, most: 6 } };
/** Each side's mark on the TV, by its place in the encounter: shapes, told apart without colour. */
const SIDE_MARKS = ['●', '◆', '▲', '■', '★', '✚'];

type Rows = PlayersView['tracker']['rows'];

/**
 * The order on the TV: each combatant on two lines (its side's mark, its name and its place in the
 * order; its health and state), read down a column and on into the next. The marks' key heads it.
 */
function TvOrder({
  rows,
  sides,
  current,
  columns,
}: {
  rows: Rows;
  sides: PlayersView['sides'];
  current: string | null;
  columns: number;
}) {
  const mark = (side: string) =>
    SIDE_MARKS[
      Math.max(
        0,
        sides.findIndex((s) => s.name === side),
      ) % SIDE_MARKS.length
    ];
  return (
    <>
      <p class="sides-key">
        {sides.map((s) => (
          <span>
            <span aria-hidden="true">{mark(s.name)}</span> {s.name}
          </span>
        ))}
      </p>
      <ol class="tv-order" data-columns={columns} style={{ '--columns': String(columns) }}>
        {rows.map((r) => (
          <li key={r.id} class={`${r.id === current ? 'current' : ''} ${r.out ? 'out' : ''}`} data-id={r.id}>
            <div class="line">
              <span class="mark">{r.id === current ? '▶' : ''}</span>
              <span class="side-mark" aria-hidden="true">
                {mark(r.side)}
              </span>
              <span class="name">{r.name}</span>
              <span class="sr-only"> ({r.side})</span>
              {r.order && !r.out && (
                <span class="order">
                  {r.order.label} {r.order.value}
                </span>
              )}
            </div>
            <div class="state">
              <Health r={r} />
              <RowDetails r={r} brief />
            </div>
          </li>
        ))}
      </ol>
    </>
  );
}

/**
 * How many columns the TV's order takes: one for each six at the table (three in the strip under
 * a map), and one more while what the rows say (long names, conditions) still runs past the bottom
 * of `panel`, up to the most. Measured again when the screen changes size or the table another count.
 */
function useColumns(
  panel: { current: HTMLElement | null },
  rows: Rows | undefined,
  where: keyof typeof ORDER_COLUMNS,
): number {
  const count = rows?.length ?? 0;
  const { rows: down, most } = ORDER_COLUMNS[where];
  const least = Math.min(most, Math.max(1, Math.ceil(count / down)));
  const [resized, setResized] = useState(0);
  useEffect(() => {
    const again = () => setResized((n) => n + 1);
    addEventListener('resize', again);
    return () => removeEventListener('resize', again);
  }, []);
  // What the columns were fitted to: another count, place or screen size starts again from the least.
  const key = `${count} ${where} ${resized}`;
  const [fitted, setFitted] = useState({ key, more: 0 });
  const more = fitted.key === key ? fitted.more : 0;
  const columns = Math.min(most, least + more);
  useLayoutEffect(() => {
    const el = panel.current;
    const list = el?.querySelector('ol');
    if (!el || !list || columns >= most) return;
    const bottom = el.getBoundingClientRect().bottom - parseFloat(getComputedStyle(el).paddingBottom);
    if (list.getBoundingClientRect().bottom > bottom + 0.5) setFitted({ key, more: more + 1 });
  });
  return columns;
}

/**
 * Hides the items of a list that do not fit whole in `box` (the oldest results, last in the list):
 * the TV shows as many as the screen has room for, and never a cut one.
 */
function useWholeItems(box: { current: HTMLElement | null }): void {
  const fit = () => {
    const el = box.current;
    if (!el) return;
    const items = [...el.querySelectorAll('li')];
    for (const li of items) li.hidden = false;
    const bottom = el.getBoundingClientRect().bottom - parseFloat(getComputedStyle(el).paddingBottom);
    let full = false;
    for (const li of items) {
      full ||= li.getBoundingClientRect().bottom > bottom + 0.5;
      li.hidden = full;
    }
  };
  // After every step drawn, and whenever the box changes size (the screen, the scene beside it).
  useLayoutEffect(fit);
  const el = box.current;
  useEffect(() => {
    if (!box.current) return;
    const ro = new ResizeObserver(fit);
    ro.observe(box.current);
    return () => ro.disconnect();
  }, [el]);
}

/** A screen the display shows in one column, scrolled (play.css has the same query). */
const UPRIGHT = '(max-width: 800px), (orientation: portrait)';

/** Whether the screen is narrow or held upright, kept up to date as it turns. */
function useUpright(): boolean {
  const [upright, setUpright] = useState(() => matchMedia(UPRIGHT).matches);
  useEffect(() => {
    const m = matchMedia(UPRIGHT);
    const turned = () => setUpright(m.matches);
    m.addEventListener('change', turned);
    return () => m.removeEventListener('change', turned);
  }, []);
  return upright;
}

function Display() {
  const token = seatToken('display');
  const { view, events, live, lost } = table.value;
  useEffect(() => (token ? stayLive(token) : undefined), [token]);
  useEffect(() => {
    document.documentElement.classList.add('tv');
  }, []);
  const order = useRef<HTMLElement>(null);
  const before = useRef<HTMLElement>(null);
  const scene = view?.map ? 'map' : view?.tracker.board ? 'board' : 'none';
  const columns = useColumns(order, view?.tracker.rows, scene === 'none' ? 'beside' : 'strip');
  useWholeItems(before);
  const upright = useUpright();
  if (!token) return <Lost why="This screen has not joined the table as its display." />;
  if (lost) return <Lost why={lost} />;
  const q = view?.question;
  // Results, not the lists the tracker already shows.
  const recent = events
    .filter((e) => !['start', 'order', 'positions', 'board', 'round', 'phase', 'step'].includes(e.type))
    .slice(-10)
    .reverse();
  return (
    <main class="play display" data-step={view?.step ?? ''}>
      <Header view={view} live={live} who="table display" />
      {!view && <p class="hint pad">No fight is open to the table.</p>}
      {view && (
        <div class="display-grid" data-scene={scene} data-columns={columns}>
          <section class="panel tracker" aria-label="tracker" ref={order}>
            <h2>
              Round {view.round} <small>{view.tracker.orderBy}</small>
            </h2>
            <TvOrder
              rows={view.tracker.rows}
              sides={view.sides}
              current={q?.actor ?? null}
              columns={columns}
            />
          </section>
          <section class="panel stage" aria-label="the scene">
            {view.outcome ? (
              <p class="over big">{view.outcome}</p>
            ) : (
              q && (
                <div class="now">
                  <p class="who">▶ {q.actorName ?? 'The GM'}</p>
                  {!q.waiting && <p class="label">{q.label}</p>}
                </div>
              )
            )}
            {recent[0] && (
              <p class="last" aria-label="the last result">
                {recent[0].text}
              </p>
            )}
          </section>
          {view.map ? (
            <FightMapView map={view.map} current={q?.actor ?? null} fill={!upright} />
          ) : (
            view.tracker.board && (
              <section class="panel scene" aria-label="the board">
                <Board lines={view.tracker.board} />
              </section>
            )
          )}
          <section class="panel log recent" aria-label="last results" ref={before}>
            <h2>Before that</h2>
            {recent.length <= 1 && <p class="hint">No earlier result yet.</p>}
            <ol>
              {recent.slice(1).map((e) => (
                <li class={`ev ${e.type}`}>{e.text}</li>
              ))}
            </ol>
          </section>
        </div>
      )}
    </main>
  );
}

function App() {
  const path = location.pathname;
  const code = /^\/join\/([^/]+)/.exec(path);
  if (code) return <Join code={decodeURIComponent(code[1] as string)} />;
  if (path.startsWith('/display')) return <Display />;
  return <Player />;
}

applyTheme();
render(<App />, document.getElementById('app') as HTMLElement);
