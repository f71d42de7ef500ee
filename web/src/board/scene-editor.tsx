// WFRP 1e's scene of battle for an encounter: a plane in yards, north up, where a model picked from
// the list goes where the next click, or Enter at the keyboard's cursor, puts it, and turns to a
// compass point. A model left without a place is lined up with its side by the fight; a place
// where bases would overlap is refused with the fight's reason. The cursor and what is under it
// are said as they move, for a GM who cannot see the picture.
import { useRef, useState } from 'preact/hooks';
import type { Point } from '../../../src/space/plane.js';
import { nameOfCreature, type Json } from '../encounter-yaml.js';
import { facingVector, sideColour } from '../map/geometry.js';
import { useRoom } from '../map.js';
import type { Edits } from './board.js';
import {
  baseAt,
  bearingName,
  BEARINGS,
  facedTo,
  linedUp,
  placedAt,
  pointText,
  radiusOf,
  readSceneModels,
  whyNotThere,
  writeScene,
  type SceneModel,
} from './scene.js';

const keyOf = (m: SceneModel) => `${m.side}.${m.entry}.${m.k}`;
const ARROW: Readonly<Record<string, readonly [number, number, number]>> = {
  ArrowUp: [0, 1, 0],
  ArrowRight: [1, 0, 90],
  ArrowDown: [0, -1, 180],
  ArrowLeft: [-1, 0, 270],
};

let scenes = 0;

