/** The office's figures of one closing: declared, received and their difference, in cents. */
import { closingFigures, type ClosingFigures, type TripClosingAnswer } from '#domain/trip-shapes';

export interface ClosingRow extends ClosingFigures {
  closing: TripClosingAnswer;
}

export function closingRow(closing: TripClosingAnswer): ClosingRow {
  return { closing, ...closingFigures(closing) };
}
