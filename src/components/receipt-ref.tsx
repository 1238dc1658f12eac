/**
 * A record's receipt in a detail dialog or a list: its number and grouped
 * verification code, linked to /recibos where this phone keeps the receipt itself; "—" for
 * office captures and imports, which have none. In a list the number alone (`ReceiptNumber`):
 * a link inside a clickable row would fight the row's own click, and the detail shows the code.
 */
import { Link } from 'react-router-dom';
import { groupedReceiptCode } from '#domain/receipts';

export function ReceiptRef({
  recibo,
  codigo,
}: {
  recibo: string | null | undefined;
  codigo: string | null | undefined;
}) {
  if (!recibo) return <>—</>;
  return (
    <span className="receipt-ref" data-testid="receipt-ref">
      <Link to={`/recibos?numero=${encodeURIComponent(recibo)}`}>{recibo}</Link>
      {codigo ? ` · ${groupedReceiptCode(codigo)}` : null}
    </span>
  );
}

/** The receipt number of a list row ("—" when the record has none). */
export function ReceiptNumber({ recibo }: { recibo: string }) {
  return recibo ? <span className="receipt-number">{recibo}</span> : <>—</>;
}
