// The map of a fight as SVG (the view's `map`, src/core/map.ts): WFRP's scene of battle in yards
// or the grid's board in squares, models in their side's colour with a facing mark and a label,
// those out of the fight greyed, death zones, walls and doors, this round's paths as arrows.
// Hovering (or tapping) a model shows its distances to the others and its reaches as rings. At a
// movement question the engine's judged destinations are shaded: a click on a legal one answers
// it, a refused one says why. The page decides nothing: the verdicts are the engine's, and a point
// clicked on the plane goes to the engine, which accepts or refuses it. No fetching here: the GM's
// page, the players' page and the table display give it the map and take its answers.
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { FightMap, MapModel, MapPoint, MapTargets } from '../../src/core/map.js';
import './map.css';

export interface MapProps {
  readonly map: FightMap;
  /** The pending movement question's judged destinations (Question.targets), if any. */
  readonly targets?: MapTargets | null;
  /** Whose turn it is (the question's actor): marked on the map. */
  readonly current?: string | null;
  /** Gives an answer (a destination as typed); resolves to the refusal's text when it was refused. */
  readonly onPick?: (answer: string) => Promise<string | null | void> | void;
}

const SIDE_COLOURS = ['#2f5f8a', '#8a2c1d', '#3f7d3a', '#7a4f9a', '#b07a1c', '#2a7a78'];
const sideColour = (side: number) => SIDE_COLOURS[side % SIDE_COLOURS.length] as string;
const RANGE_COLOURS = { move: '#3f7d3a', charge: '#8a2c1d', missile: '#2f5f8a', spell: '#7a4f9a' } as const;

type Pt = readonly [number, number];

/** Where a map point is drawn: north up on both (the plane's y grows north, the grid's south). */
function svgOf(map: FightMap, p: MapPoint): Pt {
  return map.kind === 'plane' ? [p.x, -p.y] : [p.x, p.y];
}
function fromSvg(map: FightMap, x: number, y: number): MapPoint {
  return map.kind === 'plane' ? { x, y: -y } : { x, y };
}
/** A model's centre in map units (on the grid the middle of its footprint). */
function centreOf(map: FightMap, m: MapModel, at: MapPoint = m.at): MapPoint {
  if (map.kind === 'plane') return at;
  const s = m.size ?? 1;
  return { x: at.x + s / 2, y: at.y + s / 2 };
}
/** The facing as a unit vector on the SVG (bearing clockwise from north, north up). */
function facingVector(bearing: number): Pt {
  const r = (bearing * Math.PI) / 180;
  return [Math.sin(r), -Math.cos(r)];
}
const fmt = (v: number) => {
  const r = Math.round(v * 10) / 10;
  return Number.isInteger(r) ? String(r) : r.toFixed(1);
};

/** Distances between two models as the map measures them: centre to centre and base to base on the plane, king's moves between footprints on the grid. */
function apart(map: FightMap, a: MapModel, b: MapModel): { value: number; text: string } {
  if (map.kind === 'plane') {
    const d = Math.hypot(a.at.x - b.at.x, a.at.y - b.at.y);
    const gap = Math.max(0, d - (a.radius ?? 0) - (b.radius ?? 0));
    return {
      value: d,
      text: `${fmt(d)} yards${gap < d ? ` (${gap < 0.05 ? 'bases touching' : `${fmt(gap)} between bases`})` : ''}`,
    };
  }
  const sa = a.size ?? 1;
  const sb = b.size ?? 1;
  const gap = (lo1: number, n1: number, lo2: number, n2: number) =>
    Math.max(0, lo2 - (lo1 + n1 - 1), lo1 - (lo2 + n2 - 1));
  const n = Math.max(gap(a.at.x, sa, b.at.x, sb), gap(a.at.y, sa, b.at.y, sb));
  return { value: n, text: n <= 1 ? 'next to it' : `${n} squares` };
}

/** A short label where the map is crowded: "Gob 12" for "Goblin 12", the first word otherwise. */
function shortName(name: string): string {
  const m = /^(\S+).*?(\d+)$/.exec(name);
  if (m) return `${(m[1] as string).slice(0, 3)} ${m[2]}`;
  return (name.split(' ')[0] ?? name).slice(0, 8);
}

