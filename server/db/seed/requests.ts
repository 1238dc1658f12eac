/**
 * Demo credit requests (~40, ×10 for `large`) in every state of the workflow
 * (docs/business-rules.md#credit-requests) with their chat: in review, rejected by the desk,
 * approved by the desk and waiting for the manager (some after a renegotiation), in negotiation,
 * cancelled, and approved with the contract the approval creates (through the contracts service, as
 * the API does). Captured by the two promoters (members of their region) and the coordinator. Runs
 * after the users; its own PRNG stream and a fixed calendar, so the rows never depend on the day it
 * runs.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import {
  PROCESS_STATUS_FIELD,
  PROCESSES,
  type CreditReason,
  type CreditType,
  type EvaluationStatus,
  type Process,
  type ProductiveActivity,
  type RequestStatus,
} from '#domain/codes';
import { present } from '#domain/guards';
import { centsToDecimalString } from '#domain/money';
import { comunidades, socios, solicitudChat, solicitudes, users } from '#server/db/schema';
import { theRow } from '#server/db/conditions';
import { createContractFromRequest } from '#server/services/contracts';
import type { SeedContext } from './context.ts';
import { createRng, randomDate, type Rng } from './prng.ts';
import { FEMALE_NAMES, MALE_NAMES, SURNAMES } from './names.ts';

const SEED = 4_052_025;
const FIRST_DATE = '2024-07-01';
const LAST_REQUEST_DATE = '2025-06-20';

type State = readonly [RequestStatus, EvaluationStatus];

/** How many of each 40 requests are in each state (the rest of the list repeats). */
const STATE_MIX: readonly (readonly [State, number])[] = [
  [['RV', 'RV'], 10],
  [['RE', 'RV'], 5],
  [['AP', 'RV'], 8],
  [['AP', 'NE'], 5],
  [['AP', 'CA'], 4],
  [['AP', 'AP'], 8],
];

const JUSTIFICATIONS = [
  'Renovar cafetal dañado por la roya',
  'Comprar cajas para nuevas colmenas',
  'Pagar jornales de la cosecha',
  'Materia prima para jabones',
  'Útiles escolares de los hijos',
  'Consulta y medicinas',
  'Herramientas de trabajo',
  'Semilla y abono para la milpa',
] as const;

const ACTIVITIES: readonly ProductiveActivity[] = ['CA', 'VI', 'HR', 'AT', 'MI', 'AP', 'HE', 'OT'];

const COMMENTS = {
  promoter: [
    'Socio cumplido con sus entregas',
    'Tiene buena cosecha este año',
    'Primera solicitud del socio',
    'Ya pagó su crédito anterior',
  ],
  reject: [
    'Falta copia del INE del aval',
    'El aval ya avala otro crédito',
    'La justificación no es clara',
  ],
  deskApprove: ['Documentación completa', 'Revisado en asamblea comunitaria'],
  negotiate: ['Proponer un monto menor', 'Reducir el plazo a 6 meses'],
  renegotiate: ['El socio acepta el monto propuesto', 'Acepta plazo de 6 meses'],
  cancel: [
    'Tiene deuda vencida con la cooperativa',
    'No participa en el proceso desde hace un año',
  ],
  approve: ['Aprobado', 'Aprobado con monto ajustado'],
} as const;

interface Applicant {
  clave: number;
  region: number;
  processes: Process[];
}

interface Author {
  id: number;
  /** The region it captures in; null for office staff, who capture in every region. */
  region: number | null;
}

function atHour(date: string, dayOffset: number, hour: number): Date {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + dayOffset);
  at.setUTCHours(hour);
  return at;
}

function states(total: number): State[] {
  const list: State[] = [];
  while (list.length < total) {
    for (const [state, n] of STATE_MIX) {
      for (let i = 0; i < n && list.length < total; i++) list.push(state);
    }
  }
  return list;
}

async function applicants(ctx: SeedContext): Promise<Applicant[]> {
  const rows = await ctx.db
    .select({
      clave: socios.clave_socio,
      region: comunidades.region,
      estatus_cafe: socios.estatus_cafe,
      estatus_miel: socios.estatus_miel,
      estatus_yip: socios.estatus_yip,
      estatus_trabajador: socios.estatus_trabajador,
      estatus_comonSit: socios.estatus_comon_sit,
    })
    .from(socios)
    .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
    .orderBy(asc(socios.clave_socio));
  return rows
    .map((r) => ({
      clave: r.clave,
      region: r.region,
      processes: PROCESSES.filter((p) => r[PROCESS_STATUS_FIELD[p]] === 'AC'),
    }))
    .filter((a) => a.processes.length > 0);
}

