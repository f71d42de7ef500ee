// What a GM tripped over (issue 45), each in real Chromium: the "set a number" ruling as lists of
// what can be set; the focus back at the question after a ruling; the join warning wrapped at its
// words on a phone.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SHOTS, withServer } from './serve.js';
import type { FightView } from '../src/server/fights.js';

const t = withServer('tripped');
const api = <T>(method: string, path: string, body?: unknown) => t.served.api<T>(method, path, body);

const ENCOUNTER = `ruleset: wfrp1e
title: The ford in the rain
sides:
  - name: Adventurers
    players: true
    combatants:
      - name: Helmut
        profile: { M: 4, WS: 45, BS: 30, S: 4, T: 3, W: 8, I: 45, A: 1, Dex: 30, Ld: 30, Int: 30, Cl: 30, WP: 30, Fel: 30 }
        weapons: [sword, shield]
        armour: [mail-shirt, helmet]
      - { name: Skallier, use: elf, profile: { WS: 50, I: 63, A: 2, W: 8 }, weapons: [bow], carried: [sword], ammo: { bow: 12 } }
  - name: Orcs
    combatants:
      - { use: orc, count: 2 }
`;

async function fightPage(
  name: string,
  viewport = { width: 1280, height: 900 },
): Promise<{ page: Page; id: number; errors: string[] }> {
  const enc = await api<{ id: number }>('POST', '/api/encounters', {
    text: ENCOUNTER.replace('The ford in the rain', name),
  });
  const fight = await api<FightView>('POST', '/api/fights', { encounterId: enc.id, seed: 3 });
  const page = await t.browser.newPage({ viewport });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(t.served.gm(`#/fights/${fight.id}`));
  await page.waitForSelector('main.fight .question');
  return { page, id: fight.id, errors };
}

const rulings = (page: Page) => page.getByRole('region', { name: 'rulings' });
const log = (page: Page) => page.getByRole('region', { name: 'log' });

describe('the "set a number" ruling (issue 45)', () => {
  it('lists the combatants and, for the one picked, the numbers the engine takes, with their values and bounds', async () => {
    const { page, errors } = await fightPage('Setting numbers');
    const r = rulings(page);
    await r.getByLabel('ruling').selectOption('set');
    await r.getByLabel('who', { exact: true }).selectOption({ label: 'Skallier (Adventurers)' });
    const which = r.getByLabel('which number');
    const offered = await which.locator('option').allTextContents();
    expect(offered[0]).toBe('W: 8 — Wounds (0..8)');
    expect(offered).toContain('bow.ammo: 12 — bow: ammunition left outside the weapon');
    expect(offered).toContain('stunned: 0 — rounds of no action left');
    await which.selectOption('bow.ammo');
    expect(await r.getByLabel('value').getAttribute('placeholder')).toBe('0..999');
    await r.getByLabel('value').fill('3');
    await r.getByLabel('why', { exact: true }).fill('arrows lost in the river');
    await r.getByRole('button', { name: 'Rule' }).click();
    await expect
      .poll(() => log(page).textContent())
      .toContain("Skallier's bow.ammo: 12 → 3 (GM's ruling: arrows lost in the river).");
    // The list follows the fight: the number set is the value now offered.
    expect(await which.locator('option', { hasText: 'bow.ammo' }).textContent()).toBe(
      'bow.ammo: 3 — bow: ammunition left outside the weapon',
    );
    // Another combatant: its own list, W first.
    await r.getByLabel('who', { exact: true }).selectOption({ label: 'Orc 1 (Orcs)' });
    expect((await which.locator('option').allTextContents())[0]).toMatch(/^W: \d+ — Wounds \(0\.\.\d+\)$/);
    await page.screenshot({ path: join(SHOTS, 'tripped-set-1280x900.png') });
    expect(errors).toEqual([]);
    await page.close();
  });
});
