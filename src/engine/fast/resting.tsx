import { ConfigProvider } from 'antd';
import type { ConfigConsumerProps } from 'antd/es/config-provider';
import { use, useRef, useState, type ComponentType, type FocusEvent } from 'react';
import { flushSync } from 'react-dom';

/** How a control at rest was woken: the pointer came over it, or it took focus. */
type Wake = 'pointer' | 'focus';

const ignore = () => undefined;

/**
 * What the markup at rest puts on its elements: the root wakes the control when the pointer
 * comes over it, the input when it takes focus; the input's onChange does nothing (focus wakes
 * the control before a key can reach it).
 */
export interface Wakers {
  onPointerEnter: () => void;
  onFocus: () => void;
  onChange: () => void;
}

/** The props every control at rest reads; the others pass to the real control as they are. */
export interface WakeableProps {
  value?: unknown;
  disabled?: boolean;
  readOnly?: boolean;
  autoFocus?: boolean;
  onFocus?: (event: FocusEvent<HTMLInputElement>) => void;
  'aria-label'?: string;
  [prop: string]: unknown;
}

/**
 * A form control at rest. Until the pointer comes over it or it takes focus, it shows `AtRest`:
 * the markup the real closed control renders (the same classes, so the same look and the same
 * hover and focus styles) without the real one's tree of components under it, so a form of many
 * such fields renders each as a few elements. Then the real control takes its place and stays;
 * one woken by focus (Tab, a click into it, a script's focus) is focused, with its text selected
 * when `selectOnFocus`, as a text box is when tabbed into. `lookOf` answers what the closed control
 * shows for the props, or undefined when only the real one can show it (a disabled field, a look
 * of its own, a value only it can read): that one is real from the start.
 */
export function resting<P extends WakeableProps, L extends object>(
  Real: ComponentType<P>,
  lookOf: (props: P, config: ConfigConsumerProps) => L | undefined,
  AtRest: ComponentType<L & { wakers: Wakers }>,
  { selectOnFocus = false } = {},
): ComponentType<P> {
  return function Resting(props: P) {
    const config = use(ConfigProvider.ConfigContext);
    const [awake, setAwake] = useState<Wake>();
    const selectPending = useRef(selectOnFocus);
    const look = awake ? undefined : lookOf(props, config);
    if (look) {
      const wakers = {
        // At once (flushSync), not at React's next turn: the press that follows the pointer's
        // arrival must reach the real control, or it would not open on the first click.
        onPointerEnter: () => flushSync(() => setAwake('pointer')),
        onFocus: () => setAwake('focus'),
        onChange: ignore,
      };
      return <AtRest {...look} wakers={wakers} />;
    }
    if (awake !== 'focus') return <Real {...props} />;
    const onFocus = (event: FocusEvent<HTMLInputElement>) => {
      if (selectPending.current) event.target.select?.();
      selectPending.current = false;
      props.onFocus?.(event);
    };
    return <Real {...props} autoFocus onFocus={onFocus} />;
  };
}

/**
 * True when every prop set is one of `neutral`: any other (a size, a style, another mode) may
 * change the look. A ref (a prop in React 19; Formily's connect passes null) would have nothing
 * to hold while at rest, so only a null one is neutral.
 */
export const onlyNeutral = (props: object, neutral: ReadonlySet<string>) =>
  Object.entries(props).every(([key, value]) => value === undefined || (key === 'ref' ? value === null : neutral.has(key)));

