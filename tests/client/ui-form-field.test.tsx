import { zodResolver } from '@hookform/resolvers/zod';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { msg } from '#domain/messages';
import { Form } from '#ui/form.tsx';
import {
  CheckboxField,
  DateField,
  FormBanner,
  NumberField,
  PasswordField,
  SelectField,
  TextAreaField,
  TextField,
} from '#ui/form-field.tsx';
import { useServerErrors, type ServerErrorsApi } from '#ui/server-errors.tsx';
import { useSpanish } from '#tests/helpers/i18n-test';

const schema = z.object({
  nombres: z.string().trim().min(1, msg('validation.required')),
  curp: z
    .string()
    .trim()
    .max(18, msg('validation.maxLength', { n: 18 })),
  monto: z
    .string()
    .trim()
    .regex(/^\d+(\.\d{1,2})?$/, msg('validation.decimal2')),
  fecha: z.string().min(1, msg('validation.required')),
  genero: z.enum(['MA', 'FE']),
  region: z.number(),
  doc_curp: z.boolean(),
  comentario: z.string().max(100, msg('validation.maxLength', { n: 100 })),
  clave: z.string(),
});
type Values = z.input<typeof schema>;
const defaults: Values = {
  nombres: '',
  curp: '',
  monto: '',
  fecha: '',
  genero: 'MA',
  region: 1,
  doc_curp: false,
  comentario: '',
  clave: '',
};

let server: ServerErrorsApi;

function MemberForm({
  onSubmit,
  confirm = true,
}: {
  onSubmit: (values: z.output<typeof schema>) => void | Promise<void>;
  confirm?: boolean;
}) {
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: defaults,
    mode: 'all',
  });
  server = useServerErrors();
  return (
    <Form form={form} serverErrors={server} onSubmit={onSubmit} confirm={confirm}>
      <FormBanner />
      <TextField name="nombres" label="Nombres" required />
      <TextField name="curp" label="CURP" hint="18 caracteres" />
      <NumberField name="monto" label="Monto" />
      <DateField name="fecha" label="Fecha" />
      <SelectField
        name="genero"
        label="Género"
        options={[
          { value: 'MA', labelKey: 'codes.genders.MA' },
          { value: 'FE', labelKey: 'codes.genders.FE' },
        ]}
      />
      <SelectField
        name="region"
        label="Región"
        options={[1, 2, 3].map((id) => ({ value: id, label: `Región ${id}` }))}
      />
      <CheckboxField name="doc_curp" label="Copia de CURP" />
      <TextAreaField name="comentario" label="Comentario" />
      <PasswordField name="clave" label="Contraseña" />
      <button type="submit">Guardar</button>
    </Form>
  );
}

beforeAll(useSpanish);

