/** scripts/buildSources.mjs, for the TypeScript that imports it. */
export declare const BUILD_SOURCES: string[];
