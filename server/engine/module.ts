import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ServicePrefix } from '../../src/shared/servicePrefixes.ts';
import type { AnyDB, ResourceHooks } from './hooks.ts';

/** What a module's demo seed is given: the open transaction, the seed's clock and random source, and what earlier modules made. */
export interface SeedContext {
  trx: AnyDB;
  now: number;
  /** The seed's random numbers in [0, 1): one sequence for the whole seed, so the demo is the same on every machine. */
  rnd: () => number;
  pick<T>(list: readonly T[]): T;
  personName(): string;
  mobile(): string;
  /** A staff account with the demo password and one role (by code); answers its id. */
  /** `mobile` fixed, or drawn from the seed's random sequence. */
  insertStaff(staff: { account: string; name: string; orgId: number; role: string | null; jobNumber: string; mobile?: string }): Promise<number>;
  /** Shared between module seeds (e.g. the org module's projects, houses and customers for the work orders). */
  shared: Map<string, unknown>;
  /** Where stored files live: a seed that makes files (documents, images) stores them here; absent, it makes none. */
  dataDir?: string;
}

/**
 * A business module of the server, declared in one place (`server/modules/<name>/module.ts`)
 * and composed by the app in dependency order (server/modules.ts). Everything is optional but
 * the name: a module may only add screens in schemas/<name>/.
 */
export interface ServerModule {
  name: string;
  /** Modules whose tables, hooks or public functions this one uses; they come earlier in the list. */
  dependsOn?: readonly string[];
  /** Folder of this module's migrations (one file each, named by time; platform/db/migrator.ts). */
  migrations?: string;
  /** TypeScript beside a resource's JSON definition, by resource name (engine/hooks.ts). */
  hooks?: Readonly<Record<string, ResourceHooks>>;
  /** Routes of its own, by service prefix: mounted under /api/<prefix> with the same checks as every route. */
  routes?: Partial<Record<ServicePrefix, FastifyPluginAsync>>;
  /** Routes outside /api (e.g. stored files under /files), registered after the API. */
  outsideApi?(app: FastifyInstance): Promise<void>;
  /** Background work that runs while the server does (schedulers); registered once at start. */
  background?(app: FastifyInstance): void;
  /** btnCodes each demo role gets (by role code), besides what the foundation grants. */
  demoGrants?: Readonly<Record<string, readonly string[]>>;
  /** Demo data, run once on an empty database in module order, inside the seed's transaction. */
  seed?(ctx: SeedContext): Promise<void>;
}

/** Checks a module list: unique names, each dependency earlier in the list, each resource's hooks declared once. */
export function checkModules(modules: readonly ServerModule[]): void {
  const seen = new Set<string>();
  const hooked = new Map<string, string>();
  for (const m of modules) {
    if (seen.has(m.name)) throw new Error(`module ${m.name} is listed twice`);
    for (const d of m.dependsOn ?? []) if (!seen.has(d)) throw new Error(`module ${m.name} depends on ${d}, which must come before it in server/modules.ts`);
    for (const resource of Object.keys(m.hooks ?? {})) {
      if (hooked.has(resource)) throw new Error(`resource ${resource} has hooks in both ${hooked.get(resource)} and ${m.name}`);
      hooked.set(resource, m.name);
    }
    seen.add(m.name);
  }
}

/** Every module's hooks by resource name. */
export const hooksOf = (modules: readonly ServerModule[]): Record<string, ResourceHooks> => Object.assign({}, ...modules.map((m) => m.hooks ?? {}));
