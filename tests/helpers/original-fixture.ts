/**
 * A small cooperative in the original system's schema, and every figure the import must find,
 * worked out BY HAND below (never with this product's debt function). Used by the importer's
 * tests on PGlite (tests/server) and on a real PostgreSQL (tests/server-pg).
 *
 * The day of the figures is TODAY = 2025-06-15.
 *
 * Contract 41 (request 501, member 1, region 1): FIXED rate, starts 2025-01-31, 10,000.00 at
 * 2 %/month (late 3 %), 6 months → due 2025-07-31.
 *   payment 201 on 2025-02-27: completed months since 31 Jan = 0 (the first anniversary is
 *     28 Feb), so no interest: debt 10,000.00 (capital 10,000.00, 0, 0). Pays 1,000.00 capital.
 *   payment 202 on 2025-03-31: 28 Feb and 31 Mar reached → m = 2; ordinary 10,000 × 2 % × 2 =
 *     400.00, none paid; total 10,000 − 1,000 + 400 = 9,400.00, capital 9,000.00. Pays 400.00
 *     interest + 1,000.00 capital.
 *   today: m = 4 (31 May reached, 30 Jun not): VI, capital 8,000.00.
 * Contract 42 (request 502, member 2, region 2): VARIABLE rate, starts 2025-01-10, 5,000.00 at
 * 1.5 %/month (daily 18 %/365), late 3 %/month (daily 36 %/365), 3 months → due 2025-04-10.
 *   payment 203 on 2025-02-09 (30 days): ordinary 5,000 × 0.18 × 30 / 365 = 73.9726 → 73.97;
 *     total 5,073.97. Pays 50.00 interest + 500.00 capital (23.97 interest carried).
 *   payment 204 on 2025-05-10: 90 days since 9 Feb on 4,500.00: 4,500 × 0.18 × 90 / 365 =
 *     199.7260 + 23.97 carried = 223.6960 → 223.69; late from the due date, 30 days:
 *     4,500 × 0.36 × 30 / 365 = 133.1506 → 133.15; total 4,500 + 223.69 + 133.15 = 4,856.84 (the
 *     full-precision total 4,856.8466 truncates to the same). VE. Pays 223.69 + 133.15 +
 *     1,000.00 capital = 1,356.84.
 *   today: VE, 66 days past the due date (31–180 band), capital 3,500.00.
 * Contract 43 (request 503, member 3, region 1): FIXED, starts 2024-03-15, 2,000.00 at 1 % (late
 * 2 %), 3 months → due 2024-06-15. payment 205 on 2024-07-20: m = 4 → ordinary 80.00, late
 * months 4 − 3 = 1 → 40.00; total 2,120.00, VE; paid in full → PA on 2024-07-20.
 * Contract 44 (request 504, member 2, region 2): FIXED, starts 2024-01-05, 1,000.00 at 2 % (late
 * 2 %), 2 months → due 2024-03-05. payment 206 on 2024-03-05: m = 2 → 40.00 ordinary, not yet
 * overdue (the due day itself); total 1,040.00, VI; pays the 1,000.00 capital. Waiver 301 the same
 * day forgives the 40.00 left (ordinary 40.00, late 0.00, VI) → CN on 2024-03-05.
 * Contract 45 (request 505, member 1, region 1): SHARED FUND, fixed, starts 2025-05-01,
 * 3,000.00, 12 months: today VI, capital 3,000.00.
 * Contract 46 (request 506): approved, never signed (no start, tipo_tasa '', execution PC).
 *
 * Portfolio on TODAY: loans, region 1: 1 current, 8,000.00; region 2: 1 overdue, 3,500.00, in the
 * 31–180 band. Shared funds, region 1: 1 current, 3,000.00.
 * Balances: member 1 500.00 + 250.50 − 100.00 = 650.50; member 2 1,000.00; member 3 80.00.
 */

export const TODAY = '2025-06-15';

/** The original system's passwords of the fixture's users, and their Django hashes' salt. */
export const PASSWORDS = {
  gerente: 'gerente-original-2019',
  promotor: 'promotora-de-campo',
  coordinador: 'coordina-desde-2020',
  exempleado: 'ya-no-trabajo-aqui',
} as const;

