/**
 * The footer of a detail modal that can switch into editing: read-only it offers the caller's
 * own actions, "Edit" (when allowed) and "Close"; editing it offers "Cancel" and "Save" (the
 * submit button of the form `formId`). Texts come translated.
 */
import type { ReactNode } from 'react';
import { Button } from '#ui/button.tsx';

export interface EditFooterProps {
  editing: boolean;
  canEdit: boolean;
  sending: boolean;
  /** Id of the form "Save" submits. */
  formId: string;
  texts: { cancel: string; save: string; edit: string; close: string };
  testIds: { save: string; edit: string };
  onEdit: () => void;
  onCancel: () => void;
  onClose: () => void;
  /** More read-only actions, before "Edit" (keyed buttons). */
  children?: ReactNode;
}

export function EditFooter(props: EditFooterProps) {
  const { texts, testIds, sending } = props;
  // Every button is keyed apart: React must not turn the very "Edit" button being clicked
  // into the submit button (the browser would then send the form).
  return props.editing ? (
    <>
      <Button key="cancel" variant="ghost" onClick={props.onCancel} disabled={sending}>
        {texts.cancel}
      </Button>
      <Button
        key="save"
        type="submit"
        form={props.formId}
        variant="primary"
        busy={sending}
        data-testid={testIds.save}
      >
        {texts.save}
      </Button>
    </>
  ) : (
    <>
      {props.children}
      {props.canEdit ? (
        <Button key="edit" variant="primary" onClick={props.onEdit} data-testid={testIds.edit}>
          {texts.edit}
        </Button>
      ) : null}
      <Button key="close" variant="ghost" onClick={props.onClose}>
        {texts.close}
      </Button>
    </>
  );
}
