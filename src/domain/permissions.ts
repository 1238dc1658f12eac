/**
 * Who may do what (docs/business-rules.md#roles-and-scope) as DATA, shared by the server's guards,
 * the UI's buttons and the generated security-matrix test; plus which PWA routes each role reaches.
 *
 * Scope of an allowed action:
 * - 'all'    every record;
 * - 'region' records of members of the caller's region (promoters);
 * - 'own'    records the caller created (a promoter's own credit requests);
 * - 'self'   the caller's own member record or user (members, profile);
 * - 'none'   not allowed (the default for a role not listed).
 *
 * Decisions on top of the table: VI reads what CO/GE read and writes nothing; promoters
 * capture acopios for their region (design card); the caller's own profile (first_name,
 * last_name, phone) is editable by PR, CO and GE — not by VI, since every write by a visitor
 * answers 403 (docs/business-rules.md#roles-and-scope), and not by SO, whose screens have no
 * profile.
 */
import type { Role } from './roles';
import { ROLES } from './roles';
import { isOneOf } from './guards';

export type Scope = 'all' | 'region' | 'own' | 'self' | 'none';
type Grant = Partial<Record<Role, Exclude<Scope, 'none'>>>;

const EVERYONE: Grant = { SO: 'all', PR: 'all', CO: 'all', GE: 'all', VI: 'all' };
const STAFF_ALL: Grant = { PR: 'all', CO: 'all', GE: 'all', VI: 'all' };
const OFFICE: Grant = { CO: 'all', GE: 'all', VI: 'all' };
const PRIVILEGED_ALL: Grant = { CO: 'all', GE: 'all' };
const OFFICE_AND_PR_REGION: Grant = { ...OFFICE, PR: 'region' };
const PRIVILEGED_AND_PR_REGION: Grant = { ...PRIVILEGED_ALL, PR: 'region' };

