/**
 * Which screen each route shows. Every screen is lazy-loaded from its feature (one chunk per
 * screen) so the shell stays small, and gets its route's title key. The login screen gets the
 * app's `login`, from the private side of the app (fetched once the visitor starts on the form).
 */
import { lazy, useEffect, type ComponentType, type ReactElement } from 'react';
import type { LoginValues } from '#domain/forms/login';
import { loadPrivateApp, preloadPrivateAppOnInput } from '#app/private-loader.ts';
import { ensureFullDictionary } from '#i18n/setup';
import { LoginScreen } from '#features/publico/login-screen.tsx';
import { PublicHome } from '#features/publico/public-home.tsx';
import { whenIdleAfterStart, whenIdleBetweenInputs } from '#app/idle-after-start.ts';

interface TitledProps {
  titleKey: string;
}

/**
 * A screen loaded from its own chunk that also waits for the whole Spanish dictionary (the
 * shell starts with its own sections only; if the dictionary cannot be fetched the screen still
 * renders with the keys i18next has). Once loaded — by a visit or by `preloadScreens` — it is
 * rendered directly: a lazy component suspends on its first render even when its chunk is
 * there, and React then holds the revealed screen back for up to 300 ms.
 */
function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  const preload = async () => {
    const [component] = await Promise.all([load(), ensureFullDictionary().catch(() => undefined)]);
    loaded = component;
    return component;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  function LoadedScreen(props: P): ReactElement {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return { Screen: LoadedScreen, preload };
}

/**
 * A route's element; for a lazy screen, how to fetch it ahead of the visit, and for a screen
 * over thousands of replica rows, how to read them ahead (`warm`: kept until they change).
 */
export type RouteScreen = (() => ReactElement) & {
  preload?: () => Promise<unknown>;
  warm?: () => Promise<unknown>;
};

/**
 * Fetches the given routes' screens one at a time while the browser is idle, the first once the
 * app's start has settled (`whenIdleAfterStart`; waiting for that before each one would spread
 * the queue over a minute), each one and its first reads in a pause of the user's typing and
 * tapping (`whenIdleBetweenInputs`), so the first visit of each menu entry shows at once; then
 * `data-screens-ahead="done"` on the document element.
 * Where there is no idle callback (tests, old browsers) nothing is fetched ahead: each screen
 * loads on its first visit as before.
 */
export function preloadScreens(paths: readonly string[]): () => void {
  if (typeof window === 'undefined' || typeof window.requestIdleCallback !== 'function') {
    return () => undefined;
  }
  const queue = paths.filter((p) => SCREENS[p]?.preload !== undefined);
  let cancel: (() => void) | null = null;
  let stopped = false;
  let started = false;
  const next = () => {
    const path = queue.shift();
    if (stopped) return;
    if (path === undefined) {
      // Said on the page, for the benchmarks: every screen of the menu is ready from here on.
      document.documentElement.dataset.screensAhead = 'done';
      return;
    }
    // The screen's first reads, like its chunk, wait for a pause in the user's input.
    const warmBetweenInputs = (warm: () => Promise<unknown>) =>
      new Promise<void>((resolve) => {
        cancel = whenIdleBetweenInputs(resolve, 10_000);
      }).then(() => (stopped ? undefined : warm()));
    const fetchAhead = () => {
      // A chunk that fails (offline, not precached) is fetched again on its visit; a read that
      // fails is read again there too.
      const route = SCREENS[path];
      void (route?.preload?.() ?? Promise.resolve())
        .then(() => (route?.warm ? warmBetweenInputs(route.warm) : undefined))
        .catch(() => undefined)
        .then(next);
    };
    cancel = started
      ? whenIdleBetweenInputs(fetchAhead, 10_000)
      : whenIdleAfterStart(fetchAhead, 10_000);
    started = true;
  };
  next();
  return () => {
    stopped = true;
    cancel?.();
  };
}

// The public home and the login screen are the pages a first visit lands on, prerendered by the
// build: they come with the shell, so the app takes their HTML over as soon as its
// script runs, and a tap or a key from then on reaches the app (never a page not yet taken).
const Home = lazyScreen(() => import('#features/inicio/home-screen.tsx').then((m) => m.HomeScreen));
const SyncCenter = lazyScreen(() =>
  import('#features/sync-center/sync-center-screen.tsx').then((m) => m.SyncCenterScreen),
);

async function login(values: LoginValues): Promise<void> {
  const privateApp = await loadPrivateApp();
  await privateApp.login(values);
}

function LoginRoute() {
  useEffect(preloadPrivateAppOnInput, []);
  return <LoginScreen onLogin={login} />;
}

/** Private screens render only once the private side is loaded (app-shell.tsx). */
function syncNowWhenLoaded(): void {
  void loadPrivateApp().then((privateApp) => privateApp.syncNow());
}

/**
 * A route's screen: lazy-loaded from its feature, given the route's title key; `warm` reads its
 * data ahead of the first visit.
 */
function screen(
  load: () => Promise<ComponentType<TitledProps>>,
  titleKey: string,
  warm?: () => Promise<unknown>,
): RouteScreen {
  const { Screen, preload } = lazyScreen<TitledProps>(load);
  return Object.assign(() => <Screen titleKey={titleKey} />, { preload, warm });
}

// The reads of the office's big lists, each imported when its warm-up runs.
const warmCredits = () => import('#db/reads/credits').then((m) => m.contractsAndPayments.warm());

/** Route path → the element it renders. `/logout` is handled by the router itself. */
export const SCREENS: Readonly<Record<string, RouteScreen>> = {
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
  '/acceso': () => <LoginRoute />,
  '/traducciones': screen(
    () =>
      import('#features/traducciones/traducciones-screen.tsx').then((m) => m.TraduccionesScreen),
    'routes.traducciones',
  ),
  '/inicio': Object.assign(() => <Home.Screen />, {
    preload: Home.preload,
    warm: () => import('#features/inicio/use-home-portfolio.ts').then((m) => m.warmHomePortfolio()),
  }),
  '/reportes': screen(
    () => import('#features/reportes/reports-screen.tsx').then((m) => m.ReportsScreen),
    'routes.reportes',
  ),
  '/socios': screen(
    () => import('#features/socios/socios-screen.tsx').then((m) => m.SociosScreen),
    'routes.socios',
    () => import('#features/socios/use-socios-data.ts').then((m) => m.keptMembers.warm()),
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
    () => import('#features/acopios/use-acopios-data.ts').then((m) => m.sortedAcopios.warm()),
  ),
  '/acopio-formato': screen(
    () => import('#features/acopios/acopio-formato-screen.tsx').then((m) => m.AcopioFormatoScreen),
    'routes.acopioFormato',
  ),
  '/carteras': screen(
    () => import('#features/carteras/carteras-screen.tsx').then((m) => m.CarterasScreen),
    'routes.carteras',
    warmCredits,
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
    warmCredits,
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
    () => import('#features/pagos/use-pagos-data.ts').then((m) => m.loadPagos.warm()),
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
    () =>
      import('#features/movimientos/use-movimientos-data.ts').then((m) =>
        m.sortedMovimientos.warm(),
      ),
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
  '/visita': screen(
    () => import('#features/visita/visita-screen.tsx').then((m) => m.VisitaScreen),
    'routes.visita',
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
  '/sincronizacion': Object.assign(
    () => <SyncCenter.Screen titleKey="routes.sincronizacion" onSyncNow={syncNowWhenLoaded} />,
    { preload: SyncCenter.preload },
  ),
};
