/**
 * Business constants and limits (re-exported by codes.ts; docs/business-rules.md).
 * Money bounds are integer cents.
 */

/** Amount bounds 0.01 to 9999999. */
export const AMOUNT_MIN_CENTS = 1;
export const AMOUNT_MAX_CENTS = 999_999_900;
/** Payment parts (capital, ordinary, late) may be 0. */
export const PAYMENT_PART_MIN_CENTS = 0;

export const TOKEN_REFRESH_MS = 300_000;
export const REFRESH_WINDOW_MS = 24 * 60 * 60 * 1000;
export const TSELTAL_NUMBER_MAX = 60_800_000;
export const MS_PER_DAY = 86_400_000;

/** Map default centre [lat, lng] and zoom. */
export const MAP_CENTER: readonly [number, number] = [17.1, -92.05];
export const MAP_ZOOM = 10;
export const PROCESS_CIRCLE_RADIUS_PER_MEMBER = 80;

export const TEXTAREA_MAX = 100;
export const ALNUM_REF_MAX = 60;
export const CURP_LENGTH = 18;
export const PHONE_MIN = 10;
export const PREVIOUS_KEY_MAX = 11;
export const REQUEST_TERM_MAX = 100;
export const APPROVED_TERM_MAX = 240;
export const EXTENSION_MONTHS_MAX = 14;
/** Rates 0.01 to 100 percent with at most 4 decimals. */
export const RATE_MIN = 0.01;
export const RATE_MAX = 100;
/** X-Captured-At may not be older than this (docs/architecture.md#api-conventions). */
export const CAPTURED_AT_MAX_AGE_DAYS = 60;

/** Suggested amount options: 30 % and 50 % of the member's contribution balance. */
export const SUGGESTED_AMOUNT_PERCENTS: readonly number[] = [30, 50];

/** Storage limits not named by the spec (user names as in the original user table). */
export const NAME_MAX = 150;
export const PHONE_MAX = 20;
/** Generic limit for free single-line texts the spec gives no bound for. */
export const SHORT_TEXT_MAX = 255;
