/** One key of a changed row, as it was and as it became. */
export interface DiffLine {
  key: string;
  before: string;
  after: string;
  changed: boolean;
}

type Snapshot = Record<string, unknown>;

/** A row as the history stored it (a JSON object), or null when there was none (before a create, after a delete). */
export function parseSnapshot(json: string | null | undefined): Snapshot | null {
  if (json === null || json === undefined || json === '') return null;
  try {
    const parsed: unknown = JSON.parse(json);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Snapshot;
    return { value: parsed };
  } catch {
    return { value: json };
  }
}

function show(value: unknown): string {
  if (value === undefined) return '';
  if (value === null) return 'null';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * The keys of the row before and after, side by side: the keys of the row before in their order,
 * then keys only the row after has. A key is changed when its stored value differs (a number and
 * its text differ), including a key that appears or disappears.
 */
export function diffSnapshots(beforeJson: string | null | undefined, afterJson: string | null | undefined): DiffLine[] {
  const before = parseSnapshot(beforeJson) ?? {};
  const after = parseSnapshot(afterJson) ?? {};
  const keys = [...Object.keys(before), ...Object.keys(after).filter((key) => !(key in before))];
  return keys.map((key) => {
    const shownBefore = key in before ? show(before[key]) : '';
    const shownAfter = key in after ? show(after[key]) : '';
    const changed = key in before !== key in after || JSON.stringify(before[key]) !== JSON.stringify(after[key]);
    return { key, before: shownBefore, after: shownAfter, changed };
  });
}
