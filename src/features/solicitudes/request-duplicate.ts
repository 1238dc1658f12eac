/**
 * The server's duplicate rule (#domain/request-rules) over the phone's copy: the requests the
 * server numbered and this phone's own captures still on their way (a refused or blocked one
 * does not count, #db/reads/counted). The message is the server's when the other request has
 * a folio, and says it waits on this phone when it has none yet.
 */
import { parseMoney } from '#domain/money';
import { msg } from '#domain/messages';
import { duplicateMessage, duplicateRequest, type RequestKey } from '#domain/request-rules';
import { notCountedRecords } from '#db/reads/counted';
import { allRequests } from '#db/reads/requests';

/** The encoded message of the request `values` would duplicate, or null. */
export async function knownDuplicate(
  values: RequestKey,
  except: number | string | null,
): Promise<string | null> {
  const [rows, left] = await Promise.all([allRequests(), notCountedRecords('solicitud')]);
  const known = rows
    .filter((r) => typeof r.folio_solicitud === 'number' || !left.has(r.folio_solicitud))
    .map((r) => ({
      folio: r.folio_solicitud,
      clave_socio: r.clave_socio,
      fecha_solicitud: r.fecha_solicitud,
      monto_solicitado: parseMoney(r.monto_solicitado) ?? -1,
    }));
  const duplicate = duplicateRequest(values, known, except);
  if (duplicate === null) return null;
  return typeof duplicate.folio === 'number'
    ? duplicateMessage(duplicate.folio)
    : msg('solicitudes.form.duplicatePending');
}
