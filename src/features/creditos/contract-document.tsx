/**
 * The printed contract: the same contract in Spanish and
 * in Tseltal, each with its clauses, the amortisation table (#domain/amortization: months 1 to
 * 2× the term, the late rate past it) and two signature boxes (manager and member). Amounts
 * are written in figures and in words (Spanish words; Tseltal numerals from say-tseltal).
 *
 * The texts live in the `contrato` locale section. The Tseltal version reads the `tz`
 * dictionary whatever the screen's language, with the approved translations laid over it: a
 * text not translated yet shows in Spanish. The preview marks those texts for the
 * cooperative's translators (a mark and a notice that are on screen only: `screen-only`,
 * hidden by creditos-print.css when printing); the member's paper carries no mark at all.
 * Each version re-renders when a translation arrives or is withdrawn (the i18next store's
 * events), so an approval shows in an open preview at once.
 */
import { Suspense } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation, type UseTranslationOptions } from 'react-i18next';
import { amortizationTable } from '#domain/amortization';
import { codeLabelKey } from '#domain/codes';
import { isIsoDate, type IsoDate } from '#domain/dates';
import { formatCurrency, formatDate, formatRate } from '#domain/format';
import type { Cents } from '#domain/money';
import { useKeyboardScroll } from '#ui/scroll-region.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { pesosInWords } from '#domain/amount-words';
import type { CreditRow } from './contract-figures.ts';
import { debtContractOf } from '#domain/credit-replica';
import { tseltalAmountWords } from '#i18n/tseltal-words';
import { tseltalText } from '#i18n/tseltal-text';

type DocLang = 'es' | 'tz';

/** Marks on screen, never on paper (creditos-print.css). */
export const SCREEN_ONLY = 'screen-only';

/**
 * The document's language, loaded if the interface uses another one (react-i18next suspends
 * until it is there), and a re-render whenever the store gains or loses texts.
 */
const DOC_OPTIONS: Record<DocLang, UseTranslationOptions<undefined> & { bindI18nStore: string }> = {
  es: { lng: 'es', bindI18nStore: 'added removed' },
  tz: { lng: 'tz', bindI18nStore: 'added removed' },
};

interface DocText {
  lang: DocLang;
  t: TFunction;
  /** The key has no Tseltal text yet (always false for Spanish). */
  pending: (key: string) => boolean;
  amountWords: (cents: Cents) => string;
}

function useDocText(lang: DocLang): DocText {
  const { t, i18n } = useTranslation(undefined, DOC_OPTIONS[lang]);
  const pending = (key: string) => lang === 'tz' && tseltalText(i18n, key) === null;
  return {
    lang,
    t,
    pending,
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

/** A paragraph of the document; on screen, marked when its Tseltal text is still pending. */
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
      {pending ? (
        <span className={`pending-mark ${SCREEN_ONLY}`}>{t('creditos.print.pendingMark')}</span>
      ) : null}
      {doc.t(k, params)}
    </p>
  );
}

/** A short text (heading, column, signature role); on screen, underlined while pending. */
function Text({ doc, k }: { doc: DocText; k: string }) {
  const pending = doc.pending(k);
  return (
    <span
      className={pending ? 'is-pending-tz' : undefined}
      data-key={k}
      data-pending={pending || undefined}
    >
      {doc.t(k)}
    </span>
  );
}

function Signatures({ doc, manager, member }: { doc: DocText; manager: string; member: string }) {
  return (
    <section className="contrato-signatures" aria-label={doc.t('contrato.signaturesTitle')}>
      <div className="contrato-signature" data-testid="signature-manager">
        <div className="contrato-signature-line" />
        <p className="contrato-signature-name">{manager || '\u00a0'}</p>
        <p className="contrato-signature-role">
          <Text doc={doc} k="contrato.signManager" />
        </p>
      </div>
      <div className="contrato-signature" data-testid="signature-member">
        <div className="contrato-signature-line" />
        <p className="contrato-signature-name">{member}</p>
        <p className="contrato-signature-role">
          <Text doc={doc} k="contrato.signMember" />
        </p>
      </div>
    </section>
  );
}

const AMORTIZATION_COLUMNS = ['mes', 'fecha', 'interes_ordinario', 'interes_moratorio', 'total'];

