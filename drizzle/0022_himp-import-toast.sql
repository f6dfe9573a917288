-- Bulk import on the embedded database (decision 0011). The staging table keeps rows up to a page in
-- line: a row is written once by COPY and read once when it is published, and moving its workflow to
-- the TOAST table in WebAssembly was a third of the COPY's work. Template versions store the already
-- compressed workflow as automations do, without pglz trying to compress it again.
ALTER TABLE "catalog_import_staging" SET (toast_tuple_target = 8160);--> statement-breakpoint
ALTER TABLE "template_versions" ALTER COLUMN "workflow_json" SET STORAGE EXTERNAL;
