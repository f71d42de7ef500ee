// "Paste a stat block": a creature or character copied from a book, an adventure or a web page,
// read by the server as `fray import` reads it. What was read is shown (a line a field), with
// the lines not used and the warnings, before anything is kept: the GM checks it against the page.
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, type Imported } from './api.js';
import { Problems } from './problems.js';

export function PasteBlock({
  ruleset,
  label = 'paste a stat block',
  actions,
}: {
  ruleset: string;
  /** The box's name for assistive technology, where a page has more than one. */
  label?: string;
  /** What may be done with the entry read: a button each ("Keep as a character", "add to Heroes"). */
  actions: readonly {
    readonly label: string;
    readonly run: (entry: Record<string, unknown>) => Promise<void> | void;
  }[];
}) {
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const [read, setRead] = useState<(Imported & { yaml: string; report: string[] }) | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [done, setDone] = useState('');
  // Each read asked for, and each change that makes its answer old (the text, the name, the ruleset, a block kept).
  const asked = useRef(0);
  const startAgain = () => {
    asked.current++;
    setText('');
    setName('');
    setRead(null);
  };
  // A block is one creature: the box starts empty for the next one, and for another ruleset's.
  useEffect(() => {
    startAgain();
    setError(null);
    setDone('');
  }, [ruleset]);
  const report = read ? sections(read.report) : null;
  const readIt = async () => {
    const mine = ++asked.current;
    setError(null);
    setDone('');
    setRead(null);
    try {
      const r = await api.importBlock(ruleset, text, name.trim() || undefined);
      if (mine === asked.current) setRead(r);
    } catch (e) {
      if (mine === asked.current) setError(e as Error);
    }
  };
  return (
    <div class="paste" role="group" aria-label={label}>
      <textarea
        aria-label="stat block"
        spellcheck={false}
        rows={7}
        value={text}
        placeholder={PLACEHOLDER[ruleset] ?? 'Paste a creature or character as the book prints it'}
        onInput={(e) => (asked.current++, setText(e.currentTarget.value), setRead(null))}
      />
      <div class="row">
        <label>
          Name{' '}
          <input
            value={name}
            placeholder="(the block's)"
            aria-label="name for the block"
            onInput={(e) => (asked.current++, setName(e.currentTarget.value), setRead(null))}
          />
        </label>
        <button type="button" disabled={!text.trim()} onClick={() => void readIt()}>
          Read the block
        </button>
      </div>
      <Problems error={error} />
      {read && report && (
        <div class="read" aria-label="what was read">
          <p>
            Read as <strong>{String(read.entry.name)}</strong> ({read.ruleset}): check it against the page.
          </p>
          <ul class="fields">
            {report.fields.map((f) => (
              <li>
                <span class="flabel">{f.field}:</span> {f.rest}
              </li>
            ))}
          </ul>
          {report.warnings.length > 0 && (
            <ul class="warnings" aria-label="warnings">
              {report.warnings.map((w) => (
                <li>⚠ {w}</li>
              ))}
            </ul>
          )}
          {report.unused.length > 0 && (
            <details>
              <summary>
                {report.unused.length} line{report.unused.length === 1 ? '' : 's'} not used
              </summary>
              <ul class="unused">
                {report.unused.map((u) => (
                  <li>{u}</li>
                ))}
              </ul>
            </details>
          )}
          <pre class="yaml" aria-label="the entry as YAML">
            {read.yaml}
          </pre>
          <div class="row">
            {actions.map((a) => (
              <button
                type="button"
                onClick={() =>
                  void Promise.resolve(a.run(read.entry)).then(
                    () => (
                      setDone(`${String(read.entry.name)}: ${a.label.toLowerCase()} — done`),
                      startAgain()
                    ),
                    (e: Error) => setError(e),
                  )
                }
              >
                {a.label}
              </button>
            ))}
          </div>
        </div>
      )}
      {done && (
        <p class="hint" role="status">
          {done}
        </p>
      )}
    </div>
  );
}

/**
 * The account as `fray import` prints it, line for line, in its three parts: the fields read, the
 * lines not used, the warnings (each line's words are the command line's own).
 */
function sections(report: readonly string[]) {
  const fields: { field: string; rest: string }[] = [];
  const unused: string[] = [];
  const warnings: string[] = [];
  let inUnused = false;
  for (const line of report.slice(1)) {
    if (line.startsWith('warning: ')) warnings.push(line.slice('warning: '.length));
    else if (line === 'not used:') inUnused = true;
    else if (inUnused) unused.push(line.trim());
    else {
      const t = line.trim();
      const colon = t.indexOf(': ');
      fields.push(
        colon < 0 ? { field: t, rest: '' } : { field: t.slice(0, colon), rest: t.slice(colon + 2) },
      );
    }
  }
  return { fields, unused, warnings };
}

/** What a block of each ruleset looks like, as a reminder in the empty box. */
const PLACEHOLDER: Readonly<Record<string, string>> = {
  wfrp1e:
    'ORC CHIEFTAIN\nM  WS  BS  S  T  W  I  A  Dex Ld Int Cl WP Fel\n4  45  35  4  4  9  40  2  29  39 29  39 29 18\nWeapons: axe, shield\nArmour: mail shirt, helmet',
  'wfrp-cp':
    'Hans\nWS  BS  S  T  W  I   A\n20  20  3  4  7  33  2\n  Weapon Abilities:\nSwords 25% (15% basic, +10 advance)',
  openquest:
    'Elf\nSTR | CON | DEX | SIZ | INT | POW | CHA |\n10 | 11 | 17 | 10 | 17 | 13 | 11 |\nHit Points | Damage Modifier | Magic Points | MR | Armour | Loot |\n11 | 0 | 13 | 15m | Leather (2AP) | 1 |\nClose Combat 60%: Longsword (1D8).',
  'fantasy-wargaming':
    'Wulfstan\nPhysique 14, Agility 12, Endurance 14, Intelligence 11, Bravery 13, Selfishness 9\nCombat level: 3\nWeapons: broadsword, small shield\nArmour: mail hauberk',
  'ahq-house':
    'Orc\nWS  BS  DS  T  W  Sp  St  Br\n6   5   6   5  4  7   5   7\nWeapons: sword\nArmour: leather, shield',
};
