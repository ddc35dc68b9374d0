import SearchOutlined from '@ant-design/icons/es/icons/SearchOutlined';
import { Button } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { lazyPage } from '../../engine/lazyPage.ts';

// The dialog (its input, list and matching) loads the first time it is opened, not with the shell.
const ScreenSearchDialog = lazyPage(() => import('./ScreenSearchDialog.tsx'));

/** Ctrl+K, or ⌘K on a Mac. */
const isShortcut = (e: KeyboardEvent) => (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k';

/** The top bar's 搜索页面 box: opens the screen search, as Ctrl+K does anywhere in the console. */
export function ScreenSearch() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isShortcut(e)) return;
      // The browser's own Ctrl+K (its address-bar search) gives way to the console's.
      e.preventDefault();
      setUsed(true);
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <Button
        icon={<SearchOutlined />}
        onClick={() => (setUsed(true), setOpen(true))}
        onMouseEnter={() => void ScreenSearchDialog.preload()}
        style={{ width: 200, justifyContent: 'flex-start', color: 'rgba(0,0,0,0.45)' }}
        aria-label="搜索页面"
        aria-keyshortcuts="Control+K"
      >
        搜索页面
        <span style={{ marginLeft: 'auto', fontSize: 12 }}>Ctrl K</span>
      </Button>
      {used && (
        <Suspense fallback={null}>
          <ScreenSearchDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
