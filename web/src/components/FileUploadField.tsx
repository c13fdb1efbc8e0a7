import { UploadOutlined } from '@ant-design/icons';
import { Button, Upload, type UploadFile } from 'antd';

interface FileUploadFieldProps {
  value?: UploadFile[];
  onChange?: (files: UploadFile[]) => void;
  disabled?: boolean;
}

/**
 * Picks files for a form. Nothing is sent on picking: the files travel with the form's save call,
 * which shows the upload progress.
 */
export function FileUploadField({ value, onChange, disabled }: FileUploadFieldProps) {
  return (
    <Upload
      multiple
      fileList={value ?? []}
      beforeUpload={() => false}
      onChange={({ fileList }) => onChange?.(fileList)}
      disabled={disabled}
    >
      <Button icon={<UploadOutlined />} disabled={disabled}>
        파일 선택
      </Button>
    </Upload>
  );
}
