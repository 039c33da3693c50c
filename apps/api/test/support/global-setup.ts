import type { TestProject } from 'vitest/node';
import { createDatabaseTemplate } from './database-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's migrated database template (test/support/database-template.ts). */
    databaseTemplate: import('./database-template').DatabaseTemplate;
  }
}

/** Migrates one template database for the whole run; each test file copies it (openTestDatabase). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { template, remove } = await createDatabaseTemplate(process.env.DATABASE_URL);
  project.provide('databaseTemplate', template);
  return remove;
}
