import { isField, type Form } from '@formily/core';
import { Modal } from 'antd';
import { useEffect } from 'react';
import { engineHost } from './host.ts';

export const LEAVE_QUESTION = '有未保存的修改，确定离开吗？';

/** The forms on screen; an effect's lifetime, so a hidden keep-alive page's form does not count. */
const forms = new Set<Form>();
let question: Promise<boolean> | null = null;

const modified = () => [...forms].some((form) => form.modified);

/** The form counts as unmodified again (saved, or its changes given up): the next edit is guarded anew. */
export function markUnmodified(form: Form): void {
  form.query('*').forEach((field) => {
    if (!isField(field)) return;
    field.modified = false;
    field.selfModified = false;
  });
  form.modified = false;
}

/**
 * True at once when no form on screen has unsaved changes; else asks, and leaving gives the
 * changes up, so the navigation or close that follows is not asked about again.
 */
export function mayLeave(): true | Promise<boolean> {
  if (!modified()) return true;
  // One question at a time: what the user tries while it is open is dropped.
  if (question) return question.then(() => false);
  question = new Promise<boolean>((resolve) => {
    Modal.confirm({ title: LEAVE_QUESTION, okText: '离开', cancelText: '留下', onOk: () => resolve(true), onCancel: () => resolve(false) });
  }).then((leave) => {
    question = null;
    if (leave) forms.forEach(markUnmodified);
    return leave;
  });
  return question;
}

/** Runs `leave` (closing a dialog, discarding a form) once mayLeave allows it. */
export function leaveThen(leave: () => void): void {
  const answer = mayLeave();
  if (answer === true) leave();
  else void answer.then((ok) => ok && leave());
}

function onBeforeUnload(event: BeforeUnloadEvent) {
  if (!modified()) return;
  // Browsers show their own wording for a tab being closed or reloaded.
  event.preventDefault();
  event.returnValue = LEAVE_QUESTION;
}

let unblock: (() => void) | null = null;

/** While `form` is on screen, in-app navigation, closing or reloading the tab ask before its unsaved changes go. */
export function useLeaveGuard(form: Form): void {
  useEffect(() => {
    forms.add(form);
    if (forms.size === 1) {
      unblock = engineHost().blockNavigation(mayLeave);
      window.addEventListener('beforeunload', onBeforeUnload);
    }
    return () => {
      forms.delete(form);
      if (forms.size > 0) return;
      unblock?.();
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [form]);
}
