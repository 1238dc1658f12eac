/**
 * Which screen each route shows. Every screen is lazy-loaded so the shell stays small; a
 * placeholder area screen gets its route title key. The login screen gets the app's `login`.
 */
import { lazy, type ComponentType, type ReactElement } from 'react';
import { login } from '#app/session.ts';
import { syncNow } from '#app/sync-runtime.ts';

interface TitledProps {
  titleKey: string;
}

/** React.lazy over a named export. */
function lazyNamed<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}

const PublicHome = lazyNamed(() =>
  import('#features/publico/public-home.tsx').then((m) => m.PublicHome),
);
const PublicPage = lazyNamed(() =>
  import('#features/publico/public-page.tsx').then((m) => m.PublicPage),
);
const LoginScreen = lazyNamed(() =>
  import('#features/publico/login-screen.tsx').then((m) => m.LoginScreen),
);
const HomeScreen = lazyNamed(() =>
  import('#features/inicio/home-screen.tsx').then((m) => m.HomeScreen),
);
const SyncCenterScreen = lazyNamed(() =>
  import('#features/sync-center/sync-center-screen.tsx').then((m) => m.SyncCenterScreen),
);
const ReportsScreen = lazyNamed(() =>
  import('#features/reportes/reports-screen.tsx').then((m) => m.ReportsScreen),
);

const AREAS = {
  socios: lazyNamed<TitledProps>(() =>
    import('#features/socios/socios-screen.tsx').then((m) => m.SociosScreen),
  ),
  tsumbalil: lazyNamed<TitledProps>(() =>
    import('#features/tsumbalil/tsumbalil-screen.tsx').then((m) => m.TsumbalilScreen),
  ),
  solicitudes: lazyNamed<TitledProps>(() =>
    import('#features/solicitudes/solicitudes-screen.tsx').then((m) => m.SolicitudesScreen),
  ),
  creditos: lazyNamed<TitledProps>(() =>
    import('#features/creditos/creditos-screen.tsx').then((m) => m.CreditosScreen),
  ),
  pagos: lazyNamed<TitledProps>(() =>
    import('#features/pagos/pagos-screen.tsx').then((m) => m.PagosScreen),
  ),
  movimientos: lazyNamed<TitledProps>(() =>
    import('#features/movimientos/movimientos-screen.tsx').then((m) => m.MovimientosScreen),
  ),
  acopios: lazyNamed<TitledProps>(() =>
    import('#features/acopios/acopios-screen.tsx').then((m) => m.AcopiosScreen),
  ),
  bancos: lazyNamed<TitledProps>(() =>
    import('#features/bancos/bancos-screen.tsx').then((m) => m.BancosScreen),
  ),
  carteras: lazyNamed<TitledProps>(() =>
    import('#features/carteras/carteras-screen.tsx').then((m) => m.CarterasScreen),
  ),
  mapas: lazyNamed<TitledProps>(() =>
    import('#features/mapas/mapas-screen.tsx').then((m) => m.MapasScreen),
  ),
  perfil: lazyNamed<TitledProps>(() =>
    import('#features/perfil/perfil-screen.tsx').then((m) => m.PerfilScreen),
  ),
  formatos: lazyNamed<TitledProps>(() =>
    import('#features/formatos/formatos-screen.tsx').then((m) => m.FormatosScreen),
  ),
};

type Area = keyof typeof AREAS;

function area(name: Area, titleKey: string): () => ReactElement {
  const Screen = AREAS[name];
  return () => <Screen titleKey={titleKey} />;
}

/** Route path → the element it renders. `/logout` is handled by the router itself. */
export const SCREENS: Readonly<Record<string, () => ReactElement>> = {
  '/': () => <PublicHome />,
  '/conocenos': () => <PublicPage titleKey="routes.conocenos" leadKey="public.aboutLead" />,
  '/mapa': () => <PublicPage titleKey="routes.mapa" leadKey="public.mapLead" />,
  '/contacto': () => <PublicPage titleKey="routes.contacto" leadKey="public.contactLead" />,
  '/acceso': () => <LoginScreen onLogin={login} />,
  '/inicio': () => <HomeScreen />,
  '/reportes': () => <ReportsScreen />,
  '/socios': area('socios', 'routes.socios'),
  '/evaluacion-socio': area('socios', 'routes.evaluacionSocio'),
  '/perfil': area('perfil', 'routes.perfil'),
  '/acopios': area('acopios', 'routes.acopios'),
  '/acopio-formato': area('acopios', 'routes.acopioFormato'),
  '/carteras': area('carteras', 'routes.carteras'),
  '/condonacion': area('creditos', 'routes.condonacion'),
  '/prorroga': area('creditos', 'routes.prorroga'),
  '/creditos': area('creditos', 'routes.creditos'),
  '/fondos-comunes': area('creditos', 'routes.fondosComunes'),
  '/credito-imprimir': area('creditos', 'routes.creditoImprimir'),
  '/credito-activar': area('creditos', 'routes.creditoActivar'),
  '/mapa-procesos': area('mapas', 'routes.mapaProcesos'),
  '/mapa-mision': area('mapas', 'routes.mapaMision'),
  '/pagos': area('pagos', 'routes.pagos'),
  '/pago-formato': area('pagos', 'routes.pagoFormato'),
  '/tsumbalil': area('tsumbalil', 'routes.tsumbalil'),
  '/movimientos': area('movimientos', 'routes.movimientos'),
  '/movimiento-formato': area('movimientos', 'routes.movimientoFormato'),
  '/solicitudes': area('solicitudes', 'routes.solicitudes'),
  '/solicitud-formato': area('solicitudes', 'routes.solicitudFormato'),
  '/mesa-control': area('solicitudes', 'routes.mesaControl'),
  '/evaluacion': area('solicitudes', 'routes.evaluacion'),
  '/formatos': area('formatos', 'routes.formatos'),
  '/bancos': area('bancos', 'routes.bancos'),
  '/subcuentas': area('bancos', 'routes.subcuentas'),
  '/banco-form': area('bancos', 'routes.bancoForm'),
  '/sincronizacion': () => (
    <SyncCenterScreen titleKey="routes.sincronizacion" onSyncNow={syncNow} />
  ),
};
