// The grid board of an encounter, drawn square by square: a brush of wall, floor, door or open door
// paints by click, drag or keyboard; a model picked (from the list, or by clicking it) goes where
// the next click or Enter puts it, if the fight would let it stand there, else the reason is said.
// The board is an ARIA grid: arrow keys move from square to square, each square named with what
// is on it, and the brushes are a labelled group of radio buttons.
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { FACING_WORD, FACINGS, type Facing } from '../../../src/space/grid.js';
import { nameOfCreature, sizeOfCreature, type Json } from '../encounter-yaml.js';
import { sideColour } from '../map/geometry.js';
import type { Edits } from './board.js';
import {
  emptyRoom,
  freeSquare,
  groundAt,
  groundName,
  GROUNDS,
  moved,
  painted,
  readBoard,
  readGridModels,
  resized,
  standingOn,
  turned,
  whyNotHere,
  writeGrid,
  type Board,
  type Ground,
  type GridModel,
  type Square,
} from './grid.js';

const keyOf = (m: GridModel) => `${m.side}.${m.entry}.${m.k}`;
const where = (q: Square) => `(${q.x}, ${q.y})`;
const ARROW: Readonly<Record<string, Facing>> = {
  ArrowUp: 'N',
  ArrowRight: 'E',
  ArrowDown: 'S',
  ArrowLeft: 'W',
};
const STEP: Readonly<Record<Facing, Square>> = {
  N: { x: 0, y: -1 },
  E: { x: 1, y: 0 },
  S: { x: 0, y: 1 },
  W: { x: -1, y: 0 },
};
const CLASS: Readonly<Record<Ground, string>> = { '#': 'wall', '.': 'floor', '+': 'door', '/': 'open' };

let editors = 0;

