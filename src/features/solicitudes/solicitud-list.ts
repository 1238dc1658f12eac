/**
 * What the requests list decides, as pure functions: which requests are "recent" (exactly the
 * server's GET /solic-creditos.json: evaluation RV and not rejected), their order (newest
 * request date first), and which action buttons a request's status and the user allow.
 */
import { can } from '#domain/permissions';
import type { Role } from '#domain/roles';
import { isLocalKey, type SolicitudRow } from '#db/replica-rows';

type Statuses = Pick<SolicitudRow, 'estatus_solicitud' | 'estatus_evaluacion'>;

/** Recent = evaluation in review (RV) and not rejected (RE) — docs/business-rules.md#credit-requests. */
export function isRecent(record: Statuses): boolean {
  return record.estatus_evaluacion === 'RV' && record.estatus_solicitud !== 'RE';
}

/** Newest request date first; same date: the higher folio (or one not sent yet) first. */
export function compareNewestFirst(a: SolicitudRow, b: SolicitudRow): number {
  if (a.fecha_solicitud !== b.fecha_solicitud)
    return a.fecha_solicitud < b.fecha_solicitud ? 1 : -1;
  const fa = typeof a.folio_solicitud === 'number' ? a.folio_solicitud : Infinity;
  const fb = typeof b.folio_solicitud === 'number' ? b.folio_solicitud : Infinity;
  return fa === fb ? 0 : fa < fb ? 1 : -1;
}

/** The buttons of the detail modal. */
export type SolicitudAction = 'mesaControl' | 'evaluacion' | 'renegociar' | 'reenviar';

export interface Viewer {
  role: Role | null;
  userId: number | null;
}

/**
 * Actions a request allows to `viewer`. Nothing while the request (or a change of it) still
 * waits for the server: its state there is not known yet. Control desk: a request in review
 * (RV) for the roles that review (CO, GE). Evaluation: approved (AP) with evaluation RV, for
 * the manager. Renegotiation (AP + NE) and correction after a rejection (RE) belong to the
 * request's own promoter.
 */
export function solicitudActions(
  record: SolicitudRow,
  viewer: Viewer,
  pending: boolean,
): SolicitudAction[] {
  if (pending || isLocalKey(record.folio_solicitud)) return [];
  const { role } = viewer;
  const own = viewer.userId !== null && record.promotor === viewer.userId;
  const { estatus_solicitud: request, estatus_evaluacion: evaluation } = record;
  const actions: SolicitudAction[] = [];
  if (request === 'RV' && can(role, 'solicitudes', 'review')) actions.push('mesaControl');
  if (request === 'AP' && evaluation === 'RV' && can(role, 'solicitudes', 'evaluate'))
    actions.push('evaluacion');
  if (request === 'AP' && evaluation === 'NE' && own && can(role, 'solicitudes', 'renegotiate'))
    actions.push('renegociar');
  if (request === 'RE' && own && can(role, 'solicitudes', 'resubmit')) actions.push('reenviar');
  return actions;
}
