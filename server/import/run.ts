/**
 * `importOriginal`: read the original's database, write it into this product's in ONE
 * transaction (under the write-order lock, so phones pulling meanwhile never skip a row
 * version), verify every figure on what was written, and report. A dry run does all of it and
 * rolls the transaction back. Exit status of the report: 0 clean, 2 when rows were skipped.
 */
import { sql } from 'drizzle-orm';
import type { IsoDate } from '#domain/dates';
import type { Db } from '#server/db/client';
import { contratos, importRuns, socios, solicitudes } from '#server/db/schema';
import { takeWriteOrderLock } from '#server/sync/write-order';
import { MapContext } from './context.ts';
import { ImportLog, type IncompleteRow } from './log.ts';
import { bancosStep, movimientosBancoStep, registrosStep, subcuentasStep } from './map-banking.ts';
import {
  chatStep,
  condonacionesStep,
  contratosStep,
  pagosStep,
  solicitudesStep,
} from './map-credits.ts';
import { acopiosStep, movimientosStep } from './map-deliveries.ts';
import { referenceListSteps, sociosStep, usersStep } from './map-people.ts';
import {
  comunidadesStep,
  ermitasStep,
  interzonasStep,
  localidadesStep,
  municipiosStep,
  regionsStep,
  zonasStep,
} from './map-places.ts';
import { readOriginal, type OriginalData } from './original.ts';
import { tableProgressLine, type ImportReport, type PeopleLine, type TableLine } from './report.ts';
import { hasGeoJson, type SourceDb } from './source.ts';
import type { Step, StepResult } from './step.ts';
import { checkTarget, maxIds, rowVersionMark } from './target.ts';
import { Verification, idSet } from './verification.ts';
import { verifyCredits } from './verify-credits.ts';
import { verifyTotals } from './verify-totals.ts';

/** The fact sheet's import order: every step after the ones it refers to. */
export const STEPS: readonly Step[] = [
  regionsStep,
  interzonasStep,
  zonasStep,
  municipiosStep,
  localidadesStep,
  ermitasStep,
  comunidadesStep,
  ...referenceListSteps,
  sociosStep,
  usersStep,
  solicitudesStep,
  chatStep,
  contratosStep,
  pagosStep,
  condonacionesStep,
  acopiosStep,
  movimientosStep,
  bancosStep,
  subcuentasStep,
  movimientosBancoStep,
  registrosStep,
];

export interface ImportOptions {
  source: SourceDb;
  /** Where the source is, for the report (never the password). */
  sourceLabel: string;
  db: Db;
  targetLabel: string;
  dryRun: boolean;
  /** Re-run although this product has written since the last import. */
  force?: boolean;
  /** The day statuses and portfolios are computed for (the cooperative's today). */
  today: IsoDate;
  progress?: (line: string) => void;
}

class DryRunRollback extends Error {
  constructor(readonly report: ImportReport) {
    super('dry run: rolled back');
  }
}

const changed = (r: StepResult | undefined) =>
  new Set([...(r?.inserted ?? []), ...(r?.updated ?? [])]);

/**
 * On a re-run, rows whose shape on the phones includes a changed child get a fresh
 * row_version (their trigger), so the normal pull re-sends them: a request with a new chat
 * comment, a contract with a new payment or waiver, the members of a community that changed.
 */
async function touchParents(tx: Db, data: OriginalData, results: Map<string, StepResult>) {
  const requests = changed(results.get('solicitudes_solicitudcredito'));
  const chats = changed(results.get('solicitudes_chatsolicitudcredito'));
  const chatRequests = data.solicitudes_chatsolicitudcredito
    .filter((c) => chats.has(c.id) && !requests.has(c.solicitud_id))
    .map((c) => c.solicitud_id);
  if (chatRequests.length > 0)
    await tx
      .update(solicitudes)
      .set({ updated_at: new Date() })
      .where(sql`${solicitudes.folio_solicitud} IN ${idSet(chatRequests)}`);

  const contracts = changed(results.get('contratos_contratocredito'));
  const payments = changed(results.get('pagos_pago'));
  const waivers = changed(results.get('pagos_condonacion'));
  const paidContracts = [
    ...data.pagos_pago.filter((p) => payments.has(p.id)).map((p) => p.credito_id),
    ...data.pagos_condonacion.filter((w) => waivers.has(w.id)).map((w) => w.credito_id),
  ].filter((id) => !contracts.has(id));
  if (paidContracts.length > 0)
    await tx
      .update(contratos)
      .set({ updated_at: new Date() })
      .where(sql`${contratos.id} IN ${idSet(paidContracts)}`);

  const communities = results.get('tsumbalil_comunidad')?.updated ?? [];
  const members = changed(results.get('socios_socio'));
  if (communities.length > 0)
    await tx
      .update(socios)
      .set({ updated_at: new Date() })
      .where(
        sql`${socios.comunidad} IN ${idSet(communities)}
            AND ${socios.clave_socio} NOT IN ${idSet(members)}`,
      );
}

const PEOPLE = [
  ['members', 'socios_socio'],
  ['contracts', 'contratos_contratocredito'],
  ['payments', 'pagos_pago'],
] as const;

