import { theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * A small card (a title and actions over a body) drawn in antd's colours. Takes the place of
 * antd's Card on list pages: Card imports Tabs and Skeleton for features these panels never
 * use, about 20 KB gzip of a list page's first load.
 */
export function Panel({ title, extra, children }: { title?: ReactNode; extra?: ReactNode; children: ReactNode }) {
  const { token } = theme.useToken();
  const line = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;
  return (
    <section style={{ background: token.colorBgContainer, border: line, borderRadius: token.borderRadiusLG }}>
      {(title || extra) && (
        <header style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: token.marginXS, minHeight: 38, padding: `0 ${token.paddingSM}px`, borderBottom: line }}>
          <strong style={{ fontWeight: token.fontWeightStrong }}>{title}</strong>
          {extra}
        </header>
      )}
      <div style={{ padding: token.paddingSM }}>{children}</div>
    </section>
  );
}
