// `fray rulesets`: the rulesets and their options. Loaded by the command line only when it runs.
import { rulesetInfo } from '../rulesets/about.js';
import type { Io } from './io.js';

export function listRulesets(io: Io, o: { json?: boolean }): void {
  const all = rulesetInfo();
  if (o.json) {
    io.out.write(`${JSON.stringify(all, null, 2)}\n`);
    return;
  }
  for (const r of all) {
    io.out.write(`${r.id}: ${r.title} (${r.texts.join(', ')})\n`);
    for (const x of r.options) {
      io.out.write(
        `  ${x.name} = ${x.values.join(' | ')} (default ${x.default})\n      ${x.summary} [${x.cite.text}]\n`,
      );
    }
  }
}
