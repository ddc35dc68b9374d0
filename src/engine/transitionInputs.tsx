import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { FormLayout } from '@formily/antd-v5/esm/form-layout';
import { Modal } from 'antd';
import type { Row } from './row.ts';
import { FieldItemStyles } from './FieldItem.tsx';
import { formSchema, SchemaField } from './fields.tsx';
import type { Column, WorkflowTransition } from '../shared/schemaTypes.ts';
import { columnValue, renderCell, withStates } from './cells.tsx';

/** The record a move is about (its `summary` columns), above the move's inputs. */
function RecordSummary({ resource, columns, record }: { resource: string; columns: Column[]; record: Row }) {
  return (
    <dl data-record-summary style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 12px', margin: '0 0 16px', padding: 12, background: '#fafafa', borderRadius: 6 }}>
      {columns.map((c) => [
        <dt key={`t-${c.field}`} style={{ color: '#8c8c8c' }}>
          {c.title}
        </dt>,
        <dd key={`v-${c.field}`} style={{ margin: 0 }}>
          {renderCell(withStates(c, resource), columnValue(c, record))}
        </dd>,
      ])}
    </dl>
  );
}

/**
 * Asks for the inputs of a move (the processor, a result, photos) and its note in one Formily
 * dialog, starting from the record's values; resolves null when the user cancels.
 */
export function askInputs(transition: WorkflowTransition, record: Row, resource?: string): Promise<{ values: Row; note: string } | null> {
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
          {resource && transition.summary && record.id !== undefined && <RecordSummary resource={resource} columns={transition.summary} record={record} />}
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
