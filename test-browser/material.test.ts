// A GM's own material in real Chromium (issue 30): a party of four made from pasted stat blocks
// and a form, an encounter of pasted monsters and a creature found by search, and the fight
// started, with no YAML typed; an empty campaign filled with a ruleset's examples in one click.
// Screenshots at phone, tablet and desktop widths go to test-browser/shots.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ROOT, SHOTS, Served, withServer } from './serve.js';

const t = withServer('material');
const block = (name: string) => readFileSync(join(ROOT, 'data', 'blocks', name), 'utf8');

/** The whole page at a phone's, a tablet's and a laptop's width. */
async function shoot(page: Page, name: string) {
  for (const [w, h] of [
    [390, 844],
    [820, 1180],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: join(SHOTS, `material-${name}-${w}x${h}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Four adventurers, as an adventure or a book prints them (WFRP 1e profiles, fixtures' sources). */
const PARTY: readonly [string, string][] = [
  [
    'Brunhilde',
    'BRUNHILDE, MERCENARY\nM  WS  BS  S  T  W  I  A  Dex Ld Int Cl WP Fel\n4  41  30  4  4  9  35  1  29  29 29  29 29 29\nWeapons: sword, shield\nArmour: mail shirt, helmet\n',
  ],
  [
    'Grimli',
    'Grimli, dwarf troll-slayer\nM\tWS\tBS\tS\tT\tW\tI\tA\tDex\tLd\tInt\tCl\tWP\tFel\n3\t51\t25\t4\t5\t8\t30\t2\t28\t41\t30\t60\t45\t21\nWeapons: two-handed axe\nArmour: leather jerkin\n',
  ],
  [
    'Aelfric',
    'Aelfric\n| M | WS | BS | S | T | W | I | A | Dex | Ld | Int | Cl | WP | Fel |\n| 4 | 41 | 34 | 3 | 3 | 7 | 60 | 1 | 43 | 43 | 66 | 66 | 43 | 43 |\nWeapons: sword, bow\nArmour: leather jerkin\n',
  ],
];

describe('bringing your own material', () => {
  it('a party of four from pasted blocks and a form, an encounter of pasted monsters, the fight started: no YAML typed', async () => {
    const page = await t.browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(t.served.gm());
    const characters = page.getByRole('region', { name: 'characters' });
    // The tabs by keyboard, as a tab list goes: the arrow moves to the next and shows it.
    await characters.getByRole('tab', { name: 'Build it' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => characters.getByRole('tab', { name: 'Paste a stat block' }).getAttribute('aria-selected'))
      .toBe('true');
    const paste = characters.getByRole('group', { name: "paste a character's stat block" });
    for (const [name, text] of PARTY) {
      await paste.getByLabel('stat block').fill(text);
      await paste.getByRole('button', { name: 'Read the block' }).click();
      const read = paste.getByLabel('what was read');
      await expect.poll(() => read.textContent()).toContain(`Read as ${name}`);
      if (name === 'Brunhilde') await shoot(page, 'pasted');
      await paste.getByRole('button', { name: 'Keep as a character' }).click();
      await expect.poll(() => characters.locator('.list li', { hasText: name }).count()).toBe(1);
    }
    // The fourth built with the form, the sheet computed as it is written; the keyboard alone for its profile.
    await characters.getByRole('tab', { name: 'Build it' }).click();
    await characters.getByLabel('character name').fill('Hilda');
    await characters.getByLabel('WS', { exact: true }).focus();
    for (const [k, v] of [
      ['WS', '35'],
      ['BS', '40'],
      ['S', '3'],
      ['T', '3'],
      ['W', '8'],
      ['I', '40'],
      ['A', '1'],
    ] as const) {
      await characters.getByLabel(k, { exact: true }).fill(v);
      await page.keyboard.press('Tab');
    }
    await characters.getByLabel('add to weapons').selectOption('spear');
    const sheet = characters.getByRole('complementary', { name: 'the sheet as the rules compute it' });
    await expect.poll(() => sheet.textContent(), { timeout: 10_000 }).toContain('spear');
    await shoot(page, 'form');
    await characters.getByRole('button', { name: 'Check and add the character' }).click();
    await expect.poll(() => characters.locator('.list li', { hasText: 'Hilda' }).count()).toBe(1);

    // The encounter: the four, two pasted orcs (one read, added twice), and a goblin found by search.
    const builder = page.locator('.builder');
    const who = builder.getByLabel('character', { exact: true });
    const characterRow = page.locator('.builder .row', {
      has: page.getByLabel('character', { exact: true }),
    });
    const creatureRow = page.locator('.builder .row', { has: page.getByLabel('creature', { exact: true }) });
    await expect.poll(() => who.locator('option').count()).toBe(4);
    for (const name of ['Brunhilde, Mercenary', 'Grimli, dwarf troll-slayer', 'Aelfric', 'Hilda']) {
      await who.selectOption(name);
      await characterRow.getByRole('button', { name: 'add to Heroes' }).click();
    }
    await builder.getByText('Paste a stat block').click();
    const into = builder.getByRole('group', { name: 'paste a stat block into the encounter' });
    await into.getByLabel('stat block').fill(block('wfrp1e-orc-raider.txt'));
    await into.getByRole('button', { name: 'Read the block' }).click();
    await expect.poll(() => into.getByLabel('what was read').textContent()).toContain('Read as Orc raider');
    await into.getByRole('button', { name: 'add to Monsters' }).click();
    await builder.getByLabel('search the bestiary').fill('gobl');
    await expect.poll(() => builder.getByLabel('creature', { exact: true }).inputValue()).toBe('goblin');
    await creatureRow.getByRole('button', { name: 'add to Monsters' }).click();
    await builder.getByRole('button', { name: 'Write it as YAML below' }).click();
    await shoot(page, 'encounter');
    await page.getByRole('button', { name: 'Check and add the encounter' }).click();
    const encounters = page.locator('.panel', { has: page.getByRole('heading', { name: 'Encounters' }) });
    await expect.poll(() => encounters.locator('.list li').count()).toBe(1);
    await encounters.getByRole('button', { name: 'Start a fight' }).click();
    await expect.poll(() => page.url()).toMatch(/#\/fights\/\d+$/);
    await expect.poll(() => page.locator('main.fight').count(), { timeout: 10_000 }).toBe(1);
    const fight = page.locator('main.fight');
    for (const name of ['Brunhilde', 'Grimli', 'Aelfric', 'Hilda', 'Orc raider', 'Goblin'])
      await expect.poll(() => fight.textContent(), { timeout: 10_000 }).toContain(name);
    await shoot(page, 'fight');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an empty campaign loads a ruleset’s examples in one click', async () => {
    // A campaign of its own: the test above filled the shared one.
    const empty = await Served.start('material-empty');
    try {
      const page = await t.browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(empty.gm());
      const encounters = page.locator('.panel', { has: page.getByRole('heading', { name: 'Encounters' }) });
      await expect.poll(() => encounters.getByLabel('examples of the ruleset').count()).toBe(1);
      expect(await encounters.locator('.list li').count()).toBe(0);
      await encounters.getByLabel('examples of the ruleset').selectOption('openquest');
      await encounters.getByRole('button', { name: 'Load the examples' }).click();
      await expect.poll(() => encounters.locator('.list li').count()).toBeGreaterThanOrEqual(2);
      const characters = page.getByRole('region', { name: 'characters' });
      await expect.poll(() => characters.locator('.list li').count()).toBeGreaterThan(0);
      await shoot(page, 'examples');
      await page.close();
    } finally {
      empty.stop();
    }
  });
});
