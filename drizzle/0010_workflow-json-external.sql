-- The workflow JSON is stored without compression (decision 0011, import): pglz in WebAssembly was a
-- quarter of the embedded database's work in a bulk import. Rows written before keep their form.
ALTER TABLE "automations" ALTER COLUMN "workflow_json" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "catalog_import_staging" ALTER COLUMN "workflow_json" SET STORAGE EXTERNAL;
