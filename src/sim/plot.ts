// Plots as plain SVG text: a rate curve with its interval band for one varied parameter, a heat
// map for two. No library and no browser: the file opens anywhere and diffs as text. The file is
// black on white; its backdrop, grid, axes and notes are named by class, for a page to draw them
// in its own colours (the designer's dark theme).

export interface CurvePoint {
  readonly y: number;
  readonly lo: number;
  readonly hi: number;
}

export interface Curve {
  readonly name: string;
  readonly points: readonly CurvePoint[];
}

const W = 640;
const H = 400;
const M = { left: 64, right: 160, top: 40, bottom: 56 };
const COLOURS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b', '#e377c2', '#7f7f7f'];

export function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const pct = (v: number) => `${Math.round(v * 100)}%`;

/** Rates (0..1) against the values of one parameter, each with its 95% band. */
export function rateCurve(
  title: string,
  xLabel: string,
  xs: readonly string[],
  curves: readonly Curve[],
): string {
  const pw = W - M.left - M.right;
  const ph = H - M.top - M.bottom;
  const x = (i: number) => M.left + (xs.length <= 1 ? pw / 2 : (i * pw) / (xs.length - 1));
  const y = (v: number) => M.top + ph - Math.max(0, Math.min(1, v)) * ph;
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`,
  );
  out.push(`<rect class="backdrop" width="${W}" height="${H}" fill="white"/>`);
  out.push(`<text x="${M.left}" y="22" font-size="14" font-weight="bold">${escapeXml(title)}</text>`);
  for (let t = 0; t <= 10; t += 2) {
    const v = t / 10;
    out.push(
      `<line class="grid" x1="${M.left}" x2="${M.left + pw}" y1="${y(v)}" y2="${y(v)}" stroke="#e5e5e5"/>`,
    );
    out.push(`<text x="${M.left - 8}" y="${y(v) + 4}" text-anchor="end">${pct(v)}</text>`);
  }
  xs.forEach((label, i) =>
    out.push(`<text x="${x(i)}" y="${M.top + ph + 18}" text-anchor="middle">${escapeXml(label)}</text>`),
  );
  out.push(`<text x="${M.left + pw / 2}" y="${H - 14}" text-anchor="middle">${escapeXml(xLabel)}</text>`);
  out.push(
    `<line class="axis" x1="${M.left}" x2="${M.left}" y1="${M.top}" y2="${M.top + ph}" stroke="black"/><line class="axis" x1="${M.left}" x2="${M.left + pw}" y1="${M.top + ph}" y2="${M.top + ph}" stroke="black"/>`,
  );
  // Figures solved exactly have no interval: no bands, and the legend says so.
  const banded = curves.some((c) => c.points.some((p) => p.lo !== p.hi));
  curves.forEach((c, k) => {
    const colour = COLOURS[k % COLOURS.length] as string;
    const upper = c.points.map((p, i) => `${x(i).toFixed(1)},${y(p.hi).toFixed(1)}`);
    const lower = c.points.map((p, i) => `${x(i).toFixed(1)},${y(p.lo).toFixed(1)}`).reverse();
    if (banded)
      out.push(
        `<polygon points="${[...upper, ...lower].join(' ')}" fill="${colour}" fill-opacity="0.18" stroke="none"/>`,
      );
    out.push(
      `<polyline points="${c.points.map((p, i) => `${x(i).toFixed(1)},${y(p.y).toFixed(1)}`).join(' ')}" fill="none" stroke="${colour}" stroke-width="2"/>`,
    );
    c.points.forEach((p, i) =>
      out.push(
        `<circle cx="${x(i).toFixed(1)}" cy="${y(p.y).toFixed(1)}" r="3" fill="${colour}"><title>${escapeXml(`${c.name}, ${xLabel} ${xs[i]}: ${pct(p.y)}${banded ? ` (${pct(p.lo)}–${pct(p.hi)})` : ''}`)}</title></circle>`,
      ),
    );
    const ly = M.top + 10 + k * 20;
    out.push(
      `<rect x="${M.left + pw + 16}" y="${ly - 9}" width="14" height="10" fill="${colour}"/><text x="${M.left + pw + 36}" y="${ly}">${escapeXml(c.name)}</text>`,
    );
  });
  out.push(
    `<text class="note" x="${M.left + pw + 16}" y="${M.top + 10 + curves.length * 20 + 8}" fill="#555">${banded ? 'bands: 95% intervals' : 'solved exactly'}</text>`,
  );
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}

/** A rate (0..1) over a grid of two parameters' values, white to blue, each cell labelled; null: a cell not run, left blank. */
export function heatMap(
  title: string,
  xLabel: string,
  yLabel: string,
  xs: readonly string[],
  ys: readonly string[],
  rates: readonly (readonly (number | null)[])[],
): string {
  const pw = W - M.left - M.right;
  const ph = H - M.top - M.bottom;
  const cw = pw / Math.max(1, xs.length);
  const ch = ph / Math.max(1, ys.length);
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="11">`,
  );
  out.push(`<rect class="backdrop" width="${W}" height="${H}" fill="white"/>`);
  out.push(`<text x="${M.left}" y="22" font-size="14" font-weight="bold">${escapeXml(title)}</text>`);
  ys.forEach((yl, j) => {
    // The first y value at the bottom, as on a graph.
    const top = M.top + ph - (j + 1) * ch;
    out.push(`<text x="${M.left - 6}" y="${top + ch / 2 + 4}" text-anchor="end">${escapeXml(yl)}</text>`);
    xs.forEach((_xl, i) => {
      const v = rates[j]?.[i] ?? null;
      const left = M.left + i * cw;
      if (v === null) {
        out.push(
          `<rect class="cell" data-not-run="" x="${left.toFixed(1)}" y="${top.toFixed(1)}" width="${cw.toFixed(1)}" height="${ch.toFixed(1)}" fill="#eeeeee" stroke="white"/>`,
        );
        out.push(
          `<text class="note" x="${(left + cw / 2).toFixed(1)}" y="${(top + ch / 2 + 4).toFixed(1)}" text-anchor="middle" fill="#999">–</text>`,
        );
        return;
      }
      out.push(
        `<rect class="cell" x="${left.toFixed(1)}" y="${top.toFixed(1)}" width="${cw.toFixed(1)}" height="${ch.toFixed(1)}" fill="${blue(v)}" stroke="white"/>`,
      );
      out.push(
        `<text x="${(left + cw / 2).toFixed(1)}" y="${(top + ch / 2 + 4).toFixed(1)}" text-anchor="middle" fill="${v > 0.6 ? 'white' : 'black'}">${pct(v)}</text>`,
      );
    });
  });
  xs.forEach((xl, i) =>
    out.push(
      `<text x="${(M.left + (i + 0.5) * cw).toFixed(1)}" y="${M.top + ph + 16}" text-anchor="middle">${escapeXml(xl)}</text>`,
    ),
  );
  out.push(`<text x="${M.left + pw / 2}" y="${H - 14}" text-anchor="middle">${escapeXml(xLabel)}</text>`);
  out.push(
    `<text transform="translate(16 ${M.top + ph / 2}) rotate(-90)" text-anchor="middle">${escapeXml(yLabel)}</text>`,
  );
  for (let t = 0; t <= 4; t++) {
    const v = t / 4;
    const ly = M.top + (4 - t) * 28;
    out.push(
      `<rect class="key" x="${M.left + pw + 16}" y="${ly}" width="20" height="28" fill="${blue(v)}" stroke="#ccc"/><text x="${M.left + pw + 42}" y="${ly + 18}">${pct(v)}</text>`,
    );
  }
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}

function blue(v: number): string {
  const t = Math.max(0, Math.min(1, v));
  const mix = (a: number, b: number) => Math.round(a + (b - a) * t);
  return `rgb(${mix(247, 8)},${mix(251, 48)},${mix(255, 107)})`;
}
