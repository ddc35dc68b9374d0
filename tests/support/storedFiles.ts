import type { Api } from './api.ts';

/** Posts one file as multipart field `file` to an upload route as `api`'s caller (the replay parameters signed, as the browser does). */
export async function postFile(api: Api, url: string, name: string, bytes: Uint8Array, type: string): Promise<{ http: number; body: { status: string; message: string; data?: any } }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const { replay, sign } = api.signed({});
  const response = await fetch(`${api.baseUrl}${url}?${new URLSearchParams(Object.entries(replay).map(([k, v]) => [k, String(v)]))}`, { method: 'POST', headers: { token: api.token, authtoken: api.token, sign }, body: form });
  return { http: response.status, body: (await response.json()) as { status: string; message: string; data?: any } };
}

/** Uploads a file through /api/file/upload as `api`'s user; answers where it is stored. */
export async function storeFile(api: Api, name: string, bytes: Uint8Array, type: string): Promise<{ url: string; name: string; size: number }> {
  const data = (await postFile(api, '/api/file/upload', name, bytes, type)).body.data as { cdnUrl: string; fileSize: number; fileSampleName: string };
  return { url: data.cdnUrl, name: data.fileSampleName, size: data.fileSize };
}
