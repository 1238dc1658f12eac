/**
 * The office's check of a member's receipt code (GET /api/recibos/{code}/): received (which
 * record), refused (and what replaced it), or not yet received. Online only.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchReceiptLookup } from '#api/recibos';
import { formatDate, formatMoneyText } from '#domain/format';
import { normalizeReceiptCode, type ReceiptLookup } from '#domain/receipts';
import { Button } from '#ui/button.tsx';
import { showError } from '#ui/error-store.ts';
import { useLang } from '#ui/use-lang.ts';

export function answerText(
  t: (k: string, p?: Record<string, unknown>) => string,
  a: ReceiptLookup,
  lang: Parameters<typeof formatDate>[1],
) {
  if (a.estado === 'received') {
    return t('recibos.verify.received', {
      tipo: a.tipo ? t(`recibos.kind.${a.tipo}`) : '',
      id: a.id ?? '',
      clave: a.clave_socio ?? '',
      nombre: a.nombres ?? '',
      fecha: formatDate(a.fecha, lang),
      total: formatMoneyText(a.total),
    });
  }
  if (a.estado === 'refused') {
    // The reason is a sentence of its own: its final stop would read ".)." inside the brackets.
    const motivo = (a.motivo ?? '').trim().replace(/\.+$/, '');
    const refused = t('recibos.verify.refused', { recibo: a.recibo ?? '', motivo });
    return a.reemplazado_por
      ? `${refused} ${t('recibos.verify.replacedBy', { recibo: a.reemplazado_por })}`
      : refused;
  }
  return t('recibos.verify.notReceived');
}

export function VerifyCode() {
  const { t } = useTranslation();
  const lang = useLang();
  const [typed, setTyped] = useState('');
  const [answer, setAnswer] = useState<ReceiptLookup | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const code = normalizeReceiptCode(typed);
    setInvalid(code === null);
    setAnswer(null);
    if (!code) return;
    setBusy(true);
    try {
      setAnswer(await fetchReceiptLookup(code));
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card receipt-verify" aria-labelledby="receipt-verify-title">
      <h2 id="receipt-verify-title">{t('recibos.verify.title')}</h2>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <label className="field">
          <span className="field-label">{t('recibos.verify.label')}</span>
          <input
            className="input receipt-code-input"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? 'receipt-verify-error' : undefined}
            data-testid="receipt-verify-input"
          />
        </label>
        {invalid ? (
          <p id="receipt-verify-error" className="field-error" role="alert">
            {t('validation.receiptInvalid')}
          </p>
        ) : null}
        <Button type="submit" variant="primary" busy={busy} data-testid="receipt-verify-submit">
          {t('recibos.verify.submit')}
        </Button>
      </form>
      {answer ? (
        <p
          role="status"
          className={`receipt-verify-answer receipt-verify-${answer.estado}`}
          data-testid="receipt-verify-answer"
        >
          {answerText(t, answer, lang)}
        </p>
      ) : null}
    </section>
  );
}
