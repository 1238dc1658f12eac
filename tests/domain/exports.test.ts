import { describe, expect, it } from 'vitest';
import type { Socio } from '#domain/entities';
import { toMemberListRow, type MemberLabels } from '#domain/exports';
import { MEMBER_EXPORT_COLUMNS } from '#tests/helpers/export-columns';

const member: Socio = {
  clave_socio: 1201,
  region: 3,
  nombres: 'Juana',
  apellido_paterno: 'Gómez',
  apellido_materno: 'Cruz',
  curp: 'GOCJ800101MCSMRN09',
  telefono: '9191234567',
  fecha_nacimiento: '1980-01-01',
  genero: 'FE',
  fecha_ingr_yomol_atel: '2010-05-02',
  fecha_ingr_programa: '2012-07-03',
  clave_anterior: 'A-17',
  comunidad: 40,
  cargo: 2,
  cargo_coop: [5, 1, 9],
  empresa: null,
  puesto: 4,
  fuente: null,
  estatus_cafe: 'AC',
  estatus_miel: 'NP',
  estatus_yip: 'BA',
  estatus_trabajador: 'AC',
  estatus_comonSit: 'NP',
  doc_curp: true,
  doc_domicilio: false,
  doc_act_nac: true,
  doc_ine: false,
  doc_rfc: false,
  rfc: 'GOCJ800101AB1',
  nombre_comunidad: 'Bachajón',
  full_name: 'Juana Gómez Cruz',
  nombre_region: 'Región 3',
};

const labels: MemberLabels = {
  cargos: new Map([[2, 'Productora']]),
  cargosCoop: new Map([
    [1, 'Socia'],
    [5, 'Tesorera'],
  ]),
};

describe('member list rows', () => {
  it('flags each area active only when its status is AC, and labels cargo and posts', () => {
    const row = toMemberListRow(member, labels);
    expect([row.cafe, row.miel, row.yip, row.trabajador, row.comonSit]).toEqual([
      true,
      false,
      false,
      true,
      false,
    ]);
    expect(row.nombre_cargo).toBe('Productora');
    // Unknown post 9 keeps its place with an empty label, so ids and names stay aligned.
    expect(row.cargo_coop).toEqual([5, 1, 9]);
    expect(row.nombres_cargo_coop).toEqual(['Tesorera', 'Socia', '']);
  });

  it('carries exactly the list columns, no detail-only field', () => {
    const row = toMemberListRow(member, labels);
    expect(Object.keys(row).sort()).toEqual([...MEMBER_EXPORT_COLUMNS.header].sort());
    expect(row).not.toHaveProperty('doc_curp');
    expect(row).not.toHaveProperty('clave_anterior');
  });
});
