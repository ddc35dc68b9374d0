import type { AnyDB } from '../../engine/hooks.ts';
import { idCardCheckOk } from './hooks/external_staff.ts';

/** What other modules read of an external (supplier) worker. */
export interface ExternalWorker {
  id: number;
  name: string;
  project_id: number;
  supplier: string;
  work_type: string;
  enabled: number;
}

const COLUMNS = ['id', 'name', 'project_id', 'supplier', 'work_type', 'enabled'] as const;

/** External staff by id (missing ids are simply absent). */
export async function externalWorkers(db: AnyDB, ids: readonly number[]): Promise<ExternalWorker[]> {
  if (!ids.length) return [];
  return (await db.selectFrom('external_staff').select([...COLUMNS]).where('id', 'in', [...ids]).execute()) as ExternalWorker[];
}

/** The enabled external staff of some projects, optionally of one supplier, by name. */
export async function externalWorkersAt(db: AnyDB, projectIds: readonly number[], supplier?: string): Promise<ExternalWorker[]> {
  if (!projectIds.length) return [];
  let q = db.selectFrom('external_staff').select([...COLUMNS]).where('project_id', 'in', [...projectIds]).where('enabled', '=', 1);
  if (supplier) q = q.where('supplier', '=', supplier);
  return (await q.orderBy('supplier').orderBy('name').execute()) as ExternalWorker[];
}

/** A valid resident ID number (GB 11643 check digit) for seeded people: region, birthday, sequence. */
export function demoIdNumber(region: string, birthday: string, sequence: number): string {
  const body = `${region}${birthday}${String(sequence).padStart(3, '0')}`;
  return [...'0123456789X'].map((c) => body + c).find(idCardCheckOk)!;
}
