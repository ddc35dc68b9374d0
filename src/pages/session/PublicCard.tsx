import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The centred card every page outside the layout uses (sign-in forms, agreements, app download). */
export function PublicCard({ title, width = 400, children }: { title: string; width?: number; children: ReactNode }) {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', background: 'linear-gradient(135deg, #e6f4ff, #f0f5ff)', padding: 24, boxSizing: 'border-box' }}>
      <Card style={{ width, maxWidth: '100%' }}>
        <Typography.Title level={3} style={{ textAlign: 'center' }}>
          {title}
        </Typography.Title>
        {children}
      </Card>
    </div>
  );
}
