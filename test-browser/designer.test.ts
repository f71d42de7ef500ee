// The designer's page in real Chromium (issue 18): a simulation run from the page with its
// progress and result, a long one stopped, a stored one reopened, a comparison, a sweep with its
// plot, and the exact odds of a pair; screenshots at 1280×800 and 820×1180 (the whole page) go to
// test-browser/shots for a person to look at.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, SHOTS, withServer } from './serve.js';

/** The GM's API, as the page calls it. */
const api = (method: string, path: string, body?: unknown) => t.served.api<unknown>(method, path, body);

const t = withServer('designer');

beforeAll(async () => {
  for (const file of ['wfrp1e/encounters/demo.yaml', 'wfrp1e/examples/reference-duel-sudden-death.yaml'])
    await api('POST', '/api/encounters', { text: readFileSync(join(ROOT, 'data', file), 'utf8') });
});

/** The whole page at a laptop's and at a tablet's width. */
async function shoot(page: Page, name: string) {
  for (const [w, h] of [
    [1280, 800],
    [820, 1180],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: join(SHOTS, `designer-${name}-${w}x${h}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function designer(hash = '#/designer'): Promise<Page> {
  const page = await t.browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('close', () => expect(errors).toEqual([]));
  await page.goto(t.served.gm(hash));
  return page;
}

const form = (page: Page) => page.getByRole('region', { name: 'new study' });
const result = (page: Page) => page.getByRole('region', { name: 'result' });

describe("the designer's page", () => {
  it('runs a simulation from the page: each side’s win rate with its interval, as the store keeps it, and the plots', async () => {
    const page = await designer('');
    await page.getByRole('link', { name: 'Designer' }).click();
    await expect.poll(() => page.getByLabel('encounter', { exact: true }).count()).toBe(1);
    await shoot(page, 'empty');
    await page
      .getByLabel('encounter', { exact: true })
      .selectOption({ label: 'The bridge at Grissenwald (wfrp1e)' });
    await page.getByLabel('runs').fill('6000');
    await page.getByLabel('seed').fill('7');
    await page.getByRole('button', { name: 'Start the simulation' }).click();
    await expect.poll(() => page.url()).toMatch(/#\/designer\/1$/);
    const wins = result(page).getByRole('table', { name: 'who wins' });
    await expect.poll(() => wins.count(), { timeout: 60_000 }).toBe(1);
    // The page shows what the store keeps: the figures of fray sim --json for that seed.
    const study = (await api('GET', '/api/studies/1')) as {
      status: string;
      result: { sides: { name: string; winRate: number; ci95: [number, number] }[] };
    };
    expect(study.status).toBe('done');
    for (const s of study.result.sides) {
      const row = wins.getByRole('row', { name: new RegExp(`^${s.name} wins`) });
      const text = (await row.textContent()) ?? '';
      expect(text).toContain(`${(s.winRate * 100).toFixed(1)}%`);
      expect(text).toContain(`${(s.ci95[0] * 100).toFixed(1)}% – ${(s.ci95[1] * 100).toFixed(1)}%`);
    }
    await expect.poll(() => result(page).locator('figure.plot svg').count()).toBeGreaterThanOrEqual(4);
    expect(await result(page).getByRole('table', { name: 'per combatant' }).textContent()).toContain(
      'Skallier',
    );
    await shoot(page, 'sim');
    await page.close();
  });

  it('stops a long simulation: the bar moves, Stop keeps the fights added up so far', async () => {
    const page = await designer();
    await page.getByLabel('runs').fill('100000000');
    await page.getByRole('button', { name: 'Start the simulation' }).click();
    const bar = result(page).getByRole('progressbar');
    await expect.poll(() => bar.count(), { timeout: 30_000 }).toBe(1);
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 30_000 })
      .toBeGreaterThan(0);
    expect(await bar.textContent()).toMatch(/[\d,]+ \/ 100,000,000 fights/);
    await shoot(page, 'running');
    // The bar moves within a block (issue 45); a stop keeps whole blocks: one is added up first.
    await expect
      .poll(
        async () =>
          ((await api('GET', '/api/studies')) as { id: number; done: number }[]).find((x) => x.id === 2)
            ?.done,
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    await result(page).getByRole('button', { name: 'Stop' }).click();
    const stopped = result(page).getByRole('status');
    await expect.poll(() => stopped.count(), { timeout: 30_000 }).toBe(1);
    const said = (await stopped.textContent()) ?? '';
    const m = /after ([\d,]+) of 100,000,000 fights/.exec(said);
    expect(m, said).not.toBeNull();
    const done = Number((m?.[1] ?? '').replace(/,/g, ''));
    expect(done).toBeGreaterThan(0);
    expect(done % 1000).toBe(0);
    await expect.poll(() => result(page).getByRole('table', { name: 'who wins' }).count()).toBe(1);
    // The list hears of the stop on the live socket, and fetches itself again.
    await expect
      .poll(() => page.locator('table.studies tr[data-id="2"] .status').textContent())
      .toBe('stopped');
    await shoot(page, 'stopped');
    await page.close();
  });

  it('reopens a stored study in a fresh page, with the figures it had', async () => {
    const page = await designer();
    const row = page.locator('table.studies tr[data-id="1"]');
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: 'open' }).click();
    await expect.poll(() => page.url()).toMatch(/#\/designer\/1$/);
    await expect.poll(() => result(page).getByRole('heading').first().textContent()).toContain('seed 7');
    await expect.poll(() => result(page).textContent()).toContain('6,000 fights');
    await expect.poll(() => result(page).locator('figure.plot svg').count()).toBeGreaterThanOrEqual(4);
    await page.close();
  });

  it('compares two options on the same dice, and sweeps a characteristic to see its plot', async () => {
    const page = await designer();
    await form(page).getByRole('tab', { name: 'Comparison' }).click();
    await page.getByLabel('runs').fill('3000');
    for (const [v, value] of [
      ['A', 'detailed'],
      ['B', 'sudden-death'],
    ] as const) {
      await page.getByLabel(`${v} option`, { exact: true }).selectOption('criticals');
      await page.getByLabel(`${v} value`, { exact: true }).selectOption(value);
      await page.getByRole('button', { name: `set ${v} option` }).click();
    }
    await expect
      .poll(() => form(page).locator('.variant .chip').allTextContents())
      .toEqual(['criticals=detailed ×', 'criticals=sudden-death ×']);
    await page.getByRole('button', { name: 'Start the comparison' }).click();
    const table = result(page).getByRole('table', { name: 'comparison' });
    await expect.poll(() => table.count(), { timeout: 60_000 }).toBe(1);
    expect(await table.textContent()).toMatch(/Adventurers wins.*%.*%.*[+−]\d+\.\d/);
    await shoot(page, 'compare');

    await form(page).getByRole('tab', { name: 'Sweep' }).click();
    await page.getByLabel('runs').fill('500');
    await page.getByLabel('vary', { exact: true }).fill('sides[0].combatants[0].profile.WS=25..65:10');
    await page.getByRole('button', { name: 'Start the sweep' }).click();
    const sweep = result(page).getByRole('table', { name: 'sweep' });
    await expect.poll(() => sweep.count(), { timeout: 60_000 }).toBe(1);
    expect(await sweep.locator('tbody tr').count()).toBe(5);
    expect(await sweep.textContent()).toContain('Helmut: WS');
    // The plot of fray sweep --svg: each side's curve with its band.
    const plot = result(page).locator('figure.plot svg');
    expect(await plot.count()).toBe(1);
    expect(await plot.locator('polyline').count()).toBe(2);
    await shoot(page, 'sweep');

    // A bad axis is refused where it is wrong, and nothing is started.
    const before = await page.locator('table.studies tr').count();
    await page.getByLabel('vary', { exact: true }).fill('sides[0].combatants[0].profile.WS=65..25');
    await page.getByRole('button', { name: 'Start the sweep' }).click();
    const problem = form(page).getByRole('alert');
    await expect.poll(() => problem.count()).toBe(1);
    expect(await problem.textContent()).toContain('vary[0]');
    expect(await page.locator('table.studies tr').count()).toBe(before);
    await page.close();
  });

  it('sweeps a duel exactly by itself, and says it solved it rather than simulated it', async () => {
    const page = await designer();
    await page
      .getByLabel('encounter', { exact: true })
      .selectOption({ label: 'Reference duel (Sudden Death, no fumbles, no parries) (wfrp1e)' });
    await form(page).getByRole('tab', { name: 'Sweep' }).click();
    expect(await page.getByLabel('method').inputValue()).toBe('auto');
    await page.getByLabel('vary', { exact: true }).fill('sides[0].combatants[0].profile.WS=30..50:10');
    await page.getByRole('button', { name: 'Start the sweep' }).click();
    const sweep = result(page).getByRole('table', { name: 'sweep' });
    // The page moves to the new study from the last one's figures (a sweep of 5 points).
    await expect.poll(() => sweep.locator('tbody tr').count(), { timeout: 60_000 }).toBe(3);
    // Exact figures: two decimals and no interval, and the page says how they were found.
    expect(await sweep.locator('thead').textContent()).not.toContain('interval');
    expect(await sweep.locator('tbody tr').first().textContent()).toMatch(/^30\d+\.\d\d%\d+\.\d\d%/);
    expect(await result(page).locator('.method-note').textContent()).toMatch(
      /^Solved exactly: each duel as a Markov chain/,
    );
    await shoot(page, 'sweep-exact');

    // A comparison of the duel at two values of WS is solved exactly too.
    await form(page).getByRole('tab', { name: 'Comparison' }).click();
    await page.getByLabel('A edits').fill('sides[0].combatants[0].profile.WS=35');
    await page.getByLabel('B edits').fill('sides[0].combatants[0].profile.WS=45');
    await page.getByRole('button', { name: 'Start the comparison' }).click();
    const table = result(page).getByRole('table', { name: 'comparison' });
    await expect.poll(() => table.count(), { timeout: 60_000 }).toBe(1);
    expect(await table.textContent()).toMatch(/Warrior wins\d+\.\d\d%\d+\.\d\d%\+\d+\.\d\d/);
    expect(await result(page).locator('.method-note').textContent()).toMatch(/^Solved exactly/);
    expect(await result(page).getByText('A and B in full').count()).toBe(0);
    await shoot(page, 'compare-exact');
    await page.close();
  });

  it('gives the exact odds of a pair picked on the page, and says where the whole fight has none', async () => {
    const page = await designer();
    await form(page).getByRole('tab', { name: 'Exact odds' }).click();
    await page
      .getByLabel('encounter', { exact: true })
      .selectOption({ label: 'Reference duel (Sudden Death, no fumbles, no parries) (wfrp1e)' });
    await expect.poll(() => page.getByLabel('second of the pair').inputValue()).toBe('1:0');
    await page.getByRole('button', { name: 'Start the exact odds' }).click();
    const fight = result(page).getByRole('table', { name: "the fight's odds" });
    await expect.poll(() => fight.count(), { timeout: 30_000 }).toBe(1);
    expect(await fight.textContent()).toMatch(/wins\s*51\.70%/);
    await shoot(page, 'odds');

    await page
      .getByLabel('encounter', { exact: true })
      .selectOption({ label: 'The bridge at Grissenwald (wfrp1e)' });
    await expect.poll(() => page.getByLabel('second of the pair').locator('option').count()).toBe(4);
    await page.getByLabel('first of the pair').selectOption({ label: 'Skallier' });
    await page.getByLabel('second of the pair').selectOption({ label: 'Goblin' });
    await page.getByRole('button', { name: 'Start the exact odds' }).click();
    const none = result(page).getByRole('note');
    await expect.poll(() => none.count(), { timeout: 30_000 }).toBe(1);
    expect(await none.textContent()).toMatch(
      /No exact odds for the whole fight: fumbles leave lasting effects.*-o fumbles=off.*-o criticals=sudden-death/,
    );
    expect(await result(page).textContent()).toContain('Skallier at Goblin: hits');
    await shoot(page, 'odds-none');
    await page.close();
  });
  it('a restart mid-study: the page says where it stopped without a reload, shows the figures so far, and goes on from there (issue 31)', async () => {
    const page = await designer();
    await page.getByLabel('runs').fill('100000000');
    await page.getByRole('button', { name: 'Start the simulation' }).click();
    const bar = result(page).getByRole('progressbar');
    await expect
      .poll(async () => Number((await bar.count()) && (await bar.getAttribute('aria-valuenow'))), {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    // The bar moves within a block (issue 45): what is kept is whole blocks, so one is added up first.
    const running = Number(/#\/designer\/(\d+)$/.exec(page.url())?.[1]);
    await expect
      .poll(
        async () =>
          ((await api('GET', '/api/studies')) as { id: number; done: number }[]).find((x) => x.id === running)
            ?.done,
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    // Something kept: a checkpoint is written within half a second of a block.
    await new Promise((r) => setTimeout(r, 1500));
    t.served.crash();
    await t.served.restart();
    const stopped = result(page).getByRole('status');
    await expect
      .poll(() => stopped.textContent(), { timeout: 30_000 })
      .toMatch(/^Stopped by a restart at [\d,]+ of 100,000,000 fights: the figures are of those\./);
    const at = Number(
      (/at ([\d,]+) of/.exec((await stopped.textContent()) ?? '')?.[1] ?? '0').replace(/,/g, ''),
    );
    expect(at).toBeGreaterThan(0);
    await expect.poll(() => result(page).getByRole('table', { name: 'who wins' }).count()).toBe(1);
    const id = await page.locator('table.studies tr.current').getAttribute('data-id');
    await expect
      .poll(() => page.locator(`table.studies tr[data-id="${id}"] .status`).textContent())
      .toBe('stopped');
    await shoot(page, 'restarted');
    await result(page).getByRole('button', { name: 'Go on to 100,000,000' }).click();
    await expect
      .poll(async () => Number((await bar.count()) && (await bar.getAttribute('aria-valuenow'))), {
        timeout: 30_000,
      })
      .toBeGreaterThan(at);
    await result(page).getByRole('button', { name: 'Stop' }).click();
    await expect
      .poll(() => stopped.textContent(), { timeout: 30_000 })
      .toMatch(/^Stopped after [\d,]+ of 100,000,000 fights/);
    await page.close();
  });
});