/** Members, contracts and payments: read, imported, imported incomplete, skipped. */
function peopleLines(ctx: MapContext, incomplete: readonly IncompleteRow[]): PeopleLine[] {
  return PEOPLE.map(([what, source]) => {
    const { imported } = ctx.ids(source);
    return {
      what,
      source,
      read: ctx.data[source].length + ctx.log.unreadableIn(source),
      imported: imported.size,
      incomplete: incomplete.filter((r) => r.table === source).length,
      skipped: ctx.log.skippedIn(source),
    };
  });
}

function toLine(r: StepResult): TableLine {
  return {
    source: r.source,
    target: r.target,
    read: r.read,
    inserted: r.inserted.length,
    updated: r.updated.length,
    unchanged: r.unchanged,
    skipped: r.skipped,
    seconds: r.ms / 1000,
  };
}

/**
 * The join table of cooperative posts, folded into `socios.cargo_coop`: a post counts as new,
 * updated or unchanged with its member's row.
 */
function postsLine(ctx: MapContext, members: StepResult): TableLine {
  const skipped = ctx.log.skippedIn('socios_socio_cargo_coop');
  const inserted = new Set(members.inserted);
  const updated = new Set(members.updated);
  const line: TableLine = {
    source: 'socios_socio_cargo_coop',
    target: 'socios.cargo_coop',
    read: ctx.data.socios_socio_cargo_coop.length + ctx.log.unreadableIn('socios_socio_cargo_coop'),
    inserted: 0,
    updated: 0,
    unchanged: 0,
    skipped,
    seconds: 0,
  };
  const skippedIds = new Set(
    ctx.log.skipped.filter((s) => s.table === 'socios_socio_cargo_coop').map((s) => s.id),
  );
  for (const post of ctx.data.socios_socio_cargo_coop) {
    if (skippedIds.has(post.id)) continue;
    if (inserted.has(post.socio_id)) line.inserted += 1;
    else if (updated.has(post.socio_id)) line.updated += 1;
    else line.unchanged += 1;
  }
  return line;
}

export async function importOriginal(options: ImportOptions): Promise<ImportReport> {
  const started = new Date();
  const clock = performance.now();
  const say = options.progress ?? (() => undefined);
  const log = new ImportLog();

  say(`Reading the original database (${options.sourceLabel})…`);
  const withGeometry = await hasGeoJson(options.source);
  if (!withGeometry)
    log.note(
      '(database)',
      '-',
      'no ST_AsGeoJSON (PostGIS) in the original: polygons and points left empty',
    );
  const data = await readOriginal(options.source, log, {
    withGeometry,
    onTable: (table, rows) => say(`  read ${table}: ${rows.toLocaleString('en-US')} rows`),
  });
  const ctx = new MapContext(data, log, options.today);
  const readDone = performance.now();

  say(`Writing into ${options.targetLabel}${options.dryRun ? ' (dry run)' : ''}…`);
  const run = async (tx: Db): Promise<ImportReport> => {
    await takeWriteOrderLock(tx);
    await checkTarget(tx, STEPS, { force: options.force ?? false });
    const results = new Map<string, StepResult>();
    const lines: TableLine[] = [];
    for (const step of STEPS) {
      const result = await step.run(tx, ctx);
      results.set(step.source, result);
      const line = toLine(result);
      lines.push(line);
      say(tableProgressLine(line));
      if (step.source === 'socios_socio') lines.push(postsLine(ctx, result));
    }
    await touchParents(tx, data, results);
    // setval is not transactional: a dry run must not move the sequences.
    if (!options.dryRun) for (const step of STEPS) await step.continueSequence(tx);
    const writeDone = performance.now();

    say('Verifying every figure…');
    const verification = new Verification();
    await verifyCredits(tx, options.source, ctx, verification, options.today);
    await verifyTotals(tx, options.source, ctx, STEPS, verification, options.today);
    const verifyDone = performance.now();

    // Only rows that did arrive (the database may still refuse one the checks let through).
    const incomplete = log.incomplete.filter((r) => ctx.ids(r.table).imported.has(r.id));
    const report: ImportReport = {
      source: options.sourceLabel,
      target: options.targetLabel,
      dryRun: options.dryRun,
      date: options.today,
      startedAt: started.toISOString(),
      seconds: (verifyDone - clock) / 1000,
      phases: {
        read: (readDone - clock) / 1000,
        write: (writeDone - readDone) / 1000,
        verify: (verifyDone - writeDone) / 1000,
      },
      tables: lines,
      skipped: log.skipped,
      notes: log.notes,
      verification: {
        figures: verification.lines,
        differences: verification.differences,
        footnotes: verification.footnotes,
      },
      incomplete,
      missingTables: log.missingTables,
      people: peopleLines(ctx, incomplete),
      exitCode: log.skipped.length > 0 ? 2 : 0,
    };
    if (options.dryRun) throw new DryRunRollback(report);
    await tx.insert(importRuns).values({
      source: options.sourceLabel,
      started_at: started,
      finished_at: new Date(),
      skipped: log.skipped.length,
      row_version_mark: await rowVersionMark(tx),
      max_ids: await maxIds(tx, STEPS),
      report,
    });
    return report;
  };
  try {
    return await options.db.transaction(run);
  } catch (error) {
    if (error instanceof DryRunRollback) return error.report;
    throw error;
  }
}
