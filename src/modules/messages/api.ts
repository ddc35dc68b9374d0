import { call, type Page } from '../../engine/data.ts';
import { SESSION_KEYS } from '../../core/session.ts';

/** A stored message as the message service answers it. */
export interface MessageRow {
  id: number;
  category: string;
  type: string;
  title: string | null;
  content: string;
  functionId: string | null;
  isRead: 0 | 1;
  readTime: string;
  time: string;
}

export interface MessageFilters {
  /** '1' the to-dos; any other value the reminders (spec 3). */
  category?: string;
  isRead?: 0 | 1;
}

/** The message calls (spec 7.4, 7.5), declared in schemas/endpoints.json. */
export const messages = {
  categoryPage: (params: MessageFilters & { pageNum: number; pageSize: number }) => call<Page<MessageRow>>('message.categoryPage', { ...params }),
  pageCount: (filters: MessageFilters) => call<{ records: number }>('message.pageCount', { ...filters }),
  markRead: (ids: number[]) => call<{ updated: number }>('message.markRead', { ids }),
  totalCount: () => call<{ records: number }>('message.totalCount'),
  detail: (id: number) => call<MessageRow>('message.detail', { id }),
  readState: (id: number) => call<{ records: { isRead: number } }>('message.readState', { id }),
  unreadCount: () => call<{ records: number }>('message.unreadCount', { account: localStorage.getItem(SESSION_KEYS.userAccount) || undefined }),
};
