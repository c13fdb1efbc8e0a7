import { useEffect, useMemo, useState } from 'react';
import { forgetToken, loadPairing, savePairing } from './deviceStore';
import { PairingForm } from './PairingForm';
import { PlayerScreen } from './PlayerScreen';
import { readTimings } from './testParams';
import './player.css';

/**
 * `/player`: the browser player an apartment screen runs in a kiosk browser. Public: it needs no
 * back-office login, only the device serial it is paired with once.
 */
export default function PlayerPage() {
  const timings = useMemo(() => readTimings(window.location.search), []);
  const [pairing, setPairing] = useState(loadPairing);

  useEffect(() => {
    const title = document.title;
    document.title = '타운보드 플레이어';
    return () => {
      document.title = title;
    };
  }, []);

  const { token } = pairing;
  if (token === null) {
    return (
      <PairingForm
        pairing={pairing}
        onPaired={(paired) => {
          savePairing(paired);
          setPairing(paired);
        }}
      />
    );
  }
  // A revoked token (an ssaid reset) brings the pairing back, the serial filled in.
  return <PlayerScreen key={token} pairing={{ ...pairing, token }} timings={timings} onUnpaired={() => setPairing(forgetToken())} />;
}
