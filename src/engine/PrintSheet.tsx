import { useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button, Descriptions, Space, Typography } from 'antd';
import { useRequest } from 'ahooks';
import { formatTime } from '../shared/format.ts';
import type { DetailPrint, DetailSection } from '../shared/schemaTypes.ts';
import { columnValue, readField, renderCell, withStates } from './cells.tsx';
import { call } from './data.ts';
import type { Row } from './actions.tsx';
import type { TimelineEntry } from './timeline.ts';

const IMAGE = /\.(jpe?g|png|gif|webp|bmp)(\?.*)?$/i;

interface Props {
  print: DetailPrint;
  sections: DetailSection[];
  record: Row;
  resource: string;
  /** Prints the workflow timeline too (the page shows one). */
  timeline: boolean;
  /** Renders a section that is not descriptions or photos (a table of the record's rows), as the page does. */
  renderOther: (section: DetailSection) => ReactNode;
  onClose: () => void;
}

function PrintedSection({ section, record, resource, renderOther }: { section: DetailSection; record: Row; resource: string; renderOther: Props['renderOther'] }) {
  if ('items' in section) {
    return (
      <Descriptions
        bordered
        size="small"
        column={2}
        items={section.items.map((item) => ({ key: item.field, label: item.title, span: item.span ? Math.min(item.span, 2) : 1, children: renderCell(withStates(item, resource), columnValue(item, record)) }))}
      />
    );
  }
  if ('attachments' in section) {
    const value = readField(record, section.attachments);
    const urls = (Array.isArray(value) ? value : typeof value === 'string' && value ? value.split(',') : []).map(String).filter((u) => IMAGE.test(u));
    if (!urls.length) return <Typography.Text type="secondary">无</Typography.Text>;
    return (
      <div className="pms-print-photos">
        {urls.map((u, i) => (
          <img key={u} src={u} alt={`${section.title} ${i + 1}`} />
        ))}
      </div>
    );
  }
  return renderOther(section);
}

/**
 * A record as a sheet of paper (a detail page's `print`): laid over the screen as a preview with
 * 打印 and 返回, and alone on the page when printed (src/styles.css, @media print hides the app).
 * The values are the detail's answer, so personal data stays masked on paper as on screen.
 */
export default function PrintSheet({ print, sections, record, resource, timeline, renderOther, onClose }: Props) {
  const chosen = print.sections ? print.sections.map((t) => sections.find((s) => s.title === t)).filter((s): s is DetailSection => Boolean(s)) : sections;
  // When the sheet was opened: printed on it, and kept across re-renders.
  const [openedAt] = useState(() => Date.now());
  const { data } = useRequest(() => call<TimelineEntry[]>(`${resource}.timeline`, { id: record.id }), { ready: timeline });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return createPortal(
    <div className="pms-print" role="dialog" aria-label={print.title}>
      <Space className="pms-print-toolbar">
        <Button type="primary" onClick={() => window.print()}>
          打印
        </Button>
        <Button onClick={onClose}>返回</Button>
      </Space>
      <div className="pms-print-sheet">
        <h1>{print.title}</h1>
        <div className="pms-print-stamp">打印时间：{formatTime(openedAt)}</div>
        {chosen.map((section) => (
          <section key={section.title}>
            <h2>{section.title}</h2>
            <PrintedSection section={section} record={record} resource={resource} renderOther={renderOther} />
          </section>
        ))}
        {timeline && (
          <section>
            <h2>处理记录</h2>
            <table className="pms-print-timeline">
              <tbody>
                {(data?.data ?? []).map((t, i) => (
                  <tr key={i}>
                    <td>{formatTime(t.at)}</td>
                    <td>{t.actionText}</td>
                    <td>{t.staff_name ?? ''}</td>
                    <td>{t.note ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
        {print.signatures?.length ? (
          <div className="pms-print-signatures">
            {print.signatures.map((s) => (
              <div key={s} className="pms-print-signature">
                {s}：
              </div>
            ))}
          </div>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}
