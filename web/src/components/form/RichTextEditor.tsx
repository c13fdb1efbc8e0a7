import { BoldOutlined, ItalicOutlined, LinkOutlined, OrderedListOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Button, Input, Popover, Space, Tooltip } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { sanitizeHtml } from '../../lib/sanitize';

interface RichTextEditorProps {
  id?: string;
  value?: string | null;
  onChange?: (html: string) => void;
  disabled?: boolean;
  'aria-label'?: string;
}

interface Command {
  name: string;
  label: string;
  icon: ReactNode;
}

const COMMANDS: Command[] = [
  { name: 'bold', label: '굵게', icon: <BoldOutlined /> },
  { name: 'italic', label: '기울임', icon: <ItalicOutlined /> },
  { name: 'insertUnorderedList', label: '글머리 기호 목록', icon: <UnorderedListOutlined /> },
  { name: 'insertOrderedList', label: '번호 목록', icon: <OrderedListOutlined /> },
];

const SAFE_LINK = /^(https?:\/\/|mailto:|\/)/i;

/**
 * A small HTML editor: a contentEditable area with bold, italic, lists and links. What it holds is
 * sanitised (safe mode) whenever it is loaded into the area; the server sanitises it again on save.
 */
export function RichTextEditor({ id, value, onChange, disabled, 'aria-label': ariaLabel }: RichTextEditorProps) {
  const area = useRef<HTMLDivElement>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkAddress, setLinkAddress] = useState('https://');
  const savedSelection = useRef<Range | null>(null);

  // The area is the editing state: only a value it does not already show (first load, form reset) replaces it.
  useEffect(() => {
    const element = area.current;
    if (element && element.innerHTML !== (value ?? '')) element.innerHTML = sanitizeHtml(value ?? '', 'safe');
  }, [value]);

  const report = () => onChange?.(area.current?.innerHTML ?? '');

  const run = (command: string, argument?: string) => {
    area.current?.focus();
    document.execCommand(command, false, argument);
    report();
  };

  const rememberSelection = () => {
    const selection = window.getSelection();
    const inside = selection && selection.rangeCount > 0 && area.current?.contains(selection.anchorNode);
    savedSelection.current = inside ? selection.getRangeAt(0).cloneRange() : null;
  };

  const insertLink = () => {
    const address = linkAddress.trim();
    setLinkOpen(false);
    if (!SAFE_LINK.test(address)) return;
    area.current?.focus();
    const selection = window.getSelection();
    if (savedSelection.current && selection) {
      selection.removeAllRanges();
      selection.addRange(savedSelection.current);
    }
    if (selection && selection.isCollapsed) {
      document.execCommand('insertHTML', false, `<a href="${encodeURI(address)}">${sanitizeHtml(address, 'escape')}</a>`);
      report();
    } else {
      run('createLink', address);
    }
  };

  return (
    <div className={`rich-text-editor${disabled ? ' disabled' : ''}`}>
      <Space size={4} className="rich-text-toolbar">
        {COMMANDS.map((command) => (
          <Tooltip key={command.name} title={command.label}>
            <Button
              size="small"
              icon={command.icon}
              aria-label={command.label}
              disabled={disabled}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => run(command.name)}
            />
          </Tooltip>
        ))}
        <Popover
          open={linkOpen}
          onOpenChange={(open) => {
            if (open) rememberSelection();
            setLinkOpen(open);
          }}
          trigger="click"
          content={
            <Space.Compact>
              <Input
                aria-label="링크 주소"
                value={linkAddress}
                onChange={(event) => setLinkAddress(event.target.value)}
                onPressEnter={insertLink}
                style={{ width: 260 }}
              />
              <Button type="primary" onClick={insertLink}>
                넣기
              </Button>
            </Space.Compact>
          }
        >
          <Button size="small" icon={<LinkOutlined />} aria-label="링크" disabled={disabled} onMouseDown={(event) => event.preventDefault()} />
        </Popover>
      </Space>
      <div
        id={id}
        ref={area}
        className="rich-text-area"
        role="textbox"
        aria-multiline="true"
        aria-label={ariaLabel}
        contentEditable={!disabled}
        suppressContentEditableWarning
        onInput={report}
        onBlur={report}
      />
    </div>
  );
}
