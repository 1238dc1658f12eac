/**
 * Date-range search of /bancos and /subcuentas: both dates optional; the
 * final one may not precede the initial one (#domain/forms/date-range). Searching hands the
 * range to the screen; clearing goes back to "all dates".
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  dateRangeSchema,
  type DateRangeInput,
  type DateRangeValues,
} from '#domain/forms/date-range';
import { Button } from '#ui/button.tsx';
import { Form } from '#ui/form.tsx';
import { DateField } from '#ui/form-field.tsx';

export interface DateRange {
  initialDate: string | null;
  finalDate: string | null;
}

export const ALL_DATES: DateRange = { initialDate: null, finalDate: null };

export function DateRangeSearch({
  onSearch,
  busy,
}: {
  onSearch: (range: DateRange) => void;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  const form = useForm<DateRangeInput, unknown, DateRangeValues>({
    resolver: zodResolver(dateRangeSchema),
    defaultValues: { initialDate: '', finalDate: '' },
    mode: 'onTouched',
  });
  return (
    <Form
      form={form}
      confirm={false}
      className="bank-range card"
      onSubmit={(values) =>
        onSearch({ initialDate: values.initialDate, finalDate: values.finalDate })
      }
    >
      <DateField name="initialDate" label={t('bancos.range.initialDate')} />
      <DateField name="finalDate" label={t('bancos.range.finalDate')} />
      <div className="bank-range-actions">
        <Button type="submit" variant="primary" busy={busy} data-testid="bank-search">
          {t('bancos.range.search')}
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            form.reset({ initialDate: '', finalDate: '' });
            onSearch(ALL_DATES);
          }}
        >
          {t('bancos.range.clear')}
        </Button>
      </div>
    </Form>
  );
}
