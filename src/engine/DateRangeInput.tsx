import { DatePicker } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import dayjs from 'dayjs';

type Range = [string, string];

/**
 * A date range whose value is the two dates as text in `format` (what the list calls send),
 * as Formily's DatePicker.RangePicker gives it: the filter form loads it on first use.
 */
export default function DateRangeInput({ value, onChange, format = 'YYYY-MM-DD', ...props }: Omit<RangePickerProps, 'value' | 'onChange' | 'format'> & { value?: Range | null; onChange?: (value: Range | undefined) => void; format?: string }) {
  return (
    <DatePicker.RangePicker
      {...props}
      format={format}
      value={value?.length === 2 ? [dayjs(value[0], format), dayjs(value[1], format)] : null}
      onChange={(dates) => onChange?.(dates?.[0] && dates[1] ? [dates[0].format(format), dates[1].format(format)] : undefined)}
    />
  );
}
