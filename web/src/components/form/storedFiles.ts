import type { UploadFile } from 'antd';

/** A file the server keeps for a row, as details describe it. */
export interface StoredFile {
  fileIdx: number;
  fileName: string;
  fileSize?: number;
  /** Where the file shows as an image, when the detail names an address of its own. */
  url?: string;
}

const STORED_PREFIX = 'stored-';

/** The address a stored file downloads from; the session cookie authorises it. */
export function downloadUrl(type: string, file: StoredFile): string {
  return `/api/common/file/download/${encodeURIComponent(type)}/${file.fileIdx}/${encodeURIComponent(file.fileName)}`;
}

export function isStoredFile(value: unknown): value is StoredFile {
  return value !== null && typeof value === 'object' && typeof (value as StoredFile).fileIdx === 'number';
}

/**
 * The stored files of a field as a detail gives them: a list, one file, or the lists by multipart
 * part (`{files: [...]}`), which are read as one list.
 */
export function storedFileList(value: unknown): StoredFile[] {
  if (Array.isArray(value)) return value.filter(isStoredFile);
  if (isStoredFile(value)) return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap((part) => (Array.isArray(part) ? part.filter(isStoredFile) : []));
}

/** Stored files as entries of an upload list, told apart from newly picked ones by their uid. */
export function toUploadFiles(files: unknown, type: string): UploadFile[] {
  return storedFileList(files).map((file) => ({
    uid: `${STORED_PREFIX}${file.fileIdx}`,
    name: file.fileName,
    size: file.fileSize,
    status: 'done',
    url: downloadUrl(type, file),
  }));
}

/** The id of a stored file in an upload list, or null for a newly picked one. */
export function storedFileIdx(file: UploadFile): number | null {
  return file.uid.startsWith(STORED_PREFIX) ? Number(file.uid.slice(STORED_PREFIX.length)) : null;
}

/** "12.3 KB" */
export function formatFileSize(bytes: number | undefined): string {
  if (bytes === undefined || bytes === null) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
