import { useRef } from 'react';
import type { PageBox } from '../../engine/files/PdfViewer.tsx';
import type { FillField } from './fillFields.ts';

/**
 * A template's fill-in boxes on one page, drawn over it: dragged with the pointer while the
 * template is edited (positions stay in PDF points), or showing the applicant's answers as a
 * preview when `values` is given.
 */
export function FieldBoxes({ box, fields, values, onMove }: { box: PageBox; fields: FillField[]; values?: Record<string, unknown>; onMove?: (index: number, f: FillField) => void }) {
  const scale = box.width / box.pointsWide;
  const drag = useRef<{ index: number; startX: number; startY: number; from: FillField } | null>(null);
  return (
    <>
      {fields.map((f, index) => {
        if (f.page !== box.page) return null;
        const value = values?.[f.name];
        return (
          <div
            key={index}
            data-testid={`fill-${f.name}`}
            title={onMove ? `${f.label}：拖动调整位置` : f.label}
            onPointerDown={(e) => {
              if (!onMove) return;
              (e.target as HTMLElement).setPointerCapture(e.pointerId);
              drag.current = { index, startX: e.clientX, startY: e.clientY, from: f };
            }}
            onPointerMove={(e) => {
              const d = drag.current;
              if (!d || d.index !== index || !onMove) return;
              const x = Math.min(Math.max(0, d.from.x + (e.clientX - d.startX) / scale), box.pointsWide - f.w);
              const y = Math.min(Math.max(0, d.from.y + (e.clientY - d.startY) / scale), box.pointsHigh - f.size * 1.3);
              onMove(index, { ...f, x: Math.round(x), y: Math.round(y) });
            }}
            onPointerUp={() => (drag.current = null)}
            style={{
              position: 'absolute', left: f.x * scale, top: f.y * scale, width: f.w * scale, height: f.size * 1.3 * scale, fontSize: f.size * scale, lineHeight: `${f.size * 1.3 * scale}px`,
              border: '1px dashed #1677ff', background: 'rgba(22,119,255,.08)', color: value ? '#000' : '#1677ff', cursor: onMove ? 'move' : 'default', touchAction: 'none', overflow: 'hidden', whiteSpace: 'nowrap', paddingLeft: 2,
            }}
          >
            {value === undefined || value === null || value === '' ? `［${f.label}］` : String(value)}
          </div>
        );
      })}
    </>
  );
}
