// `fray odds`: exact odds by enumerating the dice, where the ruleset can.
import { checkAllowed } from '../files/disk.js';
import { noOdds, oddsReport } from '../sim/odds.js';
import { UsageError } from './errors.js';
import { importFightFile, pairs } from '../files/fight-file.js';
import { sayWarnings } from './io.js';
import { sayData, type Io } from './io.js';

export interface OddsOpts {
  option?: string[];
  table?: string[];
  maxRounds?: number;
  allowPath?: string[];
  json?: boolean;
}

const pct = (x: number) => `${(x * 100).toFixed(2)}%`;

export async function odds(io: Io, file: string, o: OddsOpts): Promise<void> {
  const ff = await importFightFile(
    file,
    pairs(o.option, '--option'),
    pairs(o.table, '--table'),
    'encounter',
    checkAllowed(o.allowPath ?? []),
  );
  const { ruleset, setup } = ff.loaded;
  sayWarnings(io, ff.loaded);
  const r = oddsReport(ff.loaded, o.maxRounds);
  if (!r) throw new UsageError(`odds: ${noOdds(ff.loaded) ?? ''}`);
  if (o.json) {
    io.out.write(`${JSON.stringify(r)}\n`);
    return;
  }
  const w = (t: string) => io.out.write(t);
  w(`${setup.title}: exact odds (${ruleset.id})\n`);
  sayData(io, setup);
  w(`One blow (${r.blowMethod}):\n`);
  for (const b of r.blows) {
    const wounds = b.wounds.length > 0 ? `; wounds ${b.meanWounds.toFixed(3)} a blow on average` : '';
    w(
      `  ${b.attacker} at ${b.defender}: hits ${pct(b.hit)} (${b.needText ?? `D100 ≤ ${b.need}`})${wounds}; critical ${pct(b.critical)}; killed outright ${pct(b.killed)}${b.outAtOnce > b.killed ? `, out at once ${pct(b.outAtOnce)}` : ''}\n`,
    );
    if (b.note) w(`    ${b.note}\n`);
    if (b.locations.length > 0)
      w(`    where: ${b.locations.map((l) => `${l.part} ${pct(l.p)}`).join(', ')}\n`);
    if (b.wounds.length > 0)
      w(
        `    wounds of a hit: ${b.wounds
          .filter((x) => x.p >= 0.00005)
          .map((x) => `${x.value}: ${pct(x.p / Math.max(b.hit, 1e-12))}`)
          .join(', ')}\n`,
      );
    if (b.criticalValues.length > 0)
      w(
        `    critical values: ${b.criticalValues
          .filter((x) => x.p >= 0.00005)
          .map((x) => `+${x.value}: ${pct(x.p / Math.max(b.critical, 1e-12))}`)
          .join(', ')} of criticals\n`,
      );
  }
  w(`The fight (${r.duelMethod}):\n`);
  if (r.duel) {
    for (const s of r.duel.sides) w(`  ${s.name.padEnd(20)} wins ${pct(s.win)}\n`);
    w(
      `  ${'draw'.padEnd(20)}      ${pct(r.duel.draw)}\n  mean length ${r.duel.meanRounds.toFixed(3)} rounds; at most ${r.duel.states} states in a round\n`,
    );
  }
}
