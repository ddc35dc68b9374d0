import type { Api } from './api.ts';

/** Uploads a file through /api/file/upload as `api`'s user (the replay parameters signed, as the browser does); answers where it is stored. */
export async function storeFile(api: Api, name: string, bytes: Uint8Array, type: string): Promise<{ url: string; name: string; size: number }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const { replay, sign } = api.signed({});
  const response = await fetch(`${api.baseUrl}/api/file/upload?${new URLSearchParams(Object.entries(replay).map(([k, v]) => [k, String(v)]))}`, { method: 'POST', headers: { token: api.token, authtoken: api.token, sign }, body: form });
  const data = ((await response.json()) as { data: { cdnUrl: string; fileSize: number; fileSampleName: string } }).data;
  return { url: data.cdnUrl, name: data.fileSampleName, size: data.fileSize };
}
