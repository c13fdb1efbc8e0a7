/** How an attached material plays on a screen of this application. */
export type Playback = { kind: 'video'; src: string; poster: string } | { kind: 'image'; src: string };

const videoFile = (matId: unknown, type: string) => `/api/material/manage/videoDownload.do?${new URLSearchParams({ matId: String(matId), type })}`;

/** A video plays its sd file over its poster; an image shows itself. */
export function playbackOf(material: { matId: unknown; matType?: unknown }): Playback {
  if (material.matType === 'image') return { kind: 'image', src: `/api/material/image.do?${new URLSearchParams({ matId: String(material.matId) })}` };
  return { kind: 'video', src: videoFile(material.matId, 'sd'), poster: videoFile(material.matId, 'poster') };
}

/** The small picture of a material in a table: the list's thumbnail, else its image or poster. */
export function thumbnailOf(material: { matId: unknown; thumbUrl?: unknown }): string {
  return typeof material.thumbUrl === 'string' && material.thumbUrl !== ''
    ? material.thumbUrl
    : `/api/material/image.do?${new URLSearchParams({ matId: String(material.matId) })}`;
}
