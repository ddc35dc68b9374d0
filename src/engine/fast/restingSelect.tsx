import CloseCircleFilled from '@ant-design/icons/es/icons/CloseCircleFilled';
import DownOutlined from '@ant-design/icons/es/icons/DownOutlined';
import { ConfigProvider, theme } from 'antd';
import { use, useId, type ComponentType, type ReactNode } from 'react';
import { onlyNeutral, resting, type Wakers, type WakeableProps } from './resting.tsx';

export interface SelectProps extends WakeableProps {
  options?: { label?: ReactNode; value?: unknown }[];
  placeholder?: ReactNode;
  allowClear?: unknown;
  loading?: boolean;
  id?: string;
}

/**
 * A form's single select at rest (resting.tsx): a form of many selects renders each as a few
 * elements until it is touched, instead of rc-select's tree (its trigger, portal, observers
 * and selector).
 */
export function restingSelect(Real: ComponentType<SelectProps>): ComponentType<SelectProps> {
  return resting(Real, restingSelectLook, SelectAtRest);
}

/** The props that change nothing in a closed single select's look: a select with any other keeps its real self. */
const LOOK_NEUTRAL = new Set([
  'value', 'options', 'placeholder', 'allowClear', 'id', 'aria-label', 'onChange', 'onFocus', 'onBlur', 'onSelect', 'onClear', 'onDropdownVisibleChange',
  'optionFilterProp', 'filterOption', 'listHeight', 'virtual', 'notFoundContent', 'getPopupContainer', 'popupMatchSelectWidth', 'placement', 'popupClassName', 'disabled', 'readOnly', 'loading',
]);

export interface SelectLook {
  /** The chosen option's label, or the value itself when no option has it (as rc-select shows it); undefined for no value. */
  text?: string;
  placeholder?: ReactNode;
  label?: string;
  id?: string;
  clearable: boolean;
}

/** What the closed select shows for these props, or undefined when only the real one can show it. */
export function restingSelectLook(props: SelectProps): SelectLook | undefined {
  if (props.disabled || props.readOnly || props.loading) return undefined;
  if (!onlyNeutral(props, LOOK_NEUTRAL)) return undefined;
  if (props.allowClear !== undefined && typeof props.allowClear !== 'boolean') return undefined;
  const { value } = props;
  const clearable = props.allowClear === true;
  const base = { placeholder: props.placeholder, label: props['aria-label'], id: props.id, clearable };
  if (value === undefined || value === null) return base;
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const option = props.options?.find((o) => o.value === value);
  const text = option ? option.label : value;
  // A label that is not text (an icon, a tag) is the real one's to show.
  if (typeof text !== 'string' && typeof text !== 'number') return undefined;
  return { ...base, text: String(text) };
}

const NO_SELECT = { userSelect: 'none', WebkitUserSelect: 'none' } as const;

/** antd's closed single Select, element for element (tests/unit/resting-select.test.ts compares them). */
function SelectAtRest({ text, placeholder, label, id, clearable, wakers }: SelectLook & { wakers: Wakers }) {
  const prefix = use(ConfigProvider.ConfigContext).getPrefixCls('select');
  const { hashId } = theme.useToken();
  const ownId = useId();
  const listId = `${id ?? ownId}_list`;
  const hasValue = text !== undefined;
  return (
    <div
      className={`${prefix} ${prefix}-outlined ${hashId} ${prefix}-single${clearable ? ` ${prefix}-allow-clear` : ''} ${prefix}-show-arrow`}
      aria-label={label}
      onPointerEnter={wakers.onPointerEnter}
    >
      <div className={`${prefix}-selector`}>
        <span className={`${prefix}-selection-wrap`}>
          <span className={`${prefix}-selection-search`}>
            <input
              type="search"
              id={id}
              autoComplete="off"
              className={`${prefix}-selection-search-input`}
              role="combobox"
              aria-expanded="false"
              aria-haspopup="listbox"
              aria-owns={listId}
              aria-autocomplete="list"
              aria-controls={listId}
              aria-label={label}
              readOnly
              {...{ unselectable: 'on' }}
              style={{ opacity: 0 }}
              value=""
              onFocus={wakers.onFocus}
              onChange={wakers.onChange}
            />
          </span>
          {hasValue ? (
            <span className={`${prefix}-selection-item`} title={text}>
              {text}
            </span>
          ) : (
            <span className={`${prefix}-selection-placeholder`}>{placeholder}</span>
          )}
        </span>
      </div>
      <span className={`${prefix}-arrow`} style={NO_SELECT} {...{ unselectable: 'on' }} aria-hidden="true">
        <DownOutlined className={`${prefix}-suffix`} />
      </span>
      {clearable && hasValue && (
        <span className={`${prefix}-clear`} style={NO_SELECT} {...{ unselectable: 'on' }} aria-hidden="true">
          <CloseCircleFilled />
        </span>
      )}
    </div>
  );
}
