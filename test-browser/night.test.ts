// What a night at the table tripped over (issue 31), each in real Chromium: the GM's page saying
// when the server is gone and sending nothing meanwhile; a modifier ruling shown at once; a typed
// roll undone whole; Enter on a button pressing that button; the ruling's lists offering only whom
// they can name; the card saying whose phone it waits for; a player's own numbers unmasked.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { withServer } from './serve.js';
import type { FightView } from '../src/server/fights.js';

const t = withServer('night');
const api = <T>(method: string, path: string, body?: unknown) => t.served.api<T>(method, path, body);

const ENCOUNTER = `ruleset: wfrp1e
title: The bridge at night
sides:
  - name: Adventurers
    players: true
    combatants:
      - name: Helmut
        profile: { M: 4, WS: 45, BS: 30, S: 4, T: 3, W: 8, I: 45, A: 1, Dex: 30, Ld: 30, Int: 30, Cl: 30, WP: 30, Fel: 30 }
        weapons: [sword, shield]
        armour: [mail-shirt, helmet]
      - name: Skallier
        use: elf
        profile: { WS: 50, I: 63, A: 2, W: 8 }
        weapons: [sword]
  - name: Orcs
    combatants:
      - { use: orc, count: 2, armour: [leather-jerkin] }
      - { use: goblin, name: Sneak, enters: true }
`;

async function fightPage(name: string): Promise<{ page: Page; id: number; errors: string[] }> {
  const enc = await api<{ id: number }>('POST', '/api/encounters', {
    text: ENCOUNTER.replace('The bridge at night', name),
  });
  const fight = await api<FightView>('POST', '/api/fights', { encounterId: enc.id, seed: 3 });
  const page = await t.browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message + (process.env.STACKS ? e.stack : '')));
  await page.goto(t.served.gm(`#/fights/${fight.id}`));
  await page.waitForSelector('main.fight');
  return { page, id: fight.id, errors };
}

const inputs = (page: Page) => page.locator('main.fight').getAttribute('data-inputs');
const card = (page: Page) => page.getByRole('region', { name: 'question' });

