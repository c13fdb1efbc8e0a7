import { UploadOutlined } from '@ant-design/icons';
import { Button, Upload, type UploadFile } from 'antd';
import { alertMessage } from '../lib/notify';
import { storedFileIdx } from './form/storedFiles';

interface FileUploadFieldProps {
  id?: string;
  value?: UploadFile[];
  onChange?: (files: UploadFile[]) => void;
  disabled?: boolean;
  /** Several files, or one that a newly picked file replaces. */
  multiple?: boolean;
  /** File name endings accepted, e.g. ".pdf,.png". */
  accept?: string;
  maxBytes?: number;
  /** Whether files the server already keeps can be removed here. */
  storedRemovable?: boolean;
}

function refusal(file: File, accept: string | undefined, maxBytes: number | undefined): string | null {
  const endings = accept?.split(',').map((ending) => ending.trim().toLowerCase()) ?? [];
  if (endings.length > 0 && !endings.some((ending) => file.name.toLowerCase().endsWith(ending))) {
    return `${file.name}: 올릴 수 없는 파일 형식입니다. (${endings.join(', ')})`;
  }
  if (maxBytes !== undefined && file.size > maxBytes) {
    return `${file.name}: 파일이 너무 큽니다. (최대 ${Math.floor(maxBytes / 1024 / 1024)}MB)`;
  }
  return null;
}

/**
 * Picks files for a form. Nothing is sent on picking: the files travel with the form's save call,
 * which shows the upload progress. Files of the wrong type or size are refused at once.
 */
export function FileUploadField({
  id,
  value,
  onChange,
  disabled,
  multiple = true,
  accept,
  maxBytes,
  storedRemovable = true,
}: FileUploadFieldProps) {
  return (
    <Upload
      multiple={multiple}
      maxCount={multiple ? undefined : 1}
      accept={accept}
      fileList={value ?? []}
      beforeUpload={(file) => {
        const problem = refusal(file, accept, maxBytes);
        if (problem) alertMessage(problem);
        return problem ? Upload.LIST_IGNORE : false;
      }}
      showUploadList={{ showRemoveIcon: (file) => storedRemovable || storedFileIdx(file) === null }}
      onChange={({ fileList }) => onChange?.(fileList)}
      disabled={disabled}
    >
      <Button id={id} icon={<UploadOutlined />} disabled={disabled}>
        파일 선택
      </Button>
    </Upload>
  );
}
