/**
 * Pure rules of the generic error modal: which title a failure gets, which
 * server texts are listed, and the raw answer shown in the expandable section.
 */
import { deviceStorageFailure } from '#domain/device-storage-errors';
import { msg } from '#domain/messages';
import { fieldOf, isRecord } from '#domain/guards';

/** What the app's API layer throws for an HTTP answer; status 0 = no answer at all. */
export interface ApiErrorLike {
  status: number;
  body: unknown;
}

export interface ErrorDescription {
  /** i18n key of the title. */
  title: string;
  /** Server texts (plain text or encoded domain messages), in order. */
  lines: string[];
  /** The raw answer, pretty-printed, for the expandable section ('' when there is none). */
  raw: string;
  status: number;
}

export interface DescribeErrorOptions {
  /** The failed call created a record (POST): a 400 gets the post-error title. */
  isCreate?: boolean;
}

export function isApiErrorLike(error: unknown): error is ApiErrorLike {
  return typeof fieldOf(error, 'status') === 'number';
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return isRecord(value) ? value : null;
}

function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value))
    return value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)));
  return [];
}

/**
 * True when a body is for the generic modal (a string, a list, `non_field_errors` or
 * `detail`) rather than per-field messages shown under the form's fields.
 */
export function isGenericErrorBody(body: unknown): boolean {
  if (typeof body === 'string' || Array.isArray(body)) return true;
  const record = asRecord(body);
  return record !== null && ('non_field_errors' in record || 'detail' in record);
}

/** The server texts of a body: a string, a list joined into one line, non_field_errors, detail. */
export function serverLines(body: unknown): string[] {
  if (typeof body === 'string') return body.trim() === '' ? [] : [body];
  if (Array.isArray(body)) return body.length === 0 ? [] : [texts(body).join(', ')];
  const record = asRecord(body);
  if (!record) return [];
  return [...texts(record.non_field_errors), ...texts(record.detail)];
}

export function titleKey(status: number, options: DescribeErrorOptions = {}): string {
  if (status === 0) return 'ui.errorModal.title.noResponse';
  if (status >= 500) return 'ui.errorModal.title.server';
  if (status === 400)
    return options.isCreate ? 'ui.errorModal.title.createFailed' : 'ui.errorModal.title.badRequest';
  if (status === 401) return 'ui.errorModal.title.forbidden';
  return 'ui.errorModal.title.generic';
}

function rawText(body: unknown): string {
  if (body === undefined || body === null) return '';
  if (typeof body === 'string') return body;
  try {
    return JSON.stringify(body, null, 2);
  } catch {
    return String(body);
  }
}

/** Derive what the modal shows from anything a failed call can throw. */
export function describeError(
  error: unknown,
  options: DescribeErrorOptions = {},
): ErrorDescription {
  if (isApiErrorLike(error)) {
    return {
      title: titleKey(error.status, options),
      lines: serverLines(error.body),
      raw: rawText(error.body),
      status: error.status,
    };
  }
  // The phone's own storage is full or missing: say so, not "an error occurred".
  const storage = deviceStorageFailure(error);
  if (storage) {
    const section = storage === 'full' ? 'faults.storageFull' : 'faults.storageUnavailable';
    return { title: `${section}.title`, lines: [msg(`${section}.text`)], raw: '', status: -1 };
  }
  // fetch rejects with a TypeError when no answer came back (offline, DNS, CORS).
  if (error instanceof TypeError) {
    return { title: titleKey(0), lines: [], raw: error.message, status: 0 };
  }
  const raw = error instanceof Error ? error.message : rawText(error);
  return { title: titleKey(-1), lines: [], raw, status: -1 };
}
