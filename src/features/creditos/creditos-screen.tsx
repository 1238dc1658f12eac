/** /creditos: the credit contracts, shared funds left out. */
import { CreditList } from './credit-list.tsx';

export interface CreditosScreenProps {
  /** i18n key of the route's title (`routes.*`). */
  titleKey: string;
}

export function CreditosScreen({ titleKey }: CreditosScreenProps) {
  return <CreditList titleKey={titleKey} fondoComun={false} />;
}
