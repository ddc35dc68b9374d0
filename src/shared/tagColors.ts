/**
 * antd's preset tag colours by the Chinese names staff read (a label's colour is 红色, not
 * "red" or "volcano"). A value outside them (#RRGGBB) is shown as it is.
 */
export const TAG_COLORS: Record<string, string> = {
  red: '红色',
  volcano: '橙红',
  orange: '橙色',
  gold: '金色',
  lime: '黄绿',
  green: '绿色',
  cyan: '青色',
  blue: '蓝色',
  geekblue: '深蓝',
  purple: '紫色',
  magenta: '洋红',
};

export const colorName = (value: string) => TAG_COLORS[value] ?? value;
