/**
 * Which screen each route shows. Every screen is lazy-loaded from its feature (one chunk per
 * screen) so the shell stays small, and gets its route's title key. The login screen gets the
 * app's `login`.
 */
import { lazy, type ComponentType, type ReactElement } from 'react';
import { login } from '#app/session.ts';
import { syncNow } from '#app/sync-runtime.ts';
import { ensureFullDictionary } from '#i18n/setup';

interface TitledProps {
  titleKey: string;
}

/** React.lazy over a named export. */
function lazyNamed<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await load() }));
}

/**
 * React.lazy over a named export that also waits for the whole Spanish dictionary (the shell
 * starts with its own sections only). If the dictionary cannot be fetched the screen still
 * renders; i18next falls back to the keys it has.
 */
function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [component] = await Promise.all([load(), ensureFullDictionary().catch(() => undefined)]);
    return { default: component };
  });
}

// The public home and the login screen use only the shell's strings: they do not wait.
const PublicHome = lazyNamed(() =>
  import('#features/publico/public-home.tsx').then((m) => m.PublicHome),
);
const LoginScreen = lazyNamed(() =>
  import('#features/publico/login-screen.tsx').then((m) => m.LoginScreen),
);
const HomeScreen = lazyScreen(() =>
  import('#features/inicio/home-screen.tsx').then((m) => m.HomeScreen),
);
const SyncCenterScreen = lazyScreen(() =>
  import('#features/sync-center/sync-center-screen.tsx').then((m) => m.SyncCenterScreen),
);

/** A route's screen: lazy-loaded from its feature, given the route's title key. */
function screen(load: () => Promise<ComponentType<TitledProps>>, titleKey: string) {
  const Screen = lazyScreen<TitledProps>(load);
  return function RouteScreen(): ReactElement {
    return <Screen titleKey={titleKey} />;
  };
}