/** A Django `pbkdf2_sha256` hash, computed by the caller (node:crypto) — see the tests. */
export type HashFn = (password: string, salt: string) => string;

const square = (x: number, y: number, size: number) => [
  [x, y],
  [x + size, y],
  [x + size, y + size],
  [x, y + size],
  [x, y],
];

const member = (
  clave: number,
  nombres: string,
  paterno: string,
  materno: string | null,
  comunidad: number,
  extra: Record<string, unknown> = {},
) => ({
  clave_socio: clave,
  nombres,
  apellido_paterno: paterno,
  apellido_materno: materno,
  curp: '',
  telefono: null,
  fecha_nacimiento: '1980-01-01',
  fecha_ingr_yomol_atel: '2010-03-01',
  fecha_ingr_programa: '2015-06-01',
  clave_anterior: null,
  genero: 'MA',
  estatus_cafe: 'AC',
  estatus_miel: 'NP',
  estatus_yip: 'NP',
  estatus_trabajador: 'NP',
  estatus_comonSit: 'AC',
  doc_curp: true,
  doc_act_nac: true,
  doc_ine: true,
  doc_domicilio: false,
  doc_rfc: false,
  created: '2016-01-10T15:00:00Z',
  updated: '2024-01-10T15:00:00Z',
  cargo_id: 1,
  comunidad_id: comunidad,
  empresa_id: null,
  fuente_id: null,
  puesto_id: null,
  ...extra,
});

const user = (
  id: number,
  username: string,
  role: string,
  socio: number,
  password: string,
  active = true,
) => ({
  id,
  password,
  last_login: null,
  is_superuser: false,
  username,
  first_name: username,
  last_name: 'Tseltal',
  email: `${username}@comonsit.example`,
  is_staff: false,
  is_active: active,
  date_joined: '2019-05-01T12:00:00Z',
  role,
  phone: '',
  clave_socio_id: socio,
});

const request = (
  folio: number,
  socio: number,
  aval: number,
  extra: Record<string, unknown> = {},
) => ({
  folio_solicitud: folio,
  fecha_solicitud: '2024-12-01',
  proceso: 'CF',
  tipo_credito: 'MC',
  act_productiva: 'CA',
  act_productiva_otro: null,
  mot_credito: 'TR',
  mot_credito_otro: null,
  emergencia_medica: false,
  monto_solicitado: '10000.00',
  plazo_de_pago_solicitado: 6,
  estatus_solicitud: 'AP',
  estatus_evaluacion: 'AP',
  justificacion_credito: 'Renovar el cafetal',
  pregunta_1: true,
  pregunta_2: true,
  pregunta_3: true,
  pregunta_4: true,
  irregularidades: '',
  familiar_responsable: 'Esposa',
  aval_id: aval,
  clave_socio_id: socio,
  promotor_id: 2,
  ...extra,
});

const contract = (id: number, folio: number, socio: number, extra: Record<string, unknown>) => ({
  id,
  fecha_inicio: null,
  fecha_final: null,
  monto: '1000.00',
  plazo: 6,
  tasa: '1.5000',
  tasa_moratoria: '3.0000',
  tipo_tasa: 'FI',
  prorroga: 0,
  estatus: 'DP',
  referencia_banco: null,
  fecha_banco: null,
  estatus_ejecucion: 'CO',
  clave_socio_id: socio,
  solicitud_id: folio,
  prorroga_justificacion: null,
  fondo_comun: false,
  ...extra,
});

const payment = (
  id: number,
  credito: number,
  fecha: string,
  parts: { capital: string; ord: string; mor: string; cantidad: string },
  prev: { total: string; capital: string; ord: string; mor: string } | null,
  estatus: string,
) => ({
  id,
  fecha_pago: fecha,
  cantidad: parts.cantidad,
  fecha_banco: null,
  referencia_banco: null,
  interes_ord: parts.ord,
  interes_mor: parts.mor,
  abono_capital: parts.capital,
  estatus_previo: estatus,
  deuda_prev_total: prev?.total ?? null,
  deuda_prev_capital: prev?.capital ?? null,
  deuda_prev_int_ord: prev?.ord ?? null,
  deuda_prev_int_mor: prev?.mor ?? null,
  autor_id: 2,
  credito_id: credito,
});

