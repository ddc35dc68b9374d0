// The tests' HTTP client: node:http over kept-alive sockets. The fuzzers send ~300,000 requests a
// run, and Node's fetch (undici's web streams, abort signals, a WebAssembly parser) was about a
// third of their CPU; this client does the same request for a fraction of it.
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 64, timeout: 60_000 });

export interface HttpAnswer {
  status: number;
  headers: Headers;
  /** The body as text when it is JSON or text; '' for a binary download (read and dropped). */
  text: string;
}

/** One request; the answer's body is read whole. */
export function httpRequest(url: string, init: { method: string; headers: Record<string, string>; body?: string }): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: init.method, headers: init.body === undefined ? init.headers : { ...init.headers, 'content-length': String(Buffer.byteLength(init.body)) }, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const headers = new Headers();
        const raw = response.rawHeaders;
        for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
        const readable = /json|text/.test(response.headers['content-type'] ?? '');
        resolve({ status: response.statusCode ?? 0, headers, text: readable ? Buffer.concat(chunks).toString('utf8') : '' });
      });
    });
    request.on('error', reject);
    request.end(init.body);
  });
}
