/**
 * Calendar rule of cash contributions (docs/business-rules.md#contributions-and-withdrawals): a
 * cash (EF) contribution must carry a delivery date in the calendar month of its CAPTURE, read in
 * the cooperative's time zone. The phone checks it at capture time (so the promoter sees it before
 * sending) and the server checks it again against `X-Captured-At`, so one captured offline on the
 * 31st still syncs on the 2nd while one typed today for last month is refused. Withdrawals and bank
 * or transfer contributions are not bound to a month.
 */
import type { MovementType } from './codes';
import { DEFAULT_TIME_ZONE, todayIn, type IsoDate } from './dates';
import { msg } from './messages';

export interface CashMonthSubject {
  aportacion: boolean;
  tipo_de_movimiento: MovementType;
  fecha_entrega: IsoDate;
}

/** 'YYYY-MM' of a capture instant in `timeZone`. */
export function captureMonth(capturedAt: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  return todayIn(timeZone, capturedAt).slice(0, 7);
}

/** null when the rule holds (or does not apply), else the month ('YYYY-MM') the date had to fall in. */
export function cashMonthProblem(
  movement: CashMonthSubject,
  capturedAt: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): string | null {
  if (!movement.aportacion || movement.tipo_de_movimiento !== 'EF') return null;
  const month = captureMonth(capturedAt, timeZone);
  return movement.fecha_entrega.slice(0, 7) === month ? null : month;
}

/** The message of a broken rule, the same one the server answers on `fecha_entrega`. */
export function cashMonthMessage(month: string): string {
  return msg('server.deliveries.cashOutsideCaptureMonth', { mes: month });
}
