import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { FormLayout } from '@formily/antd-v5/esm/form-layout';
import { Modal } from 'antd';
import type { Row } from './row.ts';
import { FieldItemStyles } from './FieldItem.tsx';
import { formSchema, SchemaField } from './fields.tsx';
import type { WorkflowTransition } from '../shared/schemaTypes.ts';

/**
 * Asks for the inputs of a move (the processor, a result, photos) and its note in one Formily
 * dialog, starting from the record's values; resolves null when the user cancels.
 */
export function askInputs(transition: WorkflowTransition, record: Row): Promise<{ values: Row; note: string } | null> {
  const names = Object.keys(transition.inputs ?? {});
  const form = createForm({ initialValues: Object.fromEntries(names.map((n) => [n, record[n] ?? undefined])) });
  const note = transition.note
    ? { __note: { type: 'string', title: '说明', required: transition.note === 'required', 'x-decorator': 'FormItem', 'x-component': 'Input.TextArea', 'x-component-props': { rows: 3, maxLength: 500, showCount: true } } }
    : {};
  return new Promise((resolve) => {
    Modal.confirm({
      title: transition.label,
      icon: null,
      width: 560,
      okText: '确定',
      cancelText: '取消',
      content: (
        <FormProvider form={form}>
          <FormLayout layout="vertical">
            <FieldItemStyles>
              <SchemaField schema={formSchema({ ...transition.inputs, ...note })} />
            </FieldItemStyles>
          </FormLayout>
        </FormProvider>
      ),
      // Invalid inputs keep the dialog open with Formily's messages beside the fields (no rejected promise left unhandled).
      onOk: (close: () => void) => {
        form.submit<Row>((v) => Promise.resolve(v)).then(
          ({ __note, ...inputs }) => {
            resolve({ values: inputs, note: String(__note ?? '').trim() });
            close();
          },
          () => undefined,
        );
      },
      onCancel: () => resolve(null),
    });
  });
}
