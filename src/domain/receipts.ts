/**
 * Receipts for members: every payment, contribution / withdrawal and
 * collection captured on a phone carries a receipt number and a verification code, made on the
 * phone offline and stored with the record (unique), so the office can verify a member's receipt.
 *
 * - Number: `<user id>-<device code>-<sequence>`, e.g. "12-K7QM-0042". The user id is unique
 *   on the server; the device code (4 characters, made once per phone) tells apart two phones
 *   of one user; the sequence counts on that phone. Unique without any coordination.
 * - Code: 8 characters of Crockford's base32 alphabet (no I, L, O, U: nothing to confuse when
 *   read aloud or typed), 40 random bits, shown grouped "ABCD-EFGH". Typed codes are
 *   normalised: case, spaces and dashes ignored, I/L read as 1 and O as 0.
 */
import * as z from 'zod';
import { PROCESSES, type Process } from './codes';
import { present } from './guards';
import { msg } from './messages';
import { parseMoney, type Cents } from './money';

export const RECEIPT_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const RECEIPT_CODE_LENGTH = 8;
export const DEVICE_CODE_LENGTH = 4;

const CODE_RE = new RegExp(`^[${RECEIPT_ALPHABET}]{${RECEIPT_CODE_LENGTH}}$`);
const NUMBER_RE = new RegExp(
  `^[1-9]\\d{0,9}-[${RECEIPT_ALPHABET}]{${DEVICE_CODE_LENGTH}}-\\d{4,9}$`,
);

/** `count` characters of the alphabet from random bytes (32 divides 256: no bias). */
export function randomAlphabetText(count: number, randomBytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < count; i++)
    text += RECEIPT_ALPHABET[present(randomBytes[i], 'a random byte') % 32];
  return text;
}

/** A typed code as stored: upper case, separators dropped, I/L → 1 and O → 0; null if invalid. */
export function normalizeReceiptCode(typed: string): string | null {
  const text = typed.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
  return CODE_RE.test(text) ? text : null;
}

/** "ABCDEFGH" → "ABCD-EFGH" (how the receipt shows it). */
export function groupedReceiptCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

export function receiptNumber(userId: number, deviceCode: string, sequence: number): string {
  return `${userId}-${deviceCode}-${String(sequence).padStart(4, '0')}`;
}

export function isReceiptNumber(text: string): boolean {
  return NUMBER_RE.test(text);
}

const DEVICE_RE = new RegExp(`^[${RECEIPT_ALPHABET}]{${DEVICE_CODE_LENGTH}}$`);

/** Whether `text` can be a phone's receipt device code (the middle of a receipt number). */
export function isDeviceCode(text: string): boolean {
  return DEVICE_RE.test(text);
}

/** The device code of a well-formed receipt number (its middle part), else null. */
export function receiptDeviceOf(number: string): string | null {
  return isReceiptNumber(number) ? (number.split('-')[1] ?? null) : null;
}

/** The user id a well-formed receipt number starts with (its author), else null. */
export function receiptAuthor(number: string): number | null {
  if (!isReceiptNumber(number)) return null;
  const id = Number(number.slice(0, number.indexOf('-')));
  return Number.isSafeInteger(id) ? id : null;
}

/** What a capture sends of its receipt (absent on office captures and imports). */
export interface ReceiptFields {
  recibo: string | null;
  recibo_codigo: string | null;
  /** The receipt number this one replaces (a corrected capture after a refusal). */
  recibo_reemplaza: string | null;
}

const optionalPattern = (test: (text: string) => boolean) =>
  z
    .unknown()
    .optional()
    .transform((value, ctx): string | null => {
      if (value === undefined || value === null || value === '') return null;
      if (typeof value === 'string' && test(value)) return value;
      ctx.addIssue({ code: 'custom', message: msg('validation.receiptInvalid'), input: value });
      return z.NEVER;
    });

/** The receipt fields of a capture body: optional, each null or well formed. */
export const receiptFieldsShape = {
  recibo: optionalPattern(isReceiptNumber),
  recibo_codigo: optionalPattern((text) => CODE_RE.test(text)),
  recibo_reemplaza: optionalPattern(isReceiptNumber),
};

