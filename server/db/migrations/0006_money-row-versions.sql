-- The five replicated tables of the money areas take a row_version from the global sequence on
-- every insert and update (function of 0001) and get the index the delta pull reads by (as 0003).
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['solicitudes','contratos','pagos','acopios','movimientos']
  LOOP
    EXECUTE format(
      'CREATE TRIGGER %I BEFORE INSERT OR UPDATE ON %I FOR EACH ROW EXECUTE FUNCTION bump_row_version()',
      t || '_row_version', t);
    EXECUTE format('CREATE INDEX %I ON %I (row_version)', t || '_row_version_idx', t);
  END LOOP;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER condonaciones_updated_at BEFORE UPDATE ON condonaciones FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
