import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Space, Tooltip } from 'antd';
import DOMPurify from 'dompurify';
import { useEffect } from 'react';
import { RICH_TEXT_POLICY } from '../shared/richText.ts';

export interface RichTextProps {
  value?: string;
  onChange?: (html: string) => void;
  disabled?: boolean;
  placeholder?: string;
  'aria-label'?: string;
}

const TOOLS = [
  { key: 'bold', label: 'B', title: '加粗', run: 'toggleBold' },
  { key: 'italic', label: 'I', title: '斜体', run: 'toggleItalic' },
  { key: 'strike', label: 'S', title: '删除线', run: 'toggleStrike' },
  { key: 'heading', label: 'H', title: '小标题', run: 'toggleHeading', args: { level: 3 } },
  { key: 'bulletList', label: '• 列表', title: '无序列表', run: 'toggleBulletList' },
  { key: 'orderedList', label: '1. 列表', title: '有序列表', run: 'toggleOrderedList' },
  { key: 'blockquote', label: '引用', title: '引用', run: 'toggleBlockquote' },
] as const;

/** Tiptap with a small toolbar; the value is HTML, sanitised with DOMPurify on every change. */
export default function RichTextEditor({ value, onChange, disabled, 'aria-label': label }: RichTextProps) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, protocols: ['http', 'https', 'mailto'] } })],
    content: DOMPurify.sanitize(value ?? '', RICH_TEXT_POLICY) as string,
    editable: !disabled,
    editorProps: { attributes: { class: 'pms-richtext-body', role: 'textbox', 'aria-multiline': 'true', ...(label ? { 'aria-label': label } : {}) } },
    onUpdate: ({ editor: e }) => onChange?.(e.isEmpty ? '' : (DOMPurify.sanitize(e.getHTML(), RICH_TEXT_POLICY) as string)),
  });
  // A value set from outside (a loaded record, a reset) replaces the content.
  useEffect(() => {
    if (editor && (value ?? '') !== (editor.isEmpty ? '' : editor.getHTML())) editor.commands.setContent(DOMPurify.sanitize(value ?? '', RICH_TEXT_POLICY) as string, { emitUpdate: false });
  }, [editor, value]);
  const active = useEditorState({ editor, selector: ({ editor: e }) => Object.fromEntries(TOOLS.map((t) => [t.key, e?.isActive(t.key) ?? false])) });
  return (
    <div className="pms-richtext">
      {!disabled && (
        <Space size={4} wrap className="pms-richtext-toolbar">
          {TOOLS.map((t) => (
            <Tooltip key={t.key} title={t.title}>
              <Button
                size="small"
                type={active?.[t.key] ? 'primary' : 'text'}
                aria-label={t.title}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => {
                  const chain = editor?.chain().focus() as unknown as Record<string, (args?: unknown) => { run(): boolean }>;
                  chain?.[t.run]?.('args' in t ? t.args : undefined).run();
                }}
              >
                {t.label}
              </Button>
            </Tooltip>
          ))}
        </Space>
      )}
      <EditorContent editor={editor} />
    </div>
  );
}
