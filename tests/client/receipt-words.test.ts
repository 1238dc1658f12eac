/**
 * Words a promoter trusts on a receipt check: a refusal's reason sits in brackets without its
 * own final stop (never ".)."), in Spanish and English.
 */
import { describe, expect, it } from 'vitest';
import '#i18n/setup';
import type { ReceiptLookup } from '#domain/receipts';
import { answerText } from '#features/recibos/verify-code.tsx';
import { i18n, useSpanish } from '#tests/helpers/i18n-test';

const refused: ReceiptLookup = {
  codigo: 'ABCDEFGH',
  estado: 'refused',
  tipo: 'pago',
  id: null,
  recibo: '3-K7QM-0001',
  recibo_reemplaza: null,
  clave_socio: null,
  nombres: null,
  fecha: null,
  total: null,
  recibido_en: '2026-03-02T17:30:00.000Z',
  motivo: 'El socio 5 no está activo en el proceso Café.',
  reemplazado_por: null,
};

describe('a refused receipt code', () => {
  it('names the reason in brackets, one stop at the end', async () => {
    await useSpanish();
    const t = (key: string, params?: Record<string, unknown>) => i18n.t(key, params);
    const text = answerText(t, refused, 'es');
    expect(text).toBe(
      'Rechazado por la oficina: recibo 3-K7QM-0001 (El socio 5 no está activo en el proceso Café).',
    );
    expect(text).not.toContain('.).');
    await i18n.changeLanguage('en');
    expect(answerText(t, { ...refused, motivo: 'Member 5 is not active.' }, 'en')).toBe(
      'Refused by the office: receipt 3-K7QM-0001 (Member 5 is not active).',
    );
  });
});
