/**
 * The printed contract (spec part 2 §2 "Print contract", §9): the same contract in Spanish and
 * in Tseltal, each with its clauses, the amortisation table (#domain/amortization: months 1 to
 * 2× the term, the late rate past it) and two signature boxes (manager and member). Amounts
 * are written in figures and in words (Spanish words; Tseltal numerals from say-tseltal).
 *
 * The texts live in the `contrato` locale section. The Tseltal version reads the `tz`
 * dictionary whatever the screen's language; a text still pending translation there shows in
 * Spanish and is marked, on screen and on paper, for the cooperative's translators.
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { amortizationTable } from '#domain/amortization';
import { codeLabelKey } from '#domain/codes';
import { isIsoDate, type IsoDate } from '#domain/dates';
import { formatCurrency, formatDate, formatPercent } from '#domain/format';
import type { Cents } from '#domain/money';
import { useKeyboardScroll } from '#ui/scroll-region.tsx';
import { pesosInWords } from '#domain/amount-words';
import type { CreditRow } from './contract-figures.ts';
import { debtContractOf } from '#domain/credit-replica';
import { tseltalAmountWords } from '#i18n/tseltal-words';

type DocLang = 'es' | 'tz';

interface DocText {
  lang: DocLang;
  t: TFunction;
  /** The key has no Tseltal text yet (always false for Spanish). */
  pending: (key: string) => boolean;
  amountWords: (cents: Cents) => string;
}

function useDocText(lang: DocLang): DocText {
  const { i18n } = useTranslation();
  const t = i18n.getFixedT(lang);
  return {
    lang,
    t,
    pending: (key) => {
      if (lang !== 'tz') return false;
      // A pending Tseltal text is not in the loaded dictionary (#i18n/pending-tseltal).
      return typeof i18n.getResource('tz', 'translation', key) !== 'string';
    },
    amountWords: (cents) =>
      lang === 'es'
        ? pesosInWords(cents)
        : (tseltalAmountWords(cents, t('contrato.pesos')) ?? pesosInWords(cents)),
  };
}

/** "21 de noviembre de 2026" (month names from the document's dictionary). */
function longDate(doc: DocText, iso: IsoDate | null): string {
  if (!iso || !isIsoDate(iso)) return doc.t('contrato.noDate');
  return doc.t('contrato.longDate', {
    day: Number(iso.slice(8, 10)),
    month: doc.t(`contrato.months.m${Number(iso.slice(5, 7))}`),
    year: iso.slice(0, 4),
  });
}

/** A paragraph of the document, marked when its Tseltal text is still pending. */
function Para({
  doc,
  k,
  params,
  className,
}: {
  doc: DocText;
  k: string;
  params?: Record<string, unknown>;
  className?: string;
}) {
  const { t } = useTranslation();
  const pending = doc.pending(k);
  const classes = [className, pending ? 'is-pending-tz' : null].filter(Boolean).join(' ');
  return (
    <p className={classes || undefined} data-key={k} data-pending={pending || undefined}>
      {pending ? <span className="pending-mark">{t('creditos.print.pendingMark')}</span> : null}
      {doc.t(k, params)}
    </p>
  );
}

function Signatures({ doc, manager, member }: { doc: DocText; manager: string; member: string }) {
  return (
    <section className="contrato-signatures" aria-label={doc.t('contrato.signaturesTitle')}>
      <div className="contrato-signature" data-testid="signature-manager">
        <div className="contrato-signature-line" />
        <p className="contrato-signature-name">{manager || '\u00a0'}</p>
        <p className="contrato-signature-role">{doc.t('contrato.signManager')}</p>
      </div>
      <div className="contrato-signature" data-testid="signature-member">
        <div className="contrato-signature-line" />
        <p className="contrato-signature-name">{member}</p>
        <p className="contrato-signature-role">{doc.t('contrato.signMember')}</p>
      </div>
    </section>
  );
}

const AMORTIZATION_COLUMNS = ['mes', 'fecha', 'interes_ordinario', 'interes_moratorio', 'total'];

