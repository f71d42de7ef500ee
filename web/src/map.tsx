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
import { answerFor, modelAt, sameSpot, verdictAt } from './map/answers.js';
import { centreOf, fromSvg, RANGE_COLOURS, shortName, sideColour, svgOf, type Pt } from './map/geometry.js';
import { PlaneGrid, TargetSquares, Terrain } from './map/ground.js';
import { placeLabels } from './map/labels.js';
import { Model, Path, Pointer, Rings } from './map/models.js';
import { statusLine } from './map/status.js';
import './map.css';

export interface MapProps {
  readonly map: FightMap;
  /** The pending movement question's judged destinations (Question.targets), if any. */
  readonly targets?: MapTargets | null;
  /** Whose turn it is (the question's actor): marked on the map. */
  readonly current?: string | null;
  /** Gives an answer (a destination as typed); resolves to the refusal's text when it was refused. */
  readonly onPick?: (answer: string) => Promise<string | null | void> | void;
  /**
   * The picture takes the whole height its box is given (the TV's, where the screen is shared out
   * and nothing scrolls), not the map's height at the box's width within a share of the window.
   */
  readonly fill?: boolean;
}

/**
 * The box's width and the window's height (or, with `fill`, the box's own height), kept up to
 * date: the map fills the one, within a share of the other.
 */
export function useRoom(ref: { current: Element | null }, fill: boolean): { width: number; height: number } {
  const [room, setRoom] = useState({ width: 800, height: 800 });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () =>
      setRoom({ width: el.clientWidth || 800, height: (fill ? el.clientHeight : innerHeight) || 800 });
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    addEventListener('resize', measure);
    measure();
    return () => {
      ro.disconnect();
      removeEventListener('resize', measure);
    };
  }, [ref, fill]);
  return room;
}

let maps = 0;

interface View {
  readonly cx: number;
  readonly cy: number;
  /** 1: the whole map; 2: twice as near. */
  readonly zoom: number;
}

export function FightMapView({ map, targets = null, current = null, onPick, fill = false }: MapProps) {
  const box = useRef<HTMLDivElement>(null);
  const svg = useRef<SVGSVGElement>(null);
  const room = useRoom(box, fill);
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
  // window (at least 140 pixels), or as tall as its box; the view fills it, so the plane runs on
  // to the edges.
  const width = room.width;
  const height = fill
    ? room.height
    : Math.round(Math.max(140, Math.min((width * fullH) / fullW, room.height * 0.72)));
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
    const m = modelAt(map, shown, p);
    if (!targets || !mover) return setPinned(m && m.id !== pinned ? m.id : null);
    let answer: string;
    if (map.kind === 'grid') {
      // The grid's every square is judged already: a refused one says why and sends nothing.
      const v = verdictAt(map, targets, p);
      if (!v) return setMessage('off the board');
      if (!v.legal) return setMessage(`(${v.at.x}, ${v.at.y}) refused: ${v.why ?? ''}`);
      answer = answerFor(map, facing, p);
    } else {
      // A model within reach: the touching point the engine accepts, if there is one; any other
      // point goes to the engine as clicked, and the engine judges it.
      const contact = m && m.id !== mover.id ? targets.contacts.find((c) => c.model === m.id) : undefined;
      if (contact && !contact.answer) return setMessage(`${m?.name}: ${contact.why ?? 'out of reach'}`);
      answer = contact?.answer ?? answerFor(map, facing, p);
    }
    // On a touch screen the first tap shows where it would go (there is no hovering); a second tap there sends it.
    if (touch && !(preview && sameSpot(map, preview, p))) {
      setMessage(null);
      setPreview(p);
      return setHover(p);
    }
    setPreview(null);
    void pick(answer);
  };

  const focus = (pinned ? byId.get(pinned) : undefined) ?? (hover ? modelAt(map, shown, hover) : undefined);

  // The judged destinations, drawn once a question (the layer is big on the plane).
  const targetLayer = useMemo(() => {
    return targets ? <TargetSquares kind={map.kind} targets={targets} /> : null;
    // Drawn again only when the targets say something new (a refetch brings the same ones).
  }, [targetsKey, map.kind]);

  const hovered = hover && targets && mover ? verdictAt(map, targets, hover) : null;
  const moverCentre = mover ? centreOf(map, mover) : null;

  const status = statusLine({
    map,
    targets,
    message,
    hover,
    preview,
    mover,
    moverCentre,
    hovered,
    focus,
    shown,
    nameOf,
  });

  const stroke = u(1.5);
  const font = u(crowded ? 11 : 12.5);

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
              if (message && p && clicked.current && !sameSpot(map, p, clicked.current)) setMessage(null);
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
            {placeLabels({ map, drawn, labelled, labelOf, current, focus, font, u }).map((l) => (
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
