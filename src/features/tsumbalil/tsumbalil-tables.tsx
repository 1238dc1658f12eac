/**
 * The two tables of /tsumbalil (spec part 1 §2 screen 5) with their toolbars: the
 * communities ("Nueva comunidad" for the roles that may) and the hermitages, each with its
 * spreadsheet built on the phone with the server's …XLSX columns.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COMMUNITY_EXPORT,
  COMMUNITY_LIST_COLUMNS,
  HERMITAGE_EXPORT,
  HERMITAGE_LIST_COLUMNS,
} from '#domain/exports';
import type { HermitageRow } from '#db/replica-rows';
import { Button } from '#ui/button.tsx';
import { DataTable } from '#ui/data-table.tsx';
import { showError } from '#ui/error-store.ts';
import { Spinner } from '#ui/spinner.tsx';
import { downloadXlsx } from '#ui/xlsx-export.ts';
import {
  communityColumns,
  hermitageColumns,
  type CommunityTableRow,
} from './tsumbalil-columns.tsx';

async function exportCommunities(communities: readonly CommunityTableRow[]) {
  try {
    // Only communities the cooperative has (a create still queued has no number yet).
    const rows = communities.filter((c) => typeof c.id === 'number');
    await downloadXlsx(COMMUNITY_EXPORT.file, COMMUNITY_EXPORT.sheet, COMMUNITY_LIST_COLUMNS, rows);
  } catch (error) {
    showError(error);
  }
}

async function exportHermitages(hermitages: readonly HermitageRow[]) {
  try {
    await downloadXlsx(
      HERMITAGE_EXPORT.file,
      HERMITAGE_EXPORT.sheet,
      HERMITAGE_LIST_COLUMNS,
      hermitages,
    );
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
              onClick={() => void exportCommunities(communities)}
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
          <Button onClick={() => void exportHermitages(hermitages)} data-testid="export-hermitages">
            {t('tsumbalil.export')}
          </Button>
        ) : null
      }
    />
  );
}
