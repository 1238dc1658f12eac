-- The delta pull reads every replicated table "WHERE row_version > cursor ORDER BY row_version
-- LIMIT n" (server/sync/pull.ts): an index per table keeps that a short range scan however
-- large the table grows. A new replicated table adds its own index the same way.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['regiones','interzonas','zonas','municipios','localidades','ermitas',
    'comunidades','cargos','cargos_coop','empresas','puestos','fuentes','socios']
  LOOP
    EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON %I (row_version)', t || '_row_version_idx', t);
  END LOOP;
END;
$$;
