/**
 * The shared field checks (docs/business-rules.md#field-validation) as zod 4 building blocks.
 *
 * Every block accepts what a form gives (strings, usually untrimmed) AND what JSON gives
 * (numbers, null, missing keys, booleans where relevant), checks the TRIMMED text, and outputs
 * the value the API and the database use. A failing field reports exactly one issue, whose
 * message is an i18n key built with `msg()` (section `validation` of locales/*.json), so the
 * client and the server both render the spec's Spanish text (or its translation).
 *
 * Semantics chosen here (the spec gives only the texts):
 * - Checks run in this order and the first failure wins: required → type/format → bounds.
 *   For texts: required → minimum length → maximum length → character class.
 * - Numeric bounds are INCLUSIVE: 0.01 is a valid amount and 0.009 is not. The messages
 *   "el número debe ser mayor a N" / "menor a N" show the bound N as the spec writes it
 *   (0.01, 1, 9999999), even though the bound itself is allowed.
 * - "Integer" means digits only (no sign, no decimal point): "-1" and "1.0" are not integers.
 *   A JSON number is accepted when it is a non-negative safe integer.
 * - Decimals are parsed from their text, never through binary floats (see money.ts).
 */
import * as z from 'zod';
import { msg } from './messages';
import { splitDecimal, typedMoneyText } from './money';
import { addDays, isIsoDate, todayIn, type IsoDate } from './dates';

/** What a field may receive: form text or a JSON scalar. */
export type TextInput = string | number | null | undefined;
/** What a yes/no field may receive. */
export type BoolInput = boolean | string | number | null | undefined;
/** Today's ISO date, asked at validation time so a long-lived schema never goes stale. */
export type TodayFn = () => IsoDate;

/** Field of any kind whose output depends on whether it is required. */
export type Field<Out, In = TextInput> = z.ZodType<Out, In>;
type Maybe<Req extends boolean, T> = Req extends false ? T | null : T;

/**
 * A checked value as the field's output type. TypeScript cannot relate a value to a
 * conditional type of a still-generic `Req`; every block below has already refused an empty
 * value when `required`, so a null reaches here only for an optional field.
 */
function fieldValue<Req extends boolean, T>(value: T | null): Maybe<Req, T> {
  return value as Maybe<Req, T>;
}

const M = {
  required: () => msg('validation.required'),
  requiredNumber: () => msg('validation.requiredNumber'),
  minLength: (n: number) => msg('validation.minLength', { n }),
  maxLength: (n: number) => msg('validation.maxLength', { n }),
  email: () => msg('validation.email'),
  integer: () => msg('validation.integer'),
  alphanumeric: () => msg('validation.alphanumeric'),
  min: (n: string) => msg('validation.min', { n }),
  max: (n: string) => msg('validation.max', { n }),
  decimal: (places: DecimalPlaces) =>
    msg(places === 2 ? 'validation.decimal2' : 'validation.decimal4'),
  notFuture: () => msg('validation.notFuture'),
  dateTooEarly: (from: IsoDate) => msg('validation.dateTooEarly', { fecha: from }),
  dateTooLate: (until: IsoDate) => msg('validation.dateTooLate', { fecha: until }),
  invalidDate: () => msg('validation.invalidDate'),
  invalidChoice: () => msg('validation.invalidChoice'),
  invalidValue: () => msg('validation.invalidValue'),
  moneyFormat: () => msg('validation.moneyFormat'),
} as const;

const ALNUM_RE = /^[\p{L}\p{Nd}]+$/u;
const DIGITS_RE = /^\d+$/;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isTextInput(value: unknown): value is TextInput {
  return (
    value == null ||
    typeof value === 'string' ||
    (typeof value === 'number' && Number.isFinite(value))
  );
}

/** Trimmed text of a field value; '' for null/undefined. */
export function fieldText(value: TextInput): string {
  if (value == null) return '';
  return typeof value === 'number' ? String(value) : value.trim();
}

/**
 * The type gate every scalar block starts with; a wrong JSON type is "Valor no válido".
 * Marked optional-in so that zod lets a missing key through to the block, which then decides
 * (zod 4 would otherwise report its own "nonoptional" issue for an absent key).
 */
function scalar(): z.ZodType<TextInput, TextInput> {
  return z.custom<TextInput>(isTextInput, { error: M.invalidValue() }).optional();
}

