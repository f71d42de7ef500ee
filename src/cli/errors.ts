import { ValidationError } from '../core/document.js';
import { OddsBudgetError } from '../core/odds.js';
import { InputError } from '../core/request.js';
import { DiceNotationError, ImpossibleRollError, ScriptExhaustedError, SeedError } from '../dice/index.js';
import { FileError } from '../files/disk.js';
import { UsageError } from './usage.js';

export { UsageError };

/** Errors caused by what the user handed in: said plainly, exit code 2, nothing written. */
export function isUserError(e: unknown): boolean {
  return (
    e instanceof ValidationError ||
    e instanceof FileError ||
    e instanceof SeedError ||
    e instanceof DiceNotationError ||
    e instanceof ImpossibleRollError ||
    e instanceof ScriptExhaustedError ||
    e instanceof InputError ||
    e instanceof OddsBudgetError ||
    e instanceof UsageError
  );
}