/** Every short text the document shows besides its paragraphs. */
const LABEL_KEYS = [
  'contrato.title',
  'contrato.clausesTitle',
  'contrato.signManager',
  'contrato.signMember',
  'contrato.amortization.title',
  ...AMORTIZATION_COLUMNS.map((key) => `contrato.amortization.columns.${key}`),
];

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
      <h3>
        <Text doc={doc} k="contrato.amortization.title" />
      </h3>
      <Para doc={doc} k="contrato.amortization.note" params={{ plazo: term }} />
      <table className="contrato-table">
        <thead>
          <tr>
            {AMORTIZATION_COLUMNS.map((key) => (
              <th key={key} scope="col">
                <Text doc={doc} k={`contrato.amortization.columns.${key}`} />
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

interface Paragraph {
  k: string;
  params?: Record<string, unknown>;
}

/** The clauses of the contract, in order (the extension only when there is one). */
function clausesOf(doc: DocText, row: CreditRow): Paragraph[] {
  const r = row.record;
  const table = amortizationTable(debtContractOf(r));
  const clauses: (Paragraph | null)[] = [
    {
      k: 'contrato.clauses.amount',
      params: {
        monto: formatCurrency(row.monto),
        montoLetra: doc.amountWords(row.monto),
        tipo: doc.t(codeLabelKey('creditTypes', r.tipo_credito)),
        proceso: doc.t(codeLabelKey('processes', r.proceso)),
      },
    },
    {
      k: 'contrato.clauses.term',
      params: {
        plazo: r.plazo + r.prorroga,
        inicio: longDate(doc, r.fecha_inicio),
        vencimiento: longDate(doc, row.fecha_vencimiento),
      },
    },
    r.prorroga > 0 ? { k: 'contrato.clauses.extension', params: { prorroga: r.prorroga } } : null,
    {
      k:
        r.tipo_tasa === 'VA'
          ? 'contrato.clauses.interestVariable'
          : 'contrato.clauses.interestFixed',
      params: { tasa: formatRate(r.tasa) },
    },
    { k: 'contrato.clauses.late', params: { tasaMoratoria: formatRate(r.tasa_moratoria) } },
    { k: 'contrato.clauses.payments' },
    {
      k: 'contrato.clauses.total',
      params: {
        total: formatCurrency(table.total_a_pagar),
        totalLetra: doc.amountWords(table.total_a_pagar),
        intereses: formatCurrency(table.interes_total),
      },
    },
    { k: 'contrato.clauses.commitment' },
  ];
  return clauses.filter((clause) => clause !== null);
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
  const number: Paragraph = { k: 'contrato.number', params: { id: r.id } };
  const place: Paragraph = {
    k: 'contrato.place',
    params: { comunidad: r.nombre_comunidad, fecha: longDate(doc, r.fecha_inicio) },
  };
  const intro: Paragraph = {
    k: 'contrato.intro',
    params: {
      id: r.id,
      socio: r.nombres,
      clave: r.clave_socio,
      comunidad: r.nombre_comunidad,
      region: r.nombre_region,
    },
  };
  const clauses = clausesOf(doc, row);
  const closing: Paragraph = { k: 'contrato.closing' };
  const shownKeys = [
    ...LABEL_KEYS,
    ...[number, place, intro, ...clauses, closing].map((p) => p.k),
    'contrato.amortization.note',
  ];
  const anyPending = shownKeys.some(doc.pending);
  return (
    <article
      className="contrato-doc"
      lang={lang === 'tz' ? 'tzh' : 'es'}
      data-testid={`contract-${lang}`}
    >
      <p className="contrato-version">
        {t(lang === 'es' ? 'creditos.print.versionEs' : 'creditos.print.versionTz')}
      </p>
      {anyPending ? (
        <p className={`contrato-pending-notice ${SCREEN_ONLY}`} data-testid="tz-pending-notice">
          {t('creditos.print.pendingNotice')}
        </p>
      ) : null}
      <header className="contrato-heading">
        <h2>
          <Text doc={doc} k="contrato.title" />
        </h2>
        <Para doc={doc} {...number} className="contrato-number" />
        <Para doc={doc} {...place} className="contrato-place" />
      </header>
      <Para doc={doc} {...intro} />
      <h3>
        <Text doc={doc} k="contrato.clausesTitle" />
      </h3>
      {clauses.map((clause) => (
        <Para key={clause.k} doc={doc} {...clause} />
      ))}
      <Para doc={doc} {...closing} />
      <Signatures doc={doc} manager={manager} member={r.nombres} />
      <Amortization doc={doc} row={row} />
    </article>
  );
}

/**
 * Both versions, Spanish first; each starts on its own page when printed. The Tseltal one
 * waits for its dictionary when the interface is in another language.
 */
export function ContractDocument({ row, manager }: { row: CreditRow; manager: string }) {
  return (
    <div className="contrato-print print-alone" data-testid="contract-document">
      <ContractVersion lang="es" row={row} manager={manager} />
      <Suspense fallback={<Spinner />}>
        <ContractVersion lang="tz" row={row} manager={manager} />
      </Suspense>
    </div>
  );
}
