/** The longest a file may take to be ready to show. */
const READY_TIMEOUT_MS = 15_000;

/**
 * One of the two stacked layers the materials play in: while one shows, the other gets the next
 * material decoded and ready, so the change is a swap with no black frame in between. Each layer
 * keeps one <video> and one <img> and shows one of them.
 */
export class MediaLayer {
  readonly root: HTMLDivElement;
  private readonly video: HTMLVideoElement;
  private readonly image: HTMLImageElement;
  private objectUrl: string | null = null;
  private loads = 0;
  private kind: 'video' | 'image' | null = null;

  constructor(parent: HTMLElement) {
    this.root = document.createElement('div');
    this.root.className = 'player-layer';
    this.video = document.createElement('video');
    this.video.muted = true;
    this.video.playsInline = true;
    this.video.preload = 'auto';
    this.video.disablePictureInPicture = true;
    this.image = document.createElement('img');
    this.image.alt = '';
    this.image.decoding = 'async';
    this.root.append(this.video, this.image);
    this.setFront(false);
    this.showOnly(null);
    parent.append(this.root);
  }

  private showOnly(kind: 'video' | 'image' | null) {
    this.kind = kind;
    this.video.hidden = kind !== 'video';
    this.image.hidden = kind !== 'image';
  }

  /** Readies `file` (decoded, first frame available); false when it cannot be shown or a later load took over. */
  async load(kind: 'video' | 'image', file: Blob, marks: Record<string, string>): Promise<boolean> {
    const load = ++this.loads;
    this.video.pause();
    const previous = this.objectUrl;
    this.objectUrl = URL.createObjectURL(file);
    const ready = kind === 'video' ? this.readyVideo(this.objectUrl) : this.readyImage(this.objectUrl);
    const ok = await ready;
    if (previous) URL.revokeObjectURL(previous);
    if (load !== this.loads) return false;
    if (!ok) {
      this.showOnly(null);
      return false;
    }
    this.showOnly(kind);
    const element = kind === 'video' ? this.video : this.image;
    for (const name of Object.keys(this.root.dataset)) if (name !== 'front') delete this.root.dataset[name];
    Object.assign(this.root.dataset, marks);
    element.dataset.kind = kind;
    return true;
  }

  private readyVideo(src: string): Promise<boolean> {
    const video = this.video;
    return new Promise((resolve) => {
      const finish = (ok: boolean) => {
        clearTimeout(timer);
        video.removeEventListener('canplay', onReady);
        video.removeEventListener('error', onError);
        resolve(ok);
      };
      const onReady = () => finish(true);
      const onError = () => finish(false);
      const timer = setTimeout(() => finish(false), READY_TIMEOUT_MS);
      video.addEventListener('canplay', onReady);
      video.addEventListener('error', onError);
      video.src = src;
      video.load();
    });
  }

  private async readyImage(src: string): Promise<boolean> {
    this.image.src = src;
    try {
      await this.image.decode();
      return true;
    } catch {
      return false;
    }
  }

  /** In front and playing from its start, or behind and paused. */
  setFront(front: boolean) {
    this.root.dataset.front = String(front);
    if (front && this.kind === 'video') {
      this.video.currentTime = 0;
      // Muted videos may play without a gesture; a refusal leaves the first frame showing.
      void this.video.play().catch(() => undefined);
    }
    if (!front) this.video.pause();
  }

  pause() {
    this.video.pause();
  }

  /** What the layer shows, for a screenshot. */
  visual(): HTMLVideoElement | HTMLImageElement | null {
    if (this.kind === 'video') return this.video;
    if (this.kind === 'image') return this.image;
    return null;
  }

  destroy() {
    this.loads += 1;
    this.video.pause();
    this.video.removeAttribute('src');
    this.video.load();
    if (this.objectUrl) URL.revokeObjectURL(this.objectUrl);
    this.root.remove();
  }
}
