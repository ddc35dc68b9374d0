import useFormItemStyle from '@formily/antd-v5/esm/form-item/style';
import { isVoidField, type GeneralField } from '@formily/core';
import { observer, useField } from '@formily/react';
import { ConfigProvider } from 'antd';
import usePickerStyle from 'antd/es/date-picker/style';
import useInputStyle, { useSharedStyle as useSharedInputStyle } from 'antd/es/input/style';
import useSelectStyle from 'antd/es/select/style';
import { createContext, use, type CSSProperties, type ReactNode } from 'react';

/** The root class of every item of a form: Formily's FormItem classes and the hash of their styles. */
const ItemClass = createContext('');

/**
 * Registers the styles of Formily's FormItem once for a form (antd's CSS-in-JS registers them
 * per instance: a registration per field) and gives the form's FieldItems the classes that
 * apply them. Wraps every form whose schema uses `x-decorator: FormItem`. Registers too the
 * styles of the antd controls that fields draw without antd's components (plainInput.tsx, the
 * resting select and date picker), which would otherwise come only with a real one: the build's
 * CSS file has them, a development server makes them at run time.
 */
export function FieldItemStyles({ children }: { children: ReactNode }) {
  const { getPrefixCls } = use(ConfigProvider.ConfigContext);
  const prefix = getPrefixCls('formily-item');
  const [, hashId] = useFormItemStyle(prefix);
  useSharedInputStyle(getPrefixCls('input'));
  useInputStyle(getPrefixCls('input'));
  useSelectStyle(getPrefixCls('select'));
  usePickerStyle(getPrefixCls('picker'));
  return <ItemClass value={`${prefix} ${hashId}`}>{children}</ItemClass>;
}

export interface FieldItemProps {
  /** Columns of the form's grid the field takes (FieldGrid reads data-grid-span); -1 to the row's end. */
  gridSpan?: number;
  label?: ReactNode;
  asterisk?: boolean;
  extra?: ReactNode;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

/** Joins the messages of one kind as Formily's FormItem shows them. */
const joined = (messages: string[]) => (messages.length ? messages.filter(Boolean).join(', ') : undefined);

/** What a field shows beside its control: its status, message, required mark, label and help. */
function feedbackOf(field: GeneralField, props: FieldItemProps) {
  if (isVoidField(field)) return { label: field.title || props.label, asterisk: props.asterisk, extra: props.extra || field.description };
  const status = field.validating ? 'pending' : field.validateStatus;
  const text = field.validating ? undefined : (joined(field.selfErrors) ?? joined(field.selfWarnings) ?? joined(field.selfSuccesses));
  return {
    status,
    text,
    label: props.label || field.title,
    asterisk: props.asterisk ?? (field.required && field.pattern !== 'readPretty'),
    extra: props.extra || field.description,
  };
}

/**
 * The decorator that schemas name `FormItem`: a field's label (with the required mark), its
 * control, and its validation message and help text below, in the vertical layout of the app's
 * forms, with the markup and styles of Formily's FormItem. Formily's own is about a dozen
 * components a field (connect and mapProps layers, a label measured after mount for an overflow
 * tooltip, feedback-icon, tooltip and addon slots, a layout context) and registers its styles
 * per instance; this one is one observer component reading the field.
 */
export const FieldItem = observer(function FieldItem(props: FieldItemProps) {
  const root = use(ItemClass);
  const p = root.split(' ', 1)[0];
  const { status, text, label, asterisk, extra } = feedbackOf(useField(), props);
  const classes = [root, props.className, `${p}-layout-vertical ${p}-feedback-layout-loose ${p}-label-align-left ${p}-control-align-left`];
  if (status) classes.push(`${p}-${status}`);
  if (text) classes.push(`${p}-feedback-has-text`);
  return (
    <div data-grid-span={props.gridSpan} style={props.style} className={classes.filter(Boolean).join(' ')}>
      {label ? (
        <div className={`${p}-label`}>
          <div className={`${p}-label-content`}>
            <span>
              {asterisk && <span className={`${p}-asterisk`}>*</span>}
              <label>{label}</label>
            </span>
          </div>
          <span className={`${p}-colon`}>:</span>
        </div>
      ) : null}
      <div className={`${p}-control`}>
        <div className={`${p}-control-content`}>
          <div className={`${p}-control-content-component`}>{props.children}</div>
        </div>
        {text && <div className={`${p}-${status}-help ${p}-help ${p}-help-enter ${p}-help-enter-active`}>{text}</div>}
        {extra && <div className={`${p}-extra`}>{extra}</div>}
      </div>
    </div>
  );
});