describe('field kit', () => {
  it('binds labels, hints and input modes', () => {
    render(<MemberForm onSubmit={vi.fn()} />);
    const curp = screen.getByLabelText('CURP');
    expect(curp.getAttribute('aria-describedby')).toBe(screen.getByText('18 caracteres').id);
    expect(screen.getByLabelText('Monto').getAttribute('inputmode')).toBe('decimal');
    expect(screen.getByLabelText('Monto').getAttribute('type')).toBe('text');
    expect(screen.getByLabelText('Fecha').getAttribute('type')).toBe('date');
    expect(screen.getByLabelText(/Nombres/).getAttribute('aria-required')).toBe('true');
    expect(screen.getByLabelText('Contraseña').getAttribute('type')).toBe('password');
  });

  it('shows a message only once the invalid field was touched', async () => {
    const user = userEvent.setup();
    render(<MemberForm onSubmit={vi.fn()} />);
    const monto = screen.getByLabelText('Monto');
    await user.type(monto, '12.345');
    // Invalid but not yet left: nothing shown.
    expect(screen.queryByText('Debe ser un número con máximo 2 decimales')).toBeNull();
    expect(monto.getAttribute('aria-invalid')).toBeNull();
    await user.tab();
    const message = screen.getByText('Debe ser un número con máximo 2 decimales');
    expect(monto.getAttribute('aria-invalid')).toBe('true');
    expect(monto.getAttribute('aria-describedby')).toContain(message.id);
    // Fixed: the message goes away; the value stays the user's string.
    await user.clear(monto);
    await user.type(monto, '12.34');
    expect(screen.queryByText('Debe ser un número con máximo 2 decimales')).toBeNull();
    expect((monto as HTMLInputElement).value).toBe('12.34');
  });

  it('shows every invalid field after a submit, with translated interpolated messages', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<MemberForm onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText('CURP'), 'X'.repeat(19));
    expect(screen.queryByText('Campo requerido')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(screen.getAllByText('Campo requerido')).toHaveLength(2); // nombres, fecha
    expect(screen.getByText('Deben ser máximo 18 caracteres')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('counts the characters of a text area against its maximum', async () => {
    const user = userEvent.setup();
    render(<MemberForm onSubmit={vi.fn()} />);
    const area = screen.getByLabelText('Comentario');
    expect(screen.getByText('0/100')).toBeTruthy();
    await user.type(area, 'Hola');
    expect(screen.getByText('4/100')).toBeTruthy();
    expect(area.getAttribute('aria-describedby')).toContain(screen.getByText('4/100').id);
  });

  it('asks for confirmation, then submits the parsed values (numbers stay numbers)', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<MemberForm onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText(/Nombres/), 'María');
    await user.type(screen.getByLabelText('Monto'), '1040.50');
    await user.type(screen.getByLabelText('Fecha'), '2024-05-01');
    await user.selectOptions(screen.getByLabelText('Género'), 'FE');
    await user.selectOptions(screen.getByLabelText('Región'), 'Región 3');
    await user.click(screen.getByLabelText('Copia de CURP'));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Confirmar' });
    expect(dialog.textContent).toContain('¿Los datos son correctos?');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Sí, enviar' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      nombres: 'María',
      monto: '1040.50',
      fecha: '2024-05-01',
      genero: 'FE',
      region: 3,
      doc_curp: true,
    });
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('does not submit when the confirmation is cancelled', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<MemberForm onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText(/Nombres/), 'María');
    await user.type(screen.getByLabelText('Monto'), '10');
    await user.type(screen.getByLabelText('Fecha'), '2024-05-01');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await user.click(screen.getByRole('button', { name: 'Revisar' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows server field errors under their field until that field is edited, and non-field errors in the banner', async () => {
    const user = userEvent.setup();
    render(<MemberForm onSubmit={vi.fn()} confirm={false} />);
    act(() =>
      server.setServerErrors({
        curp: ['La CURP ya existe.'],
        monto: [msg('validation.max', { n: 9999999 })],
        non_field_errors: ['El socio no está activo.'],
      }),
    );
    const curp = screen.getByLabelText('CURP');
    const curpMessage = screen.getByText('La CURP ya existe.');
    expect(curp.getAttribute('aria-invalid')).toBe('true');
    expect(curp.getAttribute('aria-describedby')).toContain(curpMessage.id);
    expect(screen.getByText('el número debe ser menor a 9999999')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('El socio no está activo.');

    await user.type(curp, 'A');
    expect(screen.queryByText('La CURP ya existe.')).toBeNull();
    // The other field keeps its server message.
    expect(screen.getByText('el número debe ser menor a 9999999')).toBeTruthy();
  });

  it('flattens nested server errors to field paths', async () => {
    const { flattenServerErrors } = await import('#ui/server-errors.tsx');
    expect(
      flattenServerErrors({
        chat: [{ comentario: ['Requerido'] }],
        detail: 'No permitido',
        monto: 'Demasiado',
      }),
    ).toEqual({
      'chat.0.comentario': ['Requerido'],
      non_field_errors: ['No permitido'],
      monto: ['Demasiado'],
    });
    expect(flattenServerErrors('texto')).toEqual({});
  });

  it('keeps the confirmation busy while the save runs', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<MemberForm onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText(/Nombres/), 'María');
    await user.type(screen.getByLabelText('Monto'), '10');
    await user.type(screen.getByLabelText('Fecha'), '2024-05-01');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await user.click(screen.getByRole('button', { name: 'Sí, enviar' }));
    expect((screen.getByRole('button', { name: /Revisar/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    await act(async () => finish());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
