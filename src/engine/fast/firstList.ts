import { callEarly, listCall, openingState } from '../data.ts';
import type { ListPage } from '../../shared/schemaTypes.ts';

/**
 * Starts the rows call of the list page a cold load opens (main.tsx), as soon as requests can be
 * signed and the page's schema is known, while the shell and the table's code still load: the
 * page's first call takes its answer (data.ts `callEarly`). A lazy chunk of its own, so that
 * it loads with the first list screen only. Answers when the rows are back.
 */
export function prefetchFirstList(page: ListPage, search = ''): Promise<unknown> | undefined {
  return callEarly(...listCall(page, openingState(page, search)));
}
