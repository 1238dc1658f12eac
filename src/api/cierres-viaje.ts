/**
 * `GET /api/cierres-viaje/` (CO, GE, VI): every trip closing, declared beside what the server
 * received of its captures. Online only, like the office view of field queues: a live report.
 * `GET /api/cierres-viaje/mios/`: the caller's own latest closings (the phone's /viaje).
 */
import { tripClosingListSchema, type TripClosingAnswer } from '#domain/trip-shapes';
import { apiGet, type ApiOptions } from './client';

export function fetchTripClosings(options?: ApiOptions): Promise<TripClosingAnswer[]> {
  return apiGet('cierres-viaje/', tripClosingListSchema, options);
}

export function fetchOwnTripClosings(options?: ApiOptions): Promise<TripClosingAnswer[]> {
  return apiGet('cierres-viaje/mios/', tripClosingListSchema, options);
}
