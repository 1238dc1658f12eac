-- Scope changes in the delta pull (server/README.md "Scope changes"). Triggers, so that every
-- path that writes (API, importer, admin CLI, psql) keeps phones exact:
--  * a deleted replicated row is logged in sync_removals with every scope key it had;
--  * a row whose scope keys change (member → region, member, promoter) is logged with the keys
--    it left;
--  * a member who changes community (or name), or a community that changes region (or name),
--    logs the departure of every dependent record from the region left, then touches those
--    records (new row_version) so the region they entered pulls them, with the names they show.
-- Departures are logged BEFORE the touches, so a row that re-enters a scope always has a
-- higher version than its departure from it.

-- The region of a member (its community's).
CREATE OR REPLACE FUNCTION sync_member_region(clave integer) RETURNS integer AS $$
  SELECT c.region FROM socios s JOIN comunidades c ON c.id = s.comunidad WHERE s.clave_socio = clave
$$ LANGUAGE sql STABLE;
--> statement-breakpoint
-- The scope keys of a row of `tbl` (as jsonb): the region and member it belongs to, and the
-- promoter of a credit request. Reference tables have none (everyone reads them).
CREATE OR REPLACE FUNCTION sync_scope_keys(tbl text, r jsonb, OUT region integer,
  OUT clave_socio integer, OUT promotor integer) AS $$
BEGIN
  CASE tbl
    WHEN 'socios' THEN
      clave_socio := (r ->> 'clave_socio')::integer;
      SELECT c.region INTO region FROM comunidades c WHERE c.id = (r ->> 'comunidad')::integer;
    WHEN 'pagos' THEN
      SELECT k.clave_socio INTO clave_socio FROM contratos k WHERE k.id = (r ->> 'credito')::integer;
      region := sync_member_region(clave_socio);
    WHEN 'contratos', 'acopios', 'movimientos' THEN
      clave_socio := (r ->> 'clave_socio')::integer;
      region := sync_member_region(clave_socio);
    WHEN 'solicitudes' THEN
      clave_socio := (r ->> 'clave_socio')::integer;
      region := sync_member_region(clave_socio);
      promotor := (r ->> 'promotor')::integer;
    ELSE
      NULL;
  END CASE;
END;
$$ LANGUAGE plpgsql STABLE;
--> statement-breakpoint
-- AFTER DELETE (TG_ARGV[0] = the key column): gone for everyone who held it. A payment's
-- contract shows the paid total, a contract's request its contract: both travel again.
CREATE OR REPLACE FUNCTION sync_row_deleted() RETURNS trigger AS $$
DECLARE
  k record;
  old_row jsonb := to_jsonb(OLD);
BEGIN
  SELECT * INTO k FROM sync_scope_keys(TG_TABLE_NAME, old_row);
  INSERT INTO sync_removals (table_name, row_id, region, clave_socio, promotor, deleted)
    VALUES (TG_TABLE_NAME, (old_row ->> TG_ARGV[0])::integer, k.region, k.clave_socio,
      k.promotor, true);
  IF TG_TABLE_NAME = 'pagos' THEN
    UPDATE contratos SET updated_at = now() WHERE id = (old_row ->> 'credito')::integer;
  ELSIF TG_TABLE_NAME = 'contratos' THEN
    UPDATE solicitudes SET updated_at = now()
      WHERE folio_solicitud = (old_row ->> 'solicitud')::integer;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- AFTER UPDATE of a column a scope key comes from (TG_ARGV[0] = the key column): the row left
-- the keys that changed (only those: a reader keyed by another one still holds it).
CREATE OR REPLACE FUNCTION sync_row_rekeyed() RETURNS trigger AS $$
DECLARE
  o record;
  n record;
BEGIN
  SELECT * INTO o FROM sync_scope_keys(TG_TABLE_NAME, to_jsonb(OLD));
  SELECT * INTO n FROM sync_scope_keys(TG_TABLE_NAME, to_jsonb(NEW));
  IF o.region IS DISTINCT FROM n.region OR o.clave_socio IS DISTINCT FROM n.clave_socio
    OR o.promotor IS DISTINCT FROM n.promotor THEN
    INSERT INTO sync_removals (table_name, row_id, region, clave_socio, promotor, deleted)
      VALUES (TG_TABLE_NAME, (to_jsonb(NEW) ->> TG_ARGV[0])::integer,
        CASE WHEN o.region IS DISTINCT FROM n.region THEN o.region END,
        CASE WHEN o.clave_socio IS DISTINCT FROM n.clave_socio THEN o.clave_socio END,
        CASE WHEN o.promotor IS DISTINCT FROM n.promotor THEN o.promotor END,
        false);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Members whose region (left_region: the one they left, or null) or displayed name or
-- community changed: their contracts, payments, collections and movements leave the old region,
-- then every record showing them is touched.
CREATE OR REPLACE FUNCTION sync_members_changed(claves integer[], left_region integer)
RETURNS void AS $$
BEGIN
  IF left_region IS NOT NULL THEN
    INSERT INTO sync_removals (table_name, row_id, region, deleted)
      SELECT 'contratos', id, left_region, false FROM contratos WHERE clave_socio = ANY (claves);
    INSERT INTO sync_removals (table_name, row_id, region, deleted)
      SELECT 'pagos', p.id, left_region, false FROM pagos p
        JOIN contratos k ON k.id = p.credito WHERE k.clave_socio = ANY (claves);
    INSERT INTO sync_removals (table_name, row_id, region, deleted)
      SELECT 'acopios', id, left_region, false FROM acopios WHERE clave_socio = ANY (claves);
    INSERT INTO sync_removals (table_name, row_id, region, deleted)
      SELECT 'movimientos', id, left_region, false FROM movimientos
        WHERE clave_socio = ANY (claves);
  END IF;
  UPDATE contratos SET updated_at = now() WHERE clave_socio = ANY (claves);
  UPDATE pagos SET updated_at = now()
    WHERE credito IN (SELECT id FROM contratos WHERE clave_socio = ANY (claves));
  UPDATE acopios SET updated_at = now() WHERE clave_socio = ANY (claves);
  UPDATE movimientos SET updated_at = now() WHERE clave_socio = ANY (claves);
  UPDATE solicitudes SET updated_at = now()
    WHERE clave_socio = ANY (claves) OR aval = ANY (claves);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION sync_member_changed() RETURNS trigger AS $$
DECLARE
  old_region integer := (SELECT region FROM comunidades WHERE id = OLD.comunidad);
  new_region integer := (SELECT region FROM comunidades WHERE id = NEW.comunidad);
BEGIN
  PERFORM sync_members_changed(ARRAY[NEW.clave_socio],
    CASE WHEN old_region IS DISTINCT FROM new_region THEN old_region END);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A community's region or name: its members leave the old region (their own departure here,
-- the community's region being their scope key) and are touched, then their records.
CREATE OR REPLACE FUNCTION sync_community_changed() RETURNS trigger AS $$
DECLARE
  claves integer[] := ARRAY(SELECT clave_socio FROM socios WHERE comunidad = NEW.id);
  left_region integer := CASE WHEN OLD.region IS DISTINCT FROM NEW.region THEN OLD.region END;
BEGIN
  IF left_region IS NOT NULL THEN
    INSERT INTO sync_removals (table_name, row_id, region, deleted)
      SELECT 'socios', c, left_region, false FROM unnest(claves) AS c;
  END IF;
  UPDATE socios SET updated_at = now() WHERE comunidad = NEW.id;
  PERFORM sync_members_changed(claves, left_region);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A contract's member, type or common-fund flag: its payments show them (and follow its
-- member out of a region or away from a member).
CREATE OR REPLACE FUNCTION sync_contract_changed() RETURNS trigger AS $$
DECLARE
  old_region integer := sync_member_region(OLD.clave_socio);
  new_region integer := sync_member_region(NEW.clave_socio);
