/**
 * The frame of a record's detail that can switch into editing part of it: the modal (not
 * dismissible while a save is on its way), the caller's read-only facts, and — while editing —
 * a form with its title, the save lines of the queued edit, the form's banner and the caller's
 * fields; the footer is ./edit-footer.tsx ("Edit"/"Close", or "Cancel"/"Save"). Texts come
 * translated.
 */
import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { EditFooter, type EditFooterProps } from '#ui/edit-footer.tsx';
import { Form } from '#ui/form.tsx';
import { FormBanner } from '#ui/form-field.tsx';
import { FormSaveLines } from '#ui/form-save-lines.tsx';
import { Modal } from '#ui/modal.tsx';
import type { ServerErrorsApi } from '#ui/server-errors.tsx';

export interface EditFormFrame<I extends FieldValues, V> {
  form: UseFormReturn<I, unknown, V>;
  onSubmit: (values: V) => void | Promise<void>;
  server: ServerErrorsApi;
  className: string;
  /** The form's heading (an h3 with its class). */
  title: string;
  titleClassName: string;
  rejected: boolean;
  rejectedText: string;
  sendingText: string;
  statusTestId?: string;
  /** The edit's fields. */
  fields: ReactNode;
}

export interface EditDetailModalProps<I extends FieldValues, V> {
  title: string;
  size: 'md' | 'lg';
  sending: boolean;
  onClose: () => void;
  footer: Omit<EditFooterProps, 'sending' | 'onClose' | 'children'>;
  edit: EditFormFrame<I, V>;
  /** The read-only part: facts, notes, badges. */
  children: ReactNode;
}

export function EditDetailModal<I extends FieldValues, V>(props: EditDetailModalProps<I, V>) {
  const { edit, sending } = props;
  return (
    <Modal
      open
      size={props.size}
      title={props.title}
      onClose={props.onClose}
      dismissible={!sending}
      footer={<EditFooter {...props.footer} sending={sending} onClose={props.onClose} />}
    >
      {props.children}
      {props.footer.editing ? (
        <Form
          id={props.footer.formId}
          form={edit.form}
          onSubmit={edit.onSubmit}
          serverErrors={edit.server}
          className={edit.className}
        >
          <h3 className={edit.titleClassName}>{edit.title}</h3>
          <FormSaveLines
            rejected={edit.rejected}
            sending={sending}
            rejectedText={edit.rejectedText}
            sendingText={edit.sendingText}
            testId={edit.statusTestId}
          />
          <FormBanner />
          {edit.fields}
        </Form>
      ) : null}
    </Modal>
  );
}
