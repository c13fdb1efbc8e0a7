/** Values between the fields of a form and the bodies the server takes and answers. */

/**
 * A request body of these fields with the empty ones left out, so the server applies its defaults
 * instead of refusing a null: null, undefined and blank text go; text is trimmed.
 */
export function compactBody(fields: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'string') {
      if (value.trim() !== '') body[field] = value.trim();
      continue;
    }
    body[field] = value;
  }
  return body;
}

/** A number of a stored row, or null where it has none (an empty text included). */
export function optionalNumber(value: unknown): number | null {
  return value === null || value === undefined || value === '' ? null : Number(value);
}
