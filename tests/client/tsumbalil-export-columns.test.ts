// @vitest-environment node
/** The phone's community and hermitage spreadsheets use exactly the server exports' columns. */
import { describe, expect, it } from 'vitest';
import {
  COMMUNITY_EXPORT,
  COMMUNITY_LIST_COLUMNS,
  HERMITAGE_EXPORT,
  HERMITAGE_LIST_COLUMNS,
} from '#domain/exports';
import { COMMUNITY_LIST_COLUMNS as SERVER_COMMUNITY_COLUMNS } from '#server/services/communities';
import { HERMITAGE_LIST_COLUMNS as SERVER_HERMITAGE_COLUMNS } from '#server/services/hermitages';

describe('tsumbalil export columns', () => {
  it('match GET /comunidadesXLSX/ and GET /ermitasXLSX/', () => {
    expect([...COMMUNITY_LIST_COLUMNS]).toEqual([...SERVER_COMMUNITY_COLUMNS]);
    expect([...HERMITAGE_LIST_COLUMNS]).toEqual([...SERVER_HERMITAGE_COLUMNS]);
    expect(COMMUNITY_EXPORT).toEqual({ sheet: 'Comunidades', file: 'comunidades.xlsx' });
    expect(HERMITAGE_EXPORT).toEqual({ sheet: 'Ermitas', file: 'ermitas.xlsx' });
  });
});
