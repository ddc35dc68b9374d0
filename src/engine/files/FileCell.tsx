import { lazy, Suspense, useState } from 'react';
import { Button, Modal, Space, Typography } from 'antd';
import FileExcelOutlined from '@ant-design/icons/es/icons/FileExcelOutlined';
import FileImageOutlined from '@ant-design/icons/es/icons/FileImageOutlined';
import FileOutlined from '@ant-design/icons/es/icons/FileOutlined';
import FilePdfOutlined from '@ant-design/icons/es/icons/FilePdfOutlined';
import FileWordOutlined from '@ant-design/icons/es/icons/FileWordOutlined';
import FileZipOutlined from '@ant-design/icons/es/icons/FileZipOutlined';
import PlayCircleOutlined from '@ant-design/icons/es/icons/PlayCircleOutlined';
import SoundOutlined from '@ant-design/icons/es/icons/SoundOutlined';
import FilePptOutlined from '@ant-design/icons/es/icons/FilePptOutlined';
import type { FileKind } from '../../shared/schemaTypes.ts';
import { fileKind, sizeText, storedFiles, type StoredFile } from './fileValue.ts';

const PdfViewer = lazy(() => import('./PdfViewer.tsx'));
const VideoPlayer = lazy(() => import('./VideoPlayer.tsx'));

const ICONS: Partial<Record<FileKind, typeof FileOutlined>> = {
  pdf: FilePdfOutlined, doc: FileWordOutlined, docx: FileWordOutlined, xlsx: FileExcelOutlined, pptx: FilePptOutlined, zip: FileZipOutlined,
  jpg: FileImageOutlined, png: FileImageOutlined, gif: FileImageOutlined, webp: FileImageOutlined, bmp: FileImageOutlined, mp4: PlayCircleOutlined, mp3: SoundOutlined,
};

/** A PDF in the in-page viewer, a video or a recording in the browser's player. */
function Preview({ file, onClose }: { file: StoredFile; onClose: () => void }) {
  const kind = fileKind(file.url);
  return (
    <Modal open title={file.name} width={kind === 'pdf' ? 760 : 720} footer={null} onCancel={onClose} destroyOnHidden>
      {kind === 'pdf' && (
        <Suspense fallback={null}>
          <div style={{ maxHeight: '70vh', overflow: 'auto' }}>
            <PdfViewer url={file.url} />
          </div>
        </Suspense>
      )}
      {kind === 'mp4' && (
        <Suspense fallback={null}>
          <VideoPlayer url={file.url} />
        </Suspense>
      )}
      {kind === 'mp3' && <audio src={file.url} controls preload="metadata" style={{ width: '100%' }} />}
    </Modal>
  );
}

const PREVIEW: Partial<Record<FileKind, string>> = { pdf: '预览', mp4: '播放', mp3: '播放' };

/** Files of a record: icon, name (downloads under that name), size, and 预览 / 播放 where the browser can show it. */
export default function FileCell({ value }: { value: unknown }) {
  const [open, setOpen] = useState<StoredFile | null>(null);
  const files = storedFiles(value);
  return (
    <Space direction="vertical" size={2}>
      {files.map((f) => {
        const kind = fileKind(f.url);
        const Icon = ICONS[kind] ?? FileOutlined;
        return (
          <Space key={f.url} size={6}>
            <Icon />
            <Typography.Link href={f.url} download={f.name}>
              {f.name}
            </Typography.Link>
            {f.size > 0 && <Typography.Text type="secondary">{sizeText(f.size)}</Typography.Text>}
            {PREVIEW[kind] && (
              <Button type="link" size="small" onClick={() => setOpen(f)}>
                {PREVIEW[kind]}
              </Button>
            )}
          </Space>
        );
      })}
      {open && <Preview file={open} onClose={() => setOpen(null)} />}
    </Space>
  );
}
