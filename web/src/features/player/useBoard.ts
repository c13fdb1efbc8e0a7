import { useEffect, useRef, useState } from 'react';
import { readBoard, type Board } from './board';
import type { MaterialFiles } from './materialFiles';
import type { PlayerApi } from './playerApi';

interface Options {
  api: PlayerApi;
  /** The screen's group, from its plan; no board without one. */
  mgId: number | null;
  /** The board's own file cache. */
  files: MaterialFiles;
  everySecs: number;
  onError: (message: string) => void;
}

const fileUrls = (board: Board) => board.posts.flatMap((post) => post.urls);

/**
 * The board of the screen's group: asked at the start and every `everySecs`; the files of its posts
 * fetched ahead and those of posts gone dropped. While the server cannot be reached the last board
 * stays; a refusal (the screen moved to another group) empties it.
 */
export function useBoard({ api, mgId, files, everySecs, onError }: Options): Board | null {
  const [board, setBoard] = useState<Board | null>(null);
  const reportError = useRef(onError);
  useEffect(() => {
    reportError.current = onError;
  });

  useEffect(() => {
    setBoard(null);
    if (mgId === null) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let latest: Board | null = null;

    const fetchFiles = async (next: Board) => {
      const failed = await files.prefetch(fileUrls(next));
      if (failed.length > 0) reportError.current(`게시물 파일 ${failed.length}개를 받지 못했습니다.`);
      else if (!stopped && latest === next) await files.keepOnly(fileUrls(next));
    };

    const ask = async () => {
      const answer = await api.getApi<unknown>(`/api/board/material/id.do?${new URLSearchParams({ mgId: String(mgId) })}`);
      if (stopped) return;
      if (answer.kind === 'ok') {
        latest = readBoard(answer.data, mgId);
        setBoard(latest);
        void fetchFiles(latest);
      } else if (answer.kind === 'refused') {
        latest = null;
        setBoard(null);
        reportError.current(`게시판을 받지 못했습니다: ${answer.message}`);
      }
      timer = setTimeout(() => void ask(), everySecs * 1_000);
    };

    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [api, mgId, files, everySecs]);

  return board;
}