/**
 * Receipt device codes a user may hold that were seen in the last `RECEIPT_DEVICE_IDLE_DAYS`
 * (docs/security.md, "Receipt numbers"): a promoter uses one phone, a few over a season when
 * one breaks, is reset or is shared; the cap keeps one account from filling the table.
 */
export const RECEIPT_DEVICES_MAX = 20;
/** A code unseen this long no longer counts against the cap (it is still accepted). */
export const RECEIPT_DEVICE_IDLE_DAYS = 90;

/** `POST /api/recibos/dispositivos/`: a phone registers its receipt device code for the caller. */
export const receiptDeviceSchema = z.strictObject({
  codigo: z.unknown().transform((value, ctx): string => {
    if (value === undefined || value === null || value === '') {
      ctx.addIssue({ code: 'custom', message: msg('validation.required'), input: value });
      return z.NEVER;
    }
    if (typeof value === 'string' && isDeviceCode(value)) return value;
    ctx.addIssue({ code: 'custom', message: msg('validation.deviceCodeInvalid'), input: value });
    return z.NEVER;
  }),
});

/** The registered code, when it was first and last seen (ISO instants). */
export const receiptDeviceAnswerSchema = z.object({
  codigo: z.string(),
  primera_vez: z.string(),
  ultima_vez: z.string(),
});
export type ReceiptDeviceAnswer = z.output<typeof receiptDeviceAnswerSchema>;

/**
 * A receipt's columns on a record row: null on office captures and imports; absent on rows a
 * phone stored before receipts existed (the server always sends them).
 */
export interface ReceiptColumns {
  recibo?: string | null;
  recibo_codigo?: string | null;
  recibo_reemplaza?: string | null;
}

/** A receipt's three columns as the row shapes carry them. */
export const receiptColumnsShape = {
  recibo: z.string().nullable().optional(),
  recibo_codigo: z.string().nullable().optional(),
  recibo_reemplaza: z.string().nullable().optional(),
};

