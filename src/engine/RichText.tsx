import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import type { RichTextProps } from './RichTextEditor.tsx';
import { SafeHtml } from './cells.tsx';

// The editor is large: forms without rich text never load it.
const Editor = lazy(() => import('./RichTextEditor.tsx'));

export function RichTextField(props: RichTextProps) {
  return (
    <Suspense fallback={<Skeleton.Input active block style={{ height: 160 }} />}>
      <Editor {...props} />
    </Suspense>
  );
}

/** Read-only rich text (detail pages, read-pretty forms), sanitised again when shown. */
export function RichTextView({ value }: { value?: string }) {
  return (
    <Suspense fallback={null}>
      <SafeHtml className="pms-richtext-view" html={value ?? ''} />
    </Suspense>
  );
}