export function SceneEditor({ data, now, write, creatures }: Edits) {
  const nameOf = nameOfCreature(creatures);
  const heights = new Map(creatures.map((c) => [c.id, c.height ?? null]));
  const radius = radiusOf((c) =>
    typeof c.height === 'number' ? c.height : typeof c.use === 'string' ? (heights.get(c.use) ?? null) : null,
  );
  const read = (d: Json) => readSceneModels(d, nameOf, radius);
  const models = read(data);
  const [chosen, setChosen] = useState<string | null>(null);
  const [cursor, setCursor] = useState<Point>({ x: 0, y: 0 });
  const [said, setSaid] = useState('');
  const svg = useRef<SVGSVGElement>(null);
  const box = useRef<HTMLDivElement>(null);
  // The scene fills the box's width within a share of the window's height, as the fight's map does.
  const room = useRoom(box, false);
  const [id] = useState(() => `scene${++scenes}`);
  const picked = models.find((m) => keyOf(m) === chosen);

  const describe = (p: Point) => {
    const m = baseAt(models, p);
    return `${pointText(p)} yards: ${m ? `${m.name}'s base, facing ${bearingName(m.facing)}` : 'open ground'}`;
  };

  const place = (key: string, p: Point | null) => {
    const d = now();
    const ms = read(d);
    const m = ms.find((x) => keyOf(x) === key);
    if (!m) return;
    if (p) {
      const why = whyNotThere(ms, m, p);
      if (why) return setSaid(`${m.name} cannot stand at ${pointText(p)}: ${why}`);
    }
    write(writeScene(d, placedAt(ms, m, p)));
    // Put down: a click on a model picks the next one.
    if (p) setChosen(null);
    setSaid(p ? `${m.name} stands at ${pointText(p)}` : `${m.name} is lined up with its side by the fight`);
  };

  const face = (key: string, facing: number | null) => {
    const d = now();
    const ms = read(d);
    const m = ms.find((x) => keyOf(x) === key);
    if (!m) return;
    write(writeScene(d, facedTo(ms, m, facing)));
    setSaid(`${m.name} faces ${bearingName(facing)}`);
  };

  /** A click or Enter: the model picked goes there; with none picked, a model there is picked. */
  const act = (p: Point) => {
    const on = baseAt(models, p);
    if (picked) return place(keyOf(picked), p);
    if (on) {
      setChosen(keyOf(on));
      return setSaid(`${on.name} picked: click, or press Enter, where it should stand`);
    }
    setSaid('pick a model from the list first');
  };

  const onKey = (e: KeyboardEvent) => {
    const arrow = ARROW[e.key];
    if (arrow && e.shiftKey) {
      e.preventDefault();
      const m = baseAt(models, cursor);
      return m ? face(keyOf(m), arrow[2]) : setSaid(`nobody stands at ${pointText(cursor)} to turn`);
    }
    if (arrow) {
      e.preventDefault();
      const next = { x: cursor.x + arrow[0], y: cursor.y + arrow[1] };
      setCursor(next);
      return setSaid(describe(next));
    }
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      return act(cursor);
    }
    if (e.key === 'Delete' || e.key === 'Backspace') {
      const m = baseAt(models, cursor);
      if (m) {
        e.preventDefault();
        place(keyOf(m), null);
      }
    }
  };

  // The picture: every base placed and the cursor, with room round them.
  const placed = models.filter((m) => m.at);
  const xs = [
    -10,
    10,
    cursor.x,
    ...placed.flatMap((m) => [(m.at as Point).x - m.radius, (m.at as Point).x + m.radius]),
  ];
  const ys = [
    -4,
    16,
    cursor.y,
    ...placed.flatMap((m) => [(m.at as Point).y - m.radius, (m.at as Point).y + m.radius]),
  ];
  let minX = Math.floor(Math.min(...xs)) - 3;
  let maxX = Math.ceil(Math.max(...xs)) + 3;
  let minY = Math.floor(Math.min(...ys)) - 3;
  let maxY = Math.ceil(Math.max(...ys)) + 3;
  // The picture as wide as its box and at most 65% of the window tall; the plane fills it, wider
  // or taller than what stands on it, rather than leaving bare margins.
  const width = room.width;
  const height = Math.round(
    Math.max(160, Math.min((width * (maxY - minY)) / (maxX - minX), room.height * 0.65)),
  );
  const spare = (maxY - minY) * (width / height) - (maxX - minX);
  if (spare > 0) {
    minX -= Math.floor(spare / 2);
    maxX += Math.ceil(spare / 2);
  } else {
    const more = (maxX - minX) * (height / width) - (maxY - minY);
    minY -= Math.floor(more / 2);
    maxY += Math.ceil(more / 2);
  }
  const lines = [];
  for (let x = minX; x <= maxX; x++)
    lines.push(<line class={x % 5 === 0 ? 'five' : ''} x1={x} y1={-maxY} x2={x} y2={-minY} />);
  for (let y = minY; y <= maxY; y++)
    lines.push(<line class={y % 5 === 0 ? 'five' : ''} x1={minX} y1={-y} x2={maxX} y2={-y} />);
  const labels = [];
  // Labels where they fit whole: none on the right and top edges.
  for (let x = Math.ceil(minX / 5) * 5; x <= maxX - 2; x += 5)
    labels.push(
      <text x={x + 0.2} y={-maxY + 0.9}>
        {x}
      </text>,
    );
  for (let y = Math.ceil(minY / 5) * 5; y <= maxY - 1; y += 5)
    labels.push(
      <text x={minX + 0.2} y={-y - 0.2}>
        {y}
      </text>,
    );

  const pointOf = (e: MouseEvent): Point | null => {
    const ctm = svg.current?.getScreenCTM();
    if (!ctm) return null;
    const q = new DOMPoint(e.clientX, e.clientY).matrixTransform(ctm.inverse());
    return { x: Math.round(q.x), y: Math.round(-q.y) };
  };

  return (
    <div class="scene-editor">
      <div class="row">
        <button
          type="button"
          onClick={() => (
            write(writeScene(now(), linedUp(read(now())))),
            setSaid('every model placed, each side in a line')
          )}
        >
          Line them all up
        </button>
        {placed.length > 0 && (
          <button
            type="button"
            onClick={() => {
              const d = now();
              write(
                writeScene(
                  d,
                  read(d).map((m) => ({ ...m, at: null })),
                ),
              );
              setSaid('no model has a place: the fight lines them up');
            }}
          >
            Take them all off the scene
          </button>
        )}
        <span class="muted">
          {placed.length === 0
            ? 'No model has a place yet: without one the fight opens in hand-to-hand, or lines the sides up at the distance set.'
            : 'Yards, north up. A model without a place is lined up with its side.'}
        </span>
      </div>
      <div class="board-main">
        <div
          ref={box}
          class="scene-box"
          tabIndex={0}
          role="application"
          aria-roledescription="scene editor"
          aria-label={`scene in yards, cursor at ${pointText(cursor)}`}
          aria-describedby={`${id}-keys`}
          onKeyDown={onKey}
        >
          <svg
            ref={svg}
            class="scene-svg"
            viewBox={`${minX} ${-maxY} ${maxX - minX} ${maxY - minY}`}
            width={width}
            height={height}
            preserveAspectRatio="xMidYMid slice"
            aria-hidden="true"
            onClick={(e) => {
              const p = pointOf(e);
              if (!p) return;
              setCursor(p);
              act(p);
            }}
          >
            <rect class="ground" x={minX} y={-maxY} width={maxX - minX} height={maxY - minY} />
            <g class="lines">{lines}</g>
            <g class="axis">{labels}</g>
            {placed.map((m) => {
              const at = m.at as Point;
              const [fx, fy] = facingVector(m.facing ?? 0);
              return (
                <g class={`base${picked === m ? ' chosen' : ''}`}>
                  <circle cx={at.x} cy={-at.y} r={m.radius} fill={sideColour(m.side)} />
                  {m.facing !== null && (
                    <line
                      class="facing"
                      x1={at.x}
                      y1={-at.y}
                      x2={at.x + fx * m.radius}
                      y2={-at.y + fy * m.radius}
                    />
                  )}
                  <text class="name" x={at.x} y={-at.y - m.radius - 0.3}>
                    {m.name}
                  </text>
                </g>
              );
            })}
            <rect class="cursor" x={cursor.x - 0.5} y={-cursor.y - 0.5} width={1} height={1} />
          </svg>
        </div>
        <div class="board-tools">
          <fieldset class="board-models">
            <legend>Models</legend>
            {models.map((m) => (
              <div class="board-model">
                <label>
                  <input
                    type="radio"
                    name={`${id}-model`}
                    checked={picked === m}
                    onChange={() => setChosen(keyOf(m))}
                  />{' '}
                  <span class="swatch" style={{ background: sideColour(m.side) }} aria-hidden="true" />{' '}
                  {m.name} <span class="muted">{m.at ? pointText(m.at) : 'lined up'}</span>
                </label>
                <select
                  aria-label={`${m.name} faces`}
                  value={m.facing === null ? '' : String(m.facing)}
                  onChange={(e) =>
                    face(keyOf(m), e.currentTarget.value === '' ? null : Number(e.currentTarget.value))
                  }
                >
                  <option value="">the nearest enemy</option>
                  {BEARINGS.map((b) => (
                    <option value={String(b.deg)}>{bearingName(b.deg)}</option>
                  ))}
                  {m.facing !== null && !BEARINGS.some((b) => b.deg === m.facing) && (
                    <option value={String(m.facing)}>{m.facing}°</option>
                  )}
                </select>
                {m.at && (
                  <button type="button" class="link" onClick={() => place(keyOf(m), null)}>
                    take off
                  </button>
                )}
              </div>
            ))}
          </fieldset>
        </div>
      </div>
      <p class="board-status" role="status">
        {said}
      </p>
      <p id={`${id}-keys`} class="hint board-keys">
        Arrow keys move the cursor a yard; Enter or Space puts the model picked there (or picks the one
        there); Shift with an arrow turns the model under the cursor north, east, south or west; Delete takes
        it off the scene. A click does what Enter does.
      </p>
    </div>
  );
}
