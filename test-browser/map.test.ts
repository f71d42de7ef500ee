// The map on the GM's screen in real Chromium (issue 18): a move made by clicking the map, on WFRP
// 1e's scene in yards (the pistol duel's engage question) and on the grid (the crypt's plan
// question); the tracker shows the new place; a click the engine refuses says why and changes
// nothing. Screenshots at 1280×800 and 390×844 go to test-browser/shots for a person to look at.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ROOT, SHOTS, withServer } from './serve.js';
import type { FightView } from '../src/server/fights.js';

const t = withServer('map');

const call = <T>(method: string, path: string, body?: unknown) => t.served.api<T>(method, path, body);

/** A fight of a shipped encounter, started through the API. */
async function start(file: string, seed: number): Promise<FightView> {
  const e = await call<{ id: number }>('POST', '/api/encounters', {
    text: readFileSync(join(ROOT, 'data', file), 'utf8'),
  });
  return call<FightView>('POST', '/api/fights', { encounterId: e.id, seed });
}

async function open(id: number, width = 1280, height = 800): Promise<{ page: Page; errors: string[] }> {
  const page = await t.browser.newPage({ viewport: { width, height } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(t.served.gm(`#/fights/${id}`));
  await page.waitForSelector('.map-svg');
  return { page, errors };
}

/** Screenshots at both sizes, the map in view; `point` hovers it again after each resize (the map moves). */
async function shoot(page: Page, name: string, point?: readonly [number, number]) {
  for (const [w, h] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(150);
    await page.locator('.map').scrollIntoViewIfNeeded();
    if (point) await hoverMap(page, point[0], point[1]);
    await page.waitForTimeout(100);
    await page.screenshot({ path: join(SHOTS, `${name}-${w}x${h}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(150);
}

/** Where a point of the map is on the screen (the plane's y grows north, the grid's south). */
async function screenAt(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  // Run in the page: the map's SVG, its transform to the screen, and whether it is the plane.
  return page.evaluate(`(() => {
    const svg = document.querySelector('.map-svg');
    const plane = (document.querySelector('.map small')?.textContent ?? '').includes('yards');
    const p = new DOMPoint(${x}, plane ? ${-y} : ${y}).matrixTransform(svg.getScreenCTM());
    return { x: p.x, y: p.y };
  })()`);
}

async function clickMap(page: Page, x: number, y: number) {
  await page.locator('.map-svg').scrollIntoViewIfNeeded();
  const p = await screenAt(page, x, y);
  await page.mouse.click(p.x, p.y);
}

async function hoverMap(page: Page, x: number, y: number) {
  await page.locator('.map-svg').scrollIntoViewIfNeeded();
  const p = await screenAt(page, x, y);
  await page.mouse.move(p.x, p.y);
}

const inputs = (page: Page) => page.locator('main.fight').getAttribute('data-inputs');
const status = (page: Page) => page.locator('.map-status').textContent();
/** What the tracker says of a combatant: its conditions, engagements and place. */
const place = (page: Page, id: string) =>
  page.getByRole('region', { name: 'tracker' }).locator(`li[data-id="${id}"] .details`).textContent();

describe('the map on the GM’s screen', () => {
  it('WFRP 1e: the Count closes on the Baron by a click on the scene; a point behind the Baron is refused with the reason', async () => {
    let v = await start('wfrp1e/encounters/pistol-duel.yaml', 1);
    // The Count declares fight; the other answers are the suggestions (and middling dice), up to his engage question.
    v = await call<FightView>('POST', `/api/fights/${v.id}/answer`, { answer: 'fight' });
    for (let i = 0; i < 20 && v.question && !v.question.targets; i++) {
      const q = v.question;
      const answer = q.kind === 'roll' ? Math.ceil(((q.count ?? 1) * (q.sides ?? 6) + 1) / 2) : q.suggested;
      v = await call<FightView>('POST', `/api/fights/${v.id}/answer`, { answer });
    }
    expect(v.question).toMatchObject({ topic: 'engage', actor: 'count-von-blitz' });
    const { page, errors } = await open(v.id);
    await expect.poll(() => page.locator('.map-svg .targets .legal').count()).toBeGreaterThan(100);

    // Pointing at the Baron shows his distance; pointing at the ground shows the engine's verdict.
    await hoverMap(page, 0, 11);
    await expect.poll(() => status(page)).toContain('Baron Strahl: click to close with it');
    await hoverMap(page, 5, 3);
    await expect.poll(() => status(page)).toMatch(/\(5, 3\), [\d.]+ yards from Count von Blitz: legal/);
    await shoot(page, 'map-wfrp1e-engage', [5, 3]);

    // Behind the Baron: the straight way crosses his base. Refused, and nothing changes.
    const before = await inputs(page);
    await clickMap(page, 0, 14);
    await expect.poll(() => status(page)).toContain('refused: ');
    expect(await status(page)).toContain("the way crosses Baron Strahl's base");
    expect(await page.getByRole('alert').textContent()).toContain("the way crosses Baron Strahl's base");
    expect(await inputs(page)).toBe(before);
    await shoot(page, 'map-wfrp1e-refused');

    // A click on open ground moves him there: the tracker says where he stands, the map draws the way.
    await clickMap(page, 5, 3);
    await expect.poll(() => inputs(page)).not.toBe(before);
    await expect.poll(() => place(page, 'count-von-blitz')).toMatch(/\(5, 3\) facing/);
    const after = await call<FightView>('GET', `/api/fights/${v.id}`);
    const count = after.map?.models.find((m) => m.id === 'count-von-blitz');
    expect(count?.at).toEqual({ x: 5, y: 3 });
    // The round ended with his move: round 2 asks next, and shows round 1's way, faded.
    expect(after.round).toBe(2);
    expect(count?.path).toEqual([]);
    expect(count?.lastPath).toEqual([
      { x: 0, y: -1 },
      { x: 5, y: 3 },
    ]);
    await expect.poll(() => page.locator('.map-svg polyline.path.last').count()).toBe(1);
    // Pointing at a model shows its reaches as rings and its distances in the status line.
    await hoverMap(page, 0, 11);
    await expect.poll(() => page.locator('.map-svg .rings circle').count()).toBeGreaterThan(2);
    expect(await status(page)).toMatch(/Baron Strahl: Count von Blitz [\d.]+ yards/);
    await shoot(page, 'map-wfrp1e-moved', [0, 11]);

    // Undone, and this time a click on the Baron himself: the touching point the engine offered.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => page.locator('.map-svg .targets .legal').count()).toBeGreaterThan(100);
    await clickMap(page, 0, 11);
    await expect.poll(() => place(page, 'count-von-blitz')).toContain('engaged with Baron Strahl');
    expect(await place(page, 'count-von-blitz')).toMatch(
      /\(0, 9\) facing north; in contact with Baron Strahl/,
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the grid: a wall square says why and changes nothing; a click on a legal square moves the Barbarian there', async () => {
    const v = await start('ahq-house/encounters/crypt.yaml', 1);
    expect(v.question).toMatchObject({ topic: 'plan', actor: 'barbarian' });
    const { page, errors } = await open(v.id);
    await expect
      .poll(() => page.locator('.map-svg .targets .legal').count())
      .toBe(v.question?.targets?.points.filter((p) => p[2] === -1).length);
    // Death zones, walls and a door are drawn.
    expect(await page.locator('.map-svg .zone rect').count()).toBeGreaterThan(10);
    expect(await page.locator('.map-svg .terrain .door').count()).toBe(1);
    await hoverMap(page, 5.5, 3.5);
    await expect
      .poll(() => status(page))
      .toBe('(5, 3), 3 squares from Barbarian: legal, click to move there');
    await shoot(page, 'map-ahq-plan', [5.5, 3.5]);

    const before = await inputs(page);
    await clickMap(page, 5.5, 1.5);
    await expect.poll(() => status(page)).toBe('(5, 1) refused: (5, 1) is a wall');
    expect(await inputs(page)).toBe(before);
    await clickMap(page, 9.5, 1.5);
    await expect.poll(() => status(page)).toContain('(9, 1) refused:');
    expect(await inputs(page)).toBe(before);
    await shoot(page, 'map-ahq-refused');

    await clickMap(page, 5.5, 3.5);
    await expect.poll(() => place(page, 'barbarian')).toContain('(5, 3) facing east');
    expect(await inputs(page)).not.toBe(before);
    await expect.poll(() => page.locator('.map-svg polyline.path').count()).toBe(1);
    // Now the Elf's plan: pointing at an orc shows its reach and the engine's word on its square.
    await hoverMap(page, 9.5, 2.5);
    await expect.poll(() => status(page)).toBe('(9, 2), 7 squares from Elf: (9, 2) is taken by Orc 1');
    expect(await page.locator('.map-svg .rings rect').count()).toBe(1);
    await shoot(page, 'map-ahq-moved', [9.5, 2.5]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('no name is written over a base; a refusal is said until the pointer goes elsewhere; the board key wraps (issue 31)', async () => {
    const v = await start('ahq-house/encounters/crypt.yaml', 1);
    const { page, errors } = await open(v.id, 820, 1180);
    await page.locator('.map-svg').scrollIntoViewIfNeeded();
    const overlaps = (await page.evaluate(`(() => {
      const boxes = [...document.querySelectorAll('.map-svg .model > rect, .map-svg .model > circle:not(.turn)')].map((e) => e.getBoundingClientRect());
      const out = [];
      for (const t of document.querySelectorAll('.map-svg .labels text')) {
        const a = t.getBoundingClientRect();
        for (const b of boxes)
          if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) out.push(t.textContent);
      }
      return out;
    })()`)) as string[];
    expect(overlaps).toEqual([]);
    expect(await page.locator('.map-svg .labels text').count()).toBeGreaterThan(3);
    // A refused click is said; moving the pointer elsewhere says what is there instead.
    await clickMap(page, 5.5, 1.5);
    await expect.poll(() => status(page)).toBe('(5, 1) refused: (5, 1) is a wall');
    await hoverMap(page, 4.5, 3.5);
    await expect
      .poll(() => status(page))
      .toBe('(4, 3), 2 squares from Barbarian: legal, click to move there');
    // The board's key is text that wraps in its panel, not a line cut off at its edge.
    const key = page.locator('.tracker .board-key').last();
    expect(await key.textContent()).toContain('# wall, + door');
    const [keyRight, panelRight] = (await page.evaluate(`[
      document.querySelector('.tracker .board-key:last-of-type').getBoundingClientRect().right,
      document.querySelector('.tracker').getBoundingClientRect().right,
    ]`)) as [number, number];
    expect(keyRight).toBeLessThanOrEqual(panelRight);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('on a phone: a tap shows where it would go, a second tap there moves', async () => {
    const v = await start('ahq-house/encounters/crypt.yaml', 1);
    const page = await t.browser.newPage({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    await page.goto(t.served.gm(`#/fights/${v.id}`));
    await page.waitForSelector('.map-svg .targets');
    await page.locator('.map-svg').scrollIntoViewIfNeeded();
    const before = await inputs(page);
    // Nothing on the page is wider than the phone.
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    const p = await screenAt(page, 4.5, 3.5);
    await page.touchscreen.tap(p.x, p.y);
    await expect
      .poll(() => status(page))
      .toBe('(4, 3), 2 squares from Barbarian: legal, tap again to move there');
    expect(await inputs(page)).toBe(before);
    await page.touchscreen.tap(p.x, p.y);
    await expect.poll(() => place(page, 'barbarian')).toContain('(4, 3) facing east');
    await page.close();
  });
});