const movement = (
  id: number,
  socio: number,
  fecha: string,
  monto: string,
  extra: Record<string, unknown> = {},
) => ({
  id,
  fecha_entrega: fecha,
  monto,
  proceso: 'CF',
  aportacion: true,
  ordinario: true,
  tipo_de_movimiento: 'EF',
  responsable_entrega: '',
  fecha_banco: null,
  referencia_banco: null,
  autor_id: 2,
  clave_socio_id: socio,
  ...extra,
});

/** The clean cooperative: every row fits this product. */
export function originalFixture(hash: HashFn) {
  return {
    tsumbalil_region: [
      {
        id: 1,
        nombre_de_region: "Ch'ich'",
        poly: { type: 'Polygon', coordinates: [square(-92.4, 17.0, 0.2)] },
      },
      {
        id: 2,
        nombre_de_region: 'Bachajón',
        poly: { type: 'Polygon', coordinates: [square(-92.2, 17.0, 0.2)] },
      },
    ],
    ermitas_interzona: [{ interzona_id: 1, nombre: 'Interzona Norte' }],
    ermitas_zona: [
      {
        zona_id: 1,
        nombre: 'Zona Yajalón',
        // Two parts: the larger (0.3° square) is kept, the islet left out (noted).
        poly: {
          type: 'MultiPolygon',
          coordinates: [[square(-92.6, 17.3, 0.05)], [square(-92.5, 17.0, 0.3)]],
        },
        poly_encuesta: null,
        interzona_id: 1,
      },
      {
        zona_id: 2,
        nombre: 'Zona Chilón',
        poly: { type: 'MultiPolygon', coordinates: [[square(-92.2, 17.0, 0.2)]] },
        poly_encuesta: { type: 'MultiPolygon', coordinates: [[square(-92.15, 17.05, 0.1)]] },
        interzona_id: 1,
      },
    ],
    ermitas_municipio: [
      { municipio_id: 59, nombre: 'Chilón' },
      { municipio_id: 109, nombre: 'Yajalón' },
    ],
    ermitas_inegilocalidad: [
      {
        localidad_id: 590001,
        clave: 1,
        nombre: 'Chilón',
        altitud: 880,
        poblacion: 12000,
        ubicacion: { type: 'Point', coordinates: [-92.27, 17.14] },
        municipio_id: 59,
      },
      {
        localidad_id: 1090001,
        clave: 1,
        nombre: 'Yajalón',
        altitud: 800,
        poblacion: 16000,
        ubicacion: { type: 'Point', coordinates: [-92.33, 17.17] },
        municipio_id: 109,
      },
    ],
    ermitas_ermita: [
      {
        ermita_id: 10,
        nombre: 'Ermita San José',
        localidad_nota: '',
        localidad_id: 590001,
        municipio_id: 59,
        zona_id: 1,
      },
      {
        ermita_id: 11,
        nombre: 'Ermita Santa Cruz',
        localidad_nota: 'Paraje alto',
        localidad_id: null,
        municipio_id: 109,
        zona_id: 2,
      },
    ],
    tsumbalil_comunidad: [
      {
        id: 100,
        nombre_de_comunidad: "Jol Ch'ich'",
        ermita_id: 10,
        inegi_extra_id: 590001,
        region_id: 1,
      },
      {
        id: 101,
        nombre_de_comunidad: 'Bachajón Centro',
        ermita_id: 11,
        inegi_extra_id: null,
        region_id: 2,
      },
      // No region: the original's default region 20 "Sin asignar" (not in this database).
      {
        id: 102,
        nombre_de_comunidad: 'Nuevo Paraíso',
        ermita_id: null,
        inegi_extra_id: null,
        region_id: null,
      },
    ],
    tsumbalil_cargo: [
      { id: 1, nombre_de_cargo: 'Ninguno' },
      { id: 2, nombre_de_cargo: 'Agente municipal' },
    ],
    tsumbalil_cargocoop: [
      { id: 1, nombre_cargo_coop: 'Ninguno' },
      { id: 2, nombre_cargo_coop: 'Promotor' },
      { id: 3, nombre_cargo_coop: 'Tesorero' },
    ],
    tsumbalil_empresa: [{ id: 1, nombre_empresa: "Yomol A'tel" }],
    tsumbalil_fuente: [{ id: 1, fuente: 'Asamblea' }],
    tsumbalil_puesto_trabajo: [{ id: 1, puesto: 'Tostador' }],
    socios_socio: [
      member(1, 'Juan', 'Pérez', 'Gómez', 100, { curp: 'PEGJ800101HCSRMN01', empresa_id: 1 }),
      member(2, 'María', 'López', null, 101, {
        genero: 'FE',
        estatus_cafe: 'NP',
        estatus_miel: 'AC',
        cargo_id: 2,
        telefono: '',
      }),
      member(3, 'Pedro', 'Gómez', 'Díaz', 100, { fuente_id: 1, puesto_id: 1 }),
      member(4, 'Rosa', 'Hernández', 'Cruz', 102, { genero: 'FE' }),
    ],
    socios_socio_cargo_coop: [
      { id: 1, socio_id: 1, cargocoop_id: 3 },
      { id: 2, socio_id: 1, cargocoop_id: 2 },
    ],
    users_user: [
      user(1, 'gerente', 'GE', 1, hash(PASSWORDS.gerente, 'Gq7wX2saltA')),
      user(2, 'promotor', 'PR', 2, hash(PASSWORDS.promotor, 'Pr0moSalt9')),
      user(3, 'coordinador', 'CO', 3, hash(PASSWORDS.coordinador, 'C00rdSalt1')),
      user(4, 'exempleado', 'PR', 4, hash(PASSWORDS.exempleado, 'ExSalt0042'), false),
    ],
    solicitudes_solicitudcredito: [
      request(501, 1, 3),
      request(502, 2, 1, {
        proceso: 'MI',
        tipo_credito: 'CP',
        act_productiva: 'AP',
        monto_solicitado: '5000.00',
      }),
      request(503, 3, 1, { monto_solicitado: '2000.00' }),
      request(504, 2, 3, { proceso: 'MI', monto_solicitado: '1000.00' }),
      request(505, 1, 2, { tipo_credito: 'FC', act_productiva: '', monto_solicitado: '3000.00' }),
      request(506, 3, 2, { monto_solicitado: '1500.00' }),
      request(507, 4, 1, {
        estatus_solicitud: 'RV',
        estatus_evaluacion: 'RV',
        pregunta_1: null,
        monto_solicitado: '800.00',
      }),
    ],
    solicitudes_chatsolicitudcredito: [
      {
        id: 1,
        comentario: 'Solicitud para renovar el cafetal',
        fecha: '2024-12-01T16:00:00Z',
        solicitud_id: 501,
        user_id: 2,
      },
      {
        id: 2,
        comentario: 'Revisada, todo en orden',
        fecha: '2024-12-03T17:30:00Z',
        solicitud_id: 501,
        user_id: 3,
      },
      { id: 3, comentario: '', fecha: '2025-05-20T10:00:00Z', solicitud_id: 507, user_id: 2 },
    ],
    contratos_contratocredito: [
      contract(41, 501, 1, {
        fecha_inicio: '2025-01-31',
        monto: '10000.00',
        tasa: '2.0000',
        tasa_moratoria: '3.0000',
        fecha_banco: '2025-02-01',
        referencia_banco: 'DISP41',
      }),
      contract(42, 502, 2, {
        fecha_inicio: '2025-01-10',
        monto: '5000.00',
        plazo: 3,
        tipo_tasa: 'VA',
      }),
      contract(43, 503, 3, {
        fecha_inicio: '2024-03-15',
        fecha_final: '2024-07-20',
        estatus: 'PA',
        monto: '2000.00',
        plazo: 3,
        tasa: '1.0000',
        tasa_moratoria: '2.0000',
      }),
      contract(44, 504, 2, {
        fecha_inicio: '2024-01-05',
        fecha_final: '2024-03-05',
        estatus: 'CN',
        monto: '1000.00',
        plazo: 2,
        tasa: '2.0000',
        tasa_moratoria: '2.0000',
      }),
      contract(45, 505, 1, {
        fecha_inicio: '2025-05-01',
        monto: '3000.00',
        plazo: 12,
        tasa: '1.0000',
        tasa_moratoria: '2.0000',
        fondo_comun: true,
      }),
      contract(46, 506, 3, { monto: '1500.00', tipo_tasa: '', estatus_ejecucion: 'PC' }),
    ],
    pagos_pago: [
      payment(
        201,
        41,
        '2025-02-27',
        { capital: '1000.00', ord: '0.00', mor: '0.00', cantidad: '1000.00' },
        { total: '10000.00', capital: '10000.00', ord: '0.00', mor: '0.00' },
        'VI',
      ),
      payment(
        202,
        41,
        '2025-03-31',
        { capital: '1000.00', ord: '400.00', mor: '0.00', cantidad: '1400.00' },
        { total: '9400.00', capital: '9000.00', ord: '400.00', mor: '0.00' },
        'VI',
      ),
      payment(
        203,
        42,
        '2025-02-09',
        { capital: '500.00', ord: '50.00', mor: '0.00', cantidad: '550.00' },
        { total: '5073.97', capital: '5000.00', ord: '73.97', mor: '0.00' },
        'VI',
      ),
      payment(
        204,
        42,
        '2025-05-10',
        { capital: '1000.00', ord: '223.69', mor: '133.15', cantidad: '1356.84' },
        { total: '4856.84', capital: '4500.00', ord: '223.69', mor: '133.15' },
        'VE',
      ),
      payment(
        205,
        43,
        '2024-07-20',
        { capital: '2000.00', ord: '80.00', mor: '40.00', cantidad: '2120.00' },
        { total: '2120.00', capital: '2000.00', ord: '80.00', mor: '40.00' },
        'VE',
      ),
      payment(
        206,
        44,
        '2024-03-05',
        { capital: '1000.00', ord: '0.00', mor: '0.00', cantidad: '1000.00' },
        { total: '1040.00', capital: '1000.00', ord: '40.00', mor: '0.00' },
        'VI',
      ),
    ],
    pagos_condonacion: [
      {
        id: 301,
        fecha_condonacion: '2024-03-05',
        cantidad: '40.00',
        interes_ord: '40.00',
        interes_mor: '0.00',
        estatus_previo: 'VI',
        justificacion: 'Intereses condonados por contingencia',
        autor_id: 1,
        credito_id: 44,
      },
    ],
    acopios_acopio: [
      {
        id: 701,
        fecha: '2024-11-20',
        ingreso: '3200.00',
        kilos_de_producto: '80.00',
        tipo_de_producto: 'CF',
        clave_socio_id: 1,
      },
      {
        id: 702,
        fecha: '2024-12-05',
        ingreso: '1500.50',
        kilos_de_producto: '25.50',
        tipo_de_producto: 'MI',
        clave_socio_id: 2,
      },
      {
        id: 703,
        fecha: '2025-01-10',
        ingreso: '450.00',
        kilos_de_producto: null,
        tipo_de_producto: 'JA',
        clave_socio_id: 3,
      },
      {
        id: 704,
        fecha: '2025-02-02',
        ingreso: '900.00',
        kilos_de_producto: '0.00',
        tipo_de_producto: 'SL',
        clave_socio_id: 1,
      },
    ],
    movimientos_movimiento: [
      movement(601, 1, '2025-01-15', '500.00', { responsable_entrega: 'Juan' }),
      movement(602, 1, '2025-02-20', '250.50', {
        proceso: 'MI',
        tipo_de_movimiento: 'BA',
        fecha_banco: '2025-02-21',
        referencia_banco: 'BNK250221',
        autor_id: 3,
      }),
      movement(603, 1, '2025-03-10', '100.00', {
        aportacion: false,
        tipo_de_movimiento: 'TR',
        fecha_banco: '2025-03-10',
        referencia_banco: 'TR0310',
        autor_id: 3,
      }),
      // ordinario NULL: read as ordinaria (noted).
      movement(604, 2, '2025-04-01', '1000.00', { proceso: 'MI', ordinario: null }),
      // A cash movement with bank data: the bank data are dropped (noted).
      movement(605, 3, '2025-04-02', '80.00', {
        fecha_banco: '2025-04-03',
        referencia_banco: 'X1',
      }),
    ],
    bancos_banco: [
      {
        id: 1,
        nombre_banco: 'Banorte',
        nombre_cuenta: 'Comon Sit Operación',
        numero_cuenta: '0123456789',
        clabe: '072100001234567890',
        externo: false,
      },
      {
        id: 2,
        nombre_banco: 'Caja Popular',
        nombre_cuenta: 'Externa',
        numero_cuenta: '999',
        clabe: '',
        externo: true,
      },
    ],
    bancos_subcuenta: [
      {
        id: 2,
        nombre: 'Disposición crédito productivo',
        id_contable: '1.1.2',
        tipo: 'EG',
        sistema: true,
        banco_id: 1,
      },
      {
        id: 3,
        nombre: 'Capital vigente productivo',
        id_contable: '1.1.3',
        tipo: 'IN',
        sistema: true,
        banco_id: 1,
      },
      {
        id: 17,
        nombre: 'Aportación ordinaria productores',
        id_contable: '2.1.17',
        tipo: 'IN',
        sistema: true,
        banco_id: 1,
      },
      {
        id: 25,
        nombre: 'Interés ordinario',
        id_contable: '4.1.25',
        tipo: 'IN',
        sistema: true,
        banco_id: 1,
      },
      {
        id: 40,
        nombre: 'Papelería',
        id_contable: '5.1.40',
        tipo: 'EG',
        sistema: false,
        banco_id: 1,
      },
    ],
    bancos_movimientobanco: [
      {
        id: 801,
        referencia_banco: 'REF0001',
        fecha: '2025-03-31',
        cantidad: '1400.00',
        referencia_alf: 'Pago contrato 41',
        fecha_auto: '2025-04-01T15:00:00Z',
        usuario_id: 3,
      },
      {
        id: 802,
        referencia_banco: 'REF0002',
        fecha: '2025-02-21',
        cantidad: '250.50',
        referencia_alf: null,
        fecha_auto: '2025-02-22T15:00:00Z',
        usuario_id: 3,
      },
      {
        id: 803,
        referencia_banco: 'REF0003',
        fecha: '2025-02-01',
        cantidad: '10000.00',
        referencia_alf: 'Disposición 41',
        fecha_auto: '2025-02-01T18:00:00Z',
        usuario_id: 1,
      },
      {
        id: 804,
        referencia_banco: 'REF0004',
        fecha: '2025-05-05',
        cantidad: '75.00',
        referencia_alf: 'Papelería mayo',
        fecha_auto: '2025-05-05T18:00:00Z',
        usuario_id: 3,
      },
    ],
    bancos_registrocontable: [
      {
        id: 901,
        cantidad: '1000.00',
        ingr_egr: true,
        aport_retiro_id: null,
        ej_credito_id: null,
        movimiento_banco_id: 801,
        pago_id: 202,
        subcuenta_id: 3,
      },
      {
        id: 902,
        cantidad: '400.00',
        ingr_egr: true,
        aport_retiro_id: null,
        ej_credito_id: null,
        movimiento_banco_id: 801,
        pago_id: 202,
        subcuenta_id: 25,
      },
      {
        id: 903,
        cantidad: '250.50',
        ingr_egr: true,
        aport_retiro_id: 602,
        ej_credito_id: null,
        movimiento_banco_id: 802,
        pago_id: null,
        subcuenta_id: 17,
      },
      {
        id: 904,
        cantidad: '10000.00',
        ingr_egr: false,
        aport_retiro_id: null,
        ej_credito_id: 41,
        movimiento_banco_id: 803,
        pago_id: null,
        subcuenta_id: 2,
      },
      {
        id: 905,
        cantidad: '75.00',
        ingr_egr: false,
        aport_retiro_id: null,
        ej_credito_id: null,
        movimiento_banco_id: 804,
        pago_id: null,
        subcuenta_id: 40,
      },
    ],
  };
}

