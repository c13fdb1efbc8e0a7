import { sanitizeHtml } from '../../lib/sanitize';

/** Written HTML shown sanitised (the sanitiser is loaded with this module, when such a value shows). */
export default function RichTextValue({ html }: { html: string }) {
  return <div className="rich-text-view" dangerouslySetInnerHTML={{ __html: sanitizeHtml(html, 'safe') }} />;
}
