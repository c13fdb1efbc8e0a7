import { HEAD_BYTES, kindProblem, mediaProblem, sizeProblem, sniffFormat, typeProblem, type MaterialChoices, type MediaFacts } from './fileChecks';

/** Reads what the checks need from a picked file. */
export interface FileReading {
  head: (file: Blob) => Promise<Uint8Array>;
  video: (file: Blob) => Promise<{ width: number; height: number; seconds: number }>;
  image: (file: Blob) => Promise<{ width: number; height: number }>;
}

// A file the browser neither reads nor refuses (it waits for more data) is given up on after this.
const READ_LIMIT_MS = 15_000;

/** Loads the file into a media element through an object address, which is let go once read. */
function readElement<T>(file: Blob, create: (url: string, done: (facts: T) => void, failed: () => void) => () => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    let finished = false;
    const finish = (outcome: () => void) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      release();
      URL.revokeObjectURL(url);
      outcome();
    };
    const release = create(
      url,
      (facts) => finish(() => resolve(facts)),
      () => finish(() => reject(new Error('unreadable'))),
    );
    const timer = setTimeout(() => finish(() => reject(new Error('unreadable'))), READ_LIMIT_MS);
  });
}

/** The browser's own readers: the first bytes, a video's size and length (metadata only), an image's size. */
export const browserReading: FileReading = {
  head: async (file) => new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer()),
  video: (file) =>
    readElement(file, (url, done, failed) => {
      const video = document.createElement('video');
      video.preload = 'metadata';
      video.muted = true;
      video.onloadedmetadata = () => done({ width: video.videoWidth, height: video.videoHeight, seconds: video.duration });
      video.onerror = failed;
      video.src = url;
      return () => {
        video.onloadedmetadata = null;
        video.onerror = null;
        video.removeAttribute('src');
        video.load();
      };
    }),
  image: (file) =>
    readElement(file, (url, done, failed) => {
      const image = new Image();
      image.onload = () => done({ width: image.naturalWidth, height: image.naturalHeight });
      image.onerror = failed;
      image.src = url;
      return () => {
        image.onload = null;
        image.onerror = null;
      };
    }),
};

/**
 * The first problem of a material file for the material's choices, or null. Size and type are always
 * checked; a file the browser cannot decode (a codec it lacks) is left to the server's checks.
 */
export async function checkMaterialFile(file: File, choices: MaterialChoices, reading: FileReading = browserReading): Promise<string | null> {
  const size = sizeProblem(file.size);
  if (size) return size;
  const head = await reading.head(file);
  const type = typeProblem(file, head);
  if (type) return type;
  const sniffed = sniffFormat(head)?.kind ?? 'image';
  const kind = kindProblem(sniffed, choices.kind);
  if (kind) return kind;
  let facts: MediaFacts;
  try {
    facts = sniffed === 'video' ? { kind: 'video', ...(await reading.video(file)) } : { kind: 'image', ...(await reading.image(file)) };
  } catch {
    return null;
  }
  return mediaProblem(facts, choices);
}