/**
 * Rows added to the original before a second import: broken ones (written "by another tool",
 * foreign keys off), one payment whose stored snapshot disagrees with the arithmetic, a renamed
 * member and a new chat comment.
 *
 * Payment 209 on contract 45 (fixed, 3,000.00 at 1 %, from 2025-05-01) on 2025-06-01: one month
 * completed (1 Jun reached) → ordinary 30.00, total 3,030.00. The original stored 60.00 and
 * 3,060.00 (two months): two differences, reported, and the row keeps the original's 60.00.
 */
export const BROKEN = {
  pagos_pago: [
    // The contract does not exist.
    payment(
      207,
      999,
      '2025-04-01',
      { capital: '100.00', ord: '0.00', mor: '0.00', cantidad: '100.00' },
      { total: '100.00', capital: '100.00', ord: '0.00', mor: '0.00' },
      'VI',
    ),
    // Impossible date (a typing slip for 2025).
    payment(
      208,
      41,
      '0201-03-05',
      { capital: '200.00', ord: '0.00', mor: '0.00', cantidad: '200.00' },
      { total: '8000.00', capital: '8000.00', ord: '0.00', mor: '0.00' },
      'VI',
    ),
    payment(
      209,
      45,
      '2025-06-01',
      { capital: '1000.00', ord: '30.00', mor: '0.00', cantidad: '1030.00' },
      { total: '3060.00', capital: '3000.00', ord: '60.00', mor: '0.00' },
      'VI',
    ),
  ],
  acopios_acopio: [
    {
      id: 705,
      fecha: '2025-03-01',
      ingreso: '120.00',
      kilos_de_producto: null,
      tipo_de_producto: '',
      clave_socio_id: 2,
    },
  ],
  movimientos_movimiento: [movement(606, 1, '2025-05-01', '300.00', { proceso: 'ZZ' })],
  // A gender outside the original's own list (MA, FE, OT): written by another tool.
  socios_socio: [member(5, 'Lucía', 'Méndez', 'Ruiz', 100, { genero: 'XX' })],
  users_user: [user(5, 'invitada', 'XX', 4, '!unusable')],
  solicitudes_chatsolicitudcredito: [
    {
      id: 4,
      comentario: 'Pagará con la cosecha de miel',
      fecha: '2025-06-01T15:00:00Z',
      solicitud_id: 502,
      user_id: 2,
    },
  ],
};