function boolGate(): z.ZodType<BoolInput, BoolInput> {
  return z.custom<BoolInput>((v) => readBool(v) !== 'bad', { error: M.invalidValue() }).optional();
}

// ---------------------------------------------------------------- text

export interface TextRules {
  /** Minimum length of the trimmed text. */
  min?: number;
  /** Maximum length of the trimmed text. */
  max?: number;
  /** Letters and digits only ("Sólo pueden ser números o letras"). */
  alnum?: boolean;
  /** Digits only ("Debe ser un número entero"), e.g. phone numbers kept as text. */
  digits?: boolean;
  /** E-mail format. */
  email?: boolean;
  /** Output upper-cased (bank references). */
  upper?: boolean;
  /** Output the text as typed instead of trimmed (passwords); checks still use the trim. */
  raw?: boolean;
}

/** The message of the first text rule the trimmed text breaks, or null. */
export function textProblem(text: string, rules: TextRules): string | null {
  if (rules.min !== undefined && text.length < rules.min) return M.minLength(rules.min);
  if (rules.max !== undefined && text.length > rules.max) return M.maxLength(rules.max);
  if (rules.digits && !DIGITS_RE.test(text)) return M.integer();
  if (rules.alnum && !ALNUM_RE.test(text)) return M.alphanumeric();
  if (rules.email && !EMAIL_RE.test(text)) return M.email();
  return null;
}

function textBlock<Req extends boolean>(
  required: Req,
  rules: TextRules,
): Field<Maybe<Req, string>> {
  return scalar().transform((value: TextInput, ctx) => {
    // A number is no text (`1e308` would be stored as "1e+308"), except a whole one where the
    // text is digits only (a phone number a spreadsheet or an old record kept as a number).
    if (typeof value === 'number' && !(rules.digits && Number.isSafeInteger(value) && value >= 0)) {
      ctx.addIssue({ code: 'custom', message: M.invalidValue(), input: value });
      return z.NEVER;
    }
    const text = fieldText(value);
    if (text === '') {
      if (required) {
        ctx.addIssue({ code: 'custom', message: M.required(), input: value });
        return z.NEVER;
      }
      return fieldValue<Req, string>(null);
    }
    const problem = textProblem(text, rules);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem, input: value });
      return z.NEVER;
    }
    const out = rules.raw && typeof value === 'string' ? value : text;
    return fieldValue<Req, string>(rules.upper ? out.toUpperCase() : out);
  });
}

/** Required text ("Campo requerido" when empty after trimming) → trimmed string. */
export function requiredText(rules: TextRules = {}): Field<string> {
  return textBlock(true, rules);
}

/** Optional text: ''/null/undefined → null; otherwise checked like requiredText. */
export function optionalText(rules: TextRules = {}): Field<string | null> {
  return textBlock(false, rules);
}

// ---------------------------------------------------------------- integers

export interface IntegerRules<Req extends boolean> {
  min?: number;
  max?: number;
  /** Default true: empty → "Se requiere un número". false: empty → null. */
  required?: Req;
}

/** Digits-only integer (text or JSON number) with inclusive bounds → number. */
export function integerField<Req extends boolean = true>(
  rules: IntegerRules<Req> = {},
): Field<Maybe<Req, number>> {
  const required = rules.required !== false;
  return scalar().transform((value: TextInput, ctx) => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message, input: value });
      return z.NEVER;
    };
    const text = fieldText(value);
    if (text === '') return required ? fail(M.requiredNumber()) : fieldValue<Req, number>(null);
    if (!DIGITS_RE.test(text)) return fail(M.integer());
    const n = Number(text);
    if (!Number.isSafeInteger(n)) return fail(M.integer());
    if (rules.min !== undefined && n < rules.min) return fail(M.min(String(rules.min)));
    if (rules.max !== undefined && n > rules.max) return fail(M.max(String(rules.max)));
    return fieldValue<Req, number>(n);
  });
}

// ---------------------------------------------------------------- decimals

export type DecimalPlaces = 2 | 4;

/**
 * Parse a decimal into an integer count of 10^-places units ("1040.5", 2 → 104050), or
 * 'format' when it is not a decimal, or 'places' when it carries more decimals than allowed.
 */
export function parseFixed(
  value: string | number,
  places: DecimalPlaces,
): number | 'format' | 'places' {
  const parts = splitDecimal(value);
  if (!parts) return 'format';
  if (parts.fraction.length > places) return 'places';
  const units = Number(parts.whole + parts.fraction.padEnd(places, '0'));
  if (!Number.isSafeInteger(units)) return 'format';
  return parts.negative && units !== 0 ? -units : units;
}

