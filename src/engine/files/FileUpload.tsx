import { useState } from 'react';
import { Button, Upload, message } from 'antd';
import UploadOutlined from '@ant-design/icons/es/icons/UploadOutlined';
import { uploadFile } from '../../core/upload.ts';
import type { FileKind } from '../../shared/schemaTypes.ts';
import { acceptAttribute, nameKind, sizeText, storedFiles, type StoredFile } from './fileValue.ts';

export interface FileUploadProps {
  value?: unknown;
  onChange?: (files: StoredFile[]) => void;
  /** Kinds accepted (as the field's shape says); the server checks the bytes. */
  accept?: FileKind[];
  /** Largest file in bytes. */
  maxBytes?: number;
  maxCount?: number;
  disabled?: boolean;
}

/**
 * Documents of a record (a contract PDF, a judgment, courseware): uploaded through the file
 * service, which reads each file's type from its bytes; the value is the list of
 * { url, name, size }. Kind and size are checked here first so a wrong file is refused at once.
 */
export function FileUploadBase({ value, onChange, accept, maxBytes, maxCount = 5, disabled }: FileUploadProps) {
  const files = storedFiles(value);
  const [uploading, setUploading] = useState(0);
  return (
    <Upload
      accept={acceptAttribute(accept)}
      multiple={maxCount > 1}
      disabled={disabled}
      fileList={files.map((f) => ({ uid: f.url, name: `${f.name}${f.size ? `（${sizeText(f.size)}）` : ''}`, status: 'done' as const, url: f.url }))}
      onRemove={(file) => onChange?.(files.filter((f) => f.url !== file.uid))}
      beforeUpload={(file) => {
        if (accept?.length && !accept.includes(nameKind(file.name))) {
          message.error(`只能上传 ${accept.join('、').toUpperCase()} 文件`);
          return Upload.LIST_IGNORE;
        }
        if (maxBytes !== undefined && file.size > maxBytes) {
          message.error(`文件不能大于 ${sizeText(maxBytes)}`);
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={async ({ file, onSuccess, onError }) => {
        setUploading((n) => n + 1);
        const result = await uploadFile(file as File);
        setUploading((n) => n - 1);
        if (result.result === 1 && result.fileInfo) {
          const info = result.fileInfo;
          onChange?.([...storedFiles(value), { url: info.resPath, name: info.fName, size: info.fsize }].slice(-maxCount));
          onSuccess?.(result);
        } else {
          message.error(result.msg || '上传失败');
          onError?.(new Error(result.msg));
        }
      }}
    >
      {files.length < maxCount && !disabled && <Button icon={<UploadOutlined />}>{uploading ? '上传中…' : '上传文件'}</Button>}
    </Upload>
  );
}
