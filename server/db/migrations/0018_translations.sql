CREATE TABLE "translation_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"lang" text NOT NULL,
	"key" text NOT NULL,
	"action" text NOT NULL,
	"user_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_before" text,
	"approved_after" text,
	"draft_before" text,
	"draft_after" text,
	CONSTRAINT "translation_history_action" CHECK ("translation_history"."action" IN ('draft','approve','revert','import'))
);
--> statement-breakpoint
CREATE TABLE "translations" (
	"lang" text NOT NULL,
	"key" text NOT NULL,
	"approved_text" text,
	"approved_by" integer,
	"approved_at" timestamp with time zone,
	"draft_text" text,
	"draft_by" integer,
	"draft_at" timestamp with time zone,
	"note" text,
	"row_version" bigint DEFAULT nextval('row_version_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translations_lang_key_pk" PRIMARY KEY("lang","key"),
	CONSTRAINT "translations_some_text" CHECK ("translations"."approved_text" IS NOT NULL OR "translations"."draft_text" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "sync_removals" ALTER COLUMN "row_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sync_removals" ADD COLUMN "row_key" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "translator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "translation_history" ADD CONSTRAINT "translation_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translations" ADD CONSTRAINT "translations_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translations" ADD CONSTRAINT "translations_draft_by_users_id_fk" FOREIGN KEY ("draft_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "translation_history_key_idx" ON "translation_history" USING btree ("lang","key","id");--> statement-breakpoint
CREATE INDEX "translations_row_version_idx" ON "translations" USING btree ("row_version");--> statement-breakpoint
-- Custom part (docs/sync-protocol.md#scope-changes-and-removals). The translations replicate as
-- `traducciones`: a row version from the ONE sequence on every write (0001), and removals for
-- the pull (0010) keyed by text (`<lang>:<key>`, the phone's key) since the table has no
-- integer key.
CREATE TRIGGER "translations_row_version" BEFORE INSERT OR UPDATE ON "translations"
  FOR EACH ROW EXECUTE FUNCTION bump_row_version();
--> statement-breakpoint
-- A deleted row (reverted to no text at all) is gone for every reader; a row whose approved
-- text went away (reverted to a draft only) leaves the scope of those who read approved texts
-- only (deleted = false: translators and managers keep it, see sync/tables/translations.ts).
CREATE OR REPLACE FUNCTION sync_translation_removed() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO sync_removals (table_name, row_key, deleted)
      VALUES ('traducciones', OLD.lang || ':' || OLD.key, true);
  ELSIF OLD.approved_text IS NOT NULL AND NEW.approved_text IS NULL THEN
    INSERT INTO sync_removals (table_name, row_key, deleted)
      VALUES ('traducciones', NEW.lang || ':' || NEW.key, false);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "translations_removed" AFTER UPDATE OR DELETE ON "translations"
  FOR EACH ROW EXECUTE FUNCTION sync_translation_removed();
--> statement-breakpoint
ALTER TABLE "sync_removals" ADD CONSTRAINT "sync_removals_some_key"
  CHECK ("row_id" IS NOT NULL OR "row_key" IS NOT NULL);
