// What the pages share: a count bumped whenever the server says something changed.
import { signal } from '@preact/signals';

export const changes = signal(0);

/** The last change the server told of (a player's answer says who gave it). */
export const lastChange = signal<{ fight: number | null; what: string; by?: string } | null>(null);
