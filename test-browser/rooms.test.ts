// The rooms people play in (issue 31): every page in the light and the dark theme, checked by
// axe-core (no serious or critical finding: contrast, names, roles); the theme's switch kept;
// the GM's page at phone and tablet widths without sideways scrolling; the table display read
// from across the room on a 1280×720 TV. Screenshots of each go to test-browser/shots.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { axeFindings, ROOT, SHOTS, withServer } from './serve.js';
import type { FightView } from '../src/server/fights.js';

const t = withServer('rooms');
const api = <T>(method: string, path: string, body?: unknown) => t.served.api<T>(method, path, body);

let fight = 0;
let mapFight = 0;
let study = 0;
const links: { player: string; display: string; join: string } = { player: '', display: '', join: '' };

beforeAll(async () => {
  const add = async (file: string) =>
    (
      await api<{ id: number }>('POST', '/api/encounters', {
        text: readFileSync(join(ROOT, 'data', file), 'utf8'),
      })
    ).id;
  const demo = await add('wfrp1e/encounters/demo.yaml');
  const crypt = await add('ahq-house/encounters/crypt.yaml');
  fight = (await api<FightView>('POST', '/api/fights', { encounterId: demo, seed: 3 })).id;
  mapFight = (await api<FightView>('POST', '/api/fights', { encounterId: crypt, seed: 2 })).id;
  study = (
    await api<{ id: number }>('POST', '/api/studies', { kind: 'sim', encounterId: demo, runs: 2000, seed: 1 })
  ).id;
  const table = await api<{ links: string[] }>('PUT', '/api/table', { fight });
  links.join = table.links[0] as string;
  links.player = (
    await api<{ link: string }>('POST', '/api/table/seats', { character: 'skallier', player: 'Anna' })
  ).link;
  links.display = (
    await api<{ link: string }>('POST', '/api/table/seats', { display: true, player: 'TV' })
  ).link;
});

const PAGES: { name: string; url: () => string; ready: string; width: number; height: number }[] = [
  { name: 'campaign', url: () => t.served.gm('#/'), ready: 'main.campaign', width: 1280, height: 800 },
  {
    name: 'fight',
    url: () => t.served.gm(`#/fights/${fight}`),
    ready: '.question',
    width: 1280,
    height: 800,
  },
  {
    name: 'map',
    url: () => t.served.gm(`#/fights/${mapFight}`),
    ready: '.map-svg',
    width: 1280,
    height: 800,
  },
  {
    name: 'designer',
    url: () => t.served.gm(`#/designer/${study}`),
    ready: '.result table',
    width: 1280,
    height: 800,
  },
  { name: 'join', url: () => links.join, ready: '.picks', width: 390, height: 844 },
  { name: 'phone', url: () => links.player, ready: 'main.player .tracker', width: 390, height: 844 },
  { name: 'display', url: () => links.display, ready: 'main.display .tracker', width: 1280, height: 720 },
];

describe('every page in both themes (issue 31)', () => {
  for (const scheme of ['light', 'dark'] as const)
    for (const p of PAGES)
      it(`${p.name} in the ${scheme} theme: no serious or critical finding of axe-core`, async () => {
        const context = await t.browser.newContext({
          viewport: { width: p.width, height: p.height },
          colorScheme: scheme,
        });
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        await page.goto(p.url());
        await page.waitForSelector(p.ready);
        // The theme follows the system's preference: the switch says which is on.
        const pressed = await page.getByRole('button', { name: 'Dark theme' }).getAttribute('aria-pressed');
        expect(pressed).toBe(String(scheme === 'dark'));
        await page.screenshot({ path: join(SHOTS, `rooms-${p.name}-${scheme}-${p.width}x${p.height}.png`) });
        expect(await axeFindings(page)).toEqual([]);
        expect(errors).toEqual([]);
        await context.close();
      });

  it('the switch turns the theme over and the browser keeps it, whatever the system prefers', async () => {
    const context = await t.browser.newContext({
      viewport: { width: 1280, height: 800 },
      colorScheme: 'light',
    });
    const page = await context.newPage();
    await page.goto(t.served.gm('#/'));
    const bg = () => page.evaluate('getComputedStyle(document.documentElement).backgroundColor');
    const light = await bg();
    await page.getByRole('button', { name: 'Dark theme' }).click();
    expect(await page.getByRole('button', { name: 'Dark theme' }).getAttribute('aria-pressed')).toBe('true');
    const dark = await bg();
    expect(dark).not.toBe(light);
    await page.reload();
    await page.waitForSelector('main.campaign');
    expect(await bg()).toBe(dark);
    await context.close();
  });
});

describe("the GM's page on a phone and a tablet (issue 31)", () => {
  for (const [w, h] of [
    [390, 844],
    [820, 1180],
  ] as const)
    it(`at ${w}×${h}: the question, the tracker and the log without sideways scrolling`, async () => {
      const page = await t.browser.newPage({ viewport: { width: w, height: h } });
      for (const [hash, ready] of [
        [`#/fights/${fight}`, '.question'],
        [`#/fights/${mapFight}`, '.map-svg'],
        ['#/', 'main.campaign'],
        [`#/designer/${study}`, '.result table'],
      ] as const) {
        await page.goto(t.served.gm(hash));
        await page.waitForSelector(ready);
        await page.screenshot({
          path: join(SHOTS, `rooms-gm-${hash.split('/')[1] || 'campaign'}-${w}x${h}.png`),
          fullPage: true,
        });
        const wide = (await page.evaluate('document.documentElement.scrollWidth')) as number;
        expect(wide, `${hash} at ${w}`).toBeLessThanOrEqual(w);
      }
      await page.close();
    });
});

describe('the table display from across the room (issue 31)', () => {
  it('on a 1280×720 TV: whose turn and the last result in large type, the order beside, the screen filled', async () => {
    // A few answers, so that there are results to show.
    let v = await api<FightView>('GET', `/api/fights/${fight}`);
    for (let i = 0; i < 6 && v.question; i++) {
      const q = v.question;
      const a =
        q.kind === 'roll' ? Math.ceil(((q.count ?? 1) * (q.sides ?? 6)) / 2) : (q.suggested as string);
      v = await api<FightView>('POST', `/api/fights/${fight}/answer`, { answer: a, step: v.inputs });
    }
    const page = await t.browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.goto(links.display);
    await page.waitForSelector('main.display .tracker');
    await page.screenshot({ path: join(SHOTS, 'rooms-display-tv-1280x720.png') });
    const px = (sel: string) =>
      page.evaluate(
        `parseFloat(getComputedStyle(document.querySelector(${JSON.stringify(sel)})).fontSize)`,
      ) as Promise<number>;
    // At three metres a 1280×720 screen's body text (15 px) is too small: whose turn, the last result, the order.
    expect(await px('.display .stage .who')).toBeGreaterThanOrEqual(40);
    expect(await px('.display .recent li')).toBeGreaterThanOrEqual(22);
    expect(await px('.display .tracker .name')).toBeGreaterThanOrEqual(22);
    // The screen filled, and nothing off it sideways.
    const box = (await page.locator('main.display').boundingBox()) as { width: number; height: number };
    expect(box.width).toBeGreaterThanOrEqual(1200);
    expect((await page.evaluate('document.documentElement.scrollWidth')) as number).toBeLessThanOrEqual(1280);
    await page.close();
  });
});