/** Units of 10^-places as the shortest decimal text (1, 2 → "0.01"; 999999900, 2 → "9999999"). */
export function unitsToPlain(units: number, places: DecimalPlaces): string {
  return unitsToFixed(units, places).replace(/\.?0+$/, '') || '0';
}

/** Units of 10^-places as text with exactly `places` decimals (25000, 4 → "2.5000"). */
export function unitsToFixed(units: number, places: DecimalPlaces): string {
  const scale = 10 ** places;
  const abs = Math.abs(units);
  const whole = Math.floor(abs / scale);
  const fraction = String(abs % scale).padStart(places, '0');
  return `${units < 0 ? '-' : ''}${whole}.${fraction}`;
}

interface UnitsRules<Req extends boolean> {
  places: DecimalPlaces;
  /** Inclusive bounds in units of 10^-places. */
  min?: number;
  max?: number;
  /** Exclusive lower bound in units: "mayor a N" says exactly what is refused. */
  above?: number;
  required?: Req;
  /** Money as people type it: "$" and thousands commas read, other groupings refused. */
  typed?: boolean;
}

function unitsBlock<Req extends boolean>(rules: UnitsRules<Req>): Field<Maybe<Req, number>> {
  for (const bound of [rules.min, rules.max, rules.above]) {
    if (bound !== undefined && !Number.isSafeInteger(bound)) {
      throw new RangeError(
        `Decimal bounds are integer units of 10^-${rules.places}: ${String(bound)}`,
      );
    }
  }
  const required = rules.required !== false;
  return scalar().transform((value: TextInput, ctx) => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message, input: value });
      return z.NEVER;
    };
    const text = fieldText(value);
    if (text === '') return required ? fail(M.requiredNumber()) : fieldValue<Req, number>(null);
    const plain = rules.typed && typeof value === 'string' ? typedMoneyText(text) : text;
    if (plain === 'ambiguous') return fail(M.moneyFormat());
    const units = plain === 'format' ? plain : parseFixed(plain, rules.places);
    if (typeof units !== 'number') return fail(M.decimal(rules.places));
    if (rules.min !== undefined && units < rules.min)
      return fail(M.min(unitsToPlain(rules.min, rules.places)));
    if (rules.above !== undefined && units <= rules.above)
      return fail(M.min(unitsToPlain(rules.above, rules.places)));
    if (rules.max !== undefined && units > rules.max)
      return fail(M.max(unitsToPlain(rules.max, rules.places)));
    return fieldValue<Req, number>(units);
  });
}

export interface MoneyRules<Req extends boolean> {
  /** Inclusive bounds in CENTS (AMOUNT_MIN_CENTS = 1 is 0.01). */
  min?: number;
  max?: number;
  required?: Req;
}

/**
 * Amount with at most 2 decimals → INTEGER CENTS ("1040.5" → 104050), read as people write it
 * ("1,000", "$1,000.50": money.ts `typedMoneyText`). Too many decimals or not a number: "Debe
 * ser un número con máximo 2 decimales"; another convention's grouping ("1.000,50"): the
 * expected format. Bounds in cents, shown as written ("el número debe ser mayor a 0.01").
 */
export function moneyField<Req extends boolean = true>(
  rules: MoneyRules<Req> = {},
): Field<Maybe<Req, number>> {
  return unitsBlock({ places: 2, ...rules, typed: true });
}

export interface DecimalRules<Req extends boolean> {
  places: DecimalPlaces;
  /** Inclusive bounds as decimal text ("0.01", "100"). */
  min?: string;
  max?: string;
  /** Exclusive lower bound as decimal text ("0": more than nothing). */
  above?: string;
  required?: Req;
}

function boundUnits(bound: string | undefined, places: DecimalPlaces): number | undefined {
  if (bound === undefined) return undefined;
  const units = parseFixed(bound, places);
  if (typeof units !== 'number') throw new RangeError(`Bad decimal bound: ${bound}`);
  return units;
}

/**
 * Exact decimal with at most `places` decimals → text with exactly `places` decimals, the
 * stored-decimal form of the API ("12.5", 2 → "12.50"). Used for kilos.
 */
