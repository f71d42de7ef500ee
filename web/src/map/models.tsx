// What stands and moves on the map: each model's base, facing and marks, this round's path as an
// arrow, the reaches of the model pointed at as rings, and the pointer's line to a destination.
import type { FightMap, MapModel, MapPoint } from '../../../src/core/map.js';
import { centreOf, facingVector, RANGE_COLOURS, sideColour, svgOf, type Pt } from './geometry.js';

export function Path({
  map,
  m,
  stroke,
  arrow,
}: {
  map: FightMap;
  m: MapModel;
  stroke: number;
  arrow: string;
}) {
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
export function Rings({ map, m, u }: { map: FightMap; m: MapModel; u: (px: number) => number }) {
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

export function Model({
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

export function Pointer({
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
