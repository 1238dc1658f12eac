/**
 * The server's side of the cash-contribution month rule (#domain/movement-month, shared with the
 * phone's form): the capture instant is the phone's `X-Captured-At`, or — for a caller that did
 * not say — when the server received the request.
 */
import {
  captureMonth as domainCaptureMonth,
  cashMonthProblem as domainCashMonthProblem,
  type CashMonthSubject,
} from '#domain/movement-month';
import type { Capture } from '#domain/sync-protocol';

function captureInstant(capture: Capture): Date {
  return capture.capturedAt ?? capture.receivedAt;
}

/** 'YYYY-MM' of the capture instant in `timeZone`. */
export function captureMonth(capture: Capture, timeZone: string): string {
  return domainCaptureMonth(captureInstant(capture), timeZone);
}

/** null when the rule holds (or does not apply), else the month the date had to fall in. */
export function cashMonthProblem(
  movement: CashMonthSubject,
  capture: Capture,
  timeZone: string,
): string | null {
  return domainCashMonthProblem(movement, captureInstant(capture), timeZone);
}
