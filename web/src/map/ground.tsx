// The ground under the models: the board's walls, floors and doors, or the plane's grid of yards.
import type { FightMap, MapTargets } from '../../../src/core/map.js';
import type { Pt } from './geometry.js';

export function Terrain({ rows, u }: { rows: readonly string[]; u: (px: number) => number }) {
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
export function PlaneGrid({
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

/** The engine's judged destinations of a movement question: legal ones shaded, refused ones with their reason. */
export function TargetSquares({ kind, targets }: { kind: FightMap['kind']; targets: MapTargets }) {
  const s = targets.step;
  return (
    <g class={`targets ${kind}`} aria-hidden="true">
      {targets.points.map(([x, y, why]) => {
        const [sx, sy]: Pt = kind === 'grid' ? [x, y] : [x - s / 2, -(y + s / 2)];
        return (
          <rect
            class={why < 0 ? 'legal' : 'refused'}
            x={sx}
            y={sy}
            width={s}
            height={s}
            data-at={`${x},${y}`}
          >
            {(kind === 'grid' || why >= 0) && (
              <title>{why < 0 ? `(${x}, ${y}): legal` : targets.reasons[why]}</title>
            )}
          </rect>
        );
      })}
    </g>
  );
}
