// Every table, one file per feature. drizzle-kit reads this file to generate migrations.

export * from './admin.ts';
export * from './auth.ts';
export * from './billing.ts';
export * from './catalog.ts';
export * from './editorial.ts';
export * from './jobs.ts';
export * from './library.ts';
export * from './mail.ts';
export * from './n8n.ts';
export * from './site.ts';
export * from './template-versions.ts';
export * from './templates-host.ts';
