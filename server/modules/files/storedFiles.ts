import type { AnyDB } from '../../engine/hooks.ts';

/** Which of the paths (/files/<stored path>) name files that were uploaded here (file_object), with their sizes. */
export async function storedFiles(q: AnyDB, paths: string[]): Promise<Map<string, { size: number }>> {
  const stored = paths.map((p) => p.slice('/files/'.length));
  const rows = await q.selectFrom('file_object').select(['stored_path', 'size']).where('stored_path', 'in', stored).execute();
  return new Map(rows.map((r: { stored_path: string; size: number }) => [`/files/${r.stored_path}`, { size: r.size }]));
}
