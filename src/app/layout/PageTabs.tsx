import CloseOutlined from '@ant-design/icons/es/icons/CloseOutlined';
import DownOutlined from '@ant-design/icons/es/icons/DownOutlined';
import ReloadOutlined from '@ant-design/icons/es/icons/ReloadOutlined';
import { Button, Dropdown } from 'antd';
import type { MenuProps } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import { appHistory } from '../history.ts';
import { screenTitle } from './screenTitle.ts';
import { othersOf, rightOf } from './tabList.ts';
import { useMenusVersion } from '../../engine/permissions.tsx';

interface Props {
  /** Open tabs (full paths), the home tab first. */
  tabs: string[];
  current: string;
  onClose: (keys: string[]) => void;
  onRefresh: (key: string) => void;
}

/** 刷新, 关闭, 关闭其他, 关闭右侧 for one tab: its right-click menu, and the bar's button for the current one. */
function tabMenu({ tabs, onClose, onRefresh }: Props, key: string): MenuProps {
  const list = { keys: tabs, recent: tabs };
  const items: MenuProps['items'] = [
    { key: 'refresh', label: '刷新' },
    { key: 'close', label: '关闭', disabled: key === tabs[0] },
    { key: 'others', label: '关闭其他', disabled: othersOf(list, key).length === 0 },
    { key: 'right', label: '关闭右侧', disabled: rightOf(list, key).length === 0 },
  ];
  const actions: Record<string, () => void> = {
    refresh: () => onRefresh(key),
    close: () => onClose([key]),
    others: () => onClose(othersOf(list, key)),
    right: () => onClose(rightOf(list, key)),
  };
  return { items, onClick: ({ key: action }) => actions[action]?.() };
}

/**
 * The bar of open pages above the content (KeepAliveOutlet owns the list): a click opens the page
 * through the app's history (its scroll comes back with it), the cross or a middle click closes it,
 * right-click for the rest. The home tab has no cross.
 */
export function PageTabs(props: Props) {
  const { tabs, current, onClose, onRefresh } = props;
  useMenusVersion(); // titles follow a renamed menu
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    bar.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [current, tabs.length]);

  const tab = (key: string, index: number): ReactNode => {
    const title = screenTitle(key);
    const active = key === current;
    return (
      <Dropdown key={key} trigger={['contextMenu']} menu={tabMenu(props, key)}>
        <div
          role="tab"
          aria-selected={active}
          title={title}
          className="pms-tab"
          data-key={key}
          onClick={() => !active && appHistory.push(key)}
          onAuxClick={(e) => e.button === 1 && index > 0 && onClose([key])}
        >
          <span className="pms-tab-title">{title}</span>
          {index > 0 && (
            <CloseOutlined
              role="button"
              aria-label={`关闭 ${title}`}
              className="pms-tab-close"
              onClick={(e) => {
                e.stopPropagation();
                onClose([key]);
              }}
            />
          )}
        </div>
      </Dropdown>
    );
  };

  return (
    <div className="pms-tabs">
      <div role="tablist" aria-label="已打开的页面" ref={bar} className="pms-tabs-list">
        {tabs.map(tab)}
      </div>
      <Button type="text" size="small" aria-label="刷新当前页" title="刷新当前页" icon={<ReloadOutlined />} onClick={() => onRefresh(current)} />
      <Dropdown trigger={['click']} menu={tabMenu(props, current)}>
        <Button type="text" size="small" aria-label="页签操作" title="页签操作" icon={<DownOutlined />} />
      </Dropdown>
    </div>
  );
}
