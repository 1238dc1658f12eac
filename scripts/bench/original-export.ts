/**
 * This product's data written out in the ORIGINAL system's schema (tests/helpers/original-
 * schema.ts), to give the importer a database of realistic size: the large demo cooperative
 * becomes an original database of ~5,000 contracts, ~24,000 payments and 6,000 members.
 *
 * What the original requires and the demo lacks is filled in plainly: every contract gets a
 * request of its own when it has none (the demo's contracts "from paper"), localities get the
 * point of a hermitage that names them (else the middle of the territory), users get Django
 * hashes of the demo password. Texts longer than the original's columns are cut.
 */
import { pbkdf2Sync } from 'node:crypto';
import { asc } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import {
  bancos,
  cargos,
  cargosCoop,
  comunidades,
  condonaciones,
  contratos,
  empresas,
  ermitas,
  fuentes,
  interzonas,
  localidades,
  movimientos,
  movimientosBanco,
  municipios,
  pagos,
  puestos,
  regiones,
  registrosContables,
  socios,
  solicitudChat,
  solicitudes,
  subcuentas,
  users,
  zonas,
  acopios,
} from '#server/db/schema';
import { DEMO_PASSWORD } from '#server/db/seed';
import {
  advanceOriginalSequences,
  insertOriginalRows,
  type OriginalRows,
  type SqlClient,
} from '#tests/helpers/original-schema';

const cut = (text: string | null, max: number) => (text === null ? null : text.slice(0, max));
const iso = (d: Date) => d.toISOString();

function djangoHash(password: string, salt: string): string {
  const key = pbkdf2Sync(password, salt, 1000, 32, 'sha256').toString('base64');
  return `pbkdf2_sha256$1000$${salt}$${key}`;
}