function Amortization({ doc, row }: { doc: DocText; row: CreditRow }) {
  const table = amortizationTable(debtContractOf(row.record));
  const term = row.record.plazo + row.record.prorroga;
  // Wider than a phone: it scrolls sideways, by keyboard too.
  const scrollRef = useKeyboardScroll<HTMLElement>();
  return (
    <section
      ref={scrollRef}
      className="contrato-amortization"
      aria-label={doc.t('contrato.amortization.title')}
    >
      <h3>{doc.t('contrato.amortization.title')}</h3>
      <Para doc={doc} k="contrato.amortization.note" params={{ plazo: term }} />
      <table className="contrato-table">
        <thead>
          <tr>
            {AMORTIZATION_COLUMNS.map((key) => (
              <th key={key} scope="col">
                {doc.t(`contrato.amortization.columns.${key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((r) => (
            <tr key={r.mes} className={r.mes > term ? 'is-late' : undefined}>
              <td>{r.mes}</td>
              <td>{r.fecha ? formatDate(r.fecha, 'es') : '—'}</td>
              <td>{formatCurrency(r.interes_ordinario)}</td>
              <td>{formatCurrency(r.interes_moratorio)}</td>
              <td>{formatCurrency(r.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function ContractVersion({
  lang,
  row,
  manager,
}: {
  lang: DocLang;
  row: CreditRow;
  manager: string;
}) {
  const { t } = useTranslation();
  const doc = useDocText(lang);
  const r = row.record;
  const table = amortizationTable(debtContractOf(r));
  const plazoTotal = r.plazo + r.prorroga;
  const money = (cents: Cents) => ({
    figure: formatCurrency(cents),
    words: doc.amountWords(cents),
  });
  const monto = money(row.monto);
  const total = money(table.total_a_pagar);
  const common = {
    id: r.id,
    socio: r.nombres,
    clave: r.clave_socio,
    comunidad: r.nombre_comunidad,
    region: r.nombre_region,
  };
  const hasPending = lang === 'tz';
  return (
    <article
      className="contrato-doc"
      lang={lang === 'tz' ? 'tzh' : 'es'}
      data-testid={`contract-${lang}`}
    >
      <p className="contrato-version">
        {t(lang === 'es' ? 'creditos.print.versionEs' : 'creditos.print.versionTz')}
      </p>
      {hasPending ? (
        <p className="contrato-pending-notice" data-testid="tz-pending-notice">
          {t('creditos.print.pendingNotice')}
        </p>
      ) : null}
      <header className="contrato-heading">
        <h2>{doc.t('contrato.title')}</h2>
        <p className="contrato-number">{doc.t('contrato.number', { id: r.id })}</p>
        <Para
          doc={doc}
          k="contrato.place"
          params={{ comunidad: r.nombre_comunidad, fecha: longDate(doc, r.fecha_inicio) }}
          className="contrato-place"
        />
      </header>
      <Para doc={doc} k="contrato.intro" params={common} />
      <h3>{doc.t('contrato.clausesTitle')}</h3>
      <Para
        doc={doc}
        k="contrato.clauses.amount"
        params={{
          monto: monto.figure,
          montoLetra: monto.words,
          tipo: doc.t(codeLabelKey('creditTypes', r.tipo_credito)),
          proceso: doc.t(codeLabelKey('processes', r.proceso)),
        }}
      />
      <Para
        doc={doc}
        k="contrato.clauses.term"
        params={{
          plazo: plazoTotal,
          inicio: longDate(doc, r.fecha_inicio),
          vencimiento: longDate(doc, row.fecha_vencimiento),
        }}
      />
      {r.prorroga > 0 ? (
        <Para doc={doc} k="contrato.clauses.extension" params={{ prorroga: r.prorroga }} />
      ) : null}
      <Para
        doc={doc}
        k={
          r.tipo_tasa === 'VA'
            ? 'contrato.clauses.interestVariable'
            : 'contrato.clauses.interestFixed'
        }
        params={{ tasa: formatPercent(r.tasa) }}
      />
      <Para
        doc={doc}
        k="contrato.clauses.late"
        params={{ tasaMoratoria: formatPercent(r.tasa_moratoria) }}
      />
      <Para doc={doc} k="contrato.clauses.payments" />
      <Para
        doc={doc}
        k="contrato.clauses.total"
        params={{
          total: total.figure,
          totalLetra: total.words,
          intereses: formatCurrency(table.interes_total),
        }}
      />
      <Para doc={doc} k="contrato.clauses.commitment" />
      <Para doc={doc} k="contrato.closing" />
      <Signatures doc={doc} manager={manager} member={r.nombres} />
      <Amortization doc={doc} row={row} />
    </article>
  );
}

/** Both versions, Spanish first; each starts on its own page when printed. */
export function ContractDocument({ row, manager }: { row: CreditRow; manager: string }) {
  return (
    <div className="contrato-print" data-testid="contract-document">
      <ContractVersion lang="es" row={row} manager={manager} />
      <ContractVersion lang="tz" row={row} manager={manager} />
    </div>
  );
}
