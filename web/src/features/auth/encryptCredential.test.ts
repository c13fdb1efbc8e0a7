import { describe, expect, it } from 'vitest';
import { encryptCredential } from './encryptCredential';

function toPem(spki: ArrayBuffer): string {
  const base64 = btoa(String.fromCharCode(...new Uint8Array(spki)));
  const lines = base64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN PUBLIC KEY-----\n${lines.join('\n')}\n-----END PUBLIC KEY-----\n`;
}

describe('encryptCredential', () => {
  it('encrypts for the holder of the private key with RSA-OAEP SHA-256', async () => {
    const pair = await crypto.subtle.generateKey(
      { name: 'RSA-OAEP', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
      true,
      ['encrypt', 'decrypt'],
    );
    const pem = toPem(await crypto.subtle.exportKey('spki', pair.publicKey));
    const payload = { uId: 'admin', uPw: '비밀번호!23', ts: 1_700_000_000_000 };

    const credential = await encryptCredential(pem, payload);

    const cipher = Uint8Array.from(atob(credential), (char) => char.charCodeAt(0));
    expect(cipher.length).toBe(256);
    const plain = await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, pair.privateKey, cipher);
    expect(JSON.parse(new TextDecoder().decode(plain))).toEqual(payload);
  });
});
