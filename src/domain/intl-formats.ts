/**
 * Intl.DateTimeFormat instances kept per purpose and time zone: building one costs far more
 * than using it, and lists, exports and receipts format thousands of instants.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

/** The formatter `purpose` of `timeZone`, built once with `options`. */
export function dateTimeFormatOf(
  purpose: string,
  timeZone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${purpose} ${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}