function familyName(rng: Rng): string {
  const first = rng.chance(0.5) ? rng.pick(FEMALE_NAMES) : rng.pick(MALE_NAMES);
  return `${first} ${rng.pick(SURNAMES)}`;
}

/** The reason of a request: a CP credit's is always TR; the other types draw one. */
function reasonFor(rng: Rng, tipo: CreditType): CreditReason {
  if (tipo === 'CP') return 'TR';
  return rng.weighted([
    ['TR', 5],
    ['SA', 2],
    ['AL', 1],
    ['ED', 1],
    ['FI', 1],
    ['OT', 1],
  ]);
}

/** What one request's row is made of (its random parts are drawn by `requestRow`). */
interface RequestPlan {
  fecha: string;
  applicant: Applicant;
  aval: Applicant;
  proceso: Process;
  tipo: CreditType;
  motivo: CreditReason;
  activity: ProductiveActivity | null;
  cents: number;
  plazo: number;
  state: State;
  chat: readonly { user: number; comentario: string }[];
  promoterComment: string | null;
  deskDone: boolean;
  approved: boolean;
  approvedCents: number | null;
  approvedPlazo: number | null;
  renegotiated: boolean;
  capturer: number;
  coordinator: number;
  manager: number;
}

/** The request's row; draws from `rng` in the same order the row's fields are written. */
function requestRow(rng: Rng, p: RequestPlan) {
  const { fecha, applicant, aval, proceso, tipo, motivo, activity, cents, plazo, state } = p;
  const { chat, promoterComment, deskDone, approved, approvedCents, approvedPlazo } = p;
  const { renegotiated } = p;
  return {
    fecha_solicitud: fecha,
    clave_socio: applicant.clave,
    proceso,
    tipo_credito: tipo,
    act_productiva: activity,
    act_productiva_otro: activity === 'OT' ? 'Venta de pan' : null,
    mot_credito: motivo,
    mot_credito_otro: motivo === 'OT' ? 'Reparar el techo de la casa' : null,
    emergencia_medica: motivo === 'SA' && rng.chance(0.5),
    monto_solicitado: centsToDecimalString(cents),
    plazo_de_pago_solicitado: plazo,
    justificacion_credito: rng.pick(JUSTIFICATIONS),
    aval: aval.clave,
    familiar_responsable: familyName(rng),
    comentarios_promotor: promoterComment,
    estatus_solicitud: state[0],
    estatus_evaluacion: state[1],
    pregunta_1: deskDone && state[0] === 'AP' ? true : null,
    pregunta_2: deskDone && state[0] === 'AP' ? true : null,
    pregunta_3: deskDone && state[0] === 'AP' ? true : null,
    pregunta_4: deskDone && state[0] === 'AP' ? true : null,
    irregularidades: null,
    comentarios_coordinador: deskDone
      ? (chat.find((c) => c.user === p.coordinator)?.comentario ?? null)
      : null,
    monto_aprobado: approvedCents === null ? null : centsToDecimalString(approvedCents),
    plazo_aprobado: approvedPlazo,
    tasa_aprobada: approved ? '1.5000' : null,
    tasa_mor_aprobada: approved ? '3.0000' : null,
    comentarios_gerente:
      state[1] === 'RV' && !renegotiated
        ? null
        : ([...chat].reverse().find((c) => c.user === p.manager)?.comentario ?? null),
    promotor: p.capturer,
    capturado_en: atHour(fecha, 0, 14),
    recibido_en: atHour(fecha, 1, 9),
  };
}

