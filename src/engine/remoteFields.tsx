import { useState } from 'react';
import { connect, mapProps } from '@formily/react';
import { Upload, message } from 'antd';
import { uploadFile } from '../core/upload.ts';
import { FileUploadBase } from './files/FileUpload.tsx';
import { PermissionTreeBase } from './PermissionTree.tsx';
import { CascaderRemote as PlainCascaderRemote, TreeSelectRemote as PlainTreeSelectRemote } from './remoteInputs.tsx';

// Fields that bring large antd components (tree, tree select, cascader, upload): fields.tsx
// loads this module only when a form uses one of them. The tree select and the cascader are
// plain components of remoteInputs.tsx (the filter form uses them without Formily).

export const PermissionTree = connect(PermissionTreeBase);

/** `paramsFrom` read through mapProps' observer: the tree reloads when those fields change. */
function paramsFromForm(props: Record<string, unknown>, field: { form: { values: Record<string, unknown> } }) {
  const from = props.paramsFrom as Record<string, string> | undefined;
  if (!from) return props;
  const taken = Object.fromEntries(Object.entries(from).map(([param, name]) => [param, field.form.values[name]]));
  const rest = { ...props };
  delete rest.paramsFrom;
  return { ...rest, params: { ...(props.params as object), ...taken }, waiting: Object.values(taken).some((v) => v === undefined || v === null || v === '') };
}

export const TreeSelectRemote = connect(PlainTreeSelectRemote, mapProps(paramsFromForm as never));

export const CascaderRemote = connect(PlainCascaderRemote);

/**
 * Photos of a record (work order, inspection): uploaded through the file service with the
 * spec's compression tiers; the value is the list of their URLs.
 */
function ImageUploadBase({ value, onChange, maxCount = 9, disabled }: { value?: string[]; onChange?: (urls: string[]) => void; maxCount?: number; disabled?: boolean }) {
  const urls = Array.isArray(value) ? value : [];
  const [uploading, setUploading] = useState(false);
  return (
    <Upload
      listType="picture-card"
      accept="image/*"
      multiple
      disabled={disabled}
      fileList={urls.map((url) => ({ uid: url, name: url.split('/').pop() ?? url, status: 'done' as const, url }))}
      onRemove={(file) => onChange?.(urls.filter((u) => u !== file.url))}
      customRequest={async ({ file, onSuccess, onError }) => {
        setUploading(true);
        const result = await uploadFile(file as File);
        setUploading(false);
        if (result.result === 1 && result.fileInfo) {
          onChange?.([...urls, result.fileInfo.resPath].slice(0, maxCount));
          onSuccess?.(result);
        } else {
          message.error(result.msg || '上传失败');
          onError?.(new Error(result.msg));
        }
      }}
      showUploadList={{ showPreviewIcon: false }}
    >
      {urls.length < maxCount && <div>{uploading ? '上传中…' : '+ 上传图片'}</div>}
    </Upload>
  );
}

export const ImageUpload = connect(ImageUploadBase);

/** Documents (PDF, Office, video…) with declared kinds and size: files/FileUpload.tsx. */
export const FileUpload = connect(FileUploadBase);
