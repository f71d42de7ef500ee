import { ScriptedDice } from '../../src/dice/index.js';
import { AutoDriver } from '../../src/core/context.js';
import type { AmountRequest, ChoiceRequest } from '../../src/core/request.js';

/** Dice from one list, decisions from another, each decision checked against the topic it answers. */
export class ScriptDriver extends AutoDriver {
  private next = 0;
  readonly asked: string[] = [];
  constructor(
    dice: ScriptedDice,
    private readonly decisions: readonly (readonly [string, string | number])[],
  ) {
    super(dice);
  }
  private take(topic: string, label: string): string | number {
    const d = this.decisions[this.next];
    this.asked.push(`${topic}: ${label}`);
    if (!d) throw new Error(`no scripted decision for ${topic} (${label})`);
    if (d[0] !== topic) throw new Error(`decision ${this.next + 1}: scripted ${d[0]} but asked ${topic} (${label})`);
    this.next++;
    return d[1];
  }
  override choose(req: ChoiceRequest): string {
    return String(this.take(req.topic, req.label));
  }
  override amount(req: AmountRequest): number {
    return Number(this.take(req.topic, req.label));
  }
  get unusedDecisions(): number {
    return this.decisions.length - this.next;
  }
}
