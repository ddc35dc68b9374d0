import { Image } from 'antd';
import { sanitizeRichText } from './sanitizeRichText.ts';

/** Spec 9: images open in the viewer with its toolbar and navbar off. */
export function ImageCell({ value }: { value: unknown }) {
  const urls = (Array.isArray(value) ? value : typeof value === 'string' && value ? value.split(',') : []) as string[];
  if (!urls.length) return null;
  return (
    <Image.PreviewGroup preview={{ toolbarRender: () => null }}>
      {urls.map((u) => (
        <Image key={u} src={u} width={48} height={48} style={{ objectFit: 'cover' }} alt="图片" />
      ))}
    </Image.PreviewGroup>
  );
}

/** Rich text as it may be shown, sanitised (DOMPurify) whatever was stored. */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: sanitizeRichText(html) }} />;
}
