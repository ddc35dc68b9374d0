import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Spin } from 'antd';
import type { PDFDocumentProxy } from 'pdfjs-dist';

/** pdf.js with its worker, loaded on first use only: no list page carries it. */
async function loadPdf(url: string): Promise<PDFDocumentProxy> {
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  // No eval: the console's Content-Security-Policy forbids it.
  return pdfjs.getDocument({ url, isEvalSupported: false }).promise;
}

/** One page's size in CSS pixels as drawn, and its size in PDF points (what stamp positions are in). */
export interface PageBox {
  page: number;
  width: number;
  height: number;
  pointsWide: number;
  pointsHigh: number;
}

export interface PdfViewerProps {
  url: string;
  /** Width each page is drawn at, in CSS pixels. */
  width?: number;
  /** Drawn over each page (stamp boxes, fill-in fields), positioned within the page. */
  overlay?: (box: PageBox) => ReactNode;
  onLoad?: (pages: number) => void;
}

function PdfPage({ doc, page, width, overlay }: { doc: PDFDocumentProxy; page: number; width: number; overlay?: PdfViewerProps['overlay'] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [box, setBox] = useState<PageBox | null>(null);
  useEffect(() => {
    let task: { cancel(): void; promise: Promise<void> } | null = null;
    let live = true;
    doc.getPage(page).then((p) => {
      if (!live || !canvas.current) return;
      const base = p.getViewport({ scale: 1 });
      const scale = width / base.width;
      const ratio = window.devicePixelRatio || 1;
      const viewport = p.getViewport({ scale: scale * ratio });
      canvas.current.width = viewport.width;
      canvas.current.height = viewport.height;
      setBox({ page, width, height: base.height * scale, pointsWide: base.width, pointsHigh: base.height });
      task = p.render({ canvas: canvas.current, viewport });
      task.promise.catch(() => undefined);
    });
    return () => {
      live = false;
      task?.cancel();
    };
  }, [doc, page, width]);
  return (
    <div data-testid={`pdf-page-${page}`} style={{ position: 'relative', width, height: box?.height, margin: '0 auto 12px', boxShadow: '0 1px 4px rgba(0,0,0,.2)' }}>
      <canvas ref={canvas} style={{ width, height: box?.height, display: 'block' }} aria-label={`第 ${page} 页`} />
      {box && overlay?.(box)}
    </div>
  );
}

/** A PDF shown in the page, every page one under another (pdf.js), with an optional overlay per page. */
export default function PdfViewer({ url, width = 680, overlay, onLoad }: PdfViewerProps) {
  // Which file the state is of: a new url shows the spinner until its own answer arrives.
  const [loaded, setLoaded] = useState<{ url: string; doc?: PDFDocumentProxy; error?: string } | null>(null);
  useEffect(() => {
    let live = true;
    let opened: PDFDocumentProxy | null = null;
    loadPdf(url).then(
      (d) => {
        opened = d;
        if (!live) return void d.destroy();
        setLoaded({ url, doc: d });
        onLoad?.(d.numPages);
      },
      () => live && setLoaded({ url, error: 'PDF 文件无法打开，请下载后查看' }),
    );
    return () => {
      live = false;
      void opened?.destroy();
    };
    // onLoad is a report back, not an input: a new function must not reload the file.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url]);
  const current = loaded?.url === url ? loaded : null;
  if (current?.error) return <Alert type="error" message={current.error} />;
  const doc = current?.doc;
  if (!doc) return <Spin tip="正在打开 PDF…"><div style={{ height: 200 }} /></Spin>;
  return (
    <div data-testid="pdf-viewer" data-pages={doc.numPages}>
      {Array.from({ length: doc.numPages }, (_, i) => (
        <PdfPage key={i + 1} doc={doc} page={i + 1} width={width} overlay={overlay} />
      ))}
    </div>
  );
}
