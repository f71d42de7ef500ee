// The encounter's board as a view of its YAML, beside the YAML and the form: the grid of a text map
// (ahq-house) or WFRP's scene in yards, read from the text the server parses and written back to
// it at every change, so that whichever view the GM edits, the others show the same encounter.
// What the server finds wrong is listed under it, as the form lists it.
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, type Creature, type Issue } from '../api.js';
import { GRID_RULESETS, SCENE_RULESETS, toYaml, type Json } from '../encounter-yaml.js';
import { GridEditor } from './grid-editor.js';
import { SceneEditor } from './scene-editor.js';
import './board.css';

export interface Edits {
  /** The encounter as last read or written. */
  readonly data: Json;
  /** The encounter as it is now, for a change made before the page has drawn the last one (a drag). */
  readonly now: () => Json;
  /** Writes a changed encounter: the views show it at once, the YAML follows. */
  readonly write: (next: Json) => void;
  readonly creatures: readonly Creature[];
}

const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

export function BoardView({ text, onText }: { text: string; onText: (t: string) => void }) {
  const [data, setData] = useState<Json | null>(null);
  const [issues, setIssues] = useState<Issue[]>([]);
  // The bestiary of the ruleset it was fetched for: names and sizes come from it.
  const [bestiary, setBestiary] = useState<{ ruleset: string; creatures: Creature[] } | null>(null);
  const latest = useRef<{ text: string; data: Json | null }>({ text, data: null });
  useEffect(() => {
    latest.current.text = text;
    const t = setTimeout(() => {
      void api.checkEncounter(text).then((r) => {
        // An answer for a text since changed (a drag goes on painting) would undo what came after.
        if (latest.current.text !== text) return;
        const d = isObject(r.data) ? r.data : null;
        latest.current.data = d;
        setData(d);
        setIssues(r.issues);
      });
    }, 250);
    return () => clearTimeout(t);
  }, [text]);
  const ruleset = typeof data?.ruleset === 'string' ? data.ruleset : '';
  useEffect(() => {
    if (!GRID_RULESETS.has(ruleset) && !SCENE_RULESETS.has(ruleset)) return;
    void api.bestiary(ruleset).then(
      (creatures) => setBestiary({ ruleset, creatures }),
      () => setBestiary({ ruleset, creatures: [] }),
    );
  }, [ruleset]);
  if (!data) return <p class="hint">The board shows an encounter once its YAML reads.</p>;
  const write = (next: Json) => {
    const t = toYaml(next);
    latest.current = { text: t, data: next };
    setData(next);
    onText(t);
  };
  const creatures = bestiary?.ruleset === ruleset ? bestiary.creatures : null;
  const edits: Edits = { data, now: () => latest.current.data ?? data, write, creatures: creatures ?? [] };
  return (
    <div class="board-view">
      {(GRID_RULESETS.has(ruleset) || SCENE_RULESETS.has(ruleset)) && !creatures ? (
        // Until the bestiary comes, a troll would take one square, not four.
        <p class="hint">Reading the bestiary…</p>
      ) : GRID_RULESETS.has(ruleset) ? (
        <GridEditor {...edits} />
      ) : SCENE_RULESETS.has(ruleset) ? (
        <SceneEditor {...edits} />
      ) : (
        <p class="hint">
          {ruleset ? `${ruleset} fights` : 'This encounter is fought'} without a board or a scene: nobody has
          a place to set.
        </p>
      )}
      {issues.length > 0 && (
        <ul class="problems" aria-label="problems the check finds">
          {issues.map((i) => (
            <li>
              {i.path && <code>{i.path}</code>} {i.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
