import { Drawer, Modal } from 'antd';
import { Suspense } from 'react';
import { usePage } from './pageIndex.ts';
import { FormBody } from './FormBody.tsx';
import { leaveThen } from './leaveGuard.ts';
import type { FormAction, FormPage } from '../shared/schemaTypes.ts';

export interface OpenForm {
  action: FormAction;
  id: unknown;
  initialValues: Record<string, unknown>;
}

/** A form page shown over the current screen, in a drawer or a modal. */
export function FormContainer({ open, onClose, onSaved }: { open: OpenForm | null; onClose: () => void; onSaved: () => void }) {
  if (!open) return null;
  // The form's schema is a chunk of its own: the screen stays while it loads.
  return (
    <Suspense fallback={null}>
      <OpenedForm open={open} onClose={onClose} onSaved={onSaved} />
    </Suspense>
  );
}

function OpenedForm({ open, onClose, onSaved }: { open: OpenForm; onClose: () => void; onSaved: () => void }) {
  const page = usePage(open.action.form) as FormPage | undefined;
  if (!page || page.kind !== 'form') return null;
  const editing = open.id !== undefined && open.id !== null;
  const title = `${editing ? '编辑' : '新增'}${page.title.replace(/^(新增|编辑)/, '')}`;
  // The close button, the mask and Esc ask first when the form has unsaved changes.
  const close = () => leaveThen(onClose);
  const body = (
    <FormBody
      page={page}
      id={open.id}
      initialValues={open.initialValues}
      onCancel={onClose}
      onSaved={() => {
        onClose();
        onSaved();
      }}
    />
  );
  return open.action.container === 'modal' ? (
    <Modal open title={title} footer={null} onCancel={close} destroyOnHidden width={560}>
      {body}
    </Modal>
  ) : (
    <Drawer open title={title} onClose={close} destroyOnHidden width={640}>
      {body}
    </Drawer>
  );
}
