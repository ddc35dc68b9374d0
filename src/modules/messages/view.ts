import { message } from 'antd';
import { messages } from './api.ts';
import { refreshUnread } from './state.ts';

/** The task detail a notice opens (spec 2.2: /newTaskDetail?quesTaskId=, in a new tab). */
export const taskDetailUrl = (functionId: string) => `/newTaskDetail?quesTaskId=${encodeURIComponent(functionId)}`;

/**
 * The 'view' button of spec 4 rule 5: marks the message read (ids = messageId) and, on status
 * 200, opens the task detail in a new tab. Answers whether it opened.
 */
export async function viewTask(messageId: number, functionId: string): Promise<boolean> {
  const answer = await messages.markRead([messageId]);
  if (answer.status !== '200') {
    message.error(answer.message || '操作失败');
    return false;
  }
  window.open(taskDetailUrl(functionId), '_blank', 'noopener');
  void refreshUnread();
  return true;
}
