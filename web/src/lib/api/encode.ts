// Control characters other than tab, line feed and carriage return (C0, DEL and C1).
// eslint-disable-next-line no-control-regex -- matching them is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

/** The text encoder every JSON string passes through: Unicode NFC, control characters removed. */
export function encodeText(text: string): string {
  return text.normalize('NFC').replace(CONTROL_CHARS, '');
}

/**
 * Prepares a request body: strings are encoded, and fields whose names start with `_` are dropped,
 * at any depth. Such fields hold screen-only state that the server must never receive.
 */
export function prepareBody(value: unknown): unknown {
  if (typeof value === 'string') return encodeText(value);
  if (Array.isArray(value)) return value.map(prepareBody);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const prepared: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) {
      if (!key.startsWith('_')) prepared[key] = prepareBody(field);
    }
    return prepared;
  }
  return value;
}