/** What the second import must skip, each with its reason (the report's words). */
export const EXPECTED_SKIPS = [
  { table: 'socios_socio', id: 5, reason: 'unknown-code', detail: /genero 'XX'/ },
  { table: 'users_user', id: 5, reason: 'unknown-code', detail: /role 'XX'/ },
  {
    table: 'pagos_pago',
    id: 207,
    reason: 'missing-reference',
    detail: /contract 999 does not exist/,
  },
  { table: 'pagos_pago', id: 208, reason: 'impossible-date', detail: /fecha_pago 0201-03-05/ },
  { table: 'acopios_acopio', id: 705, reason: 'unknown-code', detail: /tipo_de_producto ''/ },
  { table: 'movimientos_movimiento', id: 606, reason: 'unknown-code', detail: /proceso 'ZZ'/ },
] as const;

/**
 * The differences the second import must report (original | this product), by hand:
 * payment 209's two figures; member 1's balance (the skipped 300.00 contribution: 950.50 against
 * 650.50); the payment sum (7,426.84 + 100 + 200 + 1,030 = 8,756.84 against 8,456.84); the
 * contribution sum (1,830.50 + 300 = 2,130.50 against 1,830.50); contract 41's capital in the
 * portfolio (the original counts the skipped 200.00 capital of payment 208: 7,800.00 against
 * 8,000.00).
 */
