import { message } from 'antd';
import { prepare, type Params } from './request.ts';
import { handleSessionEnd } from './sessionEnd.ts';

export const PACKING_TEXT = '努力打包中，附件较大时打包会较慢，请耐心等待……';
/** Spec 9: the object URL is released 100 ms after the click. */
export const OBJECT_URL_RELEASE_MS = 100;

/** The file name of a Content-Disposition header, preferring RFC 5987 `filename*` (Chinese names). */
export function fileNameFromDisposition(header: string | null, fallback = '下载文件'): string {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[2]!.trim());
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain ? plain[1]!.trim() : fallback;
}

function showOverlay(): () => void {
  const overlay = document.createElement('div');
  overlay.setAttribute('role', 'status');
  overlay.dataset.testid = 'download-overlay';
  overlay.textContent = PACKING_TEXT;
  Object.assign(overlay.style, {
    position: 'fixed', inset: '0', zIndex: '3000', display: 'flex', alignItems: 'center', justifyContent: 'center',
    background: 'rgba(0,0,0,0.45)', color: '#fff', fontSize: '16px',
  });
  document.body.appendChild(overlay);
  return () => overlay.remove();
}

export interface DownloadOptions {
  method?: 'GET' | 'POST';
  params?: Params;
  encoding?: 'json' | 'form';
  /** Name used when the server sends none. */
  fileName?: string;
}

/**
 * The download helper (spec 7.1, 8): GET parameters in the query, POST as JSON or form;
 * undefined parameters become empty strings; the packing overlay stays until the file is
 * saved; the name comes from Content-Disposition.
 */
export async function download(service: string, path: string, options: DownloadOptions = {}): Promise<boolean> {
  if (typeof window.Blob === 'undefined' || typeof URL.createObjectURL !== 'function') {
    window.alert('当前浏览器不支持下载，请使用最新浏览器重试');
    return false;
  }
  const params = Object.fromEntries(Object.entries(options.params ?? {}).map(([k, v]) => [k, v === undefined ? '' : v]));
  const { url, init } = prepare(service, path, { method: options.method ?? 'GET', params, encoding: options.encoding });
  const hide = showOverlay();
  try {
    const response = await fetch(url, init);
    handleSessionEnd(response);
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { message?: string };
      message.error(body.message || '下载失败');
      return false;
    }
    const blob = await response.blob();
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = fileNameFromDisposition(response.headers.get('content-disposition'), options.fileName);
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), OBJECT_URL_RELEASE_MS);
    return true;
  } catch {
    message.error('系统异常');
    return false;
  } finally {
    hide();
  }
}
