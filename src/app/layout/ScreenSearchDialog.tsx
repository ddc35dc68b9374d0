import { Empty, Input, Modal, type InputRef } from 'antd';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { appHistory } from '../history.ts';
import { storedMenus, useMenusVersion } from '../../engine/permissions.tsx';
import { findScreens, screensOf } from './screenSearch.ts';
import { accessCookie } from './SideMenu.tsx';

/**
 * The screen search: every screen of the user's menu by title, pinyin initials (the server's, with
 * the menu list) or menu path; ↑ ↓ choose, Enter opens it (in a tab), Esc closes.
 */
export default function ScreenSearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const menusVersion = useMenusVersion();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the version stands for the stored menu list
  const screens = useMemo(() => screensOf(storedMenus(), accessCookie()), [menusVersion]);
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState(0);
  const input = useRef<InputRef>(null);
  const found = useMemo(() => findScreens(screens, query), [screens, query]);

  const go = (index: number) => {
    const screen = found[index];
    if (!screen) return;
    onClose();
    appHistory.push(screen.path);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setChosen((c) => (c + step + found.length) % Math.max(found.length, 1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      go(chosen);
    }
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      closable={false}
      title={null}
      width={560}
      style={{ top: 80 }}
      destroyOnHidden
      afterOpenChange={(visible) => (visible ? input.current?.focus() : (setQuery(''), setChosen(0)))}
    >
      <Input
        ref={input}
        autoFocus
        size="large"
        placeholder="搜索页面：名称、拼音首字母或菜单路径"
        aria-label="搜索页面"
        value={query}
        onChange={(e) => (setQuery(e.target.value), setChosen(0))}
        onKeyDown={onKeyDown}
        allowClear
      />
      <div role="listbox" aria-label="搜索结果" style={{ maxHeight: 400, overflow: 'auto', marginTop: 8 }}>
        {found.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有匹配的页面" />}
        {found.map((screen, index) => (
          <div
            key={screen.path}
            role="option"
            aria-selected={index === chosen}
            onMouseEnter={() => setChosen(index)}
            onClick={() => go(index)}
            style={{ padding: '8px 12px', borderRadius: 6, cursor: 'pointer', background: index === chosen ? '#e6f4ff' : undefined, display: 'flex', gap: 12 }}
          >
            <span>{screen.title}</span>
            <span style={{ marginLeft: 'auto', color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>
              {screen.group} / {screen.title}
            </span>
          </div>
        ))}
      </div>
    </Modal>
  );
}