/** The box's width and the window's height, kept up to date: the map fills the one, within a share of the other. */
function useRoom(ref: { current: Element | null }): { width: number; height: number } {
  const [room, setRoom] = useState({ width: 800, height: 800 });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setRoom({ width: el.clientWidth || 800, height: innerHeight || 800 });
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    addEventListener('resize', measure);
    measure();
    return () => {
      ro.disconnect();
      removeEventListener('resize', measure);
    };
  }, [ref]);
  return room;
}

let maps = 0;

interface View {
  readonly cx: number;
  readonly cy: number;
  /** 1: the whole map; 2: twice as near. */
  readonly zoom: number;
}

export function FightMapView({ map, targets = null, current = null, onPick }: MapProps) {
  const box = useRef<HTMLDivElement>(null);
  const svg = useRef<SVGSVGElement>(null);
  const room = useRoom(box);
  const [hover, setHover] = useState<MapPoint | null>(null);
  const [pinned, setPinned] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  /** Where the last click was: what is said of it is said while the pointer stays there. */
  const clicked = useRef<MapPoint | null>(null);
  /** A tap on a touch screen previews a destination; a second tap there sends it. */
  const [preview, setPreview] = useState<MapPoint | null>(null);
  const [facing, setFacing] = useState('');
  const [view, setView] = useState<View | null>(null);
  const drag = useRef<{ x: number; y: number; moved: boolean; view: View } | null>(null);
  // Ids of this map's markers and patterns: a page may show more than one map.
  const uid = useMemo(() => `map${++maps}`, []);

  // The page fetches the view again whenever anything changes: the same targets come back as a
  // new object. Their content says whether the question is a new one.
  const targetsKey = useMemo(() => (targets ? JSON.stringify(targets) : ''), [targets]);
  // A new question (or none) clears what was said about the last one.
  useEffect(() => {
    setMessage(null);
    setPreview(null);
  }, [targetsKey]);

  const b = map.bounds;
  const fullW = b.maxX - b.minX;
  const fullH = b.maxY - b.minY;
  // The map's top-left corner on the SVG (north up).
  const [x0, y0]: Pt = map.kind === 'plane' ? [b.minX, -b.maxY] : [b.minX, b.minY];
  const v = view ?? { cx: x0 + fullW / 2, cy: y0 + fullH / 2, zoom: 1 };
  // The picture is as wide as its box and as tall as the map at that width, within 72% of the
  // window (at least 140 pixels); the view fills it, so the plane runs on to the edges.
  const width = room.width;
  const height = Math.round(Math.max(140, Math.min((width * fullH) / fullW, room.height * 0.72)));
  // Pixels a map unit: text, marks and strokes keep their size on a phone and on a TV.
  const px = Math.min(width / (fullW / v.zoom), height / (fullH / v.zoom));
  const vw = width / px;
  const vh = height / px;
  const vx = v.cx - vw / 2;
  const vy = v.cy - vh / 2;
  const u = (pixels: number) => pixels / px;
  const crowded = map.kind === 'plane' ? px < 14 : px < 34;

  const byId = useMemo(() => new Map(map.models.map((m) => [m.id, m])), [map]);
  const mover = targets ? byId.get(targets.mover) : undefined;
  const shown = map.models.filter((m) => m.rides === undefined);
  // The fallen first, beneath those standing (another may stand where one fell).
  const drawn = [...shown].sort((a, b) => Number(a.out === null) - Number(b.out === null));
  // Riders share their mount's base: one label for both.
  const riders = new Map(map.models.filter((m) => m.rides).map((m) => [m.rides as string, m]));
  const nameOf = (m: MapModel) => {
    const r = riders.get(m.id);
    return r ? `${r.name} on ${m.name}` : m.name;
  };
  const labelOf = (m: MapModel) => (crowded ? shortName(riders.get(m.id)?.name ?? m.name) : nameOf(m));
  // On a crowded grid the square's letter says who stands there; the status line gives the name.
  const labelled = (m: MapModel) => !(crowded && map.kind === 'grid' && m.glyph);

  /** The model under a point (its base or footprint), the topmost standing one first. */
  const modelAt = (p: MapPoint): MapModel | undefined => {
    const hit = (m: MapModel) =>
      map.kind === 'plane'
        ? Math.hypot(p.x - m.at.x, p.y - m.at.y) <= (m.radius ?? 0.5)
        : p.x >= m.at.x && p.y >= m.at.y && p.x < m.at.x + (m.size ?? 1) && p.y < m.at.y + (m.size ?? 1);
    return shown.find((m) => m.out === null && hit(m)) ?? shown.find(hit);
  };

  /** The engine's verdict nearest a point: the square itself on the grid, the nearest judged point on the plane. */
  const verdictAt = (p: MapPoint): { legal: boolean; why: string | null; at: MapPoint } | null => {
    if (!targets) return null;
    let best: (typeof targets.points)[number] | null = null;
    let bestD = Infinity;
    for (const t of targets.points) {
      const d =
        map.kind === 'grid'
          ? Math.floor(p.x) === t[0] && Math.floor(p.y) === t[1]
            ? 0
            : Infinity
          : Math.hypot(p.x - t[0], p.y - t[1]);
      if (d < bestD) {
        best = t;
        bestD = d;
      }
    }
    if (!best || bestD > targets.step * 0.75) return null;
    return {
      legal: best[2] < 0,
      why: best[2] < 0 ? null : (targets.reasons[best[2]] ?? null),
      at: { x: best[0], y: best[1] },
    };
  };

  const answerFor = (p: MapPoint): string => {
    const a = map.answer;
    // On the plane a click is as good as a tenth of a yard; the grid takes the square.
    const d = map.kind === 'grid' ? 0 : Math.min(1, a.decimals);
    const n = (x: number) => {
      const s = (map.kind === 'grid' ? Math.floor(x) : x).toFixed(d);
      return /^-0(\.0+)?$/.test(s) ? '0' : s.replace(/\.0+$/, '');
    };
    const base = a.template.replace('{x}', n(p.x)).replace('{y}', n(p.y));
    return facing && a.facings?.includes(facing) ? `${base} ${facing}` : base;
  };

  /** The same square of the grid, or within a yard and a half on the plane. */
  const sameSpot = (a: MapPoint, p: MapPoint) =>
    map.kind === 'grid'
      ? Math.floor(a.x) === Math.floor(p.x) && Math.floor(a.y) === Math.floor(p.y)
      : Math.hypot(a.x - p.x, a.y - p.y) < 1.5;

  const pick = async (answer: string) => {
    if (!onPick) return;
    setMessage(`sent ${answer}…`);
    const refused = await onPick(answer);
    setMessage(typeof refused === 'string' ? `refused: ${refused}` : null);
  };

  const pointOf = (e: PointerEvent | MouseEvent): MapPoint | null => {
    const s = svg.current;
    const ctm = s?.getScreenCTM();
    if (!s || !ctm) return null;
    const q = new DOMPoint(e.clientX, e.clientY).matrixTransform(ctm.inverse());
    return fromSvg(map, q.x, q.y);
  };

  const onClick = (p: MapPoint, touch: boolean) => {
    clicked.current = p;
    const m = modelAt(p);
    if (!targets || !mover) return setPinned(m && m.id !== pinned ? m.id : null);
    let answer: string;
    if (map.kind === 'grid') {
      // The grid's every square is judged already: a refused one says why and sends nothing.
      const v = verdictAt(p);
      if (!v) return setMessage('off the board');
      if (!v.legal) return setMessage(`(${v.at.x}, ${v.at.y}) refused: ${v.why ?? ''}`);
      answer = answerFor(p);
    } else {
      // A model within reach: the touching point the engine accepts, if there is one; any other
      // point goes to the engine as clicked, and the engine judges it.
      const contact = m && m.id !== mover.id ? targets.contacts.find((c) => c.model === m.id) : undefined;
      if (contact && !contact.answer) return setMessage(`${m?.name}: ${contact.why ?? 'out of reach'}`);
      answer = contact?.answer ?? answerFor(p);
    }
    // On a touch screen the first tap shows where it would go (there is no hovering); a second tap there sends it.
    if (touch && !(preview && sameSpot(preview, p))) {
      setMessage(null);
      setPreview(p);
      return setHover(p);
    }
    setPreview(null);
    void pick(answer);
  };

  const focus = (pinned ? byId.get(pinned) : undefined) ?? (hover ? modelAt(hover) : undefined);

  // The judged destinations, drawn once a question (the layer is big on the plane).
  const targetLayer = useMemo(() => {
    if (!targets) return null;
    const s = targets.step;
    return (
      <g class={`targets ${map.kind}`} aria-hidden="true">
        {targets.points.map(([x, y, why]) => {
          const [sx, sy]: Pt = map.kind === 'grid' ? [x, y] : [x - s / 2, -(y + s / 2)];
          return (
            <rect
              class={why < 0 ? 'legal' : 'refused'}
              x={sx}
              y={sy}
              width={s}
              height={s}
              data-at={`${x},${y}`}
            >
              {(map.kind === 'grid' || why >= 0) && (
                <title>{why < 0 ? `(${x}, ${y}): legal` : targets.reasons[why]}</title>
              )}
            </rect>
          );
        })}
      </g>
    );
    // Drawn again only when the targets say something new (a refetch brings the same ones).
  }, [targetsKey, map.kind]);

  const hovered = hover && targets && mover ? verdictAt(hover) : null;
  const moverCentre = mover ? centreOf(map, mover) : null;

  // What the status line says: a refusal or what was sent, else what is under the pointer.
  let status: string;
  if (message) status = message;
  else if (hover && mover && moverCentre) {
    const m = modelAt(hover);
    const contact = m ? targets?.contacts.find((c) => c.model === m.id) : undefined;
    const d = Math.hypot(hover.x - moverCentre.x, hover.y - moverCentre.y);
    const square = { x: Math.floor(hover.x), y: Math.floor(hover.y) };
    const steps = apart(map, mover, { ...mover, at: square, size: 1 }).value;
    const where =
      map.kind === 'grid'
        ? `(${square.x}, ${square.y})${steps > 0 ? `, ${steps} square${steps === 1 ? '' : 's'} from ${mover.name}` : ''}`
        : `(${fmt(hover.x)}, ${fmt(hover.y)}), ${fmt(d)} yards from ${mover.name}`;
    const go = preview ? 'tap again' : 'click';
    if (m && m.id !== mover.id && contact)
      status = contact.answer
        ? `${m.name}: ${go} to close with it (${contact.answer})`
        : `${m.name}: ${contact.why ?? ''}`;
    else if (!hovered) status = `${where}: not judged here (${go} to ask the engine)`;
    else status = hovered.legal ? `${where}: legal, ${go} to move there` : `${where}: ${hovered.why ?? ''}`;
    // On the plane the verdict shown is the nearest judged point's; the engine judges the point clicked.
    if (
      map.kind === 'plane' &&
      hovered &&
      !m &&
      Math.hypot(hovered.at.x - hover.x, hovered.at.y - hover.y) > 0.05
    )
      status += ` (as judged at (${fmt(hovered.at.x)}, ${fmt(hovered.at.y)}))`;
  } else if (focus) {
    const others = shown
      .filter((o) => o !== focus && o.out === null)
      .map((o) => ({ o, d: apart(map, focus, o) }))
      .sort((a, b) => a.d.value - b.d.value)
      .slice(0, 6)
      .map(({ o, d }) => `${o.name} ${d.text}`);
    status = `${nameOf(focus)}${focus.out ? ` (${focus.out})` : ''}${focus.alt ? `, ${fmt(focus.alt)} yards up` : ''}: ${others.join(' · ') || 'nobody else standing'}`;
  } else if (targets && mover)
    status = `${mover.name} moves: the shaded ground is legal; point at a spot to see why elsewhere.`;
  else status = 'Point at a model (or tap it) for its distances and reaches.';

  const stroke = u(1.5);
  const font = u(crowded ? 11 : 12.5);

  /**
   * Each name below its base and facing notch, unless it would write over a name already placed:
   * whose turn it is first, then the one pointed at, those standing, the fallen last. A name left
   * out shows in the status line when its model is pointed at.
   */
  const placeLabels = () => {
    const order = drawn
      .filter(labelled)
      .map((m) => ({ m, rank: m.id === current ? 0 : m === focus ? 1 : m.out === null ? 2 : 3 }))
      .sort((a, b) => a.rank - b.rank);
    const placed: { m: MapModel; x: number; y: number; text: string; half: number }[] = [];
    const reach = (m: MapModel) => (map.kind === 'plane' ? (m.radius ?? 0.5) * 1.3 : (m.size ?? 1) / 2);
    // Every base standing on the map: a name is not written over one (another's, or its own).
    const bases = drawn.map((m) => {
      const [cx, cy] = svgOf(map, centreOf(map, m));
      return { m, cx, cy, r: reach(m) };
    });
    for (const { m } of order) {
      const [cx, cy] = svgOf(map, centreOf(map, m));
      const r = reach(m);
      const text = `${labelOf(m)}${m.alt ? ` ↑${fmt(m.alt)}` : ''}`;
      // A rough width: the page's sans-serif averages a little over half the size a letter.
      const half = (text.length * font * 0.58) / 2;
      // Below the base, else above it; where both would cover a name or a base, it is left out.
      const free = (y: number) =>
        !placed.some((p) => Math.abs(p.x - cx) < p.half + half && Math.abs(p.y - y) < font * 1.1) &&
        !bases.some(
          (b) =>
            b.m.id !== m.id && Math.abs(b.cx - cx) < b.r + half && y < b.cy + b.r && y + font > b.cy - b.r,
        );
      const y = [cy + r + u(1), cy - r - u(1) - font].find(free);
      if (y === undefined) continue;
      placed.push({ m, x: cx, y, text, half });
    }
    return placed;
  };

  return (
    <section class="panel map" aria-label="map">
      <div class="map-bar">
        <h2>
          Map <small>{map.kind === 'plane' ? 'yards, north up' : 'squares'}</small>
        </h2>
        <span class="map-legend">
          {map.sides.map((s, i) => (
            <span class="map-side">
              <span class="swatch" style={{ background: sideColour(i) }} /> {s}
            </span>
          ))}
        </span>
        {targets && map.answer.facings && (
          <label class="map-facing">
            end facing{' '}
            <select value={facing} onChange={(e) => setFacing(e.currentTarget.value)} aria-label="end facing">
              <option value="">as walked</option>
              {map.answer.facings.map((f) => (
                <option value={f}>{f}</option>
              ))}
            </select>
          </label>
        )}
        <span class="map-zoom">
          <button
            type="button"
            aria-label="zoom in"
            onClick={() => setView({ ...v, zoom: Math.min(8, v.zoom * 1.5) })}
          >
            +
          </button>
          <button
            type="button"
            aria-label="zoom out"
            onClick={() => setView({ ...v, zoom: Math.max(1, v.zoom / 1.5) })}
          >
            −
          </button>
          <button type="button" aria-label="fit the map" onClick={() => setView(null)}>
            fit
          </button>
        </span>
      </div>
      <div class="map-box" ref={box}>
        <svg
          ref={svg}
          class={`map-svg ${targets ? 'moving' : ''}`}
          viewBox={`${vx} ${vy} ${vw} ${vh}`}
          width={width}
          height={height}
          preserveAspectRatio="xMidYMid meet"
          role="img"
          aria-label={`map of the fight${mover ? `: ${mover.name} moves` : ''}`}
          onPointerDown={(e) => {
            drag.current = { x: e.clientX, y: e.clientY, moved: false, view: v };
          }}
          onPointerMove={(e) => {
            const d = drag.current;
            if (d && e.buttons === 1 && e.pointerType === 'mouse') {
              const dx = e.clientX - d.x;
              const dy = e.clientY - d.y;
              if (d.moved || Math.hypot(dx, dy) > 5) {
                d.moved = true;
                setView({ ...d.view, cx: d.view.cx - dx / px, cy: d.view.cy - dy / px });
                return;
              }
            }
            if (e.pointerType === 'mouse') {
              const p = pointOf(e);
              // What was said of the last click stays only while the pointer is where it clicked.
              if (message && p && clicked.current && !sameSpot(p, clicked.current)) setMessage(null);
              setHover(p);
            }
          }}
          // A finger leaves the map after every tap: what it showed stays until the next.
          onPointerLeave={(e) => {
            if (e.pointerType === 'mouse') setHover(null);
          }}
          onPointerUp={(e) => {
            const d = drag.current;
            drag.current = null;
            if (d?.moved) return;
            const p = pointOf(e);
            if (p) {
              if (e.pointerType !== 'mouse') setHover(p);
              onClick(p, e.pointerType === 'touch');
            }
          }}
        >
          <defs>
            {map.sides.map((_, i) => (
              <>
                <marker
                  id={`${uid}-arrow-${i}`}
                  viewBox="0 0 10 10"
                  refX="8"
                  refY="5"
                  markerWidth="5"
                  markerHeight="5"
                  orient="auto-start-reverse"
                >
                  <path d="M0,0 L10,5 L0,10 z" fill={sideColour(i)} />
                </marker>
                {/* Death zones hatched in their side's colour, so the legal squares' shade stays apart from them. */}
                <pattern
                  id={`${uid}-zone-${i}`}
                  patternUnits="userSpaceOnUse"
                  width="0.2"
                  height="0.2"
                  patternTransform="rotate(45)"
                >
                  <rect width="0.07" height="0.2" fill={sideColour(i)} />
                </pattern>
              </>
            ))}
          </defs>
          {map.kind === 'plane' ? (
            // The plane runs on past what the map's bounds hold: ground and lines to the edges.
            <>
              <rect class="ground" x={vx} y={vy} width={vw} height={vh} />
              <PlaneGrid x0={vx} y0={vy} w={vw} h={vh} px={px} u={u} />
            </>
          ) : (
            map.terrain && <Terrain rows={map.terrain} u={u} />
          )}
          {map.zones.map((z) => (
            <g class="zone" fill={`url(#${uid}-zone-${z.side})`}>
              {z.squares.map((q) => (
                <rect x={q.x} y={q.y} width={1} height={1}>
                  <title>death zone of {byId.get(z.of)?.name ?? z.of}</title>
                </rect>
              ))}
            </g>
          ))}
          {map.areas.map((a) => {
            const [cx, cy] = svgOf(map, a.at);
            return (
              <circle class={`area ${a.kind}`} cx={cx} cy={cy} r={a.radius} stroke-width={stroke}>
                <title>{a.label}</title>
              </circle>
            );
          })}
          {targetLayer}
          {shown.map((m) => (
            <Path map={map} m={m} stroke={u(2.5)} arrow={`${uid}-arrow-${m.side}`} />
          ))}
          {focus && <Rings map={map} m={focus} u={u} />}
          {drawn.map((m) => (
            <Model
              map={map}
              m={m}
              current={m.id === current || riders.get(m.id)?.id === current}
              focused={m === focus}
              u={u}
            />
          ))}
          {/* Names over every base, so that a neighbour's base never hides one. */}
          <g class="labels" aria-hidden="true">
            {placeLabels().map((l) => (
              <text class={`label ${l.m.out ? 'out' : ''}`} x={l.x} y={l.y} font-size={font}>
                {l.text}
              </text>
            ))}
          </g>
          {targets?.contacts.map((c) => {
            const [cx, cy] = svgOf(map, c.at);
            return c.answer ? (
              <circle class="contact" cx={cx} cy={cy} r={u(4.5)} stroke-width={u(1.5)}>
                <title>close with {byId.get(c.model)?.name}</title>
              </circle>
            ) : null;
          })}
          {hover && moverCentre && (targets || preview) && (
            <Pointer
              map={map}
              from={moverCentre}
              to={preview ?? hover}
              legal={hovered?.legal ?? null}
              stroke={stroke}
              u={u}
            />
          )}
        </svg>
      </div>
      <p class="map-status" role="status" data-kind={message?.includes('refused') ? 'refused' : ''}>
        {status}
      </p>
      {focus && focus.ranges.length > 0 && (
        <ul class="map-reaches" aria-label={`${nameOf(focus)}'s reaches`}>
          {focus.ranges.map((r) => (
            <li>
              <span class="swatch" style={{ borderColor: RANGE_COLOURS[r.kind] }} /> {r.label}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Terrain({ rows, u }: { rows: readonly string[]; u: (px: number) => number }) {
  const width = Math.max(0, ...rows.map((r) => r.length));
  return (
    <g class="terrain">
      {rows.flatMap((row, y) =>
        [...row].map((c, x) =>
          c === '#' ? (
            <rect class="wall" x={x} y={y} width={1} height={1} />
          ) : (
            <g>
              <rect class="floor" x={x} y={y} width={1} height={1} />
              {c === '+' && (
                <rect class="door" x={x + 0.1} y={y + 0.3} width={0.8} height={0.4} rx={0.05}>
                  <title>a closed door</title>
                </rect>
              )}
              {c === '/' && (
                <rect class="door open" x={x + 0.1} y={y + 0.3} width={0.8} height={0.4} rx={0.05}>
                  <title>an open door</title>
                </rect>
              )}
            </g>
          ),
        ),
      )}
      {/* Columns and rows numbered as a square is typed (to:x,y). */}
      <g class="axis" font-size={u(10)}>
        {Array.from({ length: width }, (_, x) => (
          <text x={x + 0.5} y={u(2)} dominant-baseline="hanging">
            {x}
          </text>
        ))}
        {rows.map((_, y) => (
          <text x={u(3)} y={y + 0.5} text-anchor="start" dominant-baseline="central">
            {y}
          </text>
        ))}
      </g>
    </g>
  );
}

/** Faint lines every 1, 2, 5, 10… yards, whichever keeps them a comfortable distance apart, numbered at the edges. */
function PlaneGrid({
  x0,
  y0,
  w,
  h,
  px,
  u,
}: {
  x0: number;
  y0: number;
  w: number;
  h: number;
  px: number;
  u: (px: number) => number;
}) {
  const every = [1, 2, 5, 10, 20, 50, 100, 200].find((s) => s * px >= 36) ?? 500;
  const lines = [];
  const labels = [];
  for (let x = Math.ceil(x0 / every) * every; x <= x0 + w; x += every) {
    lines.push(<line x1={x} y1={y0} x2={x} y2={y0 + h} stroke-width={u(x === 0 ? 1.5 : 1)} />);
    labels.push(
      <text x={x + u(2)} y={y0 + u(2)} dominant-baseline="hanging">
        {x}
      </text>,
    );
  }
  for (let y = Math.ceil(y0 / every) * every; y <= y0 + h; y += every) {
    lines.push(<line x1={x0} y1={y} x2={x0 + w} y2={y} stroke-width={u(y === 0 ? 1.5 : 1)} />);
    // The SVG's y runs south: the plane's is the other way.
    labels.push(
      <text x={x0 + u(3)} y={y - u(2)}>
        {-y || 0}
      </text>,
    );
  }
  return (
    <g class="plane-grid">
      {lines}
      <g class="axis" font-size={u(10)}>
        {labels}
      </g>
    </g>
  );
}

/** This round's way as an arrow in its side's colour; last round's fainter, behind it. */
function Path({ map, m, stroke, arrow }: { map: FightMap; m: MapModel; stroke: number; arrow: string }) {
  // The way ends at the base's edge, where the arrowhead can be seen, not under the model.
  const edge = map.kind === 'plane' ? (m.radius ?? 0.5) : ((m.size ?? 1) / 2) * 0.85;
  const line = (path: readonly MapPoint[]) => {
    const pts = path.map((p) => svgOf(map, centreOf(map, m, p)));
    const [ax, ay] = pts[pts.length - 2] as Pt;
    const [bx, by] = pts[pts.length - 1] as Pt;
    const d = Math.hypot(bx - ax, by - ay);
    const k = d > edge ? (d - edge) / d : 0;
    pts[pts.length - 1] = [ax + (bx - ax) * k, ay + (by - ay) * k];
    return pts.map((p) => p.join(',')).join(' ');
  };
  const colour = m.out ? '#8b8580' : sideColour(m.side);
  const legs = (n: number) => `${n - 1} leg${n === 2 ? '' : 's'}`;
  return (
    <>
      {m.lastPath.length >= 2 && (
        <polyline
          class="path last"
          points={line(m.lastPath)}
          stroke={colour}
          stroke-width={stroke * 0.7}
          stroke-dasharray={`${stroke * 2} ${stroke * 1.5}`}
          marker-end={`url(#${arrow})`}
        >
          <title>
            {m.name}: last round's move, {legs(m.lastPath.length)}
          </title>
        </polyline>
      )}
      {m.path.length >= 2 && (
        <polyline
          class="path"
          points={line(m.path)}
          stroke={colour}
          stroke-width={stroke}
          marker-end={`url(#${arrow})`}
        >
          <title>
            {m.name}: this round's move, {legs(m.path.length)}
          </title>
        </polyline>
      )}
    </>
  );
}

/** A model's reaches as rings (circles on the plane, squares of king's moves on the grid); the legend under the map names them. */
function Rings({ map, m, u }: { map: FightMap; m: MapModel; u: (px: number) => number }) {
  const [cx, cy] = svgOf(map, centreOf(map, m));
  const s = m.size ?? 1;
  return (
    <g class="rings" aria-hidden="true">
      {m.ranges.map((r) =>
        map.kind === 'grid' ? (
          <rect
            x={m.at.x - r.reach}
            y={m.at.y - r.reach}
            width={s + 2 * r.reach}
            height={s + 2 * r.reach}
            stroke={RANGE_COLOURS[r.kind]}
            stroke-width={u(1.5)}
          />
        ) : (
          <circle cx={cx} cy={cy} r={r.reach} stroke={RANGE_COLOURS[r.kind]} stroke-width={u(1.5)} />
        ),
      )}
    </g>
  );
}

function Model({
  map,
  m,
  current,
  focused,
  u,
}: {
  map: FightMap;
  m: MapModel;
  current: boolean;
  focused: boolean;
  u: (px: number) => number;
}) {
  const c = centreOf(map, m);
  const [cx, cy] = svgOf(map, c);
  const r = map.kind === 'plane' ? (m.radius ?? 0.5) : ((m.size ?? 1) / 2) * 0.82;
  const [fx, fy] = facingVector(m.facing);
  const colour = m.out ? '#a59e97' : sideColour(m.side);
  // The facing: a notch at the front of the base, pointing the way it looks.
  const tip: Pt = [cx + fx * r * 1.25, cy + fy * r * 1.25];
  const side: Pt = [-fy * r * 0.45, fx * r * 0.45];
  const back: Pt = [cx + fx * r * 0.55, cy + fy * r * 0.55];
  return (
    <g
      class={`model ${m.out ? 'out' : ''} ${current ? 'current' : ''} ${focused ? 'focused' : ''}`}
      data-id={m.id}
    >
      <title>
        {m.name}
        {m.out ? ` (${m.out})` : ''}
      </title>
      {current && <circle class="turn" cx={cx} cy={cy} r={r * 1.3 + u(3)} stroke-width={u(2.5)} />}
      {map.kind === 'plane' ? (
        <circle cx={cx} cy={cy} r={r} fill={colour} stroke-width={u(1.5)} />
      ) : (
        <rect
          x={cx - r}
          y={cy - r}
          width={2 * r}
          height={2 * r}
          rx={r * 0.25}
          fill={colour}
          stroke-width={u(1.5)}
        />
      )}
      {!m.out && (
        <path
          class="facing"
          d={`M${tip[0]},${tip[1]} L${back[0] + side[0]},${back[1] + side[1]} L${back[0] - side[0]},${back[1] - side[1]} z`}
          fill={colour}
          stroke-width={u(1.2)}
        />
      )}
      {m.glyph && (
        <text class="glyph" x={cx} y={cy} font-size={Math.min(r * 1.2, u(16))}>
          {m.glyph}
        </text>
      )}
    </g>
  );
}

function Pointer({
  map,
  from,
  to,
  legal,
  stroke,
  u,
}: {
  map: FightMap;
  from: MapPoint;
  to: MapPoint;
  legal: boolean | null;
  stroke: number;
  u: (px: number) => number;
}) {
  const [ax, ay] = svgOf(map, from);
  const end = map.kind === 'grid' ? { x: Math.floor(to.x) + 0.5, y: Math.floor(to.y) + 0.5 } : to;
  const [bx, by] = svgOf(map, end);
  return (
    <g class={`pointer ${legal === null ? '' : legal ? 'legal' : 'refused'}`} aria-hidden="true">
      <line x1={ax} y1={ay} x2={bx} y2={by} stroke-width={stroke} stroke-dasharray={`${u(5)} ${u(4)}`} />
      <circle cx={bx} cy={by} r={u(5)} stroke-width={stroke} />
    </g>
  );
}
