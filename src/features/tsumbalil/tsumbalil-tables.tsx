/**
 * The two tables of /tsumbalil with their toolbars: the
 * communities ("Nueva comunidad" for the roles that may) and the hermitages, each with its
 * spreadsheet built on the phone with the server's …XLSX columns.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type CodeLabeler } from '#domain/sheet';
import {
  COMMUNITY_EXPORT,
  COMMUNITY_SHEET,
  HERMITAGE_EXPORT,
  HERMITAGE_SHEET,
} from '#domain/exports';
import type { HermitageRow } from '#db/replica-rows';
import { Button } from '#ui/button.tsx';
import { DataTable } from '#ui/data-table.tsx';
import { showError } from '#ui/error-store.ts';
import { Spinner } from '#ui/spinner.tsx';
import { codeLabelsOf, downloadXlsx } from '#ui/xlsx-export.ts';
import {
  communityColumns,
  hermitageColumns,
  type CommunityTableRow,
} from './tsumbalil-columns.tsx';

async function exportCommunities(communities: readonly CommunityTableRow[], label: CodeLabeler) {
  try {
    // Only communities the cooperative has (a create still queued has no number yet).
    const rows = communities.filter((c) => typeof c.id === 'number');
    await downloadXlsx(COMMUNITY_EXPORT.file, COMMUNITY_SHEET, rows, label);
  } catch (error) {
    showError(error);
  }
}

async function exportHermitages(hermitages: readonly HermitageRow[], label: CodeLabeler) {
  try {
    await downloadXlsx(HERMITAGE_EXPORT.file, HERMITAGE_SHEET, hermitages, label);
  } catch (error) {
    showError(error);
  }
}

export interface CommunitiesTableProps {
  /** Undefined while the replica is being read. */
  communities: CommunityTableRow[] | undefined;
  canExport: boolean;
  canCreate: boolean;
  /** Opens the form on a row (undefined: rows do not open) … */
  onOpen: ((row: CommunityTableRow) => void) | undefined;
  /** … or on a new community. */
  onNew: () => void;
}

export function CommunitiesTable({
  communities,
  canExport,
  canCreate,
  onOpen,
  onNew,
}: CommunitiesTableProps) {
  const { t } = useTranslation();
  const columns = useMemo(() => communityColumns(t), [t]);
  if (!communities) return <Spinner />;
  return (
    <DataTable
      id="tsumbalil-communities"
      data={communities}
      columns={columns}
      getRowId={(row) => String(row.id)}
      caption={t('tsumbalil.communities')}
      onRowClick={onOpen}
      toolbar={
        <>
          {canExport ? (
            <Button
              onClick={() => void exportCommunities(communities, codeLabelsOf(t))}
              data-testid="export-communities"
            >
              {t('tsumbalil.export')}
            </Button>
          ) : null}
          {canCreate ? (
            <Button variant="primary" onClick={onNew} data-testid="new-community">
              {t('tsumbalil.newCommunity')}
            </Button>
          ) : null}
        </>
      }
    />
  );
}

export interface HermitagesTableProps {
  /** Undefined while the replica is being read. */
  hermitages: HermitageRow[] | undefined;
  canExport: boolean;
  onOpen: (row: HermitageRow) => void;
}

export function HermitagesTable({ hermitages, canExport, onOpen }: HermitagesTableProps) {
  const { t } = useTranslation();
  const columns = useMemo(() => hermitageColumns(t), [t]);
  if (!hermitages) return <Spinner />;
  return (
    <DataTable
      id="tsumbalil-hermitages"
      data={hermitages}
      columns={columns}
      getRowId={(row) => String(row.ermita_id)}
      caption={t('tsumbalil.hermitages')}
      onRowClick={onOpen}
      toolbar={
        canExport ? (
          <Button
            onClick={() => void exportHermitages(hermitages, codeLabelsOf(t))}
            data-testid="export-hermitages"
          >
            {t('tsumbalil.export')}
          </Button>
        ) : null
      }
    />
  );
}
