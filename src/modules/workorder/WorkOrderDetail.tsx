import { useSearchParams } from 'react-router-dom';
import DetailPage from '../../engine/DetailPage.tsx';
import { usePage } from '../../engine/pageIndex.ts';
import type { DetailPage as DetailSchema } from '../../shared/schemaTypes.ts';

/** The detail screen of a work order as declared once (schemas/workorder/pages/home_task-6-detailsTask.json). */
const DETAIL = '/home_task/detailsTask';

/**
 * The work order's detail under the other routes that open it: /newTaskDetail?quesTaskId= from
 * a notice (spec 2.2), /task-detail/:id, /detailsTask2?id= and the like.
 */
export default function WorkOrderDetail() {
  const [query] = useSearchParams();
  const detail = usePage(DETAIL) as DetailSchema;
  return <DetailPage page={{ ...detail, idParam: query.has('quesTaskId') ? 'quesTaskId' : 'id' }} />;
}
