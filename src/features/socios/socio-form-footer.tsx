/**
 * The member form's footer and its read-only / editing switch: "Editar" (privileged roles)
 * turns the fields editable and moves the focus to the first one, inside the dialog; the
 * evaluation button for the roles that may open it.
 */
import { useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { MemberInput, MemberValues } from '#domain/forms/member';
import { Button } from '#ui/button.tsx';
import { EditFooter } from '#ui/edit-footer.tsx';

/** Whether the form is being edited; `start` is "Editar" pressed. */
export function useEditing(
  form: UseFormReturn<MemberInput, unknown, MemberValues>,
  initially: boolean,
) {
  const [editing, setEditing] = useState(initially);
  // The pressed "Editar" leaves the footer: focus goes to the first field, inside the dialog.
  const focusFirst = useRef(false);
  const { setFocus } = form;
  useEffect(() => {
    if (editing && focusFirst.current) {
      focusFirst.current = false;
      setFocus('nombres');
    }
  }, [editing, setFocus]);

  function start() {
    focusFirst.current = true;
    setEditing(true);
  }

  return { editing, setEditing, start };
}

export interface SocioFormFooterProps {
  editing: boolean;
  canEdit: boolean;
  sending: boolean;
  onEdit: () => void;
  onCancel: () => void;
  onClose: () => void;
  /** Opens the member evaluation; null when it is not offered. */
  onEvaluate: (() => void) | null;
}

export function SocioFormFooter(props: SocioFormFooterProps) {
  const { t } = useTranslation();
  return (
    <EditFooter
      editing={props.editing}
      canEdit={props.canEdit}
      sending={props.sending}
      formId="socio-form"
      texts={{
        cancel: t('socios.form.cancel'),
        save: t('socios.form.save'),
        edit: t('socios.form.edit'),
        close: t('socios.form.close'),
      }}
      testIds={{ save: 'socio-save', edit: 'socio-edit' }}
      onEdit={props.onEdit}
      onCancel={props.onCancel}
      onClose={props.onClose}
    >
      {props.onEvaluate ? (
        <Button
          key="evaluate"
          variant="secondary"
          onClick={props.onEvaluate}
          data-testid="socio-evaluate"
        >
          {t('socios.form.evaluate')}
        </Button>
      ) : null}
    </EditFooter>
  );
}
