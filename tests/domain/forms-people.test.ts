import { describe, expect, it } from 'vitest';
import { loginSchema } from '#domain/forms/login';
import { profilePatchSchema, profileSchema } from '#domain/forms/profile';
import { memberSchema } from '#domain/forms/member';
import { communitySchema } from '#domain/forms/community';
import { memberSearchSchema } from '#domain/forms/member-search';
import { tseltalNumberSchema } from '#domain/forms/tseltal-number';
import { errorsOf, fieldError, parseOk } from './helpers';

describe('login', () => {
  it('requires an alphanumeric username and a password', () => {
    expect(errorsOf(loginSchema, { username: '', password: '' })).toEqual({
      username: ['Campo requerido'],
      password: ['Campo requerido'],
    });
    expect(errorsOf(loginSchema, {})).toEqual({
      username: ['Campo requerido'],
      password: ['Campo requerido'],
    });
    expect(fieldError(loginSchema, { username: 'juan.perez', password: 'x' }, 'username')).toEqual([
      'Sólo pueden ser números o letras',
    ]);
    expect(parseOk(loginSchema, { username: ' promotor2 ', password: ' s3cret ' })).toEqual({
      username: 'promotor2',
      password: ' s3cret ',
    });
  });
});

describe('profile', () => {
  it('requires names; phone optional, digits, at least 10', () => {
    expect(errorsOf(profileSchema, { first_name: '', last_name: ' ', phone: '' })).toEqual({
      first_name: ['Campo requerido'],
      last_name: ['Campo requerido'],
    });
    expect(
      fieldError(profileSchema, { first_name: 'a', last_name: 'b', phone: '123456789' }, 'phone'),
    ).toEqual(['Deben ser al menos 10 caracteres']);
    expect(
      fieldError(profileSchema, { first_name: 'a', last_name: 'b', phone: '55-1234-567' }, 'phone'),
    ).toEqual(['Debe ser un número entero']);
    expect(
      parseOk(profileSchema, { first_name: ' Ana ', last_name: 'Gómez', phone: '9191234567' }),
    ).toEqual({
      first_name: 'Ana',
      last_name: 'Gómez',
      phone: '9191234567',
    });
    expect(parseOk(profileSchema, { first_name: 'Ana', last_name: 'Gómez', phone: '' }).phone).toBe(
      '',
    );
  });

  it('PATCH accepts only the touched profile fields', () => {
    expect(parseOk(profilePatchSchema, { phone: '9191234567' })).toEqual({ phone: '9191234567' });
    expect(parseOk(profilePatchSchema, {})).toEqual({});
    expect(errorsOf(profilePatchSchema, { first_name: 'Ana', role: 'GE', password: 'x' })).toEqual({
      role: ['Este campo no se puede modificar'],
      password: ['Este campo no se puede modificar'],
    });
    expect(errorsOf(profilePatchSchema, { first_name: null })).toEqual({
      first_name: ['Campo requerido'],
    });
  });
});