export function decimalField<Req extends boolean = true>(
  rules: DecimalRules<Req>,
): Field<Maybe<Req, string>> {
  const units = unitsBlock<Req>({
    places: rules.places,
    min: boundUnits(rules.min, rules.places),
    max: boundUnits(rules.max, rules.places),
    above: boundUnits(rules.above, rules.places),
    required: rules.required,
  });
  return units.transform((u) =>
    fieldValue<Req, string>(u === null ? null : unitsToFixed(u, rules.places)),
  );
}

/**
 * Interest rate in percent: exact decimal with at most 4 decimals, 0.01 to 100 (inclusive)
 * → text with exactly 4 decimals ("2.5" → "2.5000"), how rates are stored and sent. Use
 * `parseFixed(rate, 4)` to get exact ten-thousandths for arithmetic.
 */
export function rateField<Req extends boolean = true>(
  rules: { required?: Req } = {},
): Field<Maybe<Req, string>> {
  return decimalField<Req>({ places: 4, min: '0.01', max: '100', required: rules.required });
}

// ---------------------------------------------------------------- dates

/** What form-schema factories take where the calendar matters. */
export interface SchemaContext {
  /** Today's date (tests, the server's request clock); default todayIn() at validation time. */
  today?: IsoDate | TodayFn;
}

/**
 * Plausible dates by what they record (one table for the phone's forms and the server): the
 * earliest, and the latest counted from the cooperative's today. A member born in 1899, a loan
 * started in 1899 (its debt grew for 126 years) or a joining date in 2099 is a typing slip.
 */
export const DATE_RANGES = {
  /** A member's birth. */
  birth: { from: '1900-01-01', until: 'today' },
  /** Joining the cooperative or a program; a contract's start. The office may date tomorrow. */
  joining: { from: '1990-01-01', until: 'tomorrow' },
  contract: { from: '1990-01-01', until: 'tomorrow' },
  /** What a capture records (a payment, a collection, a movement, a request, a bank date). */
  capture: { from: '1990-01-01', until: 'today' },
} as const satisfies Record<string, { from: IsoDate; until: 'today' | 'tomorrow' }>;

export type DateKind = keyof typeof DATE_RANGES;

export interface DateRules<Req extends boolean> {
  /** The plausible range of `DATE_RANGES` the date must fall in (when present). */
  kind?: DateKind;
  /** Reject dates after today ("La fecha debe ser hoy o anterior a hoy"). */
  notFuture?: boolean;
  /** Today's date, or a function asked at validation time. Default: todayIn(). */
  today?: IsoDate | TodayFn;
  required?: Req;
}

/** Turn a form-schema context into a today function (default: today in Mexico City). */
export function todayFn(today?: IsoDate | TodayFn): TodayFn {
  if (typeof today === 'function') return today;
  if (today !== undefined) {
    if (!isIsoDate(today)) throw new RangeError(`today must be YYYY-MM-DD: ${today}`);
    return () => today;
  }
  return () => todayIn();
}

/** Calendar date 'YYYY-MM-DD' (a real date) → the same string; optional not-in-future check. */
export function isoDateField<Req extends boolean = true>(
  rules: DateRules<Req> = {},
): Field<Maybe<Req, IsoDate>> {
  const required = rules.required !== false;
  const today = todayFn(rules.today);
  return scalar().transform((value: TextInput, ctx) => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message, input: value });
      return z.NEVER;
    };
    const text = typeof value === 'number' ? '' : fieldText(value);
    if (value == null || (typeof value === 'string' && text === '')) {
      return required ? fail(M.required()) : fieldValue<Req, IsoDate>(null);
    }
    if (!isIsoDate(text)) return fail(M.invalidDate());
    const outOfRange = dateRangeMessage(text, rules, today);
    if (outOfRange !== null) return fail(outOfRange);
    return fieldValue<Req, IsoDate>(text);
  });
}

/**
 * Why a real date `text` breaks `rules` (not in the future, its `DATE_RANGES` kind), or null.
 * Also for a check made outside a field (a date compared with what is stored first).
 */
export function dateRangeMessage(
  text: IsoDate,
  rules: Pick<DateRules<boolean>, 'kind' | 'notFuture'>,
  today: TodayFn,
): string | null {
  if (rules.notFuture && text > today()) return M.notFuture();
  if (rules.kind === undefined) return null;
  const range = DATE_RANGES[rules.kind];
  if (text < range.from) return M.dateTooEarly(range.from);
  const latest = range.until === 'today' ? today() : addDays(today(), 1);
  if (text > latest) return range.until === 'today' ? M.notFuture() : M.dateTooLate(latest);
  return null;
}

