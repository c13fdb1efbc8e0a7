import { useEffect, useRef } from 'react';
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
  /** The urgent messages in force for the screen, as a heartbeat answered them. */
  onUrgent: (urgent: UrgentMessage[]) => void;
  onUnpaired: () => void;
  onReachable: () => void;
}

/**
 * The heartbeat every `beatSecs` (and once at the start): the player's state out, with the urgent
 * messages it received in earlier answers acknowledged; the commands waiting for the screen and the
 * urgent messages targeting it in. It is the fallback of the push channel: whatever the channel
 * missed comes here.
 */
export function useHeartbeat(options: Options): void {
  const latest = useRef(options);
  const unacknowledged = useRef<number[]>([]);
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
      const acknowledged = unacknowledged.current;
      const answer = await api.post<HeartbeatAnswer>('heartbeat', {
        status: sent.length > 0 ? 'error' : 'ok',
        errors: sent,
        playerVersion: PLAYER_VERSION,
        scheduleVersion: scheduleVersion(),
        urgentAck: acknowledged,
      });
      if (stopped) return;
      if (answer.kind === 'unpaired') return onUnpaired();
      if (answer.kind === 'ok') {
        clearErrors(sent);
        const urgent = Array.isArray(answer.data?.urgent) ? answer.data.urgent : [];
        unacknowledged.current = urgent.map((message) => message.umIdx).filter((id) => !acknowledged.includes(id));
        latest.current.onUrgent(urgent);
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
}
