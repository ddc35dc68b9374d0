import { useSyncExternalStore } from 'react';
import { messages } from './api.ts';

/** The notice state of spec 3, plus the push connection's state shown on the bell. */
export interface NoticeState {
  unreadCount: number;
  /** Set when a notice is shown; cleared when the user opens the message list. */
  noticePageAlert: boolean;
  /** False once the browser refused to play a sound until the user interacts. */
  autoPlayAvailable: boolean;
  connection: 'off' | 'connecting' | 'online' | 'refused';
}

let state: NoticeState = { unreadCount: 0, noticePageAlert: false, autoPlayAvailable: true, connection: 'off' };
const listeners = new Set<() => void>();

export const noticeState = () => state;

export function setNoticeState(patch: Partial<NoticeState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useNoticeState(): NoticeState {
  return useSyncExternalStore(subscribe, noticeState);
}

/** Asks the server for the unread count (spec 7.4: data.records, a number). */
export async function refreshUnread(): Promise<void> {
  const answer = await messages.unreadCount();
  if (answer.status === '200' && typeof answer.data?.records === 'number') setNoticeState({ unreadCount: answer.data.records });
}
