-- Names copied from reference rows travel again when only the reference row changes
-- (server/README.md "Scope changes"): a row of the delta shows the names it joins, so the rows
-- that show a renamed region, hermitage, zone, interzone, municipality or locality are touched
-- (new row_version) and every phone pulls them with the new name.

-- A region's name shows on its communities, their members and every member's records.
CREATE OR REPLACE FUNCTION sync_region_renamed() RETURNS trigger AS $$
DECLARE
  claves integer[] := ARRAY(
    SELECT s.clave_socio FROM socios s JOIN comunidades c ON c.id = s.comunidad
    WHERE c.region = NEW.id);
BEGIN
  UPDATE comunidades SET updated_at = now() WHERE region = NEW.id;
  UPDATE socios SET updated_at = now() WHERE clave_socio = ANY (claves);
  PERFORM sync_members_changed(claves, NULL);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A hermitage's name shows on its communities.
CREATE OR REPLACE FUNCTION sync_hermitage_renamed() RETURNS trigger AS $$
BEGIN
  UPDATE comunidades SET updated_at = now() WHERE ermita = NEW.ermita_id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The names a hermitage row shows: its zone, interzone, municipality and locality (and a
-- zone row shows its interzone). TG_ARGV[0] is the hermitage column naming the renamed row.
CREATE OR REPLACE FUNCTION sync_place_renamed() RETURNS trigger AS $$
BEGIN
  EXECUTE format('UPDATE ermitas SET updated_at = now() WHERE %I = $1', TG_ARGV[0]) USING NEW.id;
  IF TG_TABLE_NAME = 'interzonas' THEN
    UPDATE zonas SET updated_at = now() WHERE interzona = NEW.id;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER regiones_sync_renamed AFTER UPDATE OF nombre_de_region ON regiones FOR EACH ROW
  WHEN (OLD.nombre_de_region IS DISTINCT FROM NEW.nombre_de_region)
  EXECUTE FUNCTION sync_region_renamed();
--> statement-breakpoint
CREATE TRIGGER ermitas_sync_renamed AFTER UPDATE OF nombre ON ermitas FOR EACH ROW
  WHEN (OLD.nombre IS DISTINCT FROM NEW.nombre)
  EXECUTE FUNCTION sync_hermitage_renamed();
--> statement-breakpoint
CREATE TRIGGER zonas_sync_renamed AFTER UPDATE OF nombre ON zonas FOR EACH ROW
  WHEN (OLD.nombre IS DISTINCT FROM NEW.nombre)
  EXECUTE FUNCTION sync_place_renamed('zona');
--> statement-breakpoint
CREATE TRIGGER interzonas_sync_renamed AFTER UPDATE OF nombre ON interzonas FOR EACH ROW
  WHEN (OLD.nombre IS DISTINCT FROM NEW.nombre)
  EXECUTE FUNCTION sync_place_renamed('interzona');
--> statement-breakpoint
CREATE TRIGGER municipios_sync_renamed AFTER UPDATE OF nombre ON municipios FOR EACH ROW
  WHEN (OLD.nombre IS DISTINCT FROM NEW.nombre)
  EXECUTE FUNCTION sync_place_renamed('municipio');
--> statement-breakpoint
CREATE TRIGGER localidades_sync_renamed AFTER UPDATE OF nombre ON localidades FOR EACH ROW
  WHEN (OLD.nombre IS DISTINCT FROM NEW.nombre)
  EXECUTE FUNCTION sync_place_renamed('localidad');