// ---------------------------------------------------------------- choices

/** One code of a list; empty → "Campo requerido", unknown code → "Opción no válida". */
export function enumField<const T extends readonly (string | number)[], Req extends boolean = true>(
  list: T,
  rules: { required?: Req } = {},
): Field<Maybe<Req, T[number]>> {
  const required = rules.required !== false;
  return scalar().transform((value: TextInput, ctx) => {
    const text = fieldText(value);
    if (text === '') {
      if (!required) return fieldValue<Req, T[number]>(null);
      ctx.addIssue({ code: 'custom', message: M.required(), input: value });
      return z.NEVER;
    }
    const found = list.find((code) => String(code) === text);
    if (found === undefined) {
      ctx.addIssue({ code: 'custom', message: M.invalidChoice(), input: value });
      return z.NEVER;
    }
    return fieldValue<Req, T[number]>(found);
  });
}

/** Id of a reference record (region, community, cargo…): required positive integer. */
export function idField<Req extends boolean = true>(
  rules: { required?: Req } = {},
): Field<Maybe<Req, number>> {
  return integerField<Req>({ min: 1, required: rules.required });
}

function readBool(value: unknown): boolean | null | 'bad' {
  if (value == null || value === '') return null;
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'on' || value === 1 || value === '1') return true;
  if (value === 'false' || value === 'off' || value === 0 || value === '0') return false;
  return 'bad';
}

/** Checkbox: true/false (also "true"/"false", "on", 1/0); empty → false. */
export function booleanField(): Field<boolean, BoolInput> {
  return boolGate().transform((v) => readBool(v) === true);
}

/** Yes/no that must be answered (JSON booleans of a payload): empty → "Campo requerido". */
export function requiredBooleanField(): Field<boolean, BoolInput> {
  return boolGate().transform((v, ctx) => {
    const b = readBool(v);
    if (b === null || b === 'bad') {
      ctx.addIssue({ code: 'custom', message: M.required(), input: v });
      return z.NEVER;
    }
    return b;
  });
}

/** Yes / no / unanswered (the control-desk questions): empty → null. */
export function nullableBooleanField(): Field<boolean | null, BoolInput> {
  return boolGate().transform((v) => {
    const b = readBool(v);
    return b === 'bad' ? null : b;
  });
}

/** A list of ids (cargo_coop, selected rows): each a positive integer; `min` items at least. */
export function idListField(rules: { min?: number } = {}): Field<number[], unknown> {
  return z
    .custom<unknown>(() => true)
    .optional()
    .transform((value: unknown, ctx) => {
      const items = value == null || value === '' ? [] : Array.isArray(value) ? value : [value];
      const ids: number[] = [];
      for (const item of items) {
        const text = isTextInput(item) ? fieldText(item) : '';
        const n = Number(text);
        if (!DIGITS_RE.test(text) || !Number.isSafeInteger(n) || n < 1) {
          ctx.addIssue({ code: 'custom', message: M.invalidValue(), input: value });
          return z.NEVER;
        }
        if (!ids.includes(n)) ids.push(n);
      }
      if (rules.min !== undefined && ids.length < rules.min) {
        ctx.addIssue({ code: 'custom', message: M.required(), input: value });
        return z.NEVER;
      }
      return ids;
    });
}

/** E-mail → trimmed, lower-cased address. */
export function emailField<Req extends boolean = true>(
  rules: { required?: Req; max?: number } = {},
): Field<Maybe<Req, string>> {
  const block =
    rules.required === false
      ? optionalText({ email: true, max: rules.max })
      : requiredText({ email: true, max: rules.max });
  return block.transform((v) => fieldValue<Req, string>(v === null ? null : v.toLowerCase()));
}

/**
 * Add an issue at `path` from a cross-field check. Use inside `superRefine(..., { when: always })`
 * so cross-field rules report together with the field rules.
 */
export function issueAt(ctx: z.RefinementCtx, path: string, message: string): void {
  ctx.addIssue({ code: 'custom', message, path: [path] });
}

/** `when` option that makes an object-level refinement run even if some field failed. */
export const always = (): boolean => true;

/** Message of a field of a failed parse, for tests and server error bodies. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : 'non_field_errors';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
