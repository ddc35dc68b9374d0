import { ConfigProvider, theme } from 'antd';
import DisabledContext from 'antd/es/config-provider/DisabledContext';
import SizeContext from 'antd/es/config-provider/SizeContext';
import { FormItemInputContext, VariantContext } from 'antd/es/form/context';
import type { InputProps } from 'antd/es/input/Input';
import { SpaceCompactItemContext } from 'antd/es/space/Compact';
import { use, type ComponentType, type InputHTMLAttributes } from 'react';
import { onlyNeutral } from './resting.tsx';

/** The props whose input is antd's plain one (no affix, count, size or look of its own): what Formily gives a text field, and what schemas set. */
const PLAIN_PROPS = new Set(['value', 'onChange', 'onFocus', 'onBlur', 'placeholder', 'maxLength', 'id', 'aria-label', 'disabled', 'readOnly']);

/**
 * antd's Input as the one `<input>` it renders for a plain text field, element for element
 * (tests/unit/plain-input.test.ts compares them), without its three components and their hooks
 * (style registration, rc-input's state and count, the compact, size, status and variant
 * contexts): a form's text fields are most of its fields. Any prop or context that changes what
 * antd renders (an affix, a size, a status, a variant, right to left…) gets `Real`, antd's Input.
 */
export const plainInput = (Real: ComponentType<InputProps>) =>
  function PlainInput(props: InputProps) {
    const config = use(ConfigProvider.ConfigContext);
    const inherited = {
      disabled: use(DisabledContext),
      size: use(SizeContext),
      status: use(FormItemInputContext),
      variant: use(VariantContext),
      compact: use(SpaceCompactItemContext),
    };
    const { hashId } = theme.useToken();
    const plain =
      onlyNeutral(props, PLAIN_PROPS) &&
      config.direction !== 'rtl' &&
      config.input === undefined &&
      config.variant === undefined &&
      (props.disabled !== undefined || !inherited.disabled) &&
      inherited.size === undefined &&
      inherited.status.status === undefined &&
      !inherited.status.hasFeedback &&
      inherited.variant === undefined &&
      inherited.compact === null;
    if (!plain) return <Real {...props} />;
    const prefix = config.getPrefixCls('input');
    // Only PLAIN_PROPS are set: an input's own attributes.
    const { value, disabled, ...rest } = props as InputHTMLAttributes<HTMLInputElement>;
    return (
      <input
        {...rest}
        disabled={disabled}
        className={`${prefix}${disabled ? ` ${prefix}-disabled` : ''} ${hashId} ${prefix}-outlined`}
        type="text"
        value={value === undefined || value === null ? '' : String(value)}
      />
    );
  };
