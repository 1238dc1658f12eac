/**
 * The side-menu groups per role. Members see only Home and
 * Members; everyone else gets Credits, Accounts (banks and sub-accounts only for CO, GE, VI),
 * Data, Reports, plus the sync center. Items a role cannot reach are never shown.
 */
import { OFFICE_READERS, type Role } from '#domain/roles';
import { canReachRoute } from '#domain/permissions';
import { mayReviewTranslations, TRANSLATIONS_ROUTE } from '#domain/translation-access';

export interface MenuItem {
  path: string;
  labelKey: string;
}

export interface MenuGroup {
  id: string;
  /** Heading and `<nav aria-label>`. */
  labelKey: string;
  items: MenuItem[];
}

const item = (path: string, labelKey: string): MenuItem => ({ path, labelKey });

const HOME = item('/inicio', 'menu.home');
const MEMBERS = item('/socios', 'menu.socios');

function staffGroups(role: Role): MenuGroup[] {
  const office = OFFICE_READERS.includes(role);
  return [
    // The community visit is the promoter's day in the field: next to home.
    { id: 'home', labelKey: 'menu.home', items: [HOME, item('/visita', 'menu.visita')] },
    {
      id: 'credits',
      labelKey: 'menu.credits',
      items: [
        item('/solicitudes', 'menu.solicitudes'),
        item('/creditos', 'menu.creditos'),
        item('/fondos-comunes', 'menu.fondosComunes'),
        item('/pagos', 'menu.pagos'),
        item('/carteras', 'menu.carteras'),
      ],
    },
    {
      id: 'accounts',
      labelKey: 'menu.accounts',
      items: [
        ...(office ? [item('/bancos', 'menu.bancos'), item('/subcuentas', 'menu.subcuentas')] : []),
        item('/acopios', 'menu.acopios'),
        item('/movimientos', 'menu.movimientos'),
      ],
    },
    {
      id: 'data',
      labelKey: 'menu.data',
      items: [
        MEMBERS,
        item('/tsumbalil', 'menu.tsumbalil'),
        item('/mapa-procesos', 'menu.mapaProcesos'),
        item('/mapa-mision', 'menu.mapaMision'),
      ],
    },
    {
      id: 'reports',
      labelKey: 'menu.reports',
      items: [item('/reportes', 'menu.reportes'), item('/formatos', 'menu.formatos')],
    },
    {
      id: 'sync',
      labelKey: 'menu.sincronizacion',
      items: [
        item('/sincronizacion', 'menu.sincronizacion'),
        item('/bandeja', 'menu.bandeja'),
        item('/viaje', 'menu.viaje'),
        item('/cierres-viaje', 'menu.cierresViaje'),
        item('/recibos', 'menu.recibos'),
      ],
    },
  ];
}

/** The translation screen: translators of any role, and managers. */
function translationGroup(role: Role, traductor: boolean): MenuGroup[] {
  if (!mayReviewTranslations({ role, translator: traductor })) return [];
  return [
    {
      id: 'translations',
      labelKey: 'menu.translations',
      items: [item(TRANSLATIONS_ROUTE, 'menu.traducciones')],
    },
  ];
}

export function menuFor(role: Role, traductor = false): MenuGroup[] {
  const groups =
    role === 'SO'
      ? [{ id: 'home', labelKey: 'menu.home', items: [HOME, MEMBERS] }]
      : staffGroups(role);
  return [
    ...groups
      .map((group) => ({
        ...group,
        items: group.items.filter((i) => canReachRoute(role, i.path)),
      }))
      .filter((group) => group.items.length > 0),
    ...translationGroup(role, traductor),
  ];
}

/** `data-testid` of a menu link: `menu-<path without slash>`. */
export function menuTestId(path: string): string {
  return `menu-${path.replace(/^\//, '')}`;
}
