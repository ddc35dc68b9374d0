import { Button, Modal, Upload, message } from 'antd';
import { useState } from 'react';
import { prepare } from '../core/request.ts';
import { handleSessionEnd } from '../core/sessionEnd.ts';
import { endpoint } from './catalogue.ts';
import { downloadFrom, invalidateAfter } from './data.ts';

async function importFile(id: string, file: File): Promise<void> {
  const e = endpoint(id);
  const body = new FormData();
  body.append('file', file);
  const { url, init } = prepare(e.service, e.path, { method: 'POST', encoding: 'multipart', formData: body });
  const response = await fetch(url, init).catch(() => null);
  if (!response) {
    message.error('系统异常');
    return;
  }
  handleSessionEnd(response);
  const answer = (await response.json().catch(() => ({}))) as { message?: string };
  if (response.ok) {
    message.success(answer.message ?? '导入成功');
    invalidateAfter(e);
  } else Modal.error({ title: '导入失败', content: answer.message ?? '导入失败', okText: '知道了' });
}

/** An import action: picks an .xlsx and sends it to the import endpoint, with the template's download beside it. */
export default function ImportButton({ id, label, disabled, reload }: { id: string; label: string; disabled: boolean; reload: () => void | Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const templateId = id.replace(/\.import$/, '.template');
  return (
    <>
      <Upload
        accept=".xlsx"
        showUploadList={false}
        beforeUpload={async (file) => {
          setBusy(true);
          await importFile(id, file);
          setBusy(false);
          void reload();
          return false;
        }}
      >
        <Button loading={busy} disabled={disabled}>
          {label}
        </Button>
      </Upload>
      <Button type="link" onClick={() => downloadFrom(templateId)}>
        下载模板
      </Button>
    </>
  );
}