export const PERMISSIONS = {
  /** regiones, cargos, cargos-coop, empresas, fuentes, puestos, ermitas, zonas: seed data only. */
  referencias: { read: EVERYONE },
  comunidades: { read: EVERYONE, create: PRIVILEGED_ALL, update: PRIVILEGED_ALL },
  socios: {
    read: { ...OFFICE_AND_PR_REGION, SO: 'self' },
    create: PRIVILEGED_ALL,
    update: PRIVILEGED_ALL,
  },
  solicitudes: {
    read: { ...OFFICE, PR: 'own' },
    create: { ...PRIVILEGED_ALL, PR: 'own' },
    /** Coordinator's control desk (RV → AP / RE). */
    review: PRIVILEGED_ALL,
    /** Manager's evaluation (AP / NE / CA, creates the contract). */
    evaluate: { GE: 'all' },
    /** NE → RV with a comment: the request's promoter or privileged. */
    renegotiate: { ...PRIVILEGED_ALL, PR: 'own' },
    /** A rejected (RE) request corrected and sent again to review. */
    resubmit: { ...PRIVILEGED_ALL, PR: 'own' },
  },
  contratos: {
    read: OFFICE_AND_PR_REGION,
    /** Start date, rate type, execution PC → CO, bank data. */
    activate: PRIVILEGED_ALL,
    /** Execution status CA. */
    cancel: { GE: 'all' },
    extend: { GE: 'all' },
    print: PRIVILEGED_ALL,
  },
  carteras: { read: OFFICE_AND_PR_REGION },
  pagos: {
    read: OFFICE_AND_PR_REGION,
    create: PRIVILEGED_AND_PR_REGION,
    'bank-edit': PRIVILEGED_AND_PR_REGION,
  },
  condonaciones: { read: OFFICE, create: { GE: 'all' } },
  movimientos: {
    read: { ...OFFICE_AND_PR_REGION, SO: 'self' },
    /** Contribution (aportación). */
    contribute: PRIVILEGED_AND_PR_REGION,
    /** Withdrawal (retiro). */
    withdraw: PRIVILEGED_ALL,
    'bank-edit': PRIVILEGED_AND_PR_REGION,
  },
  acopios: {
    read: { ...OFFICE_AND_PR_REGION, SO: 'self' },
    create: PRIVILEGED_AND_PR_REGION,
  },
  /** bancos, subcuentas, registros-contables, *-conc, *\/no-link; create = POST /mov-bancos/. */
  bancos: { read: OFFICE, create: PRIVILEGED_ALL },
  /** The office reports (/reportes: portfolio at risk, flows, collections, savings, funnel). */
  reportes: { read: OFFICE },
  /** Every …XLSX download. */
  xlsx: { read: OFFICE },
  /** Member evaluation figures (/evaluacion-socio, the manager's evaluation panel). */
  'evaluacion-socio': { read: OFFICE },
  /** Process and mission maps (comunidades/num-socios, zonas). */
  mapas: { read: STAFF_ALL },
  'users-me': {
    read: { SO: 'self', PR: 'self', CO: 'self', GE: 'self', VI: 'self' },
    update: { PR: 'self', CO: 'self', GE: 'self' },
  },
  /** GET /sync/pull/: every logged-in user; each table answers only the rows in its scope. */
  sync: {
    read: EVERYONE,
    /** POST /sync/push/: whoever writes; each write of the batch checks its own permission. */
    push: { PR: 'all', CO: 'all', GE: 'all' },
    /** POST /sync/queue-report/: a phone reports its OWN queue (counts only) on every sync. */
    report: { PR: 'own', CO: 'own', GE: 'own' },
  },
  /** The office view of what arrived from each user in the field (GET /sync/field-activity/). */
  'field-activity': { read: OFFICE },
  /**
   * Trip closings: whoever captures cash in the field (promoters; the
   * coordinator and manager, who alone record withdrawals) closes its OWN trips — the server
   * takes the caller as the closing's author and counts only the caller's own writes; the
   * office reads every closing beside what the server received.
   */
  /** `mine`: field staff read their own closings with what the office received of them. */
  'cierres-viaje': {
    create: { PR: 'own', CO: 'own', GE: 'own' },
    read: OFFICE,
    mine: { PR: 'own', CO: 'own', GE: 'own' },
  },
  /**
   * Visit marks (docs/community-visit.md): whoever captures in the field marks the members of
   * its scope absent, promised or visited; the office reads them on the member's detail.
   */
  visitas: { create: PRIVILEGED_AND_PR_REGION, read: OFFICE_AND_PR_REGION },
  /**
   * Verify a member's receipt code (GET /recibos/{code}/); `mine`: a member reads its own
   * receipts (GET /recibos/mios/), its payments' too — this widens
   * docs/business-rules.md#roles-and-scope for a member by exactly its receipts, not the payment
   * records themselves.
   */
  /**
   * `register`: whoever captures receipts in the field registers its phone's receipt device
   * code for ITSELF (POST /recibos/dispositivos/, docs/security.md "Receipt numbers").
   */
  recibos: { read: OFFICE, mine: { SO: 'self' }, register: { PR: 'own', CO: 'own', GE: 'own' } },
  /**
   * The field inbox (/bandeja): the office reads every field write; the coordinator
   * and the manager mark them reviewed (the visitor only reads).
   */
  bandeja: { read: OFFICE, review: PRIVILEGED_ALL },
  /**
   * Interface translations: everybody reads the approved texts (list, pull).
   * Saving drafts (`translate`) is granted to no role: the translator FLAG (users.translator)
   * alone gives it, whatever the role. Reviewing — approving another's draft, reverting,
   * reading drafts, history and the sheets — is the flag's and the manager's
   * (#domain/translations `mayReviewTranslations`).
   */
  traducciones: { read: EVERYONE, translate: {}, review: { GE: 'all' } },
  /** The manager's list of users and the translator flag it grants. */
  usuarios: { read: { GE: 'all' }, update: { GE: 'all' } },
} as const satisfies Record<string, Record<string, Grant>>;

export type Resource = keyof typeof PERMISSIONS;
export type ActionOf<R extends Resource> = keyof (typeof PERMISSIONS)[R] & string;

export const RESOURCES = Object.keys(PERMISSIONS) as Resource[];

/** Scope a role has for an action ('none' when not allowed, or for a logged-out caller). */
export function scopeFor<R extends Resource>(
  role: Role | null | undefined,
  resource: R,
  action: ActionOf<R>,
): Scope {
  if (role == null) return 'none';
  const actions: Record<string, Grant> = PERMISSIONS[resource];
  const grant = Object.hasOwn(actions, action) ? actions[action] : undefined;
  return grant?.[role] ?? 'none';
}

