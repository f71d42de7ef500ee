// The table display on a TV with a dozen at the table (issue 45): the whole turn order, whose turn
// and the last result on one screen, 1080p and 720p, light and dark, with type read at three metres.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROOT, SHOTS, withServer } from './serve.js';
import type { FightView } from '../src/server/fights.js';

const t = withServer('tv');
const api = <T>(method: string, path: string, body?: unknown) => t.served.api<T>(method, path, body);

/** Twelve at the table: six named adventurers (one with a long name) against six greenskins. */
const TWELVE = `ruleset: wfrp1e
title: The toll bridge at Kleindorf, held by a dozen
sides:
  - name: Adventurers
    players: true
    combatants:
      - { name: Helmut, use: human, weapons: [sword, shield] }
      - { name: Skallier, use: elf, weapons: [sword] }
      - { name: Brunhilde von Rabenstein-Ostland, use: human, weapons: [sword] }
      - { name: Grete, use: human, weapons: [sword] }
      - { name: Ragnerek, use: dwarf, weapons: [sword] }
      - { name: Anselm, use: human, weapons: [sword] }
  - name: Greenskins
    combatants:
      - { use: orc, count: 4 }
      - { use: goblin, count: 2 }
`;

let display = '';
let twelve = 0;
let crypt = 0;
let archers = 0;

beforeAll(async () => {
  const encounter = (await api<{ id: number }>('POST', '/api/encounters', { text: TWELVE })).id;
  let v = await api<FightView>('POST', '/api/fights', { encounterId: encounter, seed: 5 });
  // Answers enough to have a last result and a few before it.
  for (let i = 0; i < 14 && v.question; i++) {
    const q = v.question;
    const a = q.kind === 'roll' ? Math.ceil(((q.count ?? 1) * (q.sides ?? 6)) / 2) : (q.suggested as string);
    v = await api<FightView>('POST', `/api/fights/${v.id}/answer`, { answer: a, step: v.inputs });
  }
  twelve = v.id;
  const map = await api<{ id: number }>('POST', '/api/encounters', {
    text: readFileSync(join(ROOT, 'data', 'ahq-house', 'encounters', 'crypt.yaml'), 'utf8'),
  });
  crypt = (await api<FightView>('POST', '/api/fights', { encounterId: map.id, seed: 2 })).id;
  // Twelve on the scene in yards: four archers and eight goblins charging them.
  const plane = await api<{ id: number }>('POST', '/api/encounters', {
    text: readFileSync(join(ROOT, 'data', 'wfrp1e', 'encounters', 'archers-and-goblins.yaml'), 'utf8'),
  });
  archers = (await api<FightView>('POST', '/api/fights', { encounterId: plane.id, seed: 2 })).id;
  await api('PUT', '/api/table', { fight: twelve });
  display = (await api<{ link: string }>('POST', '/api/table/seats', { display: true, player: 'TV' })).link;
});

/** Font sizes in px, the smallest of each selector's elements. */
async function smallest(page: Page, sel: string): Promise<number> {
  return page.evaluate(
    `Math.min(...[...document.querySelectorAll(${JSON.stringify(sel)})].map((e) => parseFloat(getComputedStyle(e).fontSize)))`,
  ) as Promise<number>;
}

