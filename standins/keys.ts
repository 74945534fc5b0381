import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';

/** A given RSA private key (PKCS#8 PEM) with its public half, or a new 2048-bit pair (slow: about a second). */
export function keyPair(privatePem?: string): { privateKey: KeyObject; publicKey: KeyObject } {
  if (!privatePem) return generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKey = createPrivateKey(privatePem);
  return { privateKey, publicKey: createPublicKey(privateKey) };
}
