import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Input, Space, Typography, Upload } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { request } from '../../core/request.ts';
import { formatTime } from '../../shared/format.ts';
import { SEAL_CODE_PATTERN, type SealVerdict as Verdict } from '../../shared/sealVerdict.ts';


const CODE = new RegExp(SEAL_CODE_PATTERN);

/** The file's SHA-256, computed here: the file never leaves the browser. */
async function sha256Of(file: File): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * /sealVerify (public, no session): whoever holds a stamped copy checks its verification code
 * (printed under the QR on its last page; the QR's "PMS-SEAL:<code>" or a ?code= link fills it)
 * and, with the PDF at hand, that the file is the one stamped, unchanged.
 */
export default function SealVerify() {
  const [query] = useSearchParams();
  const [code, setCode] = useState((query.get('code') ?? '').replace(/^PMS-SEAL:/i, '').toUpperCase());
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<{ verdict?: Verdict; message: string } | null>(null);

  async function verify() {
    const wanted = code.trim().toUpperCase();
    if (!CODE.test(wanted)) return setAnswer({ message: '请输入 8 位验真码（字母或数字）' });
    setBusy(true);
    const res = await request<Verdict>('seal', '/apply/public/verify', { method: 'POST', params: { code: wanted, ...(file ? { sha256: await sha256Of(file) } : {}) } });
    setBusy(false);
    setAnswer({ verdict: res.status === '200' ? res.data : undefined, message: res.message || '验真失败，请稍后再试' });
  }

  const verdict = answer?.verdict;
  return (
    <div style={{ maxWidth: 560, margin: '0 auto', padding: '32px 12px' }}>
      <Typography.Title level={3}>签章文件验真</Typography.Title>
      <Card>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Input aria-label="验真码" placeholder="8 位验真码，见文件末页二维码下方" maxLength={8} value={code} onChange={(e) => setCode(e.target.value.toUpperCase())} onPressEnter={verify} />
          <Upload accept=".pdf,application/pdf" maxCount={1} beforeUpload={(f) => (setFile(f), false)} onRemove={() => setFile(null)} fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}>
            <Button>选择签章 PDF 文件（可选，仅在本机计算校验值，不上传）</Button>
          </Upload>
          <Button type="primary" loading={busy} onClick={verify}>
            验真
          </Button>
        </Space>
      </Card>
      {answer && (
        <Alert
          data-testid="verify-result"
          style={{ marginTop: 16 }}
          showIcon
          type={verdict?.valid ? 'success' : 'error'}
          message={answer.message}
          description={
            verdict?.valid && (
              <Descriptions size="small" column={1}>
                <Descriptions.Item label="文件名称">{verdict.docName}</Descriptions.Item>
                <Descriptions.Item label="签章印章">{verdict.sealName}</Descriptions.Item>
                <Descriptions.Item label="签章时间">{formatTime(verdict.stampedAt, 'YYYY-MM-DD HH:mm')}</Descriptions.Item>
              </Descriptions>
            )
          }
        />
      )}
    </div>
  );
}
