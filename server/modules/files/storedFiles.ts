import type { AnyDB } from '../../engine/hooks.ts';

/** Which of the paths (/files/<stored path>) name files that were uploaded here (file_object). */
export async function storedFiles(q: AnyDB, paths: string[]): Promise<Set<string>> {
  const stored = paths.map((p) => p.slice('/files/'.length));
  const rows = await q.selectFrom('file_object').select('stored_path').where('stored_path', 'in', stored).execute();
  return new Set(rows.map((r: { stored_path: string }) => `/files/${r.stored_path}`));
}
