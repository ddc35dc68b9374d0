import CalendarOutlined from '@ant-design/icons/es/icons/CalendarOutlined';
import CloseCircleFilled from '@ant-design/icons/es/icons/CloseCircleFilled';
import { ConfigProvider, theme } from 'antd';
import dayjs from 'dayjs';
import { use, type ComponentType } from 'react';
import { onlyNeutral, resting, type Wakers, type WakeableProps } from './resting.tsx';

/**
 * A form's date picker at rest (resting.tsx): a form of many dates renders each as a few
 * elements until it is touched, and one woken by focus has its text selected.
 */
export function restingDatePicker(Real: ComponentType<PickerProps>): ComponentType<PickerProps> {
  return resting(Real, (props, config) => restingLook(props, config.locale?.DatePicker?.lang.placeholder), DatePickerAtRest, { selectOnFocus: true });
}

export interface PickerProps extends WakeableProps {
  format?: unknown;
  showTime?: unknown;
  placeholder?: string;
}

/** The props that change nothing in a closed picker's look: a picker with any other keeps its real self. */
const LOOK_NEUTRAL = new Set(['value', 'onChange', 'onFocus', 'onBlur', 'onOk', 'format', 'showTime', 'placeholder', 'aria-label', 'disabled', 'readOnly', 'children', 'allowClear', 'disabledDate', 'disabledTime', 'showNow', 'minDate', 'maxDate', 'placement', 'getPopupContainer', 'popupClassName']);

export interface RestingLook {
  text: string;
  placeholder?: string;
  label?: string;
  /** The input's size in characters, as rc-picker makes it from the format. */
  size: number;
  /** A value to clear: antd puts the clear button there, shown on hover. */
  clearable: boolean;
}

/** What the closed picker shows for these props (Formily's DatePicker: value and format), or undefined when only the real one can show it. */
export function restingLook(props: PickerProps, localePlaceholder: string | undefined): RestingLook | undefined {
  // Any other prop (another kind of picker, a size, a style…) may change the look: the real one's.
  if (props.disabled || props.readOnly) return undefined;
  if (!onlyNeutral(props, LOOK_NEUTRAL)) return undefined;
  if (props.allowClear !== undefined && typeof props.allowClear !== 'boolean') return undefined;
  // Formily's DatePicker's default format (date-picker mapDateFormat).
  const format = props.format ?? (props.showTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD');
  if (typeof format !== 'string') return undefined;
  const { value } = props;
  const text = value === undefined || value === null ? '' : value;
  // A value the picker would show otherwise (not text, or not text in its format, such as one
  // only its own parsing reads) is the real one's to show.
  if (typeof text !== 'string' || (text && dayjs(text).format(format) !== text)) return undefined;
  return { text, placeholder: props.placeholder ?? localePlaceholder, label: props['aria-label'], size: Math.max(10, format.length) + 2, clearable: text !== '' && props.allowClear !== false };
}

/** antd's closed DatePicker, element for element (tests/unit/resting-date-picker.test.ts compares them). */
function DatePickerAtRest({ text, placeholder, label, size, clearable, wakers }: RestingLook & { wakers: Wakers }) {
  const prefix = use(ConfigProvider.ConfigContext).getPrefixCls('picker');
  const { hashId } = theme.useToken();
  return (
    <div className={`${prefix} ${prefix}-outlined ${hashId}`} onPointerEnter={wakers.onPointerEnter}>
      <div className={`${prefix}-input`}>
        <input aria-invalid="false" autoComplete="off" aria-label={label} size={size} placeholder={placeholder} value={text} onFocus={wakers.onFocus} onChange={wakers.onChange} />
        <span className={`${prefix}-suffix`}>
          <CalendarOutlined />
        </span>
        {clearable && (
          <span className={`${prefix}-clear`} role="button">
            <CloseCircleFilled />
          </span>
        )}
      </div>
    </div>
  );
}
