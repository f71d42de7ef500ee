// The designer's page (#/designer): a simulation, a comparison, a sweep or the exact odds of a pair,
// asked of an encounter of the campaign and run by the server on its worker threads; a progress bar
// and Stop while it runs; the figures and plots of `fray sim --report`, `compare`, `sweep --svg` and
// `odds`; the studies kept in the campaign, to reopen, re-run or delete (#/designer/N opens one).
import { useEffect, useRef, useState } from 'preact/hooks';
import {
  api,
  download,
  onStudies,
  type Character,
  type Comparison,
  type Creature,
  type EncounterItem,
  type OddsReport,
  type ReportPlot,
  type RulesetItem,
  type SimSummary,
  type Study,
  type StudyKind,
  type StudyRow,
  type SweepResult,
} from './api.js';
import { Problems } from './problems.js';
import { changes, reconnects } from './state.js';

const KINDS: readonly { kind: StudyKind; label: string }[] = [
  { kind: 'sim', label: 'Simulation' },
  { kind: 'compare', label: 'Comparison' },
  { kind: 'sweep', label: 'Sweep' },
  { kind: 'odds', label: 'Exact odds' },
];
const KIND_NAME: Readonly<Record<StudyKind, string>> = {
  sim: 'simulation',
  compare: 'comparison',
  sweep: 'sweep',
  odds: 'exact odds',
};

