import { pinyin } from 'pinyin-pro';

const known = new Map<string, string>();

/**
 * The pinyin initials of a menu name, lower case, letters and digits kept (工单管理 → gdgl,
 * YXL管理 → yxlgl): the console's screen search matches them, so 「gd」 finds 工单管理. Computed
 * here, where the names are, so that the browser needs no pinyin dictionary, and from the name an
 * administrator gave the entry (menu-manage). Polyphones take their most common reading.
 */
export function initialsOf(name: string): string {
  let initials = known.get(name);
  if (initials === undefined) {
    initials = pinyin(name, { pattern: 'first', toneType: 'none', type: 'array' })
      .join('')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '');
    known.set(name, initials);
  }
  return initials;
}
