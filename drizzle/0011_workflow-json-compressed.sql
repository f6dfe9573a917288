-- The workflow JSON is compressed by the application, in brotli (decision 0011, import): an import wrote
-- the plain text twice (table and WAL), and parsing it was a third of COPY's work in WebAssembly. Rows written
-- before keep their text as UTF-8 bytes (a `{`, never the brotli tag byte 1), and read back unchanged.
ALTER TABLE "automations" ALTER COLUMN "workflow_json" SET DATA TYPE bytea USING convert_to("workflow_json", 'UTF8');--> statement-breakpoint
ALTER TABLE "catalog_import_staging" ALTER COLUMN "workflow_json" SET DATA TYPE bytea USING convert_to("workflow_json", 'UTF8');--> statement-breakpoint
-- A type change resets the storage to the type's default; compressed bytes gain nothing from pglz.
ALTER TABLE "automations" ALTER COLUMN "workflow_json" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "catalog_import_staging" ALTER COLUMN "workflow_json" SET STORAGE EXTERNAL;
