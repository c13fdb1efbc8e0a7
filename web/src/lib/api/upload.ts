import { prepareBody } from './encode';
import { REQUESTED_WITH } from './client';
import { handleAnswer, type Envelope } from './envelope';

export interface FilePart {
  /** Name of the multipart part, as the server expects it for this kind of file. */
  field: string;
  file: Blob;
  fileName?: string;
}

/** Builds the multipart body: the JSON in a part named `data`, each file in a part of its own. */
export function buildUploadForm(body: object, files: FilePart[]): FormData {
  const form = new FormData();
  form.append('data', new Blob([JSON.stringify(prepareBody(body))], { type: 'application/json' }));
  for (const { field, file, fileName } of files) {
    form.append(field, file, fileName ?? (file instanceof File ? file.name : field));
  }
  return form;
}

/**
 * Saves with files. XMLHttpRequest rather than fetch, because only it reports upload progress;
 * `onProgress` receives whole percentages. Like postJson it never throws and has no timeout.
 */
export function postMultipart<T = unknown>(
  url: string,
  body: object,
  files: FilePart[],
  onProgress?: (percent: number) => void,
): Promise<Envelope<T>> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    request.setRequestHeader('X-Requested-With', REQUESTED_WITH['X-Requested-With']);
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(Math.floor((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      let body: unknown = request.responseText;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // Not JSON: handleAnswer turns it into the generic request error.
      }
      resolve(handleAnswer(request.status >= 200 && request.status < 300, body, url) as Envelope<T>);
    };
    request.onerror = () => resolve(handleAnswer(false, '', url) as Envelope<T>);
    request.send(buildUploadForm(body, files));
  });
}
