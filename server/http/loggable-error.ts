/**
 * What the log keeps of an unexpected error. Drizzle's query errors carry the values being
 * written (names, CURP, phone numbers) in their message, their stack and `params`; a database
 * error quotes values in its `detail` and, for bad data (SQLSTATE class 22), in its message.
 * The log gets the error's type, the SQL with its placeholders, the database's code,
 * constraint, table and column, and the stack frames: enough to find the fault, no personal
 * data.
 */

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null;

/** Stack frames only (the first lines repeat the message). */
function frames(stack: unknown): string | undefined {
  if (typeof stack !== 'string') return undefined;
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

/** A database error's identifying fields; values quoted in a data error's message masked. */
function databaseFields(error: Fields): Fields {
  const code = typeof error.code === 'string' ? error.code : undefined;
  const message = typeof error.message === 'string' ? error.message : undefined;
  const out: Fields = {
    message: code?.startsWith('22') ? message?.replace(/"[^"]*"/g, '"…"') : message,
  };
  for (const key of ['code', 'severity', 'constraint', 'table', 'column', 'routine'] as const) {
    if (error[key] !== undefined) out[key] = error[key];
  }
  return out;
}

export function loggableError(error: unknown): Fields {
  if (!isObject(error)) return { message: String(error) };
  const type = error instanceof Error ? error.constructor.name : 'Object';
  // Drizzle: `query` (placeholders only) and `params` (the values) around the driver's error.
  if (typeof error.query === 'string' && Array.isArray(error.params)) {
    return {
      type,
      query: error.query,
      ...(isObject(error.cause) && { cause: databaseFields(error.cause) }),
      stack: frames(error.stack),
    };
  }
  if (typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code)) {
    return { type, ...databaseFields(error), stack: frames(error.stack) };
  }
  return { type, message: error.message, stack: error.stack };
}
