/** Values the global setups hand to test files (vitest `provide`/`inject`). */
declare module 'vitest' {
  export interface ProvidedContext {
    /** 'pg': one database per file copied from `templateDb`; 'embedded': one shared database. */
    dbMode: 'pg' | 'embedded';
    /** Admin connection to the PostgreSQL server (pg mode). */
    adminUrl: string;
    templateDb: string;
    /** The shared database (embedded mode). */
    sharedUrl: string;
  }
}

export {};
