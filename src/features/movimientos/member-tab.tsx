/**
 * The member tab of /movimientos: search a member by key or in the popup;
 * then its balance (pending movements included and marked), the processes it is active in, its
 * movements with the A/R marker — or the empty-movements message — and the new-movement button.
 */
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  memberSearchSchema,
  type MemberSearchInput,
  type MemberSearchValues,
} from '#domain/forms/member-search';
import { Button } from '#ui/button.tsx';
import { DataTable } from '#ui/data-table.tsx';
import { DeliveryMemberField } from '#components/delivery-member-field.tsx';
import { EmptyState } from '#ui/empty-state.tsx';
import { Form } from '#ui/form.tsx';
import type { MovimientoRow } from '#db/replica-rows';
import { memberBalance } from './member-balance.ts';
import { MemberSummary } from './member-summary.tsx';
import { movementColumns, toMovementTableRow, type MovementTableRow } from './movements-table.tsx';
import type { MovimientoMember, PendingMovimientos } from './use-movimientos-data.ts';

export interface MemberTabProps {
  socio: number | null;
  onSocio: (clave: number) => void;
  members: readonly MovimientoMember[];
  records: readonly MovimientoRow[];
  pending: PendingMovimientos;
  canCreate: boolean;
  onNewMovement: (clave: number) => void;
  onRowClick: (row: MovementTableRow) => void;
}

export function MemberTab(props: MemberTabProps) {
  const { socio, members, records, pending } = props;
  const { t } = useTranslation();
  const form = useForm<MemberSearchInput, unknown, MemberSearchValues>({
    resolver: zodResolver(memberSearchSchema),
    defaultValues: { clave_socio: socio === null ? '' : String(socio) },
    mode: 'onTouched',
  });
  const member = socio === null ? undefined : members.find((m) => m.clave_socio === socio);
  const mine = useMemo(
    () => (socio === null ? [] : records.filter((r) => r.clave_socio === socio)),
    [records, socio],
  );
  // A refused or blocked capture is listed (with its mark) but never counted.
  const figures = useMemo(
    () => memberBalance(mine, socio ?? 0, { notCounted: pending.attention }),
    [mine, socio, pending],
  );
  const rows = useMemo(
    () => mine.map((r) => toMovementTableRow(r, pending, t)),
    [mine, pending, t],
  );
  const columns = useMemo(() => movementColumns(t, false), [t]);

  return (
    <div className="movement-tab" data-testid="movement-member-tab">
      <Form
        form={form}
        confirm={false}
        onSubmit={(values) => props.onSocio(values.clave_socio)}
        className="form movement-search card"
      >
        <DeliveryMemberField
          name="clave_socio"
          label={t('movimientos.member.clave')}
          members={members}
          required
          notFoundText={t('movimientos.member.notOnPhone')}
          onPick={(m) => props.onSocio(m.clave_socio)}
        />
        <Button type="submit" variant="primary" data-testid="movement-member-search">
          {t('movimientos.member.search')}
        </Button>
      </Form>
      {socio === null ? null : member === undefined ? (
        <EmptyState title={t('movimientos.member.notFound', { clave: socio })} />
      ) : (
        <>
          <MemberSummary member={member} figures={figures} />
          {props.canCreate ? (
            <div className="form-actions">
              <Button
                variant="primary"
                onClick={() => props.onNewMovement(member.clave_socio)}
                data-testid="movement-new"
              >
                {t('movimientos.new')}
              </Button>
            </div>
          ) : null}
          {rows.length > 0 ? (
            <DataTable<MovementTableRow>
              id="movimientos-socio"
              data={rows}
              columns={columns}
              getRowId={(row) => row.key}
              onRowClick={props.onRowClick}
              caption={t('movimientos.member.caption', { clave: member.clave_socio })}
            />
          ) : null}
        </>
      )}
    </div>
  );
}