export async function productToOriginalRows(db: Db): Promise<OriginalRows> {
  const rows: OriginalRows = {};
  rows.tsumbalil_region = (await db.select().from(regiones).orderBy(asc(regiones.id))).map((r) => ({
    id: r.id,
    nombre_de_region: cut(r.nombre_de_region, 40),
    poly: r.poly,
  }));
  const inter = await db.select().from(interzonas).orderBy(asc(interzonas.id));
  rows.ermitas_interzona = inter.map((r) => ({ interzona_id: r.id, nombre: r.nombre }));
  rows.ermitas_zona = (await db.select().from(zonas).orderBy(asc(zonas.id))).map((z) => ({
    zona_id: z.id,
    nombre: z.nombre,
    poly: z.poly ? { type: 'MultiPolygon', coordinates: [z.poly.coordinates] } : null,
    poly_encuesta: z.poly_encuesta
      ? { type: 'MultiPolygon', coordinates: [z.poly_encuesta.coordinates] }
      : null,
    interzona_id: z.interzona ?? inter[0]!.id,
  }));
  const munis = await db.select().from(municipios).orderBy(asc(municipios.id));
  rows.ermitas_municipio = munis.map((m) => ({ municipio_id: m.id, nombre: m.nombre }));
  const hermitages = await db.select().from(ermitas).orderBy(asc(ermitas.ermita_id));
  const pointOf = new Map<number, [number, number]>();
  for (const e of hermitages)
    if (e.localidad !== null && e.lat !== null && e.lng !== null)
      pointOf.set(e.localidad, [e.lng, e.lat]);
  rows.ermitas_inegilocalidad = (
    await db.select().from(localidades).orderBy(asc(localidades.id))
  ).map((l) => ({
    localidad_id: l.id,
    clave: Number((l.clave_inegi ?? '0').slice(-4)) || l.id,
    nombre: l.nombre,
    altitud: 800,
    poblacion: 1000,
    ubicacion: { type: 'Point', coordinates: pointOf.get(l.id) ?? [-92.3, 17.1] },
    municipio_id: l.municipio,
  }));
  rows.ermitas_ermita = hermitages.map((e) => ({
    ermita_id: e.ermita_id,
    nombre: e.nombre,
    localidad_nota: e.localidad_nota,
    localidad_id: e.localidad,
    municipio_id: e.municipio ?? munis[0]!.id,
    zona_id: e.zona ?? 1,
  }));
  rows.tsumbalil_comunidad = (await db.select().from(comunidades).orderBy(asc(comunidades.id))).map(
    (c) => ({
      id: c.id,
      nombre_de_comunidad: cut(c.nombre_de_comunidad, 50),
      ermita_id: c.ermita,
      inegi_extra_id: null,
      region_id: c.region,
    }),
  );
  rows.tsumbalil_cargo = (await db.select().from(cargos)).map((r) => ({
    id: r.id,
    nombre_de_cargo: r.nombre_de_cargo,
  }));
  rows.tsumbalil_cargocoop = (await db.select().from(cargosCoop)).map((r) => ({
    id: r.id,
    nombre_cargo_coop: r.nombre_cargo_coop,
  }));
  rows.tsumbalil_empresa = (await db.select().from(empresas)).map((r) => ({
    id: r.id,
    nombre_empresa: r.nombre_empresa,
  }));
  rows.tsumbalil_fuente = (await db.select().from(fuentes)).map((r) => ({
    id: r.id,
    fuente: r.fuente,
  }));
  rows.tsumbalil_puesto_trabajo = (await db.select().from(puestos)).map((r) => ({
    id: r.id,
    puesto: r.puesto,
  }));
  const members = await db.select().from(socios).orderBy(asc(socios.clave_socio));
  rows.socios_socio = members.map((s) => ({
    clave_socio: s.clave_socio,
    nombres: cut(s.nombres, 30),
    apellido_paterno: cut(s.apellido_paterno, 50),
    apellido_materno: s.apellido_materno === '' ? null : cut(s.apellido_materno, 50),
    curp: s.curp ?? '',
    telefono: s.telefono,
    fecha_nacimiento: s.fecha_nacimiento,
    fecha_ingr_yomol_atel: s.fecha_ingr_yomol_atel,
    fecha_ingr_programa: s.fecha_ingr_programa,
    clave_anterior: cut(s.clave_anterior, 10),
    genero: s.genero,
    estatus_cafe: s.estatus_cafe,
    estatus_miel: s.estatus_miel,
    estatus_yip: s.estatus_yip,
    estatus_trabajador: s.estatus_trabajador,
    estatus_comonSit: s.estatus_comon_sit,
    doc_curp: s.doc_curp,
    doc_act_nac: s.doc_act_nac,
    doc_ine: s.doc_ine,
    doc_domicilio: s.doc_domicilio,
    doc_rfc: s.doc_rfc,
    created: iso(s.created_at),
    updated: iso(s.updated_at),
    cargo_id: s.cargo,
    comunidad_id: s.comunidad,
    empresa_id: s.empresa,
    fuente_id: s.fuente,
    puesto_id: s.puesto,
  }));
  let joinId = 0;
  rows.socios_socio_cargo_coop = members.flatMap((s) =>
    s.cargo_coop.map((post) => ({ id: ++joinId, socio_id: s.clave_socio, cargocoop_id: post })),
  );
  const accounts = await db.select().from(users).orderBy(asc(users.id));
  rows.users_user = accounts.map((u) => ({
    id: u.id,
    password: djangoHash(DEMO_PASSWORD, `salt${u.id}x`),
    last_login: null,
    is_superuser: false,
    username: u.username,
    first_name: cut(u.first_name, 30),
    last_name: u.last_name,
    email: u.email,
    is_staff: false,
    is_active: true,
    date_joined: iso(u.created_at),
    role: u.role,
    phone: u.phone,
    clave_socio_id: u.clave_socio,
  }));
  const promoter = accounts.find((u) => u.role === 'PR') ?? accounts[0]!;

  const requests = await db.select().from(solicitudes).orderBy(asc(solicitudes.folio_solicitud));
  const toRequest = (r: (typeof requests)[number]) => ({
    folio_solicitud: r.folio_solicitud,
    fecha_solicitud: r.fecha_solicitud,
    proceso: r.proceso,
    tipo_credito: r.tipo_credito,
    act_productiva: r.act_productiva ?? '',
    act_productiva_otro: cut(r.act_productiva_otro, 40),
    mot_credito: r.mot_credito,
    mot_credito_otro: cut(r.mot_credito_otro, 30),
    emergencia_medica: r.emergencia_medica,
    monto_solicitado: r.monto_solicitado,
    plazo_de_pago_solicitado: r.plazo_de_pago_solicitado,
    estatus_solicitud: r.estatus_solicitud,
    estatus_evaluacion: r.estatus_evaluacion,
    justificacion_credito: cut(r.justificacion_credito, 100),
    pregunta_1: r.pregunta_1,
    pregunta_2: r.pregunta_2,
    pregunta_3: r.pregunta_3,
    pregunta_4: r.pregunta_4,
    irregularidades: cut(r.irregularidades, 100) ?? '',
    familiar_responsable: cut(r.familiar_responsable, 100),
    aval_id: r.aval,
    clave_socio_id: r.clave_socio,
    promotor_id: r.promotor,
  });
  rows.solicitudes_solicitudcredito = requests.map(toRequest);
  rows.solicitudes_chatsolicitudcredito = (
    await db.select().from(solicitudChat).orderBy(asc(solicitudChat.id))
  ).map((c) => ({
    id: c.id,
    comentario: cut(c.comentario, 100),
    fecha: iso(c.fecha),
    solicitud_id: c.solicitud,
    user_id: c.user_id,
  }));

  // Every contract of the original has its request: one per contract "from paper".
  let folio = Math.max(0, ...requests.map((r) => r.folio_solicitud));
  const contracts = await db.select().from(contratos).orderBy(asc(contratos.id));
  rows.contratos_contratocredito = contracts.map((c) => {
    let solicitud = c.solicitud;
    if (solicitud === null) {
      solicitud = ++folio;
      rows.solicitudes_solicitudcredito!.push({
        ...toRequest({
          ...requests[0]!,
          folio_solicitud: solicitud,
          fecha_solicitud: c.fecha_inicio ?? '2020-01-01',
          proceso: c.proceso,
          tipo_credito: c.tipo_credito,
          monto_solicitado: c.monto,
          plazo_de_pago_solicitado: c.plazo,
          estatus_solicitud: 'AP',
          estatus_evaluacion: 'AP',
          clave_socio: c.clave_socio,
          aval:
            c.clave_socio === members[0]!.clave_socio
              ? members[1]!.clave_socio
              : members[0]!.clave_socio,
          promotor: promoter.id,
        }),
      });
    }
    return {
      id: c.id,
      fecha_inicio: c.fecha_inicio,
      fecha_final: c.fecha_final,
      monto: c.monto,
      plazo: c.plazo,
      tasa: c.tasa,
      tasa_moratoria: c.tasa_moratoria,
      tipo_tasa: c.tipo_tasa ?? '',
      prorroga: c.prorroga,
      estatus: c.estatus,
      referencia_banco: c.referencia_banco,
      fecha_banco: c.fecha_banco,
      estatus_ejecucion: c.estatus_ejecucion,
      clave_socio_id: c.clave_socio,
      solicitud_id: solicitud,
      prorroga_justificacion: cut(c.prorroga_justificacion, 100),
      fondo_comun: c.fondo_comun,
    };
  });
  rows.pagos_pago = (await db.select().from(pagos).orderBy(asc(pagos.id))).map((p) => ({
    id: p.id,
    fecha_pago: p.fecha_pago,
    cantidad: p.cantidad,
    fecha_banco: p.fecha_banco,
    referencia_banco: p.referencia_banco,
    interes_ord: p.interes_ord,
    interes_mor: p.interes_mor,
    abono_capital: p.abono_capital,
    estatus_previo: p.estatus_previo,
    deuda_prev_total: p.deuda_prev_total,
    deuda_prev_capital: p.deuda_prev_capital,
    deuda_prev_int_ord: p.deuda_prev_int_ord,
    deuda_prev_int_mor: p.deuda_prev_int_mor,
    autor_id: p.autor,
    credito_id: p.credito,
  }));
  rows.pagos_condonacion = (await db.select().from(condonaciones)).map((w) => ({
    id: w.id,
    fecha_condonacion: w.fecha,
    cantidad: w.total,
    interes_ord: w.interes_ord,
    interes_mor: w.interes_mor,
    estatus_previo: w.estatus_previo,
    justificacion: cut(w.justificacion, 100),
    autor_id: w.autor,
    credito_id: w.credito,
  }));
  rows.acopios_acopio = (await db.select().from(acopios).orderBy(asc(acopios.id))).map((a) => ({
    id: a.id,
    fecha: a.fecha,
    ingreso: a.ingreso,
    kilos_de_producto: a.kilos_de_producto,
    tipo_de_producto: a.tipo_de_producto,
    clave_socio_id: a.clave_socio,
  }));
  rows.movimientos_movimiento = (
    await db.select().from(movimientos).orderBy(asc(movimientos.id))
  ).map((m) => ({
    id: m.id,
    fecha_entrega: m.fecha_entrega,
    monto: m.monto,
    proceso: m.proceso,
    aportacion: m.aportacion,
    ordinario: m.ordinario,
    tipo_de_movimiento: m.tipo_de_movimiento,
    responsable_entrega: cut(m.responsable_entrega, 50) ?? '',
    fecha_banco: m.fecha_banco,
    referencia_banco: m.referencia_banco,
    autor_id: m.autor ?? promoter.id,
    clave_socio_id: m.clave_socio,
  }));
  rows.bancos_banco = (await db.select().from(bancos)).map((b) => ({
    id: b.id,
    nombre_banco: b.nombre,
    nombre_cuenta: b.nombre_cuenta,
    numero_cuenta: b.numero_cuenta,
    clabe: b.clabe,
    externo: b.externo,
  }));
  rows.bancos_subcuenta = (await db.select().from(subcuentas)).map((s) => ({
    id: s.id,
    nombre: cut(s.nombre, 60),
    id_contable: s.id_contable,
    tipo: s.tipo,
    sistema: s.sistema,
    banco_id: s.banco,
  }));
  // numeric(8,2) in the original: a bank movement of a million or more cannot be stored there
  // (the demo books all its credit funding as one); it stays out, with its records.
  const tooLarge = new Set<number>();
  const bankMovements = await db.select().from(movimientosBanco).orderBy(asc(movimientosBanco.id));
  for (const m of bankMovements) if (Number(m.cantidad) >= 1_000_000) tooLarge.add(m.id);
  rows.bancos_movimientobanco = bankMovements
    .filter((m) => !tooLarge.has(m.id))
    .map((m) => ({
      id: m.id,
      referencia_banco: m.referencia_banco,
      fecha: m.fecha,
      cantidad: m.cantidad,
      referencia_alf: cut(m.referencia_alf, 60),
      fecha_auto: iso(m.fecha_captura),
      usuario_id: m.usuario,
    }));
  rows.bancos_registrocontable = (
    await db.select().from(registrosContables).orderBy(asc(registrosContables.id))
  )
    .filter((r) => !tooLarge.has(r.movimiento_banco) && Number(r.cantidad) < 1_000_000)
    .map((r) => ({
      id: r.id,
      cantidad: r.cantidad,
      ingr_egr: r.ingr_egr,
      aport_retiro_id: r.aport_retiro,
      ej_credito_id: r.ej_credito,
      movimiento_banco_id: r.movimiento_banco,
      pago_id: r.pago,
      subcuenta_id: r.subcuenta,
    }));
  return rows;
}

/** Write the rows into a database that already has the original's tables. */
export async function writeOriginal(client: SqlClient, rows: OriginalRows): Promise<void> {
  await client.query('BEGIN');
  await insertOriginalRows(client, rows);
  await advanceOriginalSequences(client);
  await client.query('COMMIT');
}