/** What of the page lies outside the screen, or outside the panel it is in: described, for the message. */
async function outside(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const out = [];
    const W = innerWidth, H = innerHeight;
    for (const e of document.querySelectorAll('main.display *')) {
      const r = e.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      const name = e.tagName.toLowerCase() + (e.className && typeof e.className === 'string' ? '.' + e.className.trim().split(/\\s+/).join('.') : '');
      if (r.bottom > H + 0.5 || r.right > W + 0.5 || r.left < -0.5 || r.top < -0.5)
        out.push(name + ' off the screen: ' + [r.left, r.top, r.right, r.bottom].map(Math.round).join(','));
      const s = getComputedStyle(e);
      // Words only a screen reader reads are clipped to nothing by design.
      if (e.closest('.sr-only')) continue;
      // A box that hides what it holds (or scrolls it) must hold all of it.
      if (['hidden', 'auto', 'scroll', 'clip'].includes(s.overflowY) && e.scrollHeight > e.clientHeight + 1)
        out.push(name + ' cuts its content: ' + e.scrollHeight + ' in ' + e.clientHeight);
    }
    if (document.documentElement.scrollHeight > H) out.push('the page scrolls: ' + document.documentElement.scrollHeight);
    return out;
  })()`) as Promise<string[]>;
}

describe('the table display with twelve at the table (issue 45)', () => {
  for (const [w, h] of [
    [1920, 1080],
    [1280, 720],
  ] as const)
    for (const scheme of ['light', 'dark'] as const)
      it(`on a ${w}×${h} TV, ${scheme}: the whole order on the screen, in type read at three metres`, async () => {
        const context = await t.browser.newContext({
          viewport: { width: w, height: h },
          colorScheme: scheme,
        });
        const page = await context.newPage();
        await page.goto(display);
        await page.waitForSelector('main.display .tracker li');
        await page.screenshot({ path: join(SHOTS, `tv-twelve-${scheme}-${w}x${h}.png`) });
        expect(await page.locator('main.display .tracker li').count()).toBe(12);
        expect(await outside(page)).toEqual([]);
        // 18 px on a 720p screen read from three metres, and as much again in proportion on a 1080p one.
        const scale = h / 720;
        expect(await smallest(page, '.display .tracker .name')).toBeGreaterThanOrEqual(18 * scale);
        expect(await smallest(page, '.display .tracker .glabel')).toBeGreaterThanOrEqual(18 * scale);
        expect(await smallest(page, '.display .stage .who')).toBeGreaterThanOrEqual(36 * scale);
        expect(await smallest(page, '.display .stage .last')).toBeGreaterThanOrEqual(24 * scale);
        await context.close();
      });
});

describe('the table display of a fight on a map (issue 45)', () => {
  for (const [w, h] of [
    [1920, 1080],
    [1280, 720],
  ] as const)
    it(`on a ${w}×${h} TV: the order, whose turn and the map on the screen, a grid's or twelve in yards`, async () => {
      for (const [name, fight] of [
        ['grid', crypt],
        ['yards', archers],
      ] as const) {
        await api('PUT', '/api/table', { fight });
        const page = await t.browser.newPage({ viewport: { width: w, height: h } });
        await page.goto(display);
        await page.waitForSelector('main.display .map-svg');
        await page.screenshot({ path: join(SHOTS, `tv-map-${name}-${w}x${h}.png`) });
        expect(await outside(page)).toEqual([]);
        const map = (await page.locator('.display .map-svg').boundingBox()) as {
          width: number;
          height: number;
        };
        // The map has a good part of the screen, not a corner of it.
        expect(map.height).toBeGreaterThanOrEqual(h * 0.4);
        expect(await smallest(page, '.display .tracker .name')).toBeGreaterThanOrEqual(18 * (h / 720));
        await page.close();
      }
      await api('PUT', '/api/table', { fight: twelve });
    });
});

describe('the table display on a screen held upright (issue 45)', () => {
  for (const [w, h] of [
    [390, 844],
    [820, 1180],
  ] as const)
    it(`at ${w}×${h}: one column, scrolled down and never sideways`, async () => {
      for (const fight of [twelve, crypt]) {
        await api('PUT', '/api/table', { fight });
        const page = await t.browser.newPage({ viewport: { width: w, height: h } });
        await page.goto(display);
        await page.waitForSelector('main.display .tracker li');
        await page.screenshot({ path: join(SHOTS, `tv-upright-${fight}-${w}x${h}.png`), fullPage: true });
        expect((await page.evaluate('document.documentElement.scrollWidth')) as number).toBeLessThanOrEqual(
          w,
        );
        const boxes = (await page.evaluate(
          `['.stage', '.tracker', '.recent'].map((s) => { const r = document.querySelector('.display ' + s).getBoundingClientRect(); return [r.top, r.bottom]; })`,
        )) as [number, number][];
        // Whose turn first, then the order, then the results before: each under the last.
        for (let i = 1; i < boxes.length; i++)
          expect((boxes[i] as [number, number])[0]).toBeGreaterThanOrEqual(
            (boxes[i - 1] as [number, number])[1],
          );
        await page.close();
      }
      await api('PUT', '/api/table', { fight: twelve });
    });
});