export async function seedRequests(ctx: SeedContext): Promise<void> {
  const rng = createRng(SEED);
  const staff = await ctx.db
    .select({ id: users.id, username: users.username, region: comunidades.region })
    .from(users)
    .leftJoin(socios, eq(users.clave_socio, socios.clave_socio))
    .leftJoin(comunidades, eq(socios.comunidad, comunidades.id))
    .where(inArray(users.username, ['promotor', 'promotor2', 'coordinador', 'gerente']));
  const byName = new Map(staff.map((u) => [u.username, u]));
  const author = (username: string): Author => {
    const user = byName.get(username);
    if (!user) throw new Error(`demo seed: no user ${username}`);
    return { id: user.id, region: username === 'coordinador' ? null : user.region };
  };
  const capturers = [author('promotor'), author('promotor2'), author('coordinador')];
  const coordinator = author('coordinador');
  const manager = author('gerente');
  const members = await applicants(ctx);
  const used = new Set<string>();

  // Each capturer's pool once, not per request (4,000 requests over 60,000 members in xl).
  const pools = new Map(
    capturers.map((c) => [c, members.filter((m) => c.region === null || m.region === c.region)]),
  );
  for (const [index, state] of states(40 * ctx.scale).entries()) {
    const capturer = present(capturers[index % capturers.length], 'a capturer');
    const pool = present(pools.get(capturer), "the capturer's members");
    const applicant = rng.pick(pool);
    let aval = rng.pick(pool);
    while (aval.clave === applicant.clave) aval = rng.pick(pool);
    const proceso = rng.pick(applicant.processes);
    const tipo: CreditType = rng.weighted([
      ['MC', 6],
      ['CP', 2],
      ['FC', 1],
    ]);
    const motivo = reasonFor(rng, tipo);
    const activity = motivo === 'TR' ? rng.pick(ACTIVITIES) : null;
    // The conversation spans at most 8 days, so its last word stays within the fixed horizon.
    const fecha = randomDate(rng, FIRST_DATE, LAST_REQUEST_DATE);
    let cents = rng.int(10, 400) * 2500;
    while (used.has(`${applicant.clave}|${fecha}|${cents}`)) cents += 5000;
    used.add(`${applicant.clave}|${fecha}|${cents}`);
    const plazo = rng.pick([3, 6, 8, 10, 12, 18, 24]);
    // Every other request waiting for the manager already went through one negotiation round.
    const renegotiated = state[0] === 'AP' && state[1] === 'RV' && index % 2 === 0;
    const promoterComment = renegotiated || rng.chance(0.8) ? rng.pick(COMMENTS.promoter) : null;
    const deskDone = state[0] !== 'RV';
    const approved = state[1] === 'AP';
    const approvedCents = approved ? Math.max(50_000, cents - rng.int(0, 4) * 25_000) : null;
    const approvedPlazo = approved ? Math.min(plazo, 12) : null;

    // The conversation, in order: capture, desk, manager (and a renegotiation round for some).
    const chat: { user: number; comentario: string; at: Date }[] = [];
    const say = (who: Author, comentario: string | null, day: number) => {
      if (comentario !== null) chat.push({ user: who.id, comentario, at: atHour(fecha, day, 15) });
    };
    say(capturer, promoterComment, 0);
    if (state[0] === 'RE') say(coordinator, rng.pick(COMMENTS.reject), 2);
    if (deskDone && state[0] === 'AP') say(coordinator, rng.pick(COMMENTS.deskApprove), 2);
    if (renegotiated) {
      say(manager, rng.pick(COMMENTS.negotiate), 5);
      say(capturer, rng.pick(COMMENTS.renegotiate), 8);
    }
    if (state[1] === 'NE') say(manager, rng.pick(COMMENTS.negotiate), 5);
    if (state[1] === 'CA') say(manager, rng.pick(COMMENTS.cancel), 5);
    if (approved) say(manager, rng.pick(COMMENTS.approve), 6);

    const rows = await ctx.db
      .insert(solicitudes)
      .values(
        requestRow(rng, {
          fecha,
          applicant,
          aval,
          proceso,
          tipo,
          motivo,
          activity,
          cents,
          plazo,
          state,
          chat,
          promoterComment,
          deskDone,
          approved,
          approvedCents,
          approvedPlazo,
          renegotiated,
          capturer: capturer.id,
          coordinator: coordinator.id,
          manager: manager.id,
        }),
      )
      .returning({ folio: solicitudes.folio_solicitud });
    const { folio } = theRow(rows, 'request');
    if (chat.length > 0)
      await ctx.db.insert(solicitudChat).values(
        chat.map((entry) => ({
          solicitud: folio,
          user_id: entry.user,
          comentario: entry.comentario,
          fecha: entry.at,
        })),
      );
    if (approvedCents !== null && approvedPlazo !== null) {
      await createContractFromRequest(ctx.db, {
        folio_solicitud: folio,
        clave_socio: applicant.clave,
        proceso,
        tipo_credito: tipo,
        monto_aprobado: approvedCents,
        plazo_aprobado: approvedPlazo,
        tasa_aprobada: '1.5000',
        tasa_mor_aprobada: '3.0000',
      });
    }
  }
}