export const EXPECTED_DIFFERENCES = [
  {
    figure: 'payment deuda_prev_total',
    row: /payment 209/,
    original: '3060.00',
    product: '3030.00',
  },
  { figure: 'payment deuda_prev_int_ord', row: /payment 209/, original: '60.00', product: '30.00' },
  {
    figure: 'contribution balance (saldo) per member',
    row: /member 1$/,
    original: '950.50',
    product: '650.50',
  },
  {
    figure: 'money sums per table',
    row: /payments: cantidad/,
    original: '8756.84',
    product: '8456.84',
  },
  {
    figure: 'money sums per table',
    row: /contributions: monto/,
    original: '2130.50',
    product: '1830.50',
  },
  {
    figure: 'portfolio figures (region × fund × figure)',
    row: /loans, region 1, current capital/,
    original: '7800.00',
    product: '8000.00',
  },
] as const;

/** The bank tables, which the original's older versions did not have yet. */
export const BANK_TABLES = [
  'bancos_registrocontable',
  'bancos_movimientobanco',
  'bancos_subcuenta',
  'bancos_banco',
] as const;

/**
 * An OLDER original (no bank tables) holding what the original allowed and this product's
 * forms do not: members without birth or joining dates or cargo, gender OT, and a payment
 * whose split does not add up. Everything must arrive; the members and the payment are listed
 * as incomplete / for review. On top of `originalFixture` (its figures stay as worked out
 * there), by hand:
 *
 * Member 5 (Ana, region 2): no fecha_nacimiento; contribution 607 of 500.00 → balance 500.00.
 * Member 6 (Tomás, region 1): no cargo_id, no fecha_ingr_programa; request 508, contract 47.
 * Member 7 (Sebastiana, community 102 → region 20): gender OT, no fecha_ingr_yomol_atel;
 *   collection 706 of 2,000.00 (50 kg of coffee).
 * Contract 47 (member 6): FIXED, starts 2025-03-01, 1,200.00 at 1 %/month (late 2 %), 12 months
 *   → due 2026-03-01. Payment 210 on 2025-05-01: 1 Apr and 1 May reached → m = 2; ordinary
 *   1,200 × 1 % × 2 = 24.00; debt before it 1,224.00 (capital 1,200.00, 24.00, 0.00), VI. The
 *   original stored cantidad 300.00 but a split of 250.00 capital + 24.00 + 0.00 = 274.00.
 *   Today (2025-06-15): VI, capital pending 1,200 − 250 = 950.00.
 * Portfolio on TODAY, loans, region 1: 2 current (contract 41's 8,000.00 + 950.00) = 8,950.00.
 */
