import { describe, expect, it } from 'vitest';
import { setUpApi, setUpServer } from '../support/setup.ts';

const server = setUpServer();
const admin = setUpApi(server);

describe('rich text fields (type "html")', () => {
  it('are sanitised with DOMPurify when saved: scripts, handlers and javascript: URLs never reach the database', async () => {
    const content = '<h3>第一条</h3><p onclick="steal()">正文<script>alert(1)</script><img src=x onerror=alert(2)><a href="javascript:alert(3)">链接</a></p><iframe src="https://evil.example"></iframe>';
    const added = await admin.post('/api/base/privacyAgreement/add', { kind: 'privacy', version: '9.0', title: '隐私政策（测试）', content });
    expect(added.body.message).toBe('新增成功');
    const stored = (await admin.get('/api/base/privacyAgreement/detail', { id: added.body.data.id })).body.data.content as string;
    expect(stored).toContain('<h3>第一条</h3>');
    expect(stored).toContain('正文');
    expect(stored).not.toMatch(/script|onclick|onerror|javascript:|iframe/i);

    const updated = await admin.post('/api/base/privacyAgreement/update', { id: added.body.data.id, content: '<p>新版<svg onload=alert(1)></svg></p>' });
    expect(updated.http).toBe(200);
    const again = (await admin.get('/api/base/privacyAgreement/detail', { id: added.body.data.id })).body.data.content as string;
    expect(again).toMatch(/^<p>新版(<svg><\/svg>)?<\/p>$/);
  });

  it('give their text, without markup, where text is needed (exports)', async () => {
    const { htmlToText } = await import('../../server/platform/http/sanitize.ts');
    expect(htmlToText('<p>一<b>二</b></p><p>三</p>')).toBe('一二三');
    expect(htmlToText('<p>=1+1<script>x</script></p>')).toBe('=1+1');
  });
});