export function GridEditor({ data, now, write, creatures }: Edits) {
  const nameOf = nameOfCreature(creatures);
  const sizeOf = sizeOfCreature(creatures);
  const read = (d: Json) => {
    const text = typeof d.map === 'string' ? d.map : null;
    const got = text === null ? null : readBoard(text);
    const board = got && !('error' in got) ? got : null;
    return {
      board,
      error: got && 'error' in got ? got.error : null,
      models: readGridModels(d, board, nameOf, sizeOf),
    };
  };
  const { board, error, models } = read(data);
  // The brush: a ground to paint with, unless a model is picked to be put down.
  const [ground, setGround] = useState<Ground>('#');
  const [picked, setPicked] = useState<string | null>(null);
  const [cursorAt, setCursor] = useState<Square>({ x: 0, y: 0 });
  const [said, setSaid] = useState('');
  const [room, setRoom] = useState({ width: 12, height: 8 });
  const grid = useRef<HTMLDivElement>(null);
  const painting = useRef(false);
  const pointer = useRef('mouse');
  const moveFocus = useRef(false);
  const [id] = useState(() => `board${++editors}`);

  useEffect(() => {
    const stop = () => (painting.current = false);
    addEventListener('pointerup', stop);
    addEventListener('pointercancel', stop);
    return () => {
      removeEventListener('pointerup', stop);
      removeEventListener('pointercancel', stop);
    };
  }, []);
  // Before the next key is read: a key pressed at once moves on from the square now in focus.
  useLayoutEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    grid.current?.querySelector<HTMLElement>(`[data-at="${cursorAt.x},${cursorAt.y}"]`)?.focus();
  }, [cursorAt]);

  const chosen = picked === null ? undefined : models.find((m) => keyOf(m) === picked);
  // A board made smaller keeps its cursor on it, so that the grid can still be tabbed into.
  const cursor = board
    ? { x: Math.min(cursorAt.x, board.width - 1), y: Math.min(cursorAt.y, board.height - 1) }
    : cursorAt;

  const describe = (q: Square, b: Board) => {
    const g = groundAt(b, q);
    const m = standingOn(models, q);
    const mark = [...b.marks].find(
      ([l, p]) => p.x === q.x && p.y === q.y && !models.some((x) => x.glyph === l),
    );
    return `${where(q)} ${g ? groundName(g) : 'off the board'}${
      m ? `, ${m.name} facing ${FACING_WORD[m.facing]}` : mark ? `, marked ${mark[0]}` : ''
    }`;
  };

  /**
   * Puts a model on a square, if it may stand there. The next model not placed is picked after it;
   * with none, the brush is the ground it was, and a click on a model picks that one.
   */
  const place = (who: GridModel, q: Square) => {
    const d = now();
    const { board: b, models: ms } = read(d);
    if (!b) return;
    const m = ms.find((x) => keyOf(x) === keyOf(who)) ?? who;
    const why = whyNotHere(b, ms, m, q);
    if (why) return setSaid(`${m.name} cannot stand at ${where(q)}: ${why}`);
    const next = moved(ms, m, q);
    write(writeGrid(d, b, next));
    const waiting = next.find((x) => !x.at);
    setPicked(waiting ? keyOf(waiting) : null);
    setSaid(
      `${m.name} stands at ${where(q)} facing ${FACING_WORD[m.facing]}${waiting ? `; next to place: ${waiting.name}` : ''}`,
    );
  };

  /**
   * What the brush does to a square: puts the model picked there, or paints it. `start`: a click or
   * a key, not a drag going on; `paint`: the ground a key paints with, whatever is picked.
   */
  const act = (q: Square, start: boolean, paint?: Ground) => {
    const d = now();
    const { board: b, models: ms } = read(d);
    if (!b) return;
    const m = picked === null || paint ? undefined : ms.find((x) => keyOf(x) === picked);
    if (m) return start ? place(m, q) : undefined;
    const on = standingOn(ms, q);
    // A click on a model picks it up: the next click puts it down.
    if (on && start && !paint) {
      setPicked(keyOf(on));
      return setSaid(`${on.name} picked: click a square, or press Enter on one, to move it there`);
    }
    const g = paint ?? ground;
    const next = painted(b, ms, q, g);
    if (typeof next === 'string') return setSaid(`${where(q)} refused: ${next}`);
    if (next === b) return;
    write(writeGrid(d, next, ms));
    setSaid(`${where(q)} is now ${groundName(g)}`);
  };

  const turn = (who: GridModel, facing: Facing) => {
    const d = now();
    const { board: b, models: ms } = read(d);
    const m = ms.find((x) => keyOf(x) === keyOf(who));
    if (!b || !m) return;
    write(writeGrid(d, b, turned(ms, m, facing)));
    setSaid(`${m.name} faces ${FACING_WORD[facing]}`);
  };

  /** One more model in a group, on the first free square from its side's end; or the last one taken off. */
  const regroup = (who: GridModel, more: boolean) => {
    const d = now();
    const { board: b, models: ms } = read(d);
    if (!b) return;
    const group = ms.filter((m) => m.side === who.side && m.entry === who.entry);
    const last = group.at(-1) as GridModel;
    if (!more) {
      write(
        writeGrid(
          d,
          b,
          ms.filter((m) => m !== last),
        ),
      );
      return setSaid(`${last.name} taken off the board`);
    }
    const added: GridModel = {
      ...last,
      k: last.k + 1,
      at: null,
      glyph: null,
      pair: false,
      written: undefined,
    };
    const q = freeSquare(b, ms, added);
    if (!q) return setSaid('no free square for one more: draw more floor first');
    const next = writeGrid(d, b, [...ms, { ...added, at: q }]);
    write(next);
    const named = read(next).models.find(
      (m) => m.side === added.side && m.entry === added.entry && m.k === added.k,
    );
    setSaid(`${named?.name ?? 'one more'} stands at ${where(q)}`);
  };

  const resize = (width: number, height: number) => {
    const d = now();
    const { board: b, models: ms } = read(d);
    if (!b) return;
    const next = resized(b, ms, width, height);
    if (typeof next === 'string') return setSaid(`not resized: ${next}`);
    write(writeGrid(d, next, ms));
    setSaid(`the board is ${width} × ${height}`);
  };

  /** A room drawn where there is no map yet, and every model put on it. */
  const drawRoom = () => {
    const d = now();
    const b = emptyRoom(room.width, room.height);
    let ms = read(d).models;
    for (const m of ms) {
      if (m.at) continue;
      const q = freeSquare(b, ms, m);
      if (q) ms = moved(ms, m, q);
    }
    write(writeGrid(d, b, ms));
    setSaid(`a room of ${room.width} × ${room.height} drawn`);
  };

  const placeRest = () => {
    const d = now();
    const { board: b } = read(d);
    if (!b) return;
    let ms = read(d).models;
    for (const m of ms.filter((x) => !x.at)) {
      const q = freeSquare(b, ms, m);
      if (!q) return setSaid(`no free square for ${m.name}: draw more floor first`);
      ms = moved(ms, m, q);
    }
    write(writeGrid(d, b, ms));
    setSaid('every model has a square');
  };

  const onKey = (e: KeyboardEvent) => {
    if (!board) return;
    const arrow = ARROW[e.key];
    if (arrow && e.shiftKey) {
      e.preventDefault();
      const m = standingOn(models, cursor);
      return m ? turn(m, arrow) : setSaid(`nobody stands at ${where(cursor)} to turn`);
    }
    if (arrow || e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      const step = arrow ? STEP[arrow] : { x: 0, y: 0 };
      const x = e.key === 'Home' ? 0 : e.key === 'End' ? board.width - 1 : cursor.x + step.x;
      const y = cursor.y + step.y;
      moveFocus.current = true;
      setCursor({
        x: Math.max(0, Math.min(board.width - 1, x)),
        y: Math.max(0, Math.min(board.height - 1, y)),
      });
      return;
    }
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      return act(cursor, true);
    }
    if (e.key === 'Escape' && chosen) {
      setPicked(null);
      return setSaid(`${chosen.name} put back: the brush paints ${groundName(ground)}`);
    }
    const key = GROUNDS.find((g) => g.ground === e.key);
    if (key) {
      e.preventDefault();
      setGround(key.ground);
      setPicked(null);
      act(cursor, true, key.ground);
    }
  };

  const brushName = `${id}-brush`;
  const sizeRow = (
    <div class="row board-size">
      <label>
        Columns{' '}
        <input
          type="number"
          min={1}
          max={200}
          value={board ? board.width : room.width}
          onChange={(e) => {
            const v = Number(e.currentTarget.value);
            if (board) resize(v, board.height);
            else setRoom({ ...room, width: v });
          }}
        />
      </label>
      <label>
        Rows{' '}
        <input
          type="number"
          min={1}
          max={200}
          value={board ? board.height : room.height}
          onChange={(e) => {
            const v = Number(e.currentTarget.value);
            if (board) resize(board.width, v);
            else setRoom({ ...room, height: v });
          }}
        />
      </label>
      {!board && !error && (
        <button type="button" onClick={drawRoom}>
          Draw a room and place the models
        </button>
      )}
    </div>
  );
  const textMap = (
    <label class="board-text">
      <span>
        The map as text{' '}
        <small class="muted">(# wall, . floor, + door, / open door; a letter marks a square)</small>
      </span>
      <textarea
        spellcheck={false}
        rows={Math.min(24, (board?.height ?? 4) + 1)}
        value={typeof data.map === 'string' ? data.map : ''}
        onInput={(e) => write({ ...now(), map: e.currentTarget.value })}
      />
      {error && <span class="field-problem">{error}</span>}
    </label>
  );
  if (!board)
    return (
      <div class="board-editor">
        {sizeRow}
        <p class="hint">
          {error ? 'The map cannot be read: mend it below.' : 'No map yet: give the room a size and draw it.'}
        </p>
        {textMap}
      </div>
    );

  const waiting = models.filter((m) => !m.at);
  const xs = Array.from({ length: board.width }, (_, i) => i);
  const ys = Array.from({ length: board.height }, (_, i) => i);
  const nw = new Map(models.flatMap((m) => (m.at ? [[`${m.at.x},${m.at.y}`, m] as const] : [])));

  // The text map stays the third child whatever is drawn above it: a map typed into unreadable
  // (and back) keeps its box and the caret in it.
  return (
    <div class="board-editor">
      {sizeRow}
      <div class="board-drawn">
        <div class="board-main">
          <div class="board-box">
            <div
              ref={grid}
              role="grid"
              class="board-grid"
              aria-label={`board, ${board.width} columns by ${board.height} rows`}
              aria-describedby={`${id}-keys`}
              style={{ '--cols': board.width }}
              onKeyDown={onKey}
            >
              <div role="row" class="board-row">
                <span role="columnheader" class="axis corner" aria-label="rows down, columns across" />
                {xs.map((x) => (
                  <span role="columnheader" class="axis">
                    {x}
                  </span>
                ))}
              </div>
              {ys.map((y) => (
                <div role="row" class="board-row">
                  <span role="rowheader" class="axis">
                    {y}
                  </span>
                  {xs.map((x) => {
                    const q = { x, y };
                    const g = groundAt(board, q) as Ground;
                    const top = nw.get(`${x},${y}`);
                    const on = standingOn(models, q);
                    const here = cursor.x === x && cursor.y === y;
                    const mark = top
                      ? null
                      : [...board.marks].find(
                          ([l, p]) => p.x === x && p.y === y && !models.some((m) => m.glyph === l),
                        );
                    return (
                      <div
                        role="gridcell"
                        class={`sq ${CLASS[g]}${on ? ' under' : ''}${here ? ' cursor' : ''}${on && chosen === on ? ' chosen' : ''}`}
                        style={on ? { '--side': sideColour(on.side) } : undefined}
                        data-at={`${x},${y}`}
                        tabIndex={here ? 0 : -1}
                        aria-label={describe(q, board)}
                        onFocus={() => setCursor(q)}
                        onPointerDown={(e) => {
                          pointer.current = e.pointerType;
                          if (e.pointerType === 'touch' || e.button !== 0) return;
                          setCursor(q);
                          painting.current = chosen === undefined && !standingOn(models, q);
                          act(q, true);
                        }}
                        onPointerEnter={(e) => {
                          if (painting.current && e.buttons & 1) act(q, false);
                        }}
                        // A finger paints by tapping: a drag scrolls the board.
                        onClick={() => {
                          if (pointer.current !== 'touch') return;
                          setCursor(q);
                          act(q, true);
                        }}
                      >
                        {top && (
                          <span
                            class={`token face-${top.facing}`}
                            style={{ '--span': top.size, background: sideColour(top.side) }}
                            aria-hidden="true"
                          >
                            {top.glyph ?? top.name.charAt(0)}
                          </span>
                        )}
                        {mark && (
                          <span class="mark" aria-hidden="true">
                            {mark[0]}
                          </span>
                        )}
                      </div>
                    );
                  })}
                </div>
              ))}
            </div>
          </div>
          <div class="board-tools">
            <fieldset class="brushes">
              <legend>Brush</legend>
              {GROUNDS.map((g) => (
                <label class="brush">
                  <input
                    type="radio"
                    name={brushName}
                    checked={chosen === undefined && ground === g.ground}
                    onChange={() => (setGround(g.ground), setPicked(null))}
                  />{' '}
                  <span class={`chip ${CLASS[g.ground]}`} aria-hidden="true" /> {g.name} <kbd>{g.ground}</kbd>
                </label>
              ))}
            </fieldset>
            <fieldset class="board-models">
              <legend>Models</legend>
              {models.map((m, i) => {
                const lastOfGroup = models[i + 1]?.entry !== m.entry || models[i + 1]?.side !== m.side;
                const group = models.filter((x) => x.side === m.side && x.entry === m.entry);
                return (
                  <div class="board-model">
                    <label>
                      <input
                        type="radio"
                        name={brushName}
                        checked={chosen === m}
                        onChange={() => setPicked(keyOf(m))}
                      />{' '}
                      <span class="swatch" style={{ background: sideColour(m.side) }} aria-hidden="true" />{' '}
                      {m.name} <span class="muted">{m.at ? where(m.at) : 'not placed'}</span>
                    </label>
                    <select
                      aria-label={`${m.name} faces`}
                      value={m.facing}
                      onChange={(e) => turn(m, e.currentTarget.value as Facing)}
                    >
                      {FACINGS.map((f) => (
                        <option value={f}>{FACING_WORD[f]}</option>
                      ))}
                    </select>
                    {/* A creature of the bestiary comes in numbers; a character is one. */}
                    {lastOfGroup && m.at && (m.creature || group.length > 1) && (
                      <span class="regroup">
                        <button type="button" class="link" onClick={() => regroup(m, true)}>
                          one more
                        </button>
                        {group.length > 1 && (
                          <button type="button" class="link" onClick={() => regroup(m, false)}>
                            one fewer
                          </button>
                        )}
                      </span>
                    )}
                  </div>
                );
              })}
              {waiting.length > 0 && (
                <button type="button" onClick={placeRest}>
                  Put the {waiting.length} not placed on free squares
                </button>
              )}
            </fieldset>
          </div>
        </div>
        <p class="board-now muted">
          {describe(cursor, board)}
          {chosen ? ` — placing ${chosen.name}` : ` — brush: ${groundName(ground)}`}
        </p>
        <p class="board-status" role="status">
          {said}
        </p>
        <p id={`${id}-keys`} class="hint board-keys">
          Arrow keys move from square to square; Enter or Space paints the square with the brush, or puts the
          model picked there; <kbd>#</kbd> <kbd>.</kbd> <kbd>+</kbd> <kbd>/</kbd> paint a wall, floor, door or
          open door; Shift with an arrow turns the model on the square that way; Escape puts back a model
          picked. A click paints (drag for a line); a click on a model picks it up, the next click puts it
          down.
        </p>
      </div>
      {textMap}
    </div>
  );
}
