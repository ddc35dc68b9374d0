import { createForm, onFieldValueChange, type Form } from '@formily/core';
import { FormProvider } from '@formily/react';
import { FormLayout } from '@formily/antd-v5/esm/form-layout';
import { Suspense, use, useEffect, useMemo } from 'react';
import { formilyFields, isAsked, type Answers, type RuntimeForm } from '../shared/runtimeForm.ts';
import { FieldItemStyles } from './FieldItem.tsx';
import { formSchema, fieldsReady, SchemaField } from './fields.tsx';

export interface DynamicFormProps {
  /** The form as designed (a `form` field's value, or the version an answer was given for). */
  definition: RuntimeForm;
  /** Answers shown at first (a filled sheet to read). */
  initialValues?: Answers;
  /** Shown, not editable: a filled sheet, or the designer's preview. */
  readPretty?: boolean;
  /** The Formily form the caller validates and reads (quest-fill's submit); one is made otherwise. */
  form?: Form;
}

/** A Formily form for a definition, hiding the items skip logic leaves out as the answers change. */
export function useRuntimeForm(definition: RuntimeForm, initialValues?: Answers, readPretty = false): Form {
  return useMemo(
    () =>
      createForm({
        initialValues: initialValues ?? {},
        readPretty,
        effects() {
          onFieldValueChange('*', (_field, form) => {
            for (const item of definition.items) {
              if (!item.showWhen) continue;
              form.setFieldState(item.key, (state) => {
                state.visible = isAsked(item, form.values as Answers);
              });
            }
          });
        },
      }),
    [definition, initialValues, readPretty],
  );
}

/**
 * A form built at run time (issue 31, capability 2), rendered with the page forms' field
 * registry: the same components, labels, required marks and validation as any page form.
 */
export function DynamicForm({ definition, initialValues, readPretty = false, form: given }: DynamicFormProps) {
  const own = useRuntimeForm(definition, initialValues, readPretty);
  const form = given ?? own;
  const fields = useMemo(() => formilyFields(definition), [definition]);
  useEffect(() => {
    // The first pass of skip logic, before any change.
    for (const item of definition.items) if (item.showWhen) form.setFieldState(item.key, (s) => void (s.visible = isAsked(item, form.values as Answers)));
  }, [definition, form]);
  return (
    <FormProvider form={form}>
      <Suspense fallback={null}>
        <Fields fields={fields} />
      </Suspense>
    </FormProvider>
  );
}

function Fields({ fields }: { fields: Record<string, unknown> }) {
  use(fieldsReady(fields));
  return (
    <FormLayout layout="vertical">
      <FieldItemStyles>
        <SchemaField schema={formSchema(fields)} />
      </FieldItemStyles>
    </FormLayout>
  );
}
