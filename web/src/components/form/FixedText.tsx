import { Input } from 'antd';

/**
 * A form field whose value is set for the user and not chosen (an advertiser's own corp): its name
 * shown read-only where the choice would be, the value kept by the form as it is.
 */
export function FixedText({ id, text }: { id?: string; text: string; value?: unknown; onChange?: unknown }) {
  return <Input id={id} value={text} readOnly variant="filled" className="fixed-text" />;
}
