import { useCallback, useEffect, useState } from 'react';
import { getJson, postJson } from '../../../lib/api/client';
import { ApiCode } from '../../../lib/api/envelope';

/** Where a screen capture stands: asked, waited for, shown, or given up on. */
export type CaptureState =
  | { phase: 'idle' }
  | { phase: 'requesting' }
  | { phase: 'pending'; uuid: string; since: number }
  | { phase: 'done'; imageUrl: string; doneAt: string | null }
  | { phase: 'timeout' }
  | { phase: 'failed' };

/** How often the result is asked while the player has not answered. */
export const CAPTURE_POLL_MS = 2_000;
/** How long a player has to answer, as the server counts it too. */
export const CAPTURE_TIMEOUT_MS = 120_000;

interface CaptureResult {
  status: 'pending' | 'done' | 'timeout';
  imageUrl?: string;
  doneAt?: string;
}

/**
 * Asks a screen's player for a screenshot, then asks for the result every 2 seconds until the image
 * is there or 2 minutes have passed (by the server's answer or, should it never say so, by this clock).
 */
export function useCapture(mediaId: number) {
  const [state, setState] = useState<CaptureState>({ phase: 'idle' });

  const request = useCallback(async () => {
    setState({ phase: 'requesting' });
    const envelope = await postJson<{ uuid: string }>(`/api/media/${mediaId}/capture.do`, {});
    setState(envelope.code === ApiCode.ok ? { phase: 'pending', uuid: envelope.data.uuid, since: Date.now() } : { phase: 'failed' });
  }, [mediaId]);

  const pendingUuid = state.phase === 'pending' ? state.uuid : null;
  const since = state.phase === 'pending' ? state.since : 0;

  useEffect(() => {
    if (pendingUuid === null) return undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      if (stopped) return;
      if (Date.now() - since > CAPTURE_TIMEOUT_MS) return setState({ phase: 'timeout' });
      const url = `/api/media/${mediaId}/capture/result.do?${new URLSearchParams({ uuid: pendingUuid })}`;
      const envelope = await getJson<CaptureResult>(url);
      if (stopped) return;
      if (envelope.code !== ApiCode.ok) return setState({ phase: 'failed' });
      const { status, imageUrl, doneAt } = envelope.data;
      if (status === 'done' && imageUrl) return setState({ phase: 'done', imageUrl, doneAt: doneAt ?? null });
      if (status === 'timeout') return setState({ phase: 'timeout' });
      timer = setTimeout(() => void poll(), CAPTURE_POLL_MS);
    };
    timer = setTimeout(() => void poll(), CAPTURE_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [mediaId, pendingUuid, since]);

  return { state, request };
}