describe('member form', () => {
  const schema = memberSchema({ today: '2026-11-21' });
  const valid = {
    clave_socio: null,
    region: 1,
    nombres: 'Juana',
    apellido_paterno: 'Gómez',
    apellido_materno: '',
    curp: '',
    telefono: '',
    fecha_nacimiento: '1980-05-04',
    fecha_ingr_yomol_atel: '2010-01-01',
    fecha_ingr_programa: '2012-01-01',
    clave_anterior: '',
    genero: 'FE',
    estatus_cafe: 'AC',
    estatus_miel: 'NP',
    estatus_yip: 'NP',
    estatus_trabajador: 'NP',
    estatus_comonSit: 'BA',
    comunidad: '3',
    cargo: '1',
    cargo_coop: ['2'],
    doc_curp: true,
  };
  const e = (patch: object, f: string) => fieldError(schema, { ...valid, ...patch }, f);

  it('accepts a new member and outputs the payload', () => {
    const out = parseOk(schema, valid);
    expect(out.clave_socio).toBeNull();
    expect(out.curp).toBeNull();
    expect(out.comunidad).toBe(3);
    expect(out.cargo_coop).toEqual([2]);
    expect(out.doc_curp).toBe(true);
    expect(out.doc_ine).toBe(false);
    expect(out.empresa).toBeNull();
  });

  it('applies the spec rules', () => {
    expect(e({ nombres: '' }, 'nombres')).toEqual(['Campo requerido']);
    expect(e({ apellido_paterno: ' ' }, 'apellido_paterno')).toEqual(['Campo requerido']);
    expect(e({ curp: 'ABCD800504HCSXXX0' }, 'curp')).toEqual(['Deben ser al menos 18 caracteres']);
    expect(e({ curp: 'ABCD800504HCSXXX0AB' }, 'curp')).toEqual(['Deben ser máximo 18 caracteres']);
    expect(e({ curp: 'ABCD800504HCSXX-01' }, 'curp')).toEqual(['Sólo pueden ser números o letras']);
    expect(parseOk(schema, { ...valid, curp: 'abcd800504hcsxxx01' }).curp).toBe(
      'ABCD800504HCSXXX01',
    );
    expect(e({ telefono: '919123456' }, 'telefono')).toEqual(['Deben ser al menos 10 caracteres']);
    expect(e({ telefono: '919123456a' }, 'telefono')).toEqual(['Debe ser un número entero']);
    expect(e({ fecha_nacimiento: '' }, 'fecha_nacimiento')).toEqual(['Campo requerido']);
    expect(e({ fecha_nacimiento: '2026-11-22' }, 'fecha_nacimiento')).toEqual([
      'La fecha debe ser hoy o anterior a hoy',
    ]);
    expect(e({ fecha_ingr_yomol_atel: '2026-11-22' }, 'fecha_ingr_yomol_atel')).toEqual([
      'La fecha debe ser hoy o anterior a hoy',
    ]);
    // The program entry date may be tomorrow at the latest (docs/security.md "Input rules"),
    // and must be a date.
    expect(e({ fecha_ingr_programa: '2026-11-22' }, 'fecha_ingr_programa')).toEqual([]);
    expect(e({ fecha_ingr_programa: '2027-01-01' }, 'fecha_ingr_programa')).toEqual([
      'La fecha no puede ser posterior al 2026-11-22',
    ]);
    expect(e({ fecha_ingr_programa: '2027-02-30' }, 'fecha_ingr_programa')).toEqual([
      'Fecha inválida',
    ]);
    expect(e({ clave_anterior: '12345678901' }, 'clave_anterior')).toEqual([]);
    expect(e({ clave_anterior: '123456789012' }, 'clave_anterior')).toEqual([
      'Deben ser máximo 11 caracteres',
    ]);
    expect(e({ genero: '' }, 'genero')).toEqual(['Campo requerido']);
    expect(e({ estatus_miel: 'XX' }, 'estatus_miel')).toEqual(['Opción no válida']);
    expect(e({ comunidad: '' }, 'comunidad')).toEqual(['Se requiere un número']);
    expect(e({ cargo_coop: [] }, 'cargo_coop')).toEqual(['Campo requerido']);
  });
});

describe('community form', () => {
  it('requires a name and a region; hermitage optional', () => {
    expect(errorsOf(communitySchema, { nombre_de_comunidad: '', region: '' })).toEqual({
      nombre_de_comunidad: ['Campo requerido'],
      region: ['Se requiere un número'],
    });
    expect(
      parseOk(communitySchema, { nombre_de_comunidad: ' Bachajón ', region: '1', ermita: '' }),
    ).toEqual({
      nombre_de_comunidad: 'Bachajón',
      region: 1,
      ermita: null,
    });
  });
});

describe('member search and Tseltal number', () => {
  it('member key required and numeric', () => {
    expect(fieldError(memberSearchSchema, { clave_socio: '' }, 'clave_socio')).toEqual([
      'Se requiere un número',
    ]);
    expect(fieldError(memberSearchSchema, { clave_socio: '12a' }, 'clave_socio')).toEqual([
      'Debe ser un número entero',
    ]);
    expect(parseOk(memberSearchSchema, { clave_socio: '120' })).toEqual({ clave_socio: 120 });
  });
  it('Tseltal number 0 to 60800000', () => {
    expect(parseOk(tseltalNumberSchema, { numero: '0' })).toEqual({ numero: 0 });
    expect(parseOk(tseltalNumberSchema, { numero: '60800000' })).toEqual({ numero: 60800000 });
    expect(fieldError(tseltalNumberSchema, { numero: '60800001' }, 'numero')).toEqual([
      'el número debe ser menor a 60800000',
    ]);
    expect(fieldError(tseltalNumberSchema, { numero: '-1' }, 'numero')).toEqual([
      'Debe ser un número entero',
    ]);
  });
});
