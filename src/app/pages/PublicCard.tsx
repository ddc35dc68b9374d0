import { theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * The centred card every page outside the layout uses (sign-in forms, agreements, app download).
 * Drawn with the theme's tokens rather than antd's Card and Typography, which would bring tabs,
 * menus and tooltips into the sign-in page's JavaScript.
 */
export function PublicCard({ title, width = 400, children }: { title: string; width?: number; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: 'linear-gradient(135deg, #e6f4ff, #f0f5ff)', padding: 24, boxSizing: 'border-box' }}>
      <div style={{ width, maxWidth: '100%', boxSizing: 'border-box', padding: token.paddingLG, background: token.colorBgContainer, border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG }}>
        <h3 style={{ textAlign: 'center', margin: `0 0 ${token.marginMD}px`, fontSize: token.fontSizeHeading3, fontWeight: token.fontWeightStrong, color: token.colorTextHeading }}>{title}</h3>
        {children}
      </div>
    </div>
  );
}