/** Whether a role may do an action at all (in some scope). */
export function can<R extends Resource>(
  role: Role | null | undefined,
  resource: R,
  action: ActionOf<R>,
): boolean {
  return scopeFor(role, resource, action) !== 'none';
}

export interface PermissionRow {
  resource: Resource;
  action: string;
  role: Role;
  scope: Scope;
}

/** Every (resource, action, role) with its scope, 'none' included: the security matrix. */
export function permissionMatrix(): PermissionRow[] {
  const rows: PermissionRow[] = [];
  for (const resource of RESOURCES) {
    const actions: Record<string, Grant> = PERMISSIONS[resource];
    for (const action of Object.keys(actions)) {
      for (const role of ROLES) {
        rows.push({ resource, action, role, scope: actions[action]?.[role] ?? 'none' });
      }
    }
  }
  return rows;
}

// ---------------------------------------------------------------- routes

/** Logged out. */
export const PUBLIC_ROUTES = ['/', '/conocenos', '/mapa', '/contacto', '/acceso'] as const;
/** Socio: only these; anything else goes to /socios. */
export const SOCIO_ROUTES = ['/inicio', '/socios'] as const;
/** Every staff role; '/sincronizacion' is the sync center of this product. */
export const STAFF_ROUTES = [
  '/inicio',
  '/socios',
  '/perfil',
  '/acopios',
  '/carteras',
  '/condonacion',
  '/prorroga',
  '/creditos',
  '/mapa-procesos',
  '/mapa-mision',
  '/pagos',
  '/pago-formato',
  '/credito-imprimir',
  '/tsumbalil',
  '/movimientos',
  '/solicitudes',
  '/solicitud-formato',
  '/fondos-comunes',
  '/mesa-control',
  '/formatos',
  '/logout',
  '/movimiento-formato',
  '/sincronizacion',
  '/recibos',
] as const;

/** Role-guarded routes: only these roles; others go to their fallback (/inicio for staff). */
export const GUARDED_ROUTES: Readonly<Record<string, readonly Role[]>> = {
  '/bancos': ['CO', 'GE', 'VI'],
  '/subcuentas': ['CO', 'GE', 'VI'],
  '/banco-form': ['CO', 'GE', 'VI'],
  '/evaluacion': ['GE'],
  '/credito-activar': ['CO', 'GE'],
  '/evaluacion-socio': ['CO', 'GE'],
  '/acopio-formato': ['PR', 'CO', 'GE'],
  '/viaje': ['PR', 'CO', 'GE'],
  '/visita': ['PR', 'CO', 'GE'],
  '/cierres-viaje': ['CO', 'GE', 'VI'],
  '/bandeja': ['CO', 'GE', 'VI'],
  /** The office reports read what only the office may (PERMISSIONS.reportes). */
  '/reportes': ['CO', 'GE', 'VI'],
};

/** Any logged-in user may log out, a member too (the spec's member list omits it). */
const LOGOUT = '/logout';

/**
 * The route a path belongs to: query and hash dropped, trailing slash dropped, and only the
 * first segment kept, so '/solicitud-formato/15?x=1' is checked as '/solicitud-formato'.
 */
export function routeOf(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  const first = bare.split('/').filter((s) => s !== '')[0];
  return first === undefined ? '/' : `/${first}`;
}

/** Whether a role (null = logged out) may open a path. */
export function canReachRoute(role: Role | null | undefined, path: string): boolean {
  const route = routeOf(path);
  if (role == null) return isOneOf(PUBLIC_ROUTES, route);
  if (route === LOGOUT) return true;
  if (role === 'SO') return isOneOf(SOCIO_ROUTES, route);
  if (isOneOf(STAFF_ROUTES, route)) return true;
  const guard = Object.hasOwn(GUARDED_ROUTES, route) ? GUARDED_ROUTES[route] : undefined;
  return guard !== undefined && guard.includes(role);
}

/** Where an unreachable path redirects: '/' logged out, '/socios' for SO, '/inicio' for staff. */
export function fallbackRoute(role: Role | null | undefined): string {
  if (role == null) return '/';
  return role === 'SO' ? '/socios' : '/inicio';
}