export const RECEIPT_KINDS = ['pago', 'movimiento', 'acopio'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

export const RECEIPT_STATES = ['received', 'refused', 'not_received'] as const;
export type ReceiptState = (typeof RECEIPT_STATES)[number];

/**
 * `GET /api/recibos/{code}/`: what the server knows of a receipt's code. `received`: the record
 * (kind, id, member, date, total in decimal text); `refused`: the refused push (its kind, the
 * receipt number, when it arrived, the reason, and the receipt that replaced it if any);
 * `not_received`: nothing yet (or a refusal older than the idempotency store keeps).
 */
export const receiptLookupSchema = z.object({
  codigo: z.string(),
  estado: z.enum(RECEIPT_STATES),
  tipo: z.enum(RECEIPT_KINDS).nullable(),
  id: z.number().int().nullable(),
  recibo: z.string().nullable(),
  recibo_reemplaza: z.string().nullable(),
  clave_socio: z.number().int().nullable(),
  nombres: z.string().nullable(),
  fecha: z.string().nullable(),
  total: z.string().nullable(),
  recibido_en: z.string().nullable(),
  motivo: z.string().nullable(),
  /** For a refused receipt: the number of the receipt that replaced it, once received. */
  reemplazado_por: z.string().nullable(),
});
export type ReceiptLookup = z.output<typeof receiptLookupSchema>;

// ---------------------------------------------------------------- the phone's receipt

export type ReceiptSubject = 'pago' | 'aportacion' | 'retiro' | 'acopio';

export interface ReceiptLine {
  /** i18n key of the amount's label. */
  label: string;
  cents: Cents;
}

/** A receipt as the phone keeps it (its snapshot at capture) and shows it. */
export interface Receipt {
  number: string;
  code: string;
  /** The refused receipt this one replaces (a corrected capture). */
  replaces: string | null;
  subject: ReceiptSubject;
  /** The capture's client record id (kept by a correction) and its mutation. */
  recordId: string;
  mutationId: string;
  /** ISO instant the receipt was made (a correction's own, not its original capture's). */
  issuedAt: string;
  /** For a correction: when the receipt it replaces was made. */
  replacesIssuedAt?: string | null;
  /** The record's own date (payment, delivery or collection date). */
  date: string;
  /** Who captured it, with the role they captured it in (absent on older receipts). */
  promoter: { id: number; name: string; role?: string | null };
  member: { clave: number; name: string };
  /** The contract of a payment; the process of a movement or collection. */
  credito: number | null;
  proceso: Process | null;
  lines: ReceiptLine[];
  /** A collection's kilos as decimal text ("120.50"); null or absent without kilos. */
  kilos?: string | null;
  total: Cents;
  /** Debt (payment) or savings balance (movement) after it, as the phone computes it. */
  after: { kind: 'debt' | 'balance'; cents: Cents } | null;
}

/** A receipt before it is kept: what the form knows. */
export type ReceiptDraft = Omit<Receipt, 'after' | 'recordId' | 'issuedAt' | 'replacesIssuedAt'>;

// ---------------------------------------------------------------- a member's own receipts

/**
 * `GET /api/recibos/mios/` (a member, SO): the records of the caller's own member that a phone
 * gave a receipt for — payments of its loans, contributions / withdrawals, collections — newest
 * first, with what its receipt shows. A member's replica holds no payments
 * (docs/business-rules.md#roles-and-scope), so this answer is how its payment receipts reach its
 * member view.
 */
export const memberReceiptSchema = z.object({
  tipo: z.enum(RECEIPT_KINDS),
  id: z.number().int(),
  recibo: z.string(),
  recibo_codigo: z.string(),
  recibo_reemplaza: z.string().nullable(),
  clave_socio: z.number().int(),
  nombres: z.string(),
  /** The record's own date (payment, delivery or collection). */
  fecha: z.string(),
  /** A payment's contract. */
  credito: z.number().int().nullable(),
  /** A movement's or collection's process. */
  proceso: z.enum(PROCESSES).nullable(),
  /** A movement: true contribution, false withdrawal. */
  aportacion: z.boolean().nullable(),
  /** Decimal text: the total and, for a payment, its three parts. */
  total: z.string(),
  abono_capital: z.string().nullable(),
  interes_ord: z.string().nullable(),
  interes_mor: z.string().nullable(),
  /** Who captured it (the receipt's promoter). */
  promotor: z.string(),
  /** A collection's kilos (decimal text); null for other kinds and products without kilos. */
  kilos: z.string().nullable().default(null),
  /** ISO instant of the capture on the phone (else when the server stored it). */
  capturado_en: z.string(),
});
export type MemberReceipt = z.output<typeof memberReceiptSchema>;
export const memberReceiptsSchema = z.array(memberReceiptSchema);

const centsOf = (text: string | null): Cents => parseMoney(text) ?? 0;

/** The receipt a member's record stands for, as the receipt view shows it. */
export function receiptOfMemberRecord(r: MemberReceipt): Receipt {
  const subject: ReceiptSubject =
    r.tipo === 'pago'
      ? 'pago'
      : r.tipo === 'acopio'
        ? 'acopio'
        : r.aportacion === false
          ? 'retiro'
          : 'aportacion';
  const total = centsOf(r.total);
  const lines: ReceiptLine[] =
    subject === 'pago'
      ? [
          { label: 'recibos.line.capital', cents: centsOf(r.abono_capital) },
          { label: 'recibos.line.ordinary', cents: centsOf(r.interes_ord) },
          { label: 'recibos.line.late', cents: centsOf(r.interes_mor) },
        ]
      : [
          {
            label:
              subject === 'acopio'
                ? 'recibos.line.income'
                : subject === 'retiro'
                  ? 'recibos.line.withdrawal'
                  : 'recibos.line.contribution',
            cents: total,
          },
        ];
  return {
    number: r.recibo,
    code: r.recibo_codigo,
    replaces: r.recibo_reemplaza,
    subject,
    recordId: `${r.tipo}-${r.id}`,
    mutationId: `${r.tipo}-${r.id}`,
    issuedAt: r.capturado_en,
    date: r.fecha,
    promoter: { id: 0, name: r.promotor },
    member: { clave: r.clave_socio, name: r.nombres },
    credito: r.credito,
    proceso: r.proceso,
    lines,
    kilos: r.kilos,
    total,
    // The office's figures after it are not part of the record: none is shown "to confirm".
    after: null,
  };
}