/** Route path → the element it renders. `/logout` is handled by the router itself. */
export const SCREENS: Readonly<Record<string, () => ReactElement>> = {
  '/': () => <PublicHome />,
  '/conocenos': screen(
    () => import('#features/publico/conocenos-screen.tsx').then((m) => m.ConocenosScreen),
    'routes.conocenos',
  ),
  '/mapa': screen(
    () => import('#features/publico/public-map-screen.tsx').then((m) => m.PublicMapScreen),
    'routes.mapa',
  ),
  '/contacto': screen(
    () => import('#features/publico/contacto-screen.tsx').then((m) => m.ContactoScreen),
    'routes.contacto',
  ),
  '/acceso': () => <LoginScreen onLogin={login} />,
  '/traducciones': screen(
    () =>
      import('#features/traducciones/traducciones-screen.tsx').then((m) => m.TraduccionesScreen),
    'routes.traducciones',
  ),
  '/inicio': () => <HomeScreen />,
  '/reportes': screen(
    () => import('#features/reportes/reports-screen.tsx').then((m) => m.ReportsScreen),
    'routes.reportes',
  ),
  '/socios': screen(
    () => import('#features/socios/socios-screen.tsx').then((m) => m.SociosScreen),
    'routes.socios',
  ),
  '/evaluacion-socio': screen(
    () =>
      import('#features/evaluacion-socio/evaluacion-socio-screen.tsx').then(
        (m) => m.EvaluacionSocioScreen,
      ),
    'routes.evaluacionSocio',
  ),
  '/perfil': screen(
    () => import('#features/perfil/perfil-screen.tsx').then((m) => m.PerfilScreen),
    'routes.perfil',
  ),
  '/acopios': screen(
    () => import('#features/acopios/acopios-screen.tsx').then((m) => m.AcopiosScreen),
    'routes.acopios',
  ),
  '/acopio-formato': screen(
    () => import('#features/acopios/acopio-formato-screen.tsx').then((m) => m.AcopioFormatoScreen),
    'routes.acopioFormato',
  ),
  '/carteras': screen(
    () => import('#features/carteras/carteras-screen.tsx').then((m) => m.CarterasScreen),
    'routes.carteras',
  ),
  '/condonacion': screen(
    () => import('#features/creditos/condonacion-screen.tsx').then((m) => m.CondonacionScreen),
    'routes.condonacion',
  ),
  '/prorroga': screen(
    () => import('#features/creditos/prorroga-screen.tsx').then((m) => m.ProrrogaScreen),
    'routes.prorroga',
  ),
  '/creditos': screen(
    () => import('#features/creditos/creditos-screen.tsx').then((m) => m.CreditosScreen),
    'routes.creditos',
  ),
  '/fondos-comunes': screen(
    () => import('#features/creditos/fondos-comunes-screen.tsx').then((m) => m.FondosComunesScreen),
    'routes.fondosComunes',
  ),
  '/credito-imprimir': screen(
    () =>
      import('#features/creditos/credito-imprimir-screen.tsx').then((m) => m.CreditoImprimirScreen),
    'routes.creditoImprimir',
  ),
  '/credito-activar': screen(
    () =>
      import('#features/creditos/credito-activar-screen.tsx').then((m) => m.CreditoActivarScreen),
    'routes.creditoActivar',
  ),
  '/mapa-procesos': screen(
    () => import('#features/mapas/mapa-procesos-screen.tsx').then((m) => m.MapaProcesosScreen),
    'routes.mapaProcesos',
  ),
  '/mapa-mision': screen(
    () => import('#features/mapas/mapa-mision-screen.tsx').then((m) => m.MapaMisionScreen),
    'routes.mapaMision',
  ),
  '/pagos': screen(
    () => import('#features/pagos/pagos-screen.tsx').then((m) => m.PagosScreen),
    'routes.pagos',
  ),
  '/pago-formato': screen(
    () => import('#features/pagos/pago-formato-screen.tsx').then((m) => m.PagoFormatoScreen),
    'routes.pagoFormato',
  ),
  '/tsumbalil': screen(
    () => import('#features/tsumbalil/tsumbalil-screen.tsx').then((m) => m.TsumbalilScreen),
    'routes.tsumbalil',
  ),
  '/movimientos': screen(
    () => import('#features/movimientos/movimientos-screen.tsx').then((m) => m.MovimientosScreen),
    'routes.movimientos',
  ),
  '/movimiento-formato': screen(
    () =>
      import('#features/movimientos/movimiento-formato-screen.tsx').then(
        (m) => m.MovimientoFormatoScreen,
      ),
    'routes.movimientoFormato',
  ),
  '/solicitudes': screen(
    () => import('#features/solicitudes/solicitudes-screen.tsx').then((m) => m.SolicitudesScreen),
    'routes.solicitudes',
  ),
  '/solicitud-formato': screen(
    () =>
      import('#features/solicitudes/solicitud-formato-screen.tsx').then(
        (m) => m.SolicitudFormatoScreen,
      ),
    'routes.solicitudFormato',
  ),
  '/mesa-control': screen(
    () => import('#features/solicitudes/mesa-control-screen.tsx').then((m) => m.MesaControlScreen),
    'routes.mesaControl',
  ),
  '/evaluacion': screen(
    () => import('#features/solicitudes/evaluacion-screen.tsx').then((m) => m.EvaluacionScreen),
    'routes.evaluacion',
  ),
  '/formatos': screen(
    () => import('#features/formatos/formatos-screen.tsx').then((m) => m.FormatosScreen),
    'routes.formatos',
  ),
  '/bancos': screen(
    () => import('#features/bancos/bancos-screen.tsx').then((m) => m.BancosScreen),
    'routes.bancos',
  ),
  '/subcuentas': screen(
    () => import('#features/bancos/subcuentas-screen.tsx').then((m) => m.SubcuentasScreen),
    'routes.subcuentas',
  ),
  '/banco-form': screen(
    () => import('#features/bancos/banco-form-screen.tsx').then((m) => m.BancoFormScreen),
    'routes.bancoForm',
  ),
  '/viaje': screen(
    () => import('#features/viaje/viaje-screen.tsx').then((m) => m.ViajeScreen),
    'routes.viaje',
  ),
  '/cierres-viaje': screen(
    () =>
      import('#features/cierres-viaje/cierres-viaje-screen.tsx').then((m) => m.CierresViajeScreen),
    'routes.cierresViaje',
  ),
  '/bandeja': screen(
    () => import('#features/bandeja/bandeja-screen.tsx').then((m) => m.BandejaScreen),
    'routes.bandeja',
  ),
  '/recibos': screen(
    () => import('#features/recibos/recibos-screen.tsx').then((m) => m.RecibosScreen),
    'routes.recibos',
  ),
  '/sincronizacion': () => (
    <SyncCenterScreen titleKey="routes.sincronizacion" onSyncNow={syncNow} />
  ),
};
