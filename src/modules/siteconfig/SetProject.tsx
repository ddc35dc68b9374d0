import { useRequest } from 'ahooks';
import { Alert, Button, Card, Descriptions, Result, Select, Space, Spin, Tag, message } from 'antd';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DynamicForm, useRuntimeForm } from '../../engine/DynamicForm.tsx';
import { call } from '../../engine/data.ts';
import { usePermission } from '../../engine/permissions.tsx';
import type { Answers, RuntimeForm } from '../../shared/runtimeForm.ts';

interface ProjectForm {
  project: { id: number; name: string };
  form: RuntimeForm;
  values: Answers;
  sources: Record<string, { source: 'project' | 'company' | 'default'; inherited: string; own: string | null }>;
}

export const SOURCE: Record<string, [string, string]> = { project: ['项目值', 'blue'], company: ['全局值', 'purple'], default: ['默认值', 'default'] };

/**
 * One project's parameters (/setProject?projectId=): a form generated from the parameter
 * definitions, showing each parameter's effective value and where it comes from. Saving sends
 * every value; the server keeps as the project's own only those differing from what it inherits.
 */
export default function SetProject() {
  const [params, setParams] = useSearchParams();
  const projectId = Number(params.get('projectId')) || undefined;
  const projects = useRequest(() => call<{ label: string; value: number }[]>('org.projects', {}));
  const { data, loading, refresh } = useRequest(() => call<ProjectForm>('project_config.projectForm', { projectId: projectId! }), { ready: !!projectId, refreshDeps: [projectId] });
  return (
    <Space direction="vertical" style={{ width: '100%', maxWidth: 900 }}>
      <Card size="small">
        <Space>
          <span>项目</span>
          <Select style={{ width: 240 }} placeholder="请选择项目" value={projectId} options={projects.data?.data ?? []} onChange={(v) => setParams({ projectId: String(v) })} />
        </Space>
      </Card>
      {!projectId ? <Alert type="info" message="请选择要设置参数的项目" /> : loading && !data ? <Spin /> : data && (data.status !== '200' || !data.data) ? <Result status="404" title="项目不存在" subTitle={data.message} /> : data?.data ? <Sheet key={`${projectId}-${data.data.project.id}`} sheet={data.data} onSaved={refresh} /> : null}
    </Space>
  );
}

function Sheet({ sheet, onSaved }: { sheet: ProjectForm; onSaved: () => void }) {
  const can = usePermission();
  const editable = can('projectConfig:set');
  const initial = useMemo(() => sheet.values, [sheet.values]);
  const form = useRuntimeForm(sheet.form, initial, !editable);
  const [saving, setSaving] = useState(false);

  async function save() {
    try {
      await form.validate();
    } catch {
      return;
    }
    setSaving(true);
    const res = await call<{ changed: number }>('project_config.saveProject', { projectId: sheet.project.id, values: form.values as Record<string, unknown> });
    setSaving(false);
    if (res.status !== '200') {
      message.error(res.message || '保存失败');
      return;
    }
    message.success(res.message || '保存成功');
    onSaved();
  }

  return (
    <>
      <Card title={`${sheet.project.name} · 参数设置`}>
        <DynamicForm definition={sheet.form} form={form} />
        {editable && (
          <Button type="primary" loading={saving} onClick={save}>
            保存
          </Button>
        )}
      </Card>
      <Card title="当前生效值" size="small">
        <Descriptions size="small" column={2} bordered>
          {sheet.form.items.map((item) => {
            const s = sheet.sources[item.key]!;
            const [text, color] = SOURCE[s.source]!;
            return (
              <Descriptions.Item key={item.key} label={item.label}>
                <Space data-key={item.key}>
                  <span>{shown(sheet.values[item.key])}</span>
                  <Tag color={color}>{text}</Tag>
                </Space>
              </Descriptions.Item>
            );
          })}
        </Descriptions>
      </Card>
    </>
  );
}

export const shown = (v: unknown): string => (v === true ? '开' : v === false ? '关' : v == null ? '' : String(v));