const pct = (x: number, digits = 1) => `${(x * 100).toFixed(digits)}%`;
const ci = (c: readonly [number, number], digits = 1) => `${pct(c[0], digits)} – ${pct(c[1], digits)}`;
/** "+0.04", "−1.6": one sign character throughout, the typographic minus, as fray compare prints. */
const signedFixed = (x: number, digits: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(digits)}`;
const signed = (x: number) => signedFixed(x * 100, 1);
const count = (n: number) => n.toLocaleString('en');
const randomSeed = () => String(Math.floor(Math.random() * 0x100000000));

/** The round cap of a study: empty is the encounter's own. */
function RoundCap({ value, onInput }: { value: string; onInput: (v: string) => void }) {
  return (
    <label class="field">
      <span class="flabel">Round cap</span>
      <input
        aria-label="round cap"
        class="mid-num"
        inputMode="numeric"
        placeholder="as written"
        value={value}
        onInput={(e) => onInput(e.currentTarget.value)}
      />
    </label>
  );
}

// ------------------------------------------------------------------ the encounter's entries

interface Entry {
  readonly side: number;
  readonly entry: number;
  readonly label: string;
  readonly doc: Record<string, unknown>;
}

interface EncounterData {
  readonly sides: readonly { readonly name: string; readonly entries: readonly Entry[] }[];
  /** The rule options the encounter sets itself. */
  readonly options: Readonly<Record<string, string>>;
}

/** Each side's combatant entries as written, labelled by name or the bestiary's name for them ("Orc × 2"). */
function entriesOf(data: unknown, creatures: readonly Creature[]): EncounterData {
  const doc = (data ?? {}) as { sides?: unknown[]; options?: Record<string, unknown> };
  const sides = (doc.sides ?? []) as {
    name?: string;
    combatants?: Record<string, unknown>[];
  }[];
  const creature = (id: unknown) => creatures.find((c) => c.id === id)?.name ?? String(id ?? 'combatant');
  return {
    options: Object.fromEntries(Object.entries(doc.options ?? {}).map(([k, v]) => [k, String(v)])),
    sides: sides.map((s, side) => ({
      name: String(s.name ?? `side ${side + 1}`),
      entries: (s.combatants ?? []).map((doc, entry) => {
        const name = typeof doc.name === 'string' ? doc.name : creature(doc.use);
        const n =
          typeof doc.count === 'number'
            ? doc.count
            : Array.isArray(doc.at) && typeof doc.at[0] !== 'number'
              ? doc.at.length
              : 1;
        return { side, entry, label: n > 1 ? `${name} × ${n}` : name, doc };
      }),
    })),
  };
}

/** Axes a sweep might take: each number written for a combatant, a range round it; each option's values. */
function axisHints(data: EncounterData, ruleset: RulesetItem | undefined): string[] {
  const out: string[] = [];
  const walk = (prefix: string, v: unknown, depth: number) => {
    if (typeof v === 'number' && Number.isInteger(v) && v > 0) {
      const step = v >= 20 ? 5 : 1;
      out.push(`${prefix}=${Math.max(step, v - 4 * step)}..${v + 4 * step}:${step}`);
    } else if (v && typeof v === 'object' && !Array.isArray(v) && depth < 2)
      for (const [k, x] of Object.entries(v)) walk(`${prefix}.${k}`, x, depth + 1);
  };
  for (const s of data.sides)
    for (const e of s.entries)
      for (const [k, v] of Object.entries(e.doc))
        if (k !== 'count' && k !== 'at') walk(`sides[${e.side}].combatants[${e.entry}].${k}`, v, 0);
  for (const o of ruleset?.options ?? []) out.push(`options.${o.name}=${o.values.join(',')}`);
  return out;
}

// ------------------------------------------------------------------ the form

interface Form {
  kind: StudyKind;
  runs: string;
  seed: string;
  maxRounds: string;
  untilCi: string;
  options: Record<string, string>;
  a: Record<string, string>;
  b: Record<string, string>;
  editsA: string;
  editsB: string;
  vary: string;
  vary2: string;
  /** auto: exact when every point is a duel fray odds solves; exact; sim. */
  method: 'auto' | 'exact' | 'sim';
  from: 'encounter' | 'bestiary';
  pickA: string;
  pickB: string;
  pairA: string;
  pairB: string;
}

const freshForm = (): Form => ({
  kind: 'sim',
  runs: '2000',
  seed: randomSeed(),
  maxRounds: '',
  untilCi: '',
  options: {},
  a: {},
  b: {},
  editsA: '',
  editsB: '',
  method: 'auto',
  vary: '',
  vary2: '',
  from: 'encounter',
  pickA: '',
  pickB: '',
  pairA: '',
  pairB: '',
});

/** A number typed, as the API takes it; '' left out (the server's default); anything else sent as typed, for its refusal. */
const num = (t: string): number | string | undefined =>
  t.trim() === '' ? undefined : Number.isNaN(Number(t)) ? t : Number(t);
const chosen = (o: Record<string, string>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== ''));
const lines = (t: string) =>
  t
    .split('\n')
    .map((x) => x.trim())
    .filter((x) => x !== '');

/** What the form asks of the API. */
function bodyOf(f: Form, encounterId: number | null, ruleset: string, pool: Pool): Record<string, unknown> {
  const common = {
    ...(num(f.maxRounds) !== undefined ? { maxRounds: num(f.maxRounds) } : {}),
    options: chosen(f.options),
  };
  const sims = {
    encounterId,
    runs: num(f.runs),
    ...(num(f.seed) !== undefined ? { seed: num(f.seed) } : {}),
    ...common,
  };
  const until = num(f.untilCi) !== undefined ? { untilCi: num(f.untilCi) } : {};
  if (f.kind === 'sim') return { kind: 'sim', ...sims, ...until };
  if (f.kind === 'compare') {
    const spec = (o: Record<string, string>, edits: string) => [
      ...Object.entries(chosen(o)).map(([k, v]) => `${k}=${v}`),
      ...lines(edits),
    ];
    return {
      kind: 'compare',
      ...sims,
      ...until,
      method: f.method,
      a: spec(f.a, f.editsA),
      b: spec(f.b, f.editsB),
    };
  }
  if (f.kind === 'sweep')
    return {
      kind: 'sweep',
      ...sims,
      method: f.method,
      vary: [f.vary, f.vary2].map((x) => x.trim()).filter((x) => x),
    };
  if (f.from === 'encounter') {
    const pick = (v: string) => {
      const [side, entry] = v.split(':').map(Number);
      return { side, entry };
    };
    return { kind: 'odds', encounterId, pick: [pick(f.pickA), pick(f.pickB)], ...common };
  }
  return { kind: 'odds', ruleset, pair: [pool.entryOf(f.pairA), pool.entryOf(f.pairB)], ...common };
}

/** Creatures of the ruleset's bestiary and the campaign's characters, to set against each other. */
interface Pool {
  readonly creatures: readonly Creature[];
  readonly characters: readonly Character[];
  entryOf(key: string): Record<string, unknown> | null;
}

function poolOf(creatures: readonly Creature[], characters: readonly Character[]): Pool {
  return {
    creatures,
    characters,
    entryOf: (key) => {
      const [what, id] = [key.slice(0, 2), key.slice(2)];
      if (what === 'c:') return { use: id };
      return characters.find((c) => String(c.id) === id)?.entry ?? null;
    },
  };
}

/**
 * The rule options a study sets, as chips ("criticals=detailed ×"), and a pair of lists to set
 * another: the option, its value (the option's summary under them). What is not set is the
 * encounter's own.
 */
function Options({
  ruleset,
  values,
  onChange,
  prefix,
  own,
}: {
  ruleset: RulesetItem | undefined;
  values: Record<string, string>;
  onChange: (v: Record<string, string>) => void;
  prefix: string;
  /** The options the encounter sets itself. */
  own: Readonly<Record<string, string>>;
}) {
  const opts = ruleset?.options ?? [];
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const spec = opts.find((o) => o.name === name) ?? opts[0];
  if (!spec) return <p class="hint">This ruleset has no options.</p>;
  const has = own[spec.name] ?? spec.default;
  const shown = value && spec.values.includes(value) ? value : (values[spec.name] ?? has);
  const set = Object.entries(values);
  return (
    <div class="option-picker">
      <div class="chips">
        {set.length === 0 && <span class="muted">as the encounter has them</span>}
        {set.map(([k, v]) => (
          <span class="chip">
            {k}={v}{' '}
            <button
              type="button"
              class="link"
              aria-label={`drop ${prefix}${k}`}
              onClick={() => onChange(Object.fromEntries(set.filter(([x]) => x !== k)))}
            >
              ×
            </button>
          </span>
        ))}
      </div>
      <div class="row">
        <select
          aria-label={`${prefix}option`}
          value={spec.name}
          onChange={(e) => (setName(e.currentTarget.value), setValue(''))}
        >
          {opts.map((o) => (
            <option value={o.name}>{o.name}</option>
          ))}
        </select>
        <select aria-label={`${prefix}value`} value={shown} onChange={(e) => setValue(e.currentTarget.value)}>
          {spec.values.map((v) => (
            <option value={v}>
              {v}
              {v === has ? ' (as is)' : ''}
            </option>
          ))}
        </select>
        <button
          type="button"
          aria-label={`set ${prefix}option`}
          onClick={() => onChange({ ...values, [spec.name]: shown })}
        >
          set
        </button>
      </div>
      <p class="hint summary">{spec.summary}</p>
    </div>
  );
}

function StudyForm({
  encounters,
  rulesets,
  onStarted,
}: {
  encounters: readonly EncounterItem[];
  rulesets: readonly RulesetItem[];
  onStarted: (id: number) => void;
}) {
  const [encounterId, setEncounterId] = useState<number | null>(null);
  const [f, setF] = useState<Form>(freshForm);
  const [data, setData] = useState<EncounterData>({ sides: [], options: {} });
  const [pool, setPool] = useState<Pool>(poolOf([], []));
  const [error, setError] = useState<Error | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (p: Partial<Form>) => setF((x) => ({ ...x, ...p }));
  const encounter = encounters.find((e) => e.id === encounterId) ?? encounters[0];
  const ruleset = rulesets.find((r) => r.id === encounter?.ruleset);
  useEffect(() => {
    if (!encounter) return;
    let live = true;
    void Promise.all([
      api.encounter(encounter.id).then((e) => api.checkEncounter(e.text)),
      api.bestiary(encounter.ruleset),
      api.usableCharacters(encounter.ruleset),
    ]).then(([checked, creatures, characters]) => {
      if (!live) return;
      const d = entriesOf(checked.data, creatures);
      setData(d);
      setPool(poolOf(creatures, characters));
      // The first of the first side against the first of the second, to begin with.
      const first = (s: number) => (d.sides[s]?.entries[0] ? `${s}:0` : '');
      const key = (k: number) =>
        creatures[k] ? `c:${creatures[k].id}` : characters[k] ? `h:${characters[k].id}` : '';
      set({ pickA: first(0), pickB: first(1), pairA: key(0), pairB: key(1) });
    });
    return () => {
      live = false;
    };
  }, [encounter?.id, encounter?.ruleset]);
  // A new ruleset has other options: what was chosen for the last one is dropped.
  useEffect(() => set({ options: {}, a: {}, b: {} }), [ruleset?.id]);

  if (!encounter)
    return (
      <section class="panel study-form">
        <h2>New study</h2>
        <p class="hint">
          No encounter in the campaign yet: <a href="#/">add one</a>, then study it here.
        </p>
      </section>
    );
  const start = async () => {
    setError(null);
    setBusy(true);
    try {
      const r = await api.startStudy(bodyOf(f, encounter.id, encounter.ruleset, pool));
      onStarted(r.id);
      // The next study gets a seed of its own unless one is typed.
      set({ seed: randomSeed() });
    } catch (e) {
      setError(e as Error);
    } finally {
      setBusy(false);
    }
  };
  const hints = axisHints(data, ruleset);
  const runsLabel = f.kind === 'compare' ? 'Paired fights' : f.kind === 'sweep' ? 'Fights a point' : 'Fights';
  return (
    <section class="panel study-form" aria-label="new study">
      <h2>New study</h2>
      <div class="row">
        <label class="grow">
          Encounter{' '}
          <select
            aria-label="encounter"
            value={String(encounter.id)}
            onChange={(e) => setEncounterId(Number(e.currentTarget.value))}
          >
            {encounters.map((e) => (
              <option value={String(e.id)}>
                {e.title} ({e.ruleset})
              </option>
            ))}
          </select>
        </label>
      </div>
      <div class="row tabs" role="tablist" aria-label="kind of study">
        {KINDS.map((k) => (
          <button
            type="button"
            role="tab"
            aria-selected={f.kind === k.kind}
            class={f.kind === k.kind ? 'on' : ''}
            onClick={() => set({ kind: k.kind })}
          >
            {k.label}
          </button>
        ))}
      </div>
      {f.kind !== 'odds' && (
        <div class="row">
          <label class="field">
            <span class="flabel">{runsLabel}</span>
            <input
              aria-label="runs"
              class="mid-num"
              inputMode="numeric"
              value={f.runs}
              onInput={(e) => set({ runs: e.currentTarget.value })}
            />
          </label>
          <label class="field">
            <span class="flabel">Seed</span>
            <span class="inline">
              <input
                aria-label="seed"
                class="mid-num"
                inputMode="numeric"
                value={f.seed}
                onInput={(e) => set({ seed: e.currentTarget.value })}
              />
              <button type="button" class="link" onClick={() => set({ seed: randomSeed() })}>
                new
              </button>
            </span>
          </label>
          <RoundCap value={f.maxRounds} onInput={(v) => set({ maxRounds: v })} />
          {(f.kind === 'sim' || f.kind === 'compare') && (
            <label class="field" title="stop once every win rate is known to ± this (0.005 is half a point)">
              <span class="flabel">Stop when sure to ±</span>
              <input
                aria-label="until ci"
                class="short"
                placeholder="0.005"
                value={f.untilCi}
                onInput={(e) => set({ untilCi: e.currentTarget.value })}
              />
            </label>
          )}
        </div>
      )}
      {f.kind === 'odds' && (
        <div class="row">
          <RoundCap value={f.maxRounds} onInput={(v) => set({ maxRounds: v })} />
        </div>
      )}
      <h3>Rule options{f.kind === 'compare' ? ' (both)' : ''}</h3>
      <Options
        ruleset={ruleset}
        own={data.options}
        values={f.options}
        onChange={(options) => set({ options })}
        prefix=""
      />
      {f.kind === 'compare' && (
        <div class="variants">
          {(['a', 'b'] as const).map((v) => (
            <fieldset class="variant">
              <legend>{v.toUpperCase()}</legend>
              <Options
                ruleset={ruleset}
                own={data.options}
                values={f[v]}
                onChange={(x) => set({ [v]: x })}
                prefix={`${v.toUpperCase()} `}
              />
              <textarea
                aria-label={`${v.toUpperCase()} edits`}
                rows={2}
                spellcheck={false}
                placeholder="edits: path=value, a line each"
                value={v === 'a' ? f.editsA : f.editsB}
                onInput={(e) =>
                  set(v === 'a' ? { editsA: e.currentTarget.value } : { editsB: e.currentTarget.value })
                }
              />
            </fieldset>
          ))}
        </div>
      )}
      {f.kind === 'sweep' && (
        <div class="sweep-axes">
          <datalist id="axis-hints">
            {hints.map((h) => (
              <option value={h} />
            ))}
          </datalist>
          <label class="field wide-field">
            <span class="flabel">Vary (path=LO..HI:STEP or path=a,b,c)</span>
            <input
              aria-label="vary"
              list="axis-hints"
              spellcheck={false}
              placeholder={hints[0] ?? 'sides[0].combatants[0].profile.WS=25..65:5'}
              value={f.vary}
              onInput={(e) => set({ vary: e.currentTarget.value })}
            />
          </label>
          <label class="field wide-field">
            <span class="flabel">And a second, for a heat map (optional)</span>
            <input
              aria-label="vary second"
              list="axis-hints"
              spellcheck={false}
              value={f.vary2}
              onInput={(e) => set({ vary2: e.currentTarget.value })}
            />
          </label>
        </div>
      )}
      {(f.kind === 'compare' || f.kind === 'sweep') && (
        <div class="row">
          <label class="field">
            <span class="flabel">Method</span>
            <select
              aria-label="method"
              value={f.method}
              onChange={(e) => set({ method: e.currentTarget.value as Form['method'] })}
            >
              <option value="auto">exact where every variant is a duel it solves, else simulated</option>
              <option value="exact">exact only</option>
              <option value="sim">simulated</option>
            </select>
          </label>
        </div>
      )}
      {f.kind === 'odds' && (
        <div class="pair">
          <div class="row" role="radiogroup" aria-label="pick from">
            <label>
              <input
                type="radio"
                checked={f.from === 'encounter'}
                onChange={() => set({ from: 'encounter' })}
              />{' '}
              one of each side of the encounter
            </label>
            <label>
              <input
                type="radio"
                checked={f.from === 'bestiary'}
                onChange={() => set({ from: 'bestiary' })}
              />{' '}
              creatures or characters
            </label>
          </div>
          {f.from === 'encounter' ? (
            <div class="row">
              {(['pickA', 'pickB'] as const).map((k, i) => (
                <label class="field">
                  <span class="flabel">{i === 0 ? 'This one' : 'against'}</span>
                  <select
                    aria-label={i === 0 ? 'first of the pair' : 'second of the pair'}
                    value={f[k]}
                    onChange={(e) => set({ [k]: e.currentTarget.value })}
                  >
                    {data.sides.map((s) => (
                      <optgroup label={s.name}>
                        {s.entries.map((e) => (
                          <option value={`${e.side}:${e.entry}`}>{e.label}</option>
                        ))}
                      </optgroup>
                    ))}
                  </select>
                </label>
              ))}
            </div>
          ) : (
            <div class="row">
              {(['pairA', 'pairB'] as const).map((k, i) => (
                <label class="field">
                  <span class="flabel">{i === 0 ? 'This one' : 'against'}</span>
                  <select
                    aria-label={i === 0 ? 'first creature' : 'second creature'}
                    value={f[k]}
                    onChange={(e) => set({ [k]: e.currentTarget.value })}
                  >
                    {pool.characters.length > 0 && (
                      <optgroup label="characters">
                        {pool.characters.map((c) => (
                          <option value={`h:${c.id}`}>{c.name}</option>
                        ))}
                      </optgroup>
                    )}
                    <optgroup label="bestiary">
                      {pool.creatures.map((c) => (
                        <option value={`c:${c.id}`}>{c.name}</option>
                      ))}
                    </optgroup>
                  </select>
                </label>
              ))}
            </div>
          )}
          <p class="hint">
            One blow each way, every die counted; and the whole fight where the ruleset can follow it exactly.
          </p>
        </div>
      )}
      <Problems error={error} />
      <button type="button" class="primary" disabled={busy} onClick={() => void start()}>
        Start the {KIND_NAME[f.kind]}
      </button>
    </section>
  );
}

// ------------------------------------------------------------------ the result

function Plots({ plots }: { plots: readonly ReportPlot[] }) {
  return (
    <>
      {plots.map((p) => (
        <figure class="plot">
          <figcaption>{p.title}</figcaption>
          {/* The server drew it (Observable Plot or fray sweep's SVG), from the campaign's own names. */}
          <div class="svg" dangerouslySetInnerHTML={{ __html: p.html }} />
          {p.note && <p class="hint">{p.note}</p>}
        </figure>
      ))}
    </>
  );
}

function SimTable({ s, label }: { s: SimSummary; label?: string }) {
  const m = (c: SimSummary['combatants'][number], k: string) =>
    c.stats[k] ? c.stats[k].mean.toFixed(2) : '–';
  return (
    <div class="sim-figures">
      {label && <h3>{label}</h3>}
      <table class="figures" tabIndex={0} aria-label={label ? `${label} wins` : 'who wins'}>
        <thead>
          <tr>
            <th />
            <th>fights</th>
            <th>rate</th>
            <th>95% interval</th>
          </tr>
        </thead>
        <tbody>
          {s.sides.map((x) => (
            <tr>
              <th>{x.name} wins</th>
              <td>{count(x.wins)}</td>
              <td>{pct(x.winRate)}</td>
              <td>{ci(x.ci95)}</td>
            </tr>
          ))}
          <tr>
            <th>draws</th>
            <td>{count(s.draws)}</td>
            <td>{pct(s.drawRate.rate)}</td>
            <td>{ci(s.drawRate.ci95)}</td>
          </tr>
        </tbody>
      </table>
      <p>
        Mean length <strong>{s.meanRounds.toFixed(2)}</strong> rounds (95% interval{' '}
        {s.rounds.ci95[0].toFixed(2)} – {s.rounds.ci95[1].toFixed(2)}), over {count(s.runs)} fights, seed{' '}
        {s.seed}
        {s.untilCi ? `; ${s.untilCi.reached ? 'stopped' : 'not stopped'} by ± ${s.untilCi.target}` : ''}.
      </p>
      {s.combatants.length > 0 && (
        <div class="scroll">
          <table class="figures per" tabIndex={0} aria-label="per combatant">
            <thead>
              <tr>
                <th>combatant</th>
                <th class="left">side</th>
                <th>standing</th>
                <th>fled</th>
                <th>wounds dealt</th>
                <th>wounds taken</th>
                <th>criticals dealt</th>
                <th>criticals taken</th>
                <th>fumbles</th>
              </tr>
            </thead>
            <tbody>
              {s.combatants.map((c) => (
                <tr>
                  <th>{c.name}</th>
                  <td class="left">{c.side}</td>
                  <td>{pct(c.survived.rate)}</td>
                  <td>{pct(c.fled.rate)}</td>
                  <td>{m(c, 'woundsDealt')}</td>
                  <td>{m(c, 'woundsTaken')}</td>
                  <td>{m(c, 'criticalsDealt')}</td>
                  <td>{m(c, 'criticalsTaken')}</td>
                  <td>{m(c, 'fumbles')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {s.tallies.length > 0 && (
        <ul class="tallies">
          {s.tallies.map((t) => (
            <li>
              {t.label}: <strong>{t.mean.toFixed(2)}</strong> a fight ({t.ci95[0].toFixed(2)} –{' '}
              {t.ci95[1].toFixed(2)})
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function CompareTable({ c }: { c: Comparison }) {
  // Exact figures have no interval: two decimals, as fray odds and fray compare print them.
  const exact = c.method === 'exact';
  const rate = (r: number, x: readonly [number, number]) =>
    exact ? `${(r * 100).toFixed(2)}%` : `${pct(r)} (${ci(x)})`;
  const diff = (d: { diff: number; ci95: [number, number] }, show: (x: number) => string) =>
    exact ? show(d.diff) : `${show(d.diff)} (${show(d.ci95[0])} to ${show(d.ci95[1])})`;
  const points = (x: number) => (exact ? signedFixed(x * 100, 2) : signed(x));
  const rounds = (x: number) => signedFixed(x, 2);
  return (
    <div>
      <p>
        {exact ? (
          <span class="method-note">Solved exactly: {c.methodNote.replace(/^solved exactly: /, '')}.</span>
        ) : (
          <>
            {count(c.runs)} paired fights, seed {c.seed}: fight i of A and of B on the same dice.
            {c.methodNote && <span class="method-note"> {c.methodNote}.</span>}
          </>
        )}
        <br />
        <strong>A</strong>: {c.a.label}
        <br />
        <strong>B</strong>: {c.b.label}
      </p>
      <div class="scroll">
        <table class="figures" tabIndex={0} aria-label="comparison">
          <thead>
            <tr>
              <th />
              <th>A</th>
              <th>B</th>
              <th>{exact ? 'B − A, points' : 'B − A, points (95% interval)'}</th>
            </tr>
          </thead>
          <tbody>
            {c.difference.sides.map((d, s) => (
              <tr>
                <th>{d.name} wins</th>
                <td>
                  {c.a.summary.sides[s] && rate(c.a.summary.sides[s].winRate, c.a.summary.sides[s].ci95)}
                </td>
                <td>
                  {c.b.summary.sides[s] && rate(c.b.summary.sides[s].winRate, c.b.summary.sides[s].ci95)}
                </td>
                <td>{diff(d, points)}</td>
              </tr>
            ))}
            <tr>
              <th>draws</th>
              <td>{rate(c.a.summary.drawRate.rate, c.a.summary.drawRate.ci95)}</td>
              <td>{rate(c.b.summary.drawRate.rate, c.b.summary.drawRate.ci95)}</td>
              <td>{diff(c.difference.draws, points)}</td>
            </tr>
            <tr>
              <th>mean rounds</th>
              <td>{c.a.summary.meanRounds.toFixed(2)}</td>
              <td>{c.b.summary.meanRounds.toFixed(2)}</td>
              <td>{diff(c.difference.meanRounds, rounds)}</td>
            </tr>
          </tbody>
        </table>
      </div>
      {c.method === 'sim' && (
        <details>
          <summary>A and B in full</summary>
          <SimTable s={c.a.summary} label="A" />
          <SimTable s={c.b.summary} label="B" />
        </details>
      )}
    </div>
  );
}

function SweepTable({ r }: { r: SweepResult }) {
  const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
  const names = r.points[0]?.sides.map((s) => s.name) ?? [];
  // An exact figure has no interval: two decimals, as fray odds prints it.
  const exact = r.method === 'exact';
  const rate = (x: number) => (exact ? `${(x * 100).toFixed(2)}%` : pct(x));
  return (
    <div class="scroll">
      {r.methodNote && (
        <p class="hint method-note">
          {exact ? `Solved exactly: ${r.methodNote.replace(/^solved exactly: /, '')}` : r.methodNote}
        </p>
      )}
      <table class="figures" tabIndex={0} aria-label="sweep">
        <thead>
          <tr>
            {r.axes.map((a) => (
              <th>{a.label}</th>
            ))}
            {names.map((n) => (
              <th>{exact ? `${n} wins` : `${n} wins (95% interval)`}</th>
            ))}
            <th>draws</th>
            <th>rounds</th>
          </tr>
        </thead>
        <tbody>
          {r.points.map((p) => (
            <tr>
              {p.values.map((v) => (
                <th>{show(v)}</th>
              ))}
              {p.sides.map((s) => (
                <td>{exact ? rate(s.winRate) : `${pct(s.winRate)} (${ci(s.ci95)})`}</td>
              ))}
              <td>{rate(p.drawRate)}</td>
              <td>{p.meanRounds.toFixed(2)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OddsView({ r }: { r: OddsReport }) {
  const shown = (list: readonly { value: number; p: number }[], of: number, sign = '') =>
    list
      .filter((x) => x.p >= 0.00005)
      .map((x) => `${sign}${x.value}: ${pct(x.p / Math.max(of, 1e-12), 2)}`)
      .join(', ');
  return (
    <div class="odds">
      <h3>One blow</h3>
      <p class="hint">{r.blowMethod}</p>
      {r.blows.map((b) => (
        <div class="blow">
          <p>
            <strong>
              {b.attacker} at {b.defender}
            </strong>
            : hits <strong>{pct(b.hit, 2)}</strong> ({b.needText ?? `D100 ≤ ${b.need}`})
            {b.wounds.length > 0 && `; ${b.meanWounds.toFixed(3)} wounds a blow on average`}; critical{' '}
            {pct(b.critical, 2)}; killed outright {pct(b.killed, 2)}
            {b.outAtOnce > b.killed && `, out at once ${pct(b.outAtOnce, 2)}`}
          </p>
          {b.locations.length > 0 && (
            <p class="detail">where: {b.locations.map((l) => `${l.part} ${pct(l.p, 2)}`).join(', ')}</p>
          )}
          {b.wounds.length > 0 && <p class="detail">wounds of a hit: {shown(b.wounds, b.hit)}</p>}
          {b.criticalValues.length > 0 && (
            <p class="detail">critical values: {shown(b.criticalValues, b.critical, '+')} of criticals</p>
          )}
        </div>
      ))}
      <h3>The fight</h3>
      {r.duel ? (
        <>
          <table class="figures" tabIndex={0} aria-label="the fight's odds">
            <tbody>
              {r.duel.sides.map((s) => (
                <tr>
                  <th>{s.name} wins</th>
                  <td>{pct(s.win, 2)}</td>
                </tr>
              ))}
              <tr>
                <th>draw</th>
                <td>{pct(r.duel.draw, 2)}</td>
              </tr>
            </tbody>
          </table>
          <p>
            Mean length {r.duel.meanRounds.toFixed(3)} rounds; at most {count(r.duel.states)} states in a
            round.
          </p>
          <p class="hint">{r.duelMethod}</p>
        </>
      ) : (
        <p class="no-odds" role="note">
          No exact odds for the whole fight: {r.duelMethod.replace(/^not computed( exactly)?: /, '')}
        </p>
      )}
    </div>
  );
}

function Progress({ study, done }: { study: StudyRow; done: number }) {
  const total = Math.max(1, study.total);
  const part = Math.min(1, done / total);
  return (
    <div
      class="progress"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={study.total}
      aria-valuenow={done}
    >
      <span class="count">
        {study.status === 'queued'
          ? 'waiting for the study before it'
          : study.kind === 'odds'
            ? 'counting every die…'
            : `${count(done)} / ${count(study.total)} fights`}
      </span>
      <span class="bar big">
        {/* A sliver as soon as anything is done: a run of millions moves before it shows a percent. */}
        <span class="fill" style={{ width: `${part * 100}%`, minWidth: done > 0 ? '3px' : 0 }} />
      </span>
    </div>
  );
}

function ResultPanel({
  id,
  done,
  onRerun,
}: {
  id: number;
  done: number | null;
  onRerun: (id: number) => void;
}) {
  const [study, setStudy] = useState<Study | null>(null);
  const [error, setError] = useState<Error | null>(null);
  // Only the latest fetch is shown: one asked before the study ended may answer after one asked since.
  const asked = useRef(0);
  const load = () => {
    const n = ++asked.current;
    void api.study(id).then(
      (s) => n === asked.current && (setStudy(s), setError(null)),
      (e: Error) => n === asked.current && setError(e),
    );
  };
  // Fetched again on reconnecting: a restart may have stopped it meanwhile.
  useEffect(load, [id, reconnects.value]);
  // The page hears of the study's end (or a stop from another page) and fetches it again.
  useEffect(
    () =>
      onStudies((m) => {
        if (m.study === id && m.type === 'study') load();
      }),
    [id],
  );
  if (error) return <Problems error={error} />;
  if (!study) return <p class="hint">Loading…</p>;
  const running = study.status === 'running' || study.status === 'queued';
  const r = study.result;
  const stop = () => void api.stopStudy(id).then(setStudy, (e: Error) => setError(e));
  return (
    <div class="result" data-status={study.status}>
      <h2>
        {study.title}{' '}
        <small>
          {KIND_NAME[study.kind]} · {study.ruleset}
          {study.seed !== null && !solved(study) ? ` · seed ${study.seed}` : ''} · study {study.id}
        </small>
      </h2>
      <p class="params">{paramsLine(study)}</p>
      {running && (
        <div class="row running">
          <Progress study={study} done={done ?? study.done} />
          <button type="button" class="stop" onClick={stop}>
            Stop
          </button>
        </div>
      )}
      {study.status === 'stopped' && (
        <div class="row note-stopped" role="status">
          <p>
            {study.error?.startsWith('stopped by a restart')
              ? `Stopped by a restart at ${count(study.done)} of ${count(study.total)} fights`
              : `Stopped${study.error ? ` (${study.error})` : ''} after ${count(study.done)} of ${count(study.total)} fights`}
            {study.kind === 'sweep'
              ? ': the points finished are shown'
              : study.done > 0
                ? ': the figures are of those'
                : ''}
            .
          </p>
          {study.goesOn && (
            <button
              type="button"
              class="primary"
              onClick={() => void api.goOnStudy(id).then(setStudy, (e: Error) => setError(e))}
            >
              Go on to {count(study.total)}
            </button>
          )}
        </div>
      )}
      {study.status === 'failed' && (
        <div class="problems" role="alert">
          <p>The study failed: {study.error}</p>
        </div>
      )}
      {r !== null && !running && <ResultBody study={study} />}
      {!running && (
        <div class="row actions">
          <button type="button" onClick={() => void api.rerunStudy(id).then((x) => onRerun(x.id), setError)}>
            Re-run it exactly
          </button>
          <button
            type="button"
            class="link"
            onClick={() => void download(`/api/studies/${id}/encounter`, `study-${id}.yaml`)}
          >
            the encounter as studied
          </button>
        </div>
      )}
    </div>
  );
}

function ResultBody({ study }: { study: Study }) {
  const r = study.result;
  if (study.kind === 'sim') {
    const s = r as SimSummary;
    if (s.runs === 0) return <p class="hint">No fight was finished.</p>;
    return (
      <>
        <SimTable s={s} />
        <Plots plots={study.plots} />
      </>
    );
  }
  if (study.kind === 'compare')
    return (r as Comparison).runs > 0 || (r as Comparison).method === 'exact' ? (
      <CompareTable c={r as Comparison} />
    ) : null;
  if (study.kind === 'sweep')
    return (r as SweepResult).points.length > 0 ? (
      <>
        <Plots plots={study.plots} />
        <SweepTable r={r as SweepResult} />
      </>
    ) : (
      <p class="hint">No point was finished.</p>
    );
  return <OddsView r={r as OddsReport} />;
}

/** A study answered exactly (exact odds, a sweep whose points were all solved): no dice, no fights to count. */
const solved = (s: StudyRow) =>
  s.kind === 'odds' || ((s.kind === 'sweep' || s.kind === 'compare') && s.total === 0);

/** The parameters in a line: runs, options, what varies, the round cap. */
function paramsLine(s: StudyRow): string {
  const p = s.params as Record<string, unknown>;
  const parts: string[] = [];
  const unit = s.kind === 'sweep' ? 'fights a point' : s.kind === 'compare' ? 'paired fights' : 'fights';
  const exact = s.kind !== 'odds' && solved(s);
  if (exact) parts.push('solved exactly');
  else if (typeof p.runs === 'number') parts.push(`${count(p.runs)} ${unit}`);
  if (p.method === 'exact' || p.method === 'sim') parts.push(`method ${p.method}`);
  const opts = Object.entries((p.options as Record<string, string> | undefined) ?? {});
  if (opts.length) parts.push(`options ${opts.map(([k, v]) => `${k}=${v}`).join(', ')}`);
  if (Array.isArray(p.a) && p.a.length) parts.push(`A: ${p.a.join(', ')}`);
  if (Array.isArray(p.b) && p.b.length) parts.push(`B: ${p.b.join(', ')}`);
  if (Array.isArray(p.vary)) parts.push(`varying ${p.vary.join(' × ')}`);
  if (typeof p.untilCi === 'number') parts.push(`until ± ${p.untilCi}`);
  if (typeof p.maxRounds === 'number') parts.push(`round cap ${p.maxRounds}`);
  if (s.rerunOf !== null) parts.push(`a re-run of study ${s.rerunOf}`);
  return parts.join(' · ');
}

// ------------------------------------------------------------------ the page

export function Designer({ open }: { open: number | null }) {
  const [encounters, setEncounters] = useState<EncounterItem[]>([]);
  const [rulesets, setRulesets] = useState<RulesetItem[]>([]);
  const [studies, setStudies] = useState<StudyRow[]>([]);
  const [progress, setProgress] = useState<Record<number, number>>({});
  const [error, setError] = useState<Error | null>(null);
  // The latest list only: a refresh asked earlier may answer later.
  const asked = useRef(0);
  const refresh = () => {
    const n = ++asked.current;
    void api.studies().then(
      (list) => n === asked.current && setStudies(list),
      (e: Error) => setError(e),
    );
  };
  useEffect(() => void api.encounters().then(setEncounters), [changes.value]);
  useEffect(() => void api.rulesets().then(setRulesets), []);
  useEffect(refresh, [reconnects.value]);
  useEffect(
    () =>
      onStudies((m) => {
        if (m.type === 'progress') setProgress((p) => ({ ...p, [m.study]: m.done }));
        else refresh();
      }),
    [],
  );
  const go = (id: number) => (location.hash = `#/designer/${id}`);
  const shown = open ?? studies[0]?.id ?? null;
  return (
    <main class="designer">
      <StudyForm encounters={encounters} rulesets={rulesets} onStarted={go} />
      <section class="panel study-result" aria-label="result">
        {shown !== null ? (
          // A panel of its own for each study: nothing of the last one shows while the next loads.
          <ResultPanel key={shown} id={shown} done={progress[shown] ?? null} onRerun={go} />
        ) : (
          <p class="hint">
            No study yet. Choose an encounter, what to run and how many fights, and start it: the server runs
            it on its worker threads, and the figures and plots come here.
          </p>
        )}
      </section>
      <section class="panel wide" aria-label="studies">
        <h2>Studies</h2>
        <Problems error={error} />
        {studies.length === 0 && (
          <p class="hint">The studies you run are kept here, with their seed and text.</p>
        )}
        <div class="scroll">
          <table class="studies">
            <tbody>
              {studies.map((s) => (
                <tr class={s.id === shown ? 'current' : ''} data-id={s.id}>
                  <td class="num">{s.id}</td>
                  <td class="what">
                    <a href={`#/designer/${s.id}`}>{s.title}</a>
                    <span class="muted small">
                      {KIND_NAME[s.kind]}
                      {s.seed !== null && !solved(s) ? ` · seed ${s.seed}` : ''} · {s.created.slice(0, 16)}
                    </span>
                  </td>
                  <td>
                    <span class={`tag status ${s.status}`}>{s.status}</span>
                  </td>
                  <td class="muted fights">
                    {solved(s)
                      ? ''
                      : `${count(progress[s.id] !== undefined && s.status === 'running' ? (progress[s.id] ?? 0) : s.done)} / ${count(s.total)}`}
                  </td>
                  <td class="acts">
                    <button type="button" class="link" onClick={() => go(s.id)}>
                      open
                    </button>
                    <button
                      type="button"
                      class="link"
                      disabled={s.status === 'running' || s.status === 'queued'}
                      onClick={() => void api.rerunStudy(s.id).then((x) => go(x.id), setError)}
                    >
                      re-run
                    </button>
                    <button
                      type="button"
                      class="link"
                      onClick={() =>
                        void api.deleteStudy(s.id).then(() => {
                          if (open === s.id) location.hash = '#/designer';
                          refresh();
                        }, setError)
                      }
                    >
                      delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </main>
  );
}
