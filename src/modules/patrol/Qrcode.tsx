import { Button, Descriptions, Image, Modal, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { FilterCard } from '../../engine/FilterCard.tsx';
import { Permission, usePermission } from '../../engine/permissions.tsx';
import { downloadGet, downloadPost, get, post, succeeded, type Page } from './api.ts';
import { actionsColumn, POINT_COLUMNS } from './columns.tsx';
import { classifyFilter, ListCard, PageStack, projectFilter, selectFilter, textFilter, timeOf, usePagedList, useRowSelection, type Row } from './shared.tsx';

/** One point's code as the label shows it (GET /qr/queryQrCodeByCode). */
function QrPreview({ code, onClose }: { code: string; onClose: () => void }) {
  const [qr, setQr] = useState<Row | null>(null);
  useEffect(() => {
    get<Row>('/qr/queryQrCodeByCode', { code }).then((res) => succeeded(res) && setQr(res.data ?? null));
  }, [code]);
  return (
    <Modal open title="点位二维码" footer={null} onCancel={onClose} destroyOnHidden>
      {qr && (
        <Space direction="vertical" align="center" style={{ width: '100%' }}>
          <Image src={String(qr.image)} width={240} preview={false} alt={`${String(qr.name)}二维码`} />
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label="点位">{`${String(qr.name)}（${String(qr.code)}）`}</Descriptions.Item>
            <Descriptions.Item label="项目">{String(qr.projectName)}</Descriptions.Item>
            <Descriptions.Item label="位置">{String(qr.location)}</Descriptions.Item>
            <Descriptions.Item label="二维码内容">
              <Typography.Text copyable>{String(qr.content)}</Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </Space>
      )}
    </Modal>
  );
}

/** /routingInspectionV2/qrcode: the QR codes of the points, previewed, listed and printed as labels. */
export default function Qrcode() {
  const can = usePermission();
  const [filters, setFilters] = useState<Row>({});
  const { ids, clear, rowSelection } = useRowSelection();
  const [preview, setPreview] = useState<string | null>(null);
  const list = usePagedList<Row>((q) => post<Page<Row>>('/qr/queryQRcodeList', q), filters);
  return (
    <PageStack>
      <FilterCard
        fields={{ ...projectFilter, ...classifyFilter, ...textFilter('keyword', '关键字', '名称或编码'), ...selectFilter('printed', '打印状态', [{ label: '已打印', value: 'yes' }, { label: '未打印', value: 'no' }]) }}
        onSearch={({ printed, ...v }) => {
          list.resetPage();
          clear();
          setFilters(printed ? { ...v, printed: printed === 'yes' } : v);
        }}
      />
      <ListCard
        title="巡查二维码"
        toolbar={
          <>
            <Permission code="patrol-qr:print">
              <Button disabled={!ids.length} onClick={async () => (await downloadPost('/pt/downloadPtListQr', { ids })) && list.reload()}>
                打印所选
              </Button>
              <Button disabled={!filters.projectId} title={filters.projectId ? undefined : '先按项目查询'} onClick={async () => (await downloadGet(`/qr/exportQrCodePDF/project/${String(filters.projectId)}`)) && list.reload()}>
                打印项目全部
              </Button>
            </Permission>
            <Permission code="patrol-qr:export">
              <Button onClick={() => downloadPost('/qr/exportQRcodeList', filters)}>导出清单</Button>
            </Permission>
          </>
        }
        table={{
          ...list.table,
          rowSelection: can('patrol-qr:print') ? rowSelection : undefined,
          columns: [
            ...POINT_COLUMNS,
            { title: '打印次数', dataIndex: 'printCount' },
            { title: '最近打印', dataIndex: 'printedAt', render: timeOf },
            actionsColumn((row) => (
              <>
                <Button type="link" onClick={() => setPreview(String(row.code))}>
                  查看
                </Button>
                <Permission code="patrol-qr:print">
                  <Button type="link" onClick={async () => (await downloadGet(`/qr/exportQrCodePDF/point/${String(row.id)}`)) && list.reload()}>
                    打印
                  </Button>
                </Permission>
              </>
            )),
          ],
        }}
      />
      {preview && <QrPreview code={preview} onClose={() => setPreview(null)} />}
    </PageStack>
  );
}
