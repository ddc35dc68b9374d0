import type { FileKind } from '../../shared/schemaTypes.ts';

/** One file of a `FileUpload` field, as stored: its path under /files, the name it was uploaded with and its size. */
export interface StoredFile {
  url: string;
  name: string;
  size: number;
}

/** The files a value holds: a list of stored files, or of bare paths (older attachment fields). */
export function storedFiles(value: unknown): StoredFile[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : [];
  return list.flatMap((item): StoredFile[] => {
    if (typeof item === 'string') return [{ url: item, name: decodeURIComponent(item.split('/').pop() ?? item), size: 0 }];
    if (item && typeof item === 'object' && typeof (item as StoredFile).url === 'string') {
      const f = item as StoredFile;
      return [{ url: f.url, name: String(f.name ?? f.url.split('/').pop()), size: Number(f.size) || 0 }];
    }
    return [];
  });
}

/** The kind of a stored file: its path's extension, which the file service chose from the file's bytes. */
export const fileKind = (url: string) => url.slice(url.lastIndexOf('.') + 1).toLowerCase() as FileKind;

/** Size in the units people read. */
export function sizeText(bytes: number): string {
  if (!bytes) return '';
  if (bytes >= 1024 * 1024) return `${+(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** What an upload's picker offers for the accepted kinds (the server checks the bytes anyway). */
export function acceptAttribute(accept: FileKind[] | undefined): string | undefined {
  if (!accept?.length) return undefined;
  return accept.map((k) => (k === 'jpg' ? '.jpg,.jpeg' : `.${k}`)).join(',');
}

/** The extension of a chosen file's name, for the check before uploading. */
export const nameKind = (name: string) => {
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  return (ext === 'jpeg' ? 'jpg' : ext) as FileKind;
};
