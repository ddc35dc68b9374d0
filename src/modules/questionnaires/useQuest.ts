import { useRequest } from 'ahooks';
import { useSearchParams } from 'react-router-dom';
import { call } from '../../engine/data.ts';
import type { RuntimeForm } from '../../shared/runtimeForm.ts';

export interface Quest {
  id: number;
  name: string;
  description: string | null;
  project_id: number;
  project_name?: string;
  status: string;
  end_time: number;
  form: RuntimeForm;
}

/** The questionnaire named by `?id=`, as its detail answers it. */
export function useQuest() {
  const [query] = useSearchParams();
  const id = Number(query.get('id'));
  const request = useRequest(() => call<Quest>('quest.detail', { id }), { ready: id > 0, refreshDeps: [id] });
  return { id, ...request };
}
