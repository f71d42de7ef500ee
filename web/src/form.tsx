// An encounter as a form: each side and each combatant's fields, checked by the server with the
// same schemas as the command line as they are typed, each problem shown beside its field. The
// form writes the YAML back (comments are not kept: the YAML view keeps them).
import { useEffect, useState } from 'preact/hooks';
import { api, type Issue } from './api.js';
import { GRID_RULESETS, toYaml, type Json } from './encounter-yaml.js';

function Field({
  label,
  value,
  problems,
  onChange,
  width = 'short',
}: {
  label: string;
  value: string;
  problems: readonly string[];
  onChange: (v: string) => void;
  width?: string;
}) {
  return (
    <label class={`field ${problems.length ? 'bad' : ''}`}>
      <span class="flabel">{label}</span>
      <input
        class={width}
        value={value}
        aria-label={label}
        onChange={(e) => onChange(e.currentTarget.value)}
      />
      {problems.map((p) => (
        <span class="field-problem">{p}</span>
      ))}
    </label>
  );
}

const asText = (v: unknown) => (v === undefined ? '' : Array.isArray(v) ? v.join(', ') : String(v));
const asList = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
const asValue = (s: string): unknown =>
  s.trim() === '' ? undefined : /^-?\d+$/.test(s.trim()) ? Number(s) : s.trim();

export function EncounterForm({ text, onText }: { text: string; onText: (t: string) => void }) {
  const [data, setData] = useState<Json | null>(null);
  const [issues, setIssues] = useState<Issue[]>([]);
  useEffect(() => {
    const t = setTimeout(() => {
      void api.checkEncounter(text).then((r) => {
        setData(r.data && typeof r.data === 'object' && !Array.isArray(r.data) ? (r.data as Json) : null);
        setIssues(r.issues);
      });
    }, 250);
    return () => clearTimeout(t);
  }, [text]);
  if (!data || !Array.isArray(data.sides))
    return <p class="hint">The form shows an encounter once it has sides.</p>;
  const sides = data.sides as Json[];
  const at = (path: string) =>
    issues.filter((i) => i.path === path || i.path.startsWith(`${path}.`)).map((i) => i.message);
  const placed = new Set<string>();
  const seen = (path: string) => {
    placed.add(path);
    return at(path);
  };
  const set = (s: number, c: number | null, field: string, value: unknown) => {
    const next = structuredClone(data);
    const side = (next.sides as Json[])[s] as Json;
    const target = c === null ? side : ((side.combatants as Json[])[c] as Json);
    if (value === undefined) delete target[field];
    else target[field] = value;
    onText(toYaml(next));
  };
  const setProfile = (s: number, c: number, key: string, value: unknown) => {
    const next = structuredClone(data);
    const target = ((next.sides as Json[])[s]?.combatants as Json[])[c] as Json;
    const profile = { ...((target.profile as Json | undefined) ?? {}) };
    if (value === undefined) delete profile[key];
    else profile[key] = value;
    target.profile = profile;
    onText(toYaml(next));
  };
  const form = (
    <div class="form">
      {sides.map((side, s) => (
        <fieldset class="side-form">
          <legend>Side {s + 1}</legend>
          <Field
            label={`side ${s + 1} name`}
            value={asText(side.name)}
            problems={seen(`sides[${s}].name`)}
            onChange={(v) => set(s, null, 'name', v)}
            width="mid"
          />
          {((side.combatants as Json[] | undefined) ?? []).map((c, j) => {
            const p = `sides[${s}].combatants[${j}]`;
            const profile = (c.profile as Json | undefined) ?? {};
            return (
              <div class="combatant-form">
                <Field
                  label="name"
                  value={asText(c.name)}
                  problems={seen(`${p}.name`)}
                  onChange={(v) => set(s, j, 'name', asValue(v))}
                  width="mid"
                />
                <Field
                  label="use"
                  value={asText(c.use)}
                  problems={seen(`${p}.use`)}
                  onChange={(v) => set(s, j, 'use', asValue(v))}
                />
                {/* On a grid a group is one square per model, placed on the board. */}
                {!GRID_RULESETS.has(String(data.ruleset)) && (
                  <Field
                    label="count"
                    value={asText(c.count)}
                    problems={seen(`${p}.count`)}
                    onChange={(v) => set(s, j, 'count', asValue(v))}
                  />
                )}
                {Object.keys(profile).map((k) => (
                  <Field
                    label={k}
                    value={asText(profile[k])}
                    problems={seen(`${p}.profile.${k}`)}
                    onChange={(v) => setProfile(s, j, k, asValue(v))}
                  />
                ))}
                <Field
                  label="weapons"
                  value={asText(c.weapons)}
                  problems={seen(`${p}.weapons`)}
                  onChange={(v) => set(s, j, 'weapons', asList(v))}
                  width="mid"
                />
                <Field
                  label="armour"
                  value={asText(c.armour)}
                  problems={seen(`${p}.armour`)}
                  onChange={(v) => set(s, j, 'armour', asList(v))}
                  width="mid"
                />
              </div>
            );
          })}
        </fieldset>
      ))}
    </div>
  );
  const rest = issues.filter(
    (i) => ![...placed].some((p) => i.path === p || i.path.startsWith(`${p}.`) || i.path.startsWith(`${p}[`)),
  );
  return (
    <div>
      {rest.length > 0 && (
        <ul class="problems">
          {rest.map((i) => (
            <li>
              {i.path && <code>{i.path}</code>} {i.message}
            </li>
          ))}
        </ul>
      )}
      {form}
    </div>
  );
}
