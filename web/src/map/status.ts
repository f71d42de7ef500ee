// The map's status line: a refusal or what was sent, else what is under the pointer (a destination
// and the engine's verdict on it, a model within reach), else the distances of the model in focus.
import type { FightMap, MapModel, MapPoint, MapTargets } from '../../../src/core/map.js';
import { modelAt, type Verdict } from './answers.js';
import { apart, fmt } from './geometry.js';

export interface StatusOf {
  readonly map: FightMap;
  readonly targets: MapTargets | null;
  /** What was said of the last click (sent, refused), while the pointer stays there. */
  readonly message: string | null;
  readonly hover: MapPoint | null;
  /** A destination a first tap showed (a touch screen), sent by a second tap there. */
  readonly preview: MapPoint | null;
  readonly mover: MapModel | undefined;
  readonly moverCentre: MapPoint | null;
  /** The engine's verdict where the pointer is. */
  readonly hovered: Verdict | null;
  readonly focus: MapModel | undefined;
  readonly shown: readonly MapModel[];
  readonly nameOf: (m: MapModel) => string;
}

export function statusLine(s: StatusOf): string {
  const { map, targets, message, hover, preview, mover, moverCentre, hovered, focus, shown, nameOf } = s;
  if (message) return message;
  if (hover && mover && moverCentre) {
    const m = modelAt(map, shown, hover);
    const contact = m ? targets?.contacts.find((c) => c.model === m.id) : undefined;
    const d = Math.hypot(hover.x - moverCentre.x, hover.y - moverCentre.y);
    const square = { x: Math.floor(hover.x), y: Math.floor(hover.y) };
    const steps = apart(map, mover, { ...mover, at: square, size: 1 }).value;
    const where =
      map.kind === 'grid'
        ? `(${square.x}, ${square.y})${steps > 0 ? `, ${steps} square${steps === 1 ? '' : 's'} from ${mover.name}` : ''}`
        : `(${fmt(hover.x)}, ${fmt(hover.y)}), ${fmt(d)} yards from ${mover.name}`;
    const go = preview ? 'tap again' : 'click';
    let status: string;
    if (m && m.id !== mover.id && contact)
      status = contact.answer
        ? `${m.name}: ${go} to close with it (${contact.answer})`
        : `${m.name}: ${contact.why ?? ''}`;
    else if (!hovered) status = `${where}: not judged here (${go} to ask the engine)`;
    else status = hovered.legal ? `${where}: legal, ${go} to move there` : `${where}: ${hovered.why ?? ''}`;
    // On the plane the verdict shown is the nearest judged point's; the engine judges the point clicked.
    if (
      map.kind === 'plane' &&
      hovered &&
      !m &&
      Math.hypot(hovered.at.x - hover.x, hovered.at.y - hover.y) > 0.05
    )
      status += ` (as judged at (${fmt(hovered.at.x)}, ${fmt(hovered.at.y)}))`;
    return status;
  }
  if (focus) {
    const others = shown
      .filter((o) => o !== focus && o.out === null)
      .map((o) => ({ o, d: apart(map, focus, o) }))
      .sort((a, b) => a.d.value - b.d.value)
      .slice(0, 6)
      .map(({ o, d }) => `${o.name} ${d.text}`);
    return `${nameOf(focus)}${focus.out ? ` (${focus.out})` : ''}${focus.alt ? `, ${fmt(focus.alt)} yards up` : ''}: ${others.join(' · ') || 'nobody else standing'}`;
  }
  if (targets && mover)
    return `${mover.name} moves: the shaded ground is legal; point at a spot to see why elsewhere.`;
  return 'Point at a model (or tap it) for its distances and reaches.';
}