export function olderOriginalFixture(hash: HashFn) {
  const base = originalFixture(hash);
  return {
    ...Object.fromEntries(
      Object.entries(base).filter(([table]) => !BANK_TABLES.some((bank) => bank === table)),
    ),
    socios_socio: [
      ...base.socios_socio,
      member(5, 'Ana', 'Gómez', 'López', 101, { fecha_nacimiento: null, genero: 'FE' }),
      member(6, 'Tomás', 'Jiménez', null, 100, { cargo_id: null, fecha_ingr_programa: null }),
      member(7, 'Sebastiana', 'Moreno', 'Cruz', 102, {
        genero: 'OT',
        fecha_ingr_yomol_atel: null,
      }),
    ],
    solicitudes_solicitudcredito: [
      ...base.solicitudes_solicitudcredito,
      request(508, 6, 1, { monto_solicitado: '1200.00', fecha_solicitud: '2025-02-15' }),
    ],
    contratos_contratocredito: [
      ...base.contratos_contratocredito,
      contract(47, 508, 6, {
        fecha_inicio: '2025-03-01',
        monto: '1200.00',
        plazo: 12,
        tasa: '1.0000',
        tasa_moratoria: '2.0000',
      }),
    ],
    pagos_pago: [
      ...base.pagos_pago,
      payment(
        210,
        47,
        '2025-05-01',
        { capital: '250.00', ord: '24.00', mor: '0.00', cantidad: '300.00' },
        { total: '1224.00', capital: '1200.00', ord: '24.00', mor: '0.00' },
        'VI',
      ),
    ],
    acopios_acopio: [
      ...base.acopios_acopio,
      {
        id: 706,
        fecha: '2025-03-03',
        ingreso: '2000.00',
        kilos_de_producto: '50.00',
        tipo_de_producto: 'CF',
        clave_socio_id: 7,
      },
    ],
    movimientos_movimiento: [
      ...base.movimientos_movimiento,
      movement(607, 5, '2025-04-05', '500.00'),
    ],
  };
}
