/**
 * Calendar rule of contributions (BUSINESS_RULES §7): a cash (EF) contribution must fall in
 * the calendar month of its CAPTURE, in the cooperative's time zone. The capture instant is
 * the phone's `X-Captured-At` (falling back to when the server received the request), so a
 * contribution captured offline on the 31st and synced on the 2nd is still accepted, while
 * one typed today for last month is not. Pure, so it is tested at exact month boundaries.
 */
import type { MovementType } from '#domain/codes';
import type { IsoDate } from '#domain/dates';
import { todayIn } from '#domain/dates';
import type { Capture } from '#server/http/capture';

/** 'YYYY-MM' of the capture instant in `timeZone`. */
export function captureMonth(capture: Capture, timeZone: string): string {
  return todayIn(timeZone, capture.capturedAt ?? capture.receivedAt).slice(0, 7);
}

/** null when the rule holds (or does not apply), else the month the date had to fall in. */
export function cashMonthProblem(
  movement: { aportacion: boolean; tipo_de_movimiento: MovementType; fecha_entrega: IsoDate },
  capture: Capture,
  timeZone: string,
): string | null {
  if (!movement.aportacion || movement.tipo_de_movimiento !== 'EF') return null;
  const month = captureMonth(capture, timeZone);
  return movement.fecha_entrega.slice(0, 7) === month ? null : month;
}
