import { spawn, type ChildProcess } from 'node:child_process';

/** The server binary under test: it also simulates players. */
const serverBinary = () => process.env.TOWNBOARD_BIN ?? 'townboard';

export interface Simulator {
  /** What it printed so far, for a failure's report. */
  output: () => string;
  stop: () => void;
}

/**
 * Starts simulated players for the devices with these serials: each registers, then every
 * `intervalSecs` sends a heartbeat and a proof-of-play batch and answers capture commands.
 */
export function startPlayers(server: string, serials: string[], rounds: number, intervalSecs: number): Simulator {
  const args = ['simulate-players', '--server', server, '--serials', serials.join(','), '--rounds', String(rounds), '--interval-secs', String(intervalSecs)];
  const child: ChildProcess = spawn(serverBinary(), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let printed = '';
  child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.on('error', (error) => (printed += `\n${String(error)}`));
  return {
    output: () => printed,
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    },
  };
}
