/** /fondos-comunes: the shared-fund contracts, with the same detail. */
import { CreditList } from './credit-list.tsx';

export interface FondosComunesScreenProps {
  /** i18n key of the route's title (`routes.*`). */
  titleKey: string;
}

export function FondosComunesScreen({ titleKey }: FondosComunesScreenProps) {
  return <CreditList titleKey={titleKey} fondoComun />;
}
