import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { FormLayout } from '@formily/antd-v5/esm/form-layout';
import { Button, Card, Space } from 'antd';
import { useMemo } from 'react';
import { FieldGrid } from './FieldGrid.tsx';
import { SchemaField } from './fields.tsx';
import type { FieldMap } from './schemaTypes.ts';

/** Spec 9: filter fields take 6 of 24 grid columns, four to a row. */
const FILTER_COLUMNS = 4;

type Values = Record<string, unknown>;

/** The filter form of list and report pages: fields in a grid, 查询 and 重置; empty values are left out. */
export function FilterCard({ fields, initialValues, onSearch }: { fields: FieldMap; initialValues?: Values; onSearch: (values: Values) => void }) {
  const form = useMemo(() => createForm({ initialValues }), [initialValues]);
  const search = async () => {
    const values = await form.submit<Values>((v) => Promise.resolve(v));
    onSearch(Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null && v !== '')));
  };
  const reset = () => {
    form.reset();
    onSearch(Object.fromEntries(Object.entries(initialValues ?? {})));
  };
  return (
    <Card size="small">
      <FormProvider form={form}>
        <FormLayout labelWidth={84} labelAlign="right">
          <FieldGrid max={FILTER_COLUMNS} min={FILTER_COLUMNS} columnGap={16}>
            <SchemaField schema={{ type: 'object', properties: fields as never }} />
          </FieldGrid>
        </FormLayout>
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="primary" onClick={search}>
            查询
          </Button>
          <Button onClick={reset}>重置</Button>
        </Space>
      </FormProvider>
    </Card>
  );
}
