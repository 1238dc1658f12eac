/**
 * The member form's fields: identity, dates with the ages they give,
 * community (filtered by and labelled with its region), posts (cargo_coop: several), the five
 * area statuses with the process icons, and the document copies. Read-only until "Editar".
 */
import type { Process } from '#domain/codes';
import type { ReferenceLists } from '#db/reads/places';
import { DatesSection, DocumentsSection, IdentitySection } from './socio-person-sections.tsx';
import { PlaceSection, StatusesSection } from './socio-place-sections.tsx';

export interface SocioFormFieldsProps {
  references: ReferenceLists;
  readOnly: boolean;
  process: Process | null;
  onProcess: (process: Process) => void;
}

export function SocioFormFields({
  references,
  readOnly,
  process,
  onProcess,
}: SocioFormFieldsProps) {
  return (
    <div className="socio-form-grid">
      <IdentitySection readOnly={readOnly} />
      <DatesSection readOnly={readOnly} />
      <PlaceSection references={references} readOnly={readOnly} />
      <StatusesSection readOnly={readOnly} process={process} onProcess={onProcess} />
      <DocumentsSection readOnly={readOnly} />
    </div>
  );
}
