import { useRef } from 'react';
import type { PageBox } from '../../engine/files/PdfViewer.tsx';

/** A seal's place in PDF points from the page's top-left corner (what the server stamps at). */
export interface Placement {
  page: number;
  x: number;
  y: number;
  w: number;
  kind: 'normal' | 'straddle';
}

/**
 * The seals placed on one page, drawn over it and dragged with the pointer; positions stay in
 * PDF points whatever the page's drawn size. A straddle seal (骑缝章) sits at the right edge of
 * every page and moves only up and down.
 */
export function StampBoxes({ box, placements, image, onMove, onRemove }: { box: PageBox; placements: Placement[]; image?: string; onMove: (index: number, p: Placement) => void; onRemove: (index: number) => void }) {
  const scale = box.width / box.pointsWide;
  const drag = useRef<{ index: number; startX: number; startY: number; from: Placement } | null>(null);
  return (
    <>
      {placements.map((p, index) => {
        if (p.kind === 'normal' && p.page !== box.page) return null;
        const left = p.kind === 'straddle' ? box.width - (p.w * scale) / 2 : p.x * scale;
        return (
          <div
            key={index}
            data-testid={`stamp-${p.kind}-${box.page}`}
            title={p.kind === 'straddle' ? '骑缝章：上下拖动' : '拖动调整位置'}
            onPointerDown={(e) => {
              (e.target as HTMLElement).setPointerCapture(e.pointerId);
              drag.current = { index, startX: e.clientX, startY: e.clientY, from: p };
            }}
            onPointerMove={(e) => {
              const d = drag.current;
              if (!d || d.index !== index) return;
              const dx = (e.clientX - d.startX) / scale;
              const dy = (e.clientY - d.startY) / scale;
              const y = Math.min(Math.max(0, d.from.y + dy), box.pointsHigh - p.w);
              const x = p.kind === 'straddle' ? 0 : Math.min(Math.max(0, d.from.x + dx), box.pointsWide - p.w);
              onMove(index, { ...p, x: Math.round(x), y: Math.round(y) });
            }}
            onPointerUp={() => (drag.current = null)}
            style={{
              position: 'absolute', left, top: p.y * scale, width: p.kind === 'straddle' ? (p.w * scale) / 2 : p.w * scale, height: p.w * scale,
              border: '1px dashed #d4380d', borderRadius: p.kind === 'straddle' ? 0 : '50%', cursor: 'move', touchAction: 'none', overflow: 'hidden',
              background: image ? undefined : 'rgba(212,56,13,.12)',
            }}
          >
            {image && <img src={image} alt="印章" draggable={false} style={{ width: p.w * scale, height: p.w * scale, opacity: 0.8, pointerEvents: 'none' }} />}
            <button
              type="button"
              aria-label="移除印章"
              onPointerDown={(e) => e.stopPropagation()}
              onClick={() => onRemove(index)}
              style={{ position: 'absolute', right: 0, top: 0, border: 'none', background: '#d4380d', color: '#fff', cursor: 'pointer', fontSize: 12, lineHeight: '16px' }}
            >
              ×
            </button>
          </div>
        );
      })}
    </>
  );
}
