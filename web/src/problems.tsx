// A refused request as the GM's pages show it: each problem the server found, at its line and
// field, or the server's message.
import { ApiError } from './api.js';

/**
 * `quiet`: listed without being announced, for problems found as the GM types (an alert each time
 * the typing pauses would talk over the typing); the check on saving announces them.
 */
export function Problems({ error, quiet = false }: { error: ApiError | Error | null; quiet?: boolean }) {
  if (!error) return null;
  const issues = error instanceof ApiError ? error.issues : [];
  // 507: the disk refused the write; nothing the GM did was wrong, and nothing of it was kept.
  const unwritten = error instanceof ApiError && error.status === 507;
  return (
    <div class="problems" role={quiet ? undefined : 'alert'}>
      {unwritten && (
        <p>
          <strong>The campaign could not be written.</strong>
        </p>
      )}
      {issues.length ? (
        <ul>
          {issues.map((i) => (
            <li>
              {i.line !== undefined && <span class="at">line {i.line}</span>}{' '}
              {i.path && <code>{i.path}</code>} {i.message}
            </li>
          ))}
        </ul>
      ) : (
        <p>{unwritten ? afterHeading(error.message) : error.message}</p>
      )}
    </div>
  );
}

/** The server's sentence after the heading that already says it: "The disk it is on is full …". */
function afterHeading(message: string): string {
  const rest = message.replace(/^the campaign could not be written: /, '');
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}
