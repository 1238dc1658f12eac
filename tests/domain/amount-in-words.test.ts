import { describe, expect, it } from 'vitest';
import { englishNumberWords, englishPesosInWords } from '#domain/amount-words';
import { amountInWords } from '#i18n/amount-in-words';

describe('amount in words', () => {
  it('English cardinals as written on a receipt', () => {
    expect(englishNumberWords(0)).toBe('zero');
    expect(englishNumberWords(15)).toBe('fifteen');
    expect(englishNumberWords(42)).toBe('forty-two');
    expect(englishNumberWords(105)).toBe('one hundred five');
    expect(englishNumberWords(1040)).toBe('one thousand forty');
    expect(englishNumberWords(2_000_300)).toBe('two million three hundred');
    expect(englishPesosInWords(104050)).toBe('one thousand forty pesos 50/100');
    expect(englishPesosInWords(100)).toBe('one peso 00/100');
  });

  it('picks the interface language; Tseltal without its noun falls back to Spanish', () => {
    expect(amountInWords(104050, 'es', null)).toBe('mil cuarenta pesos 50/100 M.N.');
    expect(amountInWords(104050, 'en', null)).toBe('one thousand forty pesos 50/100');
    expect(amountInWords(104050, 'tz', null)).toBe('mil cuarenta pesos 50/100 M.N.');
    expect(amountInWords(2000, 'tz', 'pesos')).toBe('jtahb pesos 00/100');
  });
});