describe('a night at the table (issue 31)', () => {
  it('a modifier ruling shows on the question at once and in the log, and its fields clear', async () => {
    const { page, errors } = await fightPage('Fog on the bridge');
    await expect.poll(() => card(page).locator('.label').textContent()).toContain('need 50 or less');
    const rulings = page.getByRole('region', { name: 'rulings' });
    const rule = rulings.getByRole('button', { name: 'Rule' });
    // No number, no ruling: an empty field is not a modifier of 0.
    expect(await rule.isDisabled()).toBe(true);
    await rulings.getByLabel('value').fill('-10');
    await rulings.getByLabel('why', { exact: true }).fill('fog');
    await rule.click();
    // Named, not said to be added: the need below the label has it in already.
    await expect
      .poll(() => card(page).locator('.ruled').textContent())
      .toBe("with the GM's modifier −10 (fog)");
    // The question itself says what the roll needs now, as the engine works it out (issue 45).
    expect(await card(page).locator('.label').textContent()).toBe(
      'Skallier: to hit Orc 2 (need WS 50 − 10 GM: fog = 40 or less)',
    );
    expect(await rulings.getByLabel('value').inputValue()).toBe('');
    expect(await rulings.getByLabel('why', { exact: true }).inputValue()).toBe('');
    expect(await page.getByRole('region', { name: 'log' }).textContent()).toContain(
      'The GM\'s modifier of −10 to what the roll needs (GM\'s ruling: fog): now "Skallier: to hit Orc 2 (need WS 50 − 10 GM: fog = 40 or less)".',
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a to-hit typed with its damage is one answer: one Undo takes both back', async () => {
    const { page, errors } = await fightPage('Two dice at once');
    const before = await inputs(page);
    await card(page).getByLabel('dice rolled', { exact: true }).fill('37');
    await card(page).getByLabel('the dice rolled with it').fill('4');
    await card(page).getByRole('button', { name: 'Take' }).click();
    await expect.poll(() => inputs(page)).not.toBe(before);
    expect(await card(page).locator('.label').textContent()).not.toContain('Skallier: damage');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => inputs(page)).toBe(before);
    expect(await card(page).locator('.label').textContent()).toBe('Skallier: to hit Orc 2 (need 50 or less)');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('Enter on a focused button presses that button and answers nothing; Enter on no control takes the suggestion', async () => {
    const { page, errors } = await fightPage('Keys');
    const before = await inputs(page);
    const open = page.getByRole('button', { name: 'Open this fight to the table' });
    await open.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('button', { name: 'Close the table' }).count()).toBe(1);
    expect(await inputs(page)).toBe(before);
    // Backspace in a field is typing, not an undo.
    const why = page.getByRole('region', { name: 'rulings' }).getByLabel('why', { exact: true });
    await why.fill('abc');
    await why.press('Backspace');
    expect(await why.inputValue()).toBe('ab');
    // Focus on no control: Enter rolls.
    await page.evaluate('document.activeElement && document.activeElement.blur()');
    await page.keyboard.press('Enter');
    await expect.poll(() => inputs(page)).not.toBe(before);
    // The new card has the focus: Enter goes on from there.
    expect(await page.evaluate('document.activeElement?.getAttribute("aria-label")')).toBe('question');
    await api('PUT', '/api/table', { fight: null });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('bring in offers only who is waiting to come in; a reinforcement goes to the other side first; buttons say what they add', async () => {
    const { page, errors } = await fightPage('Who comes');
    const rulings = page.getByRole('region', { name: 'rulings' });
    await rulings.getByLabel('ruling').selectOption('enter');
    const who = rulings.getByLabel('who', { exact: true });
    expect(await who.locator('option').allTextContents()).toEqual(['Sneak (Orcs)']);
    await rulings.getByLabel('ruling').selectOption('leave');
    expect((await who.locator('option').allTextContents()).sort()).toEqual([
      'Helmut (Adventurers)',
      'Orc 1 (Orcs)',
      'Orc 2 (Orcs)',
      'Skallier (Adventurers)',
    ]);
    const side = page.getByRole('form', { name: 'reinforcements' }).getByLabel('for the side');
    expect(await side.locator('option').allTextContents()).toEqual([
      'for Orcs',
      'for Adventurers (the players)',
    ]);
    expect(await side.inputValue()).toBe('1');
    await page.goto(t.served.gm('#/'));
    await page.waitForSelector('main.campaign');
    expect(await page.getByRole('button', { name: 'Check and add the encounter' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Check and add the character' }).count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("the GM's card says whose phone a question waits for; the player's phone shows its own damage unmasked", async () => {
    const { page, id, errors } = await fightPage('Phones');
    await page.getByRole('button', { name: 'Open this fight to the table' }).click();
    // The seat is asked for once the table is open, not while the page's request is on its way.
    await expect.poll(() => page.getByRole('button', { name: 'Close the table' }).count()).toBe(1);
    const seat = await api<{ id: number; link: string }>('POST', '/api/table/seats', {
      character: 'skallier',
      player: 'Anna',
    });
    const phone = await t.browser.newPage({ viewport: { width: 390, height: 844 } });
    await phone.goto(seat.link);
    await phone.waitForSelector('main.player');
    // Skallier's to-hit is the first question: it went to Anna's phone.
    await expect.poll(() => card(page).locator('.waiting-for').textContent()).toContain("Anna's phone");
    // The GM's page is sent the step with its view on its socket: it fetches nothing to show it.
    const before = Number(await inputs(page));
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'GET' && new RegExp(`/api/fights/${id}(\\?|$)`).test(r.url())) fetched.push(r.url());
    });
    // Anna rolls her hit and her damage on her phone.
    const mine = phone.locator('.mine .question');
    await mine.getByLabel('dice rolled', { exact: true }).fill('37');
    await mine.getByLabel('the dice rolled with it').fill('4');
    await mine.getByRole('button', { name: 'Take' }).click();
    const log = phone.getByRole('region', { name: 'log' });
    await expect.poll(() => log.textContent()).toContain("Damage to Orc 2's");
    const damage = (await log.locator('li', { hasText: "Damage to Orc 2's" }).first().textContent()) ?? '';
    expect(damage).toMatch(/D6 4 \+ S 3 − T ▒/);
    await expect.poll(async () => Number(await inputs(page))).toBeGreaterThan(before);
    await expect.poll(() => page.locator('.news').textContent()).toContain('Anna (Skallier) answered');
    expect(fetched).toEqual([]);
    const gmView = await api<FightView>('GET', `/api/fights/${id}`);
    expect(gmView.events.some((e) => /Damage to Orc 2's .*: D6 4 \+ S 3 − T 4/.test(e.text))).toBe(true);
    await api('DELETE', `/api/table/seats/${seat.id}`);
    await api('PUT', '/api/table', { fight: null });
    expect(errors).toEqual([]);
    await phone.close();
    await page.close();
  });

  it("a player's phone gives the cue it was asked for when it is their turn: a vibration, a sound turned on by a tap", async () => {
    const { page, id, errors } = await fightPage('Cues');
    await page.getByRole('button', { name: 'Open this fight to the table' }).click();
    // The seat is asked for once the table is open, not while the page's request is on its way.
    await expect.poll(() => page.getByRole('button', { name: 'Close the table' }).count()).toBe(1);
    const seat = await api<{ link: string }>('POST', '/api/table/seats', {
      character: 'skallier',
      player: 'Bea',
    });
    const context = await t.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    // What the phone did, counted: its vibrations and the tones it played.
    await context.addInitScript(`
      window.__cues = { vibrations: 0, tones: 0 };
      navigator.vibrate = () => (window.__cues.vibrations++, true);
      const make = AudioContext.prototype.createOscillator;
      AudioContext.prototype.createOscillator = function () { window.__cues.tones++; return make.call(this); };
    `);
    const phone = await context.newPage();
    const cues = () => phone.evaluate('window.__cues') as Promise<{ vibrations: number; tones: number }>;
    await phone.goto(seat.link);
    await phone.waitForSelector('main.player .mine');
    // Skallier's to-hit is asked: the phone vibrates; no sound until the player asks for one.
    await expect.poll(cues).toEqual({ vibrations: 1, tones: 0 });
    await phone.getByRole('checkbox', { name: 'a short sound' }).check();
    const chimed = (await cues()).tones;
    expect(chimed).toBeGreaterThan(0);
    // The GM answers the to-hit: Skallier's damage is the next question, and the cue comes again.
    const v = await api<FightView>('GET', `/api/fights/${id}`);
    await api('POST', `/api/fights/${id}/answer`, { answer: 37, step: v.inputs });
    await expect.poll(cues).toEqual({ vibrations: 2, tones: 2 * chimed });
    // Kept on the phone for the next time.
    expect(await phone.evaluate("localStorage.getItem('fray.cue.sound')")).toBe('on');
    await api('PUT', '/api/table', { fight: null });
    expect(errors).toEqual([]);
    await context.close();
    await page.close();
  });

  it("says on the GM's page when the server is gone, sends nothing meanwhile, and catches up when it is back", async () => {
    const { page, id, errors } = await fightPage('The server falls');
    const connection = page.getByRole('status', { name: 'connection' });
    await expect.poll(() => connection.textContent()).toBe('● live');
    const before = await inputs(page);
    t.served.crash();
    await expect.poll(() => connection.textContent(), { timeout: 10_000 }).toBe('○ reconnecting…');
    expect(await page.getByRole('alert').filter({ hasText: 'cannot be reached' }).count()).toBe(1);
    await card(page)
      .getByRole('button', { name: /^Roll / })
      .click();
    await expect
      .poll(() => page.locator('.problems').first().textContent())
      .toContain('The server cannot be reached: nothing was sent or kept.');
    await t.served.restart();
    await expect.poll(() => connection.textContent(), { timeout: 15_000 }).toBe('● live');
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'cannot be reached' }).allTextContents(), {
        timeout: 5000,
      })
      .toEqual([]);
    // Nothing was kept while it was gone; an answer given elsewhere since shows up here.
    const now = await api<FightView>('GET', `/api/fights/${id}`);
    expect(String(now.inputs)).toBe(before);
    await api('POST', `/api/fights/${id}/answer`, { answer: 37, step: now.inputs });
    await expect.poll(() => inputs(page)).not.toBe(before);
    expect(errors).toEqual([]);
    await page.close();
  });
});
