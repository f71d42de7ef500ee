// The board editor in real Chromium (issue 45): a GM builds an Advanced HeroQuest fight from the
// builder without writing YAML. The draft's room is widened, floor carved and a door put in by
// mouse (a drag, a click), a wall and an open door by keyboard alone; the orcs moved one by one,
// a hero placed and turned from the keyboard, the other by mouse; a wall and a taken square
// refused with the reason; the text map edited and the board following. Saved, started, one step
// played. Screenshots at phone, tablet and desktop sizes in both themes go to test-browser/shots,
// and axe-core has no serious finding on the board in either theme.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeFindings, SHOTS, withServer } from './serve.js';
import type { FightView } from '../src/server/fights.js';

const t = withServer('board');

const square = (page: Page, x: number, y: number) => page.locator(`.board-grid [data-at="${x},${y}"]`);
const status = (page: Page) => page.locator('.board-status').textContent();
const yaml = (page: Page) => page.getByLabel('encounter YAML').inputValue();
const textMap = (page: Page) => page.locator('.board-text textarea').inputValue();

async function centre(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  const box = await square(page, x, y).boundingBox();
  if (!box) throw new Error(`square (${x}, ${y}) is not on the page`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** A drag of the mouse through the squares given, in order, each next to the last. */
async function drag(page: Page, squares: readonly (readonly [number, number])[]) {
  const [first, ...rest] = squares;
  if (!first) return;
  // The whole board in view: the mouse reaches no square off the screen.
  await page.locator('.board-box').evaluate((e) => e.scrollIntoView({ block: 'center' }));
  const a = await centre(page, first[0], first[1]);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  for (const [x, y] of rest) {
    const p = await centre(page, x, y);
    await page.mouse.move(p.x, p.y, { steps: 4 });
  }
  await page.mouse.up();
}

/** The ground of a square as drawn. */
const groundOf = async (page: Page, x: number, y: number) =>
  ((await square(page, x, y).getAttribute('class')) ?? '').split(' ')[1];

/** The board editor at a phone's, a tablet's and a desktop's size, in both themes, for a person to look at. */
async function shoot(page: Page, name: string) {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const [w, h] of [
      [390, 844],
      [820, 1180],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page
        .getByRole('tablist', { name: 'the encounter as' })
        .evaluate((e) => e.scrollIntoView({ block: 'start' }));
      await page.waitForTimeout(120);
      await page.screenshot({ path: join(SHOTS, `${name}-${theme}-${w}x${h}.png`) });
      // Nothing of the page off its side: the board scrolls in its own box.
      expect(
        (await page.evaluate('document.documentElement.scrollWidth')) as number,
        `${name} at ${w}`,
      ).toBeLessThanOrEqual(w);
    }
    expect(await axeFindings(page), `${theme} theme`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('the board editor (issue 45)', () => {
  it('builds an Advanced HeroQuest fight on a board drawn by mouse and keyboard, saves it, starts it and plays a step', async () => {
    await t.served.api('POST', '/api/examples', { ruleset: 'ahq-house' });
    const page = await t.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(t.served.gm());
    await page.waitForSelector('main.campaign');

    // Two heroes of the campaign and three orcs of the bestiary.
    const builder = page.locator('.builder');
    await builder.getByRole('combobox').first().selectOption('ahq-house');
    const characterRow = builder.locator('.row', { has: page.getByLabel('character', { exact: true }) });
    await expect.poll(() => characterRow.count()).toBe(1);
    for (const who of ['Barbarian', 'Elf']) {
      await page.getByLabel('character', { exact: true }).selectOption(who);
      await characterRow.getByRole('button', { name: 'add to Heroes' }).click();
    }
    const creatureRow = builder.locator('.row', { has: page.getByLabel('creature', { exact: true }) });
    await page.getByLabel('creature', { exact: true }).selectOption('orc');
    await creatureRow.getByRole('button', { name: 'add to Monsters' }).click();
    await builder.locator('input.count').last().fill('3');
    await page.getByRole('button', { name: 'Write it as YAML below' }).click();

    // The draft's board comes up: a room with every model on a square.
    const grid = page.getByRole('grid', { name: /^board, / });
    await expect.poll(() => grid.getAttribute('aria-label')).toBe('board, 7 columns by 5 rows');
    expect(await square(page, 1, 1).getAttribute('aria-label')).toBe('(1, 1) floor, Barbarian facing east');
    expect(await square(page, 5, 3).getAttribute('aria-label')).toBe('(5, 3) floor, Orc 3 facing west');
    await page.getByRole('tab', { name: 'YAML', exact: true }).click();
    expect(await yaml(page)).toContain('{ use: orc, at: [o, p, q], facing: W }');
    await page.getByRole('tab', { name: 'Board', exact: true }).click();
    await grid.waitFor();

    // Wider: the new squares are rock, carved out by dragging the floor brush through them.
    await page.getByRole('spinbutton', { name: 'Columns' }).fill('11');
    await page.getByRole('spinbutton', { name: 'Columns' }).press('Tab');
    await page.getByRole('grid', { name: /^board, 11 columns by 5 rows$/ }).waitFor();
    expect(await groundOf(page, 8, 2)).toBe('wall');
    await page.getByRole('group', { name: 'Brush' }).getByLabel('floor').check();
    await drag(page, [
      [7, 1],
      [8, 1],
      [9, 1],
      [9, 2],
      [8, 2],
      [7, 2],
      [7, 3],
      [8, 3],
      [9, 3],
    ]);
    for (const [x, y] of [
      [7, 1],
      [9, 2],
      [8, 3],
    ] as const)
      await expect.poll(() => groundOf(page, x, y)).toBe('floor');
    // A closed door in the old east wall, by a click.
    await page.getByRole('group', { name: 'Brush' }).getByLabel('closed door').check();
    await square(page, 6, 2).click();
    await expect.poll(() => groundOf(page, 6, 2)).toBe('door');
    expect(await status(page)).toBe('(6, 2) is now closed door');

    // The orcs, one by one into the new room: a click on one picks it up, a click on a square puts it there.
    for (const [from, to] of [
      [1, 1],
      [2, 2],
      [3, 3],
    ] as const) {
      await square(page, 5, from).click();
      await expect
        .poll(() => status(page))
        .toBe(`Orc ${from} picked: click a square, or press Enter on one, to move it there`);
      // Refused: the old wall, and (for the second and third) the square an orc already holds.
      await square(page, 6, 1).click();
      await expect.poll(() => status(page)).toBe(`Orc ${from} cannot stand at (6, 1): (6, 1) is a wall`);
      if (from > 1) {
        await square(page, 8, 1).click();
        await expect
          .poll(() => status(page))
          .toBe(`Orc ${from} cannot stand at (8, 1): (8, 1) is taken by Orc 1`);
      }
      await square(page, 8, to).click();
      await expect
        .poll(() => square(page, 8, to).getAttribute('aria-label'))
        .toBe(`(8, ${to}) floor, Orc ${from} facing west`);
    }
    // A wall painted on a model is refused, with the reason.
    await page.getByRole('group', { name: 'Brush' }).getByLabel('wall').check();
    await drag(page, [
      [9, 1],
      [8, 1],
    ]);
    await expect
      .poll(() => status(page))
      .toBe('(8, 1) refused: Orc 1 stands on (8, 1): move it before putting a wall there');
    await page.getByRole('group', { name: 'Brush' }).getByLabel('floor').check();
    await square(page, 9, 1).click();

    // By keyboard alone: from the square in focus, arrows to (4, 1), a wall (#), an open door (/) below it.
    await square(page, 9, 1).focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.evaluate('document.activeElement.dataset.at')).toBe('4,1');
    expect(await page.evaluate('document.activeElement.getAttribute("aria-label")')).toBe('(4, 1) floor');
    await page.keyboard.press('#');
    await expect.poll(() => groundOf(page, 4, 1)).toBe('wall');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('/');
    await expect.poll(() => groundOf(page, 4, 2)).toBe('open');
    expect(await page.getByRole('group', { name: 'Brush' }).getByLabel('open door').isChecked()).toBe(true);
    // Enter paints with the brush: the wall brush chosen, the square below walled.
    await page.getByRole('group', { name: 'Brush' }).getByLabel('wall').check();
    await square(page, 4, 2).focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => groundOf(page, 4, 3)).toBe('wall');

    // The Barbarian by keyboard: picked in the list, put on (3, 2) with Enter, turned north with Shift+↑.
    await page
      .getByRole('group', { name: 'Models' })
      .getByRole('radio', { name: /Barbarian/ })
      .check();
    await square(page, 4, 3).focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect.poll(() => status(page)).toBe('Barbarian stands at (3, 2) facing east');
    await page.keyboard.press('Shift+ArrowUp');
    await expect
      .poll(() => page.evaluate('document.activeElement.getAttribute("aria-label")'))
      .toBe('(3, 2) floor, Barbarian facing north');
    // The Elf by mouse, turned south in the list.
    await square(page, 1, 2).click();
    await square(page, 2, 3).click();
    await expect
      .poll(() => square(page, 2, 3).getAttribute('aria-label'))
      .toBe('(2, 3) floor, Elf facing east');
    await page.getByLabel('Elf faces').selectOption('S');
    await expect
      .poll(() => square(page, 2, 3).getAttribute('aria-label'))
      .toBe('(2, 3) floor, Elf facing south');

    // The text map is the board: it shows what was drawn, and an edit to it redraws the board.
    await expect
      .poll(() => textMap(page))
      .toBe(['###########', '#...#.#.o.#', '#..B/.+.p.#', '#.E.#.#.q.#', '###########', ''].join('\n'));
    await page
      .locator('.board-text textarea')
      .fill(['###########', '#...#.#.o.#', '#..B/.+.p.#', '#.E.#.#.q.#', '#####.#####', ''].join('\n'));
    await expect.poll(() => groundOf(page, 5, 4)).toBe('floor');
    // A character the map does not know: the reason, at its row and column, and the caret kept to mend it.
    await page.locator('.board-text textarea').press('End');
    await page.keyboard.type('?');
    await expect
      .poll(() => page.locator('.board-text .field-problem').textContent())
      .toBe(
        "row 6, column 1: '?' is not a map square: expected # (wall), . (floor), + (door), / (open door) or a letter",
      );
    expect(await grid.count()).toBe(0);
    await page.keyboard.press('Backspace');
    await expect.poll(() => grid.count()).toBe(1);
    expect(await page.evaluate('document.activeElement.tagName')).toBe('TEXTAREA');
    await page.getByRole('tab', { name: 'YAML', exact: true }).click();
    const text = await yaml(page);
    expect(text).toContain('  #####.#####\n');
    // The party's members by reference (each fight starts from them as they are), placed like the rest.
    expect(text).toContain('{ use: "party-ahq-house.yaml#Barbarian", at: B, facing: N }');
    expect(text).toContain('{ use: "party-ahq-house.yaml#Elf", at: E, facing: S }');
    expect(text).toContain('{ use: orc, at: [o, p, q], facing: W }');
    await page.getByRole('tab', { name: 'Board', exact: true }).click();
    await grid.waitFor();
    await shoot(page, 'board-ahq');

    // Saved, started: the fight's map has the doors drawn, and a step is played.
    await page.getByRole('button', { name: 'Check and add the encounter' }).click();
    await expect.poll(() => page.locator('.list li', { hasText: 'A new fight' }).count()).toBe(1);
    await page.getByLabel('seed for A new fight').fill('3');
    await page
      .locator('.list li', { hasText: 'A new fight' })
      .getByRole('button', { name: 'Start a fight' })
      .click();
    await page.waitForURL(/#\/fights\/\d+$/);
    await page.waitForSelector('.map-svg');
    expect(await page.locator('.map-svg .terrain .door').count()).toBe(2);
    const fight = page.locator('main.fight');
    const before = await fight.getAttribute('data-inputs');
    const id = Number(/#\/fights\/(\d+)$/.exec(page.url())?.[1]);
    const v = await t.served.api<FightView>('GET', `/api/fights/${id}`);
    expect(v.question).toMatchObject({ topic: 'plan', actor: 'barbarian' });
    expect(v.map?.models.find((m) => m.id === 'barbarian')).toMatchObject({ at: { x: 3, y: 2 }, facing: 0 });
    await page.evaluate('document.activeElement && document.activeElement.blur()');
    await page.keyboard.press('Enter');
    await expect.poll(() => fight.getAttribute('data-inputs'), { timeout: 15_000 }).not.toBe(before);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('WFRP 1e: the builder’s draft put on a scene in yards, a model moved and turned by keyboard, an overlap refused; the fight starts where they were put', async () => {
    const page = await t.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(t.served.gm());
    await page.waitForSelector('main.campaign');
    const builder = page.locator('.builder');
    await builder.getByRole('combobox').first().selectOption('wfrp1e');
    const creatureRow = builder.locator('.row', { has: page.getByLabel('creature', { exact: true }) });
    await page.getByLabel('creature', { exact: true }).selectOption('human');
    await creatureRow.getByRole('button', { name: 'add to Heroes' }).click();
    await page.getByLabel('creature', { exact: true }).selectOption('orc');
    await creatureRow.getByRole('button', { name: 'add to Monsters' }).click();
    await creatureRow.getByRole('button', { name: 'add to Monsters' }).click();
    await page.getByLabel('Title').fill('On a scene');
    await page.getByRole('button', { name: 'Write it as YAML below' }).click();
    expect(await yaml(page)).toContain('      - { use: orc, count: 2 }\n');

    // Without places the fight opens in hand-to-hand; lined up, each side stands in a line.
    await page.getByRole('tab', { name: 'Board', exact: true }).click();
    await page.getByRole('button', { name: 'Line them all up' }).click();
    const models = page.getByRole('group', { name: 'Models' });
    await expect.poll(() => models.textContent()).toContain('Orc 2 (1, 12)');
    expect(await models.textContent()).toContain('Human (0, 0)');
    expect(await models.textContent()).toContain('Orc 1 (-2, 12)');

    // Orc 1 picked in the list, the cursor moved by keys to (0, 2): next to the human's base, refused.
    await models.getByRole('radio', { name: /Orc 1/ }).check();
    const scene = page.getByRole('application', { name: /^scene in yards/ });
    await scene.focus();
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => status(page)).toBe("(0, 1) yards: Human's base, facing north (0°)");
    await page.keyboard.press('Enter');
    await expect
      .poll(() => status(page))
      .toBe(
        'Orc 1 cannot stand at (0, 1): Human stands at (0, 0): bases may not overlap (2 and 2 yards across)',
      );
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect.poll(() => status(page)).toBe('Orc 1 stands at (0, 3)');
    // Turned west by Shift+←, then the Human turned east in the list.
    await page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(() => status(page)).toBe('Orc 1 faces west (270°)');
    await page.getByLabel('Human faces').selectOption('90');
    await expect.poll(() => status(page)).toBe('Human faces east (90°)');
    await page.getByRole('tab', { name: 'YAML', exact: true }).click();
    const text = await yaml(page);
    expect(text).toContain('      - { name: Orc 1, use: orc, at: [0, 3], facing: 270 }\n');
    expect(text).toContain('      - { use: human, at: [0, 0], facing: 90 }\n');
    await page.getByRole('tab', { name: 'Board', exact: true }).click();
    await scene.waitFor();
    await shoot(page, 'board-wfrp1e');

    await page.getByRole('button', { name: 'Check and add the encounter' }).click();
    await expect.poll(() => page.locator('.list li', { hasText: 'On a scene' }).count()).toBe(1);
    await page
      .locator('.list li', { hasText: 'On a scene' })
      .getByRole('button', { name: 'Start a fight' })
      .click();
    await page.waitForURL(/#\/fights\/\d+$/);
    await page.waitForSelector('.map-svg');
    const id = Number(/#\/fights\/(\d+)$/.exec(page.url())?.[1]);
    const v = await t.served.api<FightView>('GET', `/api/fights/${id}`);
    expect(v.map?.models.find((m) => m.name === 'Orc 1')).toMatchObject({ at: { x: 0, y: 3 }, facing: 270 });
    expect(errors).toEqual([]);
    await page.close();
  });
});
