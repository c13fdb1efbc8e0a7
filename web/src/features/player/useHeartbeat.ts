import { useEffect, useRef, useState } from 'react';
import type { PlayerApi } from './playerApi';
import type { Command, HeartbeatAnswer, UrgentMessage } from './types';
import { PLAYER_VERSION } from './version';

interface Options {
  api: PlayerApi;
  beatSecs: number;
  scheduleVersion: () => string;
  /** The errors met since the last heartbeat that got through. */
  errors: () => string[];
  clearErrors: (sent: string[]) => void;
  onCommand: (command: Command) => Promise<void>;
  onUnpaired: () => void;
  onReachable: () => void;
}

/**
 * The heartbeat every `beatSecs` (and once at the start): the player's state out; the commands
 * waiting for the screen and the urgent messages targeting it in. The urgent messages stay known
 * while the server is unreachable; their end times take them off.
 */
export function useHeartbeat(options: Options): UrgentMessage[] {
  const [urgent, setUrgent] = useState<UrgentMessage[]>([]);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const { api, beatSecs } = options;

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const beat = async () => {
      const { scheduleVersion, errors, clearErrors, onCommand, onUnpaired, onReachable } = latest.current;
      const sent = errors();
      const answer = await api.post<HeartbeatAnswer>('heartbeat', {
        status: sent.length > 0 ? 'error' : 'ok',
        errors: sent,
        playerVersion: PLAYER_VERSION,
        scheduleVersion: scheduleVersion(),
      });
      if (stopped) return;
      if (answer.kind === 'unpaired') return onUnpaired();
      if (answer.kind === 'ok') {
        clearErrors(sent);
        setUrgent(Array.isArray(answer.data?.urgent) ? answer.data.urgent : []);
        onReachable();
        for (const command of Array.isArray(answer.data?.commands) ? answer.data.commands : []) {
          await onCommand(command).catch((cause: unknown) => console.error(`command ${command.type}`, cause));
          if (stopped) return;
        }
      }
      timer = setTimeout(() => void beat(), beatSecs * 1_000);
    };
    void beat();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [api, beatSecs]);

  return urgent;
}
