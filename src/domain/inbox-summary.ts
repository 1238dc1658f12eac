/**
 * `GET /api/bandeja/resumen/`: how many field writes the office has not reviewed yet.
 * Apart from field-inbox.ts, whose other schemas the menu drawn at every start does not need.
 */
import * as z from 'zod';

export const inboxSummarySchema = z.object({ sin_revisar: z.number().int() });
export type InboxSummary = z.output<typeof inboxSummarySchema>;
