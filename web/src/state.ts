// What the pages share: a count bumped whenever the server says something changed.
import { signal } from '@preact/signals';

export const changes = signal(0);
