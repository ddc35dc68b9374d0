import { createForm, type Form } from '@formily/core';
import { FormProvider } from '@formily/react';
import { FormLayout } from '@formily/antd-v5/esm/form-layout';
import { Button, Space, Spin, message } from 'antd';
import { Suspense, use, useEffect, useMemo, useState } from 'react';
import { RESOURCES } from './catalogue.ts';
import { call } from './data.ts';
import { rememberMaskedValues } from './maskedValues.ts';
import { FieldGrid } from './FieldGrid.tsx';
import { FieldItemStyles } from './FieldItem.tsx';
import { formSchema, fieldsReady, SchemaField } from './fields.tsx';
import { leaveThen, markUnmodified, useLeaveGuard } from './leaveGuard.ts';
import type { FormPage } from '../shared/schemaTypes.ts';

export interface FormBodyProps {
  page: FormPage;
  /** The record to edit; absent to create. */
  id?: unknown;
  initialValues?: Record<string, unknown>;
  /** After a successful save, with the server's answer (a new record's { id }). */
  onSaved: (saved?: unknown) => void;
  onCancel: () => void;
}

/**
 * A form page's fields over its resource: loads the record when editing, validates with
 * Formily (x-validator) before sending, and shows the server's Chinese refusal as is.
 */
export function FormBody({ page, id, initialValues, onSaved, onCancel }: FormBodyProps) {
  const editing = id !== undefined && id !== null && id !== '';
  // A record being edited shows the row's values at once, but its fields stay disabled until the
  // whole record is loaded: that load replaces the values, and would replace what was typed meanwhile.
  const form: Form = useMemo(() => createForm({ initialValues: initialValues ?? {}, disabled: editing }), [initialValues, editing]);
  const [loading, setLoading] = useState(editing);
  const [saving, setSaving] = useState(false);
  useLeaveGuard(form);

  useEffect(() => {
    if (!editing) return;
    let live = true;
    call<Record<string, unknown>>(page.load ?? `${page.resource}.detail`, { id: Number(id) }).then((res) => {
      if (!live) return;
      if (res.status === '200' && res.data) {
        rememberMaskedValues(form, res.data, page.resource ? RESOURCES.get(page.resource)?.masked : undefined);
        form.setValues(res.data, 'overwrite');
      }
      else message.error(res.message || '记录加载失败');
      form.disabled = false;
      setLoading(false);
    });
    return () => {
      live = false;
    };
  }, [editing, form, id, page.load, page.resource]);

  async function save() {
    try {
      await form.validate();
    } catch {
      return;
    }
    const values: Record<string, unknown> = {};
    for (const name of Object.keys(page.fields)) {
      const value = form.values[name];
      values[name] = value === undefined ? null : value;
    }
    setSaving(true);
    const target = page.submit ?? `${page.resource}.${editing ? 'update' : 'add'}`;
    // Read-only fields (x-pattern readPretty) are shown, never sent.
    for (const [name, field] of Object.entries(page.fields)) if (field['x-pattern'] === 'readPretty') delete values[name];
    const res = await call(target, editing ? { ...values, id: Number(id) } : values);
    setSaving(false);
    if (res.status !== '200') {
      message.error(res.message || '保存失败');
      return;
    }
    // A password shown once (a new account's initial password) stays a minute, long enough to pass on.
    message.success(res.message || '保存成功', shownOnce(res.data) ? 60 : undefined);
    markUnmodified(form);
    onSaved(res.data);
  }

  return (
    <Spin spinning={loading}>
      <FormProvider form={form}>
        <Suspense fallback={null}>
          <Fields page={page} />
          <Space style={{ marginTop: 16 }}>
            <Button type="primary" loading={saving} onClick={save}>
              保存
            </Button>
            <Button onClick={() => leaveThen(onCancel)}>取消</Button>
          </Space>
        </Suspense>
      </FormProvider>
    </Spin>
  );
}

/** The fields, once the code of every component they use is there: they mount in one pass. */
function Fields({ page }: { page: FormPage }) {
  use(fieldsReady(page.fields));
  return (
    <FormLayout layout="vertical">
      <FieldItemStyles>
        <FieldGrid max={page.columns ?? 2} columnGap={24} className="pms-form-fields" skipOffscreen>
          <SchemaField schema={formSchema(page.fields)} />
        </FieldGrid>
      </FieldItemStyles>
    </FormLayout>
  );
}

/** Whether an answer carries something the server shows only once (issue 40: an initial password). */
export const shownOnce = (data: unknown): boolean => typeof (data as { password?: unknown } | null)?.password === 'string';
