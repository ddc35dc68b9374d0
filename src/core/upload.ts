import Compressor from 'compressorjs';
import { prepare } from './request.ts';

/** Spec 9 compression tiers, by the original size in KB; at 500 KB or under the file goes as it is. */
export function compressionQuality(sizeBytes: number): number | null {
  const kb = sizeBytes / 1024;
  if (kb > 2048) return 0.5;
  if (kb > 1024) return 0.6;
  if (kb > 500) return 0.7;
  return null;
}

/** Compresses an image per the tiers; compressed files become JPEG (spec 9). */
export function compressImage(file: File): Promise<File> {
  const quality = compressionQuality(file.size);
  if (quality === null || !file.type.startsWith('image/') || file.type === 'image/gif') return Promise.resolve(file);
  return new Promise((resolve, reject) => {
    new Compressor(file, {
      quality,
      mimeType: 'image/jpeg',
      convertSize: 0,
      checkOrientation: true,
      success: (blob) => resolve(new File([blob], file.name.replace(/\.[^.]+$/, '') + '.jpg', { type: 'image/jpeg' })),
      error: reject,
    });
  });
}

/** The raw upload answer of the file service (spec 3). */
export interface RawUploadResponse {
  status: string | number;
  message: string;
  data?: { cdnUrl: string; fileSize: number; fileSampleName: string; fileFullName: string };
}

/** What screens use (spec 3): result 1 on status 200 else 500, msg, fileInfo. */
export interface UploadResult {
  result: 1 | 500;
  msg: string;
  fileInfo: { resPath: string; fsize: number; fName: string; fileName: string; fid: string } | null;
}

export function toUploadResult(raw: RawUploadResponse): UploadResult {
  const ok = String(raw.status) === '200' && raw.data;
  return {
    result: ok ? 1 : 500,
    msg: raw.message,
    fileInfo: ok
      ? { resPath: raw.data!.cdnUrl, fsize: raw.data!.fileSize, fName: raw.data!.fileSampleName, fileName: raw.data!.fileFullName, fid: raw.data!.fileFullName }
      : null,
  };
}

export type UploadEndpoint = '/upload' | '/cdnUpload';

/**
 * Uploads one file as multipart field `file` with the token and authtoken headers (spec 7.6),
 * compressing images first. A network error calls onFailure; status 200 counts as success.
 */
export async function uploadFile(file: File, endpoint: UploadEndpoint = '/upload', onFailure?: (error: unknown) => void): Promise<UploadResult> {
  const body = new FormData();
  body.append('file', await compressImage(file));
  const { url, init } = prepare('file', endpoint, { method: 'POST', encoding: 'multipart', formData: body });
  try {
    const response = await fetch(url, init);
    return toUploadResult((await response.json()) as RawUploadResponse);
  } catch (error) {
    onFailure?.(error);
    return { result: 500, msg: '上传失败，请检查网络后重试', fileInfo: null };
  }
}

/** The multi-file endpoint: every file compressed, one request. */
export async function uploadFiles(files: File[], onFailure?: (error: unknown) => void): Promise<UploadResult[]> {
  const body = new FormData();
  for (const file of await Promise.all(files.map(compressImage))) body.append('file', file);
  const { url, init } = prepare('file', '/uploadMulti', { method: 'POST', encoding: 'multipart', formData: body });
  try {
    const raw = (await (await fetch(url, init)).json()) as { status: string; message: string; data?: RawUploadResponse['data'][] };
    if (String(raw.status) !== '200' || !raw.data) return [toUploadResult({ status: raw.status, message: raw.message })];
    return raw.data.map((data) => toUploadResult({ status: raw.status, message: raw.message, data }));
  } catch (error) {
    onFailure?.(error);
    return [{ result: 500, msg: '上传失败，请检查网络后重试', fileInfo: null }];
  }
}
