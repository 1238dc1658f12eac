/**
 * The Tseltal number translator of the home screen: an integer 0 to 60800000
 * (schema `#domain/forms/tseltal-number`) written out in Tseltal by `@mauricioinaz/say-tseltal`.
 * The words follow the number as it is typed; a wrong number gets the spec's message under the
 * field once the field is left or "Traducir" is pressed.
 */
import { useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { sayTseltal } from '@mauricioinaz/say-tseltal';
import {
  tseltalNumberSchema,
  type TseltalNumberInput,
  type TseltalNumberValues,
} from '#domain/forms/tseltal-number';
import { Button } from '#ui/button.tsx';
import { Form } from '#ui/form.tsx';
import { NumberField } from '#ui/form-field.tsx';

/** The words of a valid number, or null while the field holds no valid number. */
function wordsOf(value: unknown): string | null {
  const parsed = tseltalNumberSchema.safeParse({ numero: value });
  if (!parsed.success) return null;
  try {
    return sayTseltal(parsed.data.numero);
  } catch {
    return null;
  }
}

function Words({
  control,
}: {
  control: Control<TseltalNumberInput, unknown, TseltalNumberValues>;
}) {
  const { t } = useTranslation();
  const value = useWatch({ control, name: 'numero' });
  const words = wordsOf(value);
  return (
    <p className="tseltal-words" aria-live="polite" data-testid="tseltal-words">
      {words === null ? (
        <span className="tseltal-words-empty">{t('inicio.tseltal.empty')}</span>
      ) : (
        <span lang="tzh">{words}</span>
      )}
    </p>
  );
}

export function TseltalTranslator() {
  const { t } = useTranslation();
  const form = useForm<TseltalNumberInput, unknown, TseltalNumberValues>({
    resolver: zodResolver(tseltalNumberSchema),
    defaultValues: { numero: '' },
    mode: 'onTouched',
  });
  return (
    <section className="card home-card tseltal-card" aria-labelledby="home-tseltal-title">
      <h2 id="home-tseltal-title" className="home-card-title">
        {t('inicio.tseltal.title')}
      </h2>
      <Form form={form} confirm={false} onSubmit={() => undefined} className="form tseltal-form">
        <NumberField
          name="numero"
          integer
          label={t('inicio.tseltal.number')}
          hint={t('inicio.tseltal.hint')}
          required
        />
        <Button type="submit" variant="secondary" className="tseltal-submit">
          {t('inicio.tseltal.translate')}
        </Button>
      </Form>
      <Words control={form.control} />
    </section>
  );
}
