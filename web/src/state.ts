// What the pages share: a count bumped whenever the server says something changed, and the
// latest word of the designer's studies (progress, a status).
import { signal } from '@preact/signals';
import type { StudyMessage } from './api.js';

export const changes = signal(0);
export const studyNews = signal<StudyMessage | null>(null);