BEGIN
  IF OLD.clave_socio IS DISTINCT FROM NEW.clave_socio THEN
    INSERT INTO sync_removals (table_name, row_id, region, clave_socio, deleted)
      SELECT 'pagos', id, CASE WHEN old_region IS DISTINCT FROM new_region THEN old_region END,
        OLD.clave_socio, false
      FROM pagos WHERE credito = NEW.id;
  END IF;
  UPDATE pagos SET updated_at = now() WHERE credito = NEW.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A user's name shows on the payments it took and the requests it promoted or commented.
CREATE OR REPLACE FUNCTION sync_user_renamed() RETURNS trigger AS $$
BEGIN
  UPDATE pagos SET updated_at = now() WHERE autor = NEW.id;
  UPDATE solicitudes SET updated_at = now()
    WHERE promotor = NEW.id
      OR folio_solicitud IN (SELECT solicitud FROM solicitud_chat WHERE user_id = NEW.id);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
DO $$
DECLARE
  t text[];
BEGIN
  FOREACH t SLICE 1 IN ARRAY ARRAY[
    ['regiones', 'id'], ['zonas', 'id'], ['comunidades', 'id'], ['ermitas', 'ermita_id'],
    ['cargos', 'id'], ['cargos_coop', 'id'], ['empresas', 'id'], ['puestos', 'id'],
    ['fuentes', 'id'], ['socios', 'clave_socio'], ['solicitudes', 'folio_solicitud'],
    ['contratos', 'id'], ['pagos', 'id'], ['acopios', 'id'], ['movimientos', 'id']]
  LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER DELETE ON %I FOR EACH ROW EXECUTE FUNCTION sync_row_deleted(%L)',
      t[1] || '_sync_deleted', t[1], t[2]);
  END LOOP;
  -- The columns a row's scope keys come from.
  FOREACH t SLICE 1 IN ARRAY ARRAY[
    ['socios', 'clave_socio', 'comunidad'], ['contratos', 'id', 'clave_socio'],
    ['pagos', 'id', 'credito'], ['acopios', 'id', 'clave_socio'],
    ['movimientos', 'id', 'clave_socio'], ['solicitudes', 'folio_solicitud', 'clave_socio'],
    ['solicitudes', 'folio_solicitud', 'promotor']]
  LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER UPDATE OF %I ON %I FOR EACH ROW '
      'WHEN (OLD.%I IS DISTINCT FROM NEW.%I) EXECUTE FUNCTION sync_row_rekeyed(%L)',
      t[1] || '_sync_rekeyed_' || t[3], t[3], t[1], t[3], t[3], t[2]);
  END LOOP;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER socios_sync_changed AFTER UPDATE ON socios FOR EACH ROW
  WHEN (OLD.comunidad IS DISTINCT FROM NEW.comunidad
    OR OLD.nombres IS DISTINCT FROM NEW.nombres
    OR OLD.apellido_paterno IS DISTINCT FROM NEW.apellido_paterno
    OR OLD.apellido_materno IS DISTINCT FROM NEW.apellido_materno)
  EXECUTE FUNCTION sync_member_changed();
--> statement-breakpoint
CREATE TRIGGER comunidades_sync_changed AFTER UPDATE ON comunidades FOR EACH ROW
  WHEN (OLD.region IS DISTINCT FROM NEW.region
    OR OLD.nombre_de_comunidad IS DISTINCT FROM NEW.nombre_de_comunidad)
  EXECUTE FUNCTION sync_community_changed();
--> statement-breakpoint
CREATE TRIGGER contratos_sync_changed AFTER UPDATE ON contratos FOR EACH ROW
  WHEN (OLD.clave_socio IS DISTINCT FROM NEW.clave_socio
    OR OLD.tipo_credito IS DISTINCT FROM NEW.tipo_credito
    OR OLD.fondo_comun IS DISTINCT FROM NEW.fondo_comun)
  EXECUTE FUNCTION sync_contract_changed();
--> statement-breakpoint
CREATE TRIGGER users_sync_renamed AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name
    OR OLD.last_name IS DISTINCT FROM NEW.last_name
    OR OLD.username IS DISTINCT FROM NEW.username)
  EXECUTE FUNCTION sync_user_renamed();
