import { Alert, Button, Modal, Space, Typography, Upload, message } from 'antd';
import { useState } from 'react';
import { downloadPost, uploadExcel } from './api.ts';

export interface ImportKind {
  title: string;
  /** Download call of the empty template. */
  template: string;
  /** Upload call of the filled template. */
  upload: string;
}

/**
 * Imports a filled Excel template: all rows or none. When rows are refused, every bad row is
 * listed with its number and reason, and nothing has been imported.
 */
export function ImportExcel({ kind, onClose, onImported }: { kind: ImportKind; onClose: () => void; onImported: () => void }) {
  const [errors, setErrors] = useState<{ row: number; message: string }[]>([]);
  const [summary, setSummary] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Modal open title={`导入${kind.title}`} onCancel={onClose} footer={<Button onClick={onClose}>关闭</Button>} destroyOnHidden>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">请先下载模板，按“填写说明”填写后上传；任一行有误时整份文件都不会导入。</Typography.Text>
        <Space>
          <Button onClick={() => downloadPost(kind.template)}>下载模板</Button>
          <Upload
            accept=".xlsx"
            showUploadList={false}
            beforeUpload={async (file) => {
              setBusy(true);
              const res = await uploadExcel(kind.upload, file);
              setBusy(false);
              if (res.status === '200') {
                message.success(res.message);
                setErrors([]);
                setSummary('');
                onImported();
              } else {
                setSummary(res.message || '服务器异常');
                setErrors(res.data?.errors ?? []);
              }
              return false;
            }}
          >
            <Button type="primary" loading={busy}>
              选择文件并导入
            </Button>
          </Upload>
        </Space>
        {summary && (
          <Alert
            type="error"
            showIcon
            message={errors.length ? `导入失败，未导入任何数据（${errors.length} 行有误）` : summary}
            description={
              errors.length ? (
                <ul style={{ margin: 0, paddingLeft: 18, maxHeight: 240, overflow: 'auto' }}>
                  {errors.map((e) => (
                    <li key={e.row}>
                      第 {e.row} 行：{e.message}
                    </li>
                  ))}
                </ul>
              ) : undefined
            }
          />
        )}
      </Space>
    </Modal>
  );
}
